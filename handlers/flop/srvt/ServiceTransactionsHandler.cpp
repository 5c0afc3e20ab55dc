// FLOP-SRVT: the ground service transactions (flop.md SRVT, pattern M on `services`, key SRTC):
//  - a group with no content at all (<SRVT/>, <SRVT></SRVT>) deletes all services;
//  - SRTC and SRQT required (SRQT 0 allowed; the schedule record does not require it);
//  - a service is replaced entirely by its group, services with other codes are kept.
#include "msgx/sdk/Sdk.h"

namespace {

constexpr std::string_view kFlopRequired[] = {"SRQT"};
constexpr msgx::sdk::MergeListSpec kServiceMerge{
    msgx::sdk::lists::kServices, msgx::sdk::MergeListSpec::ClearMarker::NoContent, kFlopRequired};

} // namespace

MSGX_HANDLER_PLUGIN(msgx::sdk::MergeListHandler<kServiceMerge>, "flop-srvt", "1.0.0", "FLOP-SRVT")
