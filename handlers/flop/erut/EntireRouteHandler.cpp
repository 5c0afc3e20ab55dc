// FLOP-ERUT: the entire route of a flight (flop.md ERUT, pattern M on `route`, key RTNO):
//  - a group without RTNO, APCD, SCAT and SCDT (e.g. <ERUT/>) deletes the whole route;
//  - APCD required and never validated against reference data; SADC/SDDC are not stored;
//  - a stop is replaced entirely, stops with other numbers are kept.
#include "msgx/sdk/Sdk.h"

namespace {

constexpr msgx::sdk::MergeListSpec kRouteMerge{
    msgx::sdk::lists::kRoute, msgx::sdk::MergeListSpec::ClearMarker::NoFieldValue, {}};

} // namespace

MSGX_HANDLER_PLUGIN(msgx::sdk::MergeListHandler<kRouteMerge>, "flop-erut", "1.0.0", "FLOP-ERUT")
