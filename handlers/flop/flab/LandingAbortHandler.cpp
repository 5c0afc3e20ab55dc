// FLOP-FLAB: the aborted landing (flop.md FLAB, grouped attributes `landingAbortIndicator` char from
// @ARES and `landingAbortReason` text(30) from the element text of `<FLAB ARES="O|G">reason</FLAB>`).
// FLAB absent changes nothing; an empty FLAB (`<FLAB/>`, `<FLAB></FLAB>`, blanks only) unsets both
// (architecture.md §11 "repeat groups", flop.md §5.15); otherwise ARES absent or empty (`ARES=""`,
// flop.md §4) or not exactly O / G (codes are case-sensitive: "o" is rejected) is rejected, and both
// are set, an empty text clearing the reason. ARES of two characters or a reason longer than 30 is
// a codec error.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr std::string_view kAbortKinds[] = {"O", "G"};
constexpr GroupField kLandingAbortFields[] = {
    {{"@ARES", "landingAbortIndicator", FieldType::Char},
     WhenMissing::Reject,
     WhenMissing::Reject,
     kAbortKinds},
    {{".", "landingAbortReason", FieldType::Text, 30}, WhenMissing::Clear, WhenMissing::Clear},
};
constexpr AttributeGroup kLandingAbort{"FLAB", kLandingAbortFields, true};

} // namespace

MSGX_HANDLER_PLUGIN(AttributeGroupHandler<kLandingAbort>, "flop-flab", "1.0.0", "FLOP-FLAB")
