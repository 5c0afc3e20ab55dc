// FLOP-EXSS: the external status (flop.md EXSS, grouped attributes `externalStatusCode` code(8) from
// EXSC and `externalStatusComment` text(256) from EXSR).
// EXSC absent is rejected; EXSC empty clears code and comment whatever EXSR says; EXSR empty clears
// the comment, EXSR absent keeps it (architecture.md §11). An EXSC or EXSR too long is a codec error,
// also beside an empty EXSC. The code is not checked against the STTS reference class (the section
// asks for no check); the comment is kept as sent, lower case included (flop.md §4).
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

constexpr GroupField kExternalStatusFields[] = {
    {{"EXSC", "externalStatusCode", FieldType::Text, 8}, WhenMissing::Reject, WhenMissing::ClearAll},
    {{"EXSR", "externalStatusComment", FieldType::Text, 256}, WhenMissing::Keep, WhenMissing::Clear},
};
constexpr AttributeGroup kExternalStatus{"", kExternalStatusFields};

} // namespace

MSGX_HANDLER_PLUGIN(AttributeGroupHandler<kExternalStatus>, "flop-exss", "1.0.0", "FLOP-EXSS")
