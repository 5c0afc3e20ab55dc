// FLOP-DELY: the delays of a flight (flop.md DELY, pattern M on `delays`, key CODE):
//  - a group without CODE, STRT, DURA and text (e.g. <DELY/>) deletes all delays;
//  - DURA HHmm -> durationMinutes = hours x 60 + minutes (architecture.md §11; legacy x 24);
//    DURA="" and STRT="" are null; the text is the comment (at most 80 characters).
#include "msgx/sdk/Sdk.h"

namespace {

constexpr msgx::sdk::MergeListSpec kDelayMerge{
    msgx::sdk::lists::kDelays, msgx::sdk::MergeListSpec::ClearMarker::NoFieldValue, {}};

} // namespace

MSGX_HANDLER_PLUGIN(msgx::sdk::MergeListHandler<kDelayMerge>, "flop-dely", "1.0.0", "FLOP-DELY")
