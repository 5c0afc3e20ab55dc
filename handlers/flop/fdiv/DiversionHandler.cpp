// FLOP-FDIV: the diversion (flop.md FDIV, grouped attributes `divAirport` code(3) from @DDES,
// `divDirection` from @DDIR and `divReason` text(30) from the element text of
// `<FDIV DDES="apt" DDIR="TO|FROM">reason</FDIV>`).
// FDIV absent changes nothing (architecture.md §11); DDES absent or empty (`<FDIV/>` too) clears all
// three without looking at DDIR; otherwise DDIR absent, empty or not exactly TO / FROM (upper case,
// e.g. "to", "TOO") is rejected, and all three are set, an empty text clearing the reason. A DDES
// longer than 3 or a reason longer than 30 characters is a codec error, also beside an empty DDES.
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr std::string_view kDirections[] = {"TO", "FROM"};
constexpr GroupField kDiversionFields[] = {
    {{"@DDES", "divAirport", FieldType::Text, 3}, WhenMissing::ClearAll, WhenMissing::ClearAll},
    {{"@DDIR", "divDirection", FieldType::Text, 4}, WhenMissing::Reject, WhenMissing::Reject, kDirections},
    {{".", "divReason", FieldType::Text, 30}, WhenMissing::Clear, WhenMissing::Clear},
};
constexpr AttributeGroup kDiversion{"FDIV", kDiversionFields};

} // namespace

MSGX_HANDLER_PLUGIN(AttributeGroupHandler<kDiversion>, "flop-fdiv", "1.0.0", "FLOP-FDIV")
