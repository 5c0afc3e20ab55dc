// FLOP-FRET: the flight return (flop.md FRET, grouped attributes `returnType` char from @REID and
// `returnReason` text(30) from the element text of `<FRET REID="A|G">reason</FRET>`).
// FRET absent changes nothing; an empty FRET (`<FRET/>`, `<FRET></FRET>`, blanks only) unsets both
// (architecture.md §11 "repeat groups", flop.md §5.15); otherwise REID absent or empty or not
// exactly A / G (codes are case-sensitive: "a" is rejected) is rejected, and both are set, an empty
// text clearing the reason (so it equals a stored null reason). REID of two characters or a reason
// longer than 30 is a codec error.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr std::string_view kReturnTypes[] = {"A", "G"};
constexpr GroupField kFlightReturnFields[] = {
    {{"@REID", "returnType", FieldType::Char}, WhenMissing::Reject, WhenMissing::Reject, kReturnTypes},
    {{".", "returnReason", FieldType::Text, 30}, WhenMissing::Clear, WhenMissing::Clear},
};
constexpr AttributeGroup kFlightReturn{"FRET", kFlightReturnFields, true};

} // namespace

MSGX_HANDLER_PLUGIN(AttributeGroupHandler<kFlightReturn>, "flop-fret", "1.0.0", "FLOP-FRET")
