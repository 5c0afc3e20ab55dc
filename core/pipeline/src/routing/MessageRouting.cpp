#include "msgx/pipeline/routing/MessageRouting.h"

#include "msgx/decoder/MessageDecoder.h"

#include <exception>

namespace msgx::pipeline {

sdk::Decision invokeHandler(const plugin::HandlerLease& lease, const sdk::HandlerContext& context,
                            const sdk::FlightView& flights, const codec::Message& message) {
    sdk::Decision decision;
    try {
        decision = lease.handler().decide(context, flights, message);
    } catch (const std::exception& e) {
        return sdk::Decision::fail(ErrorClass::Infra,
                                   "handler " + lease.plugin().describe() + " threw: " + e.what());
    } catch (...) {
        return sdk::Decision::fail(ErrorClass::Infra, "handler " + lease.plugin().describe() +
                                                          " threw a non-standard exception");
    }
    if (decision.outcome != sdk::Decision::Outcome::Apply) {
        sdk::Decision bare =
            decision.outcome == sdk::Decision::Outcome::Skip
                ? sdk::Decision::skip(decision.reason)
                : sdk::Decision::fail(decision.errorClass.value_or(ErrorClass::Infra), decision.reason);
        bare.notes = std::move(decision.notes);
        return bare;
    }
    return decision;
}

RoutedMessage routeMessage(std::string_view xml, const IgnoreRules& ignoreRules,
                           const plugin::PluginHost& host, const sdk::HandlerContext& context,
                           const sdk::FlightView& flights) {
    RoutedMessage routed;
    codec::DecodeResult decoded = codec::decodeMessage(xml);
    if (!decoded.ok()) {
        routed.decision = sdk::Decision::fail(decoded.failure().errorClass, decoded.failure().reason);
        return routed;
    }
    const codec::Message message = decoded.takeMessage();
    routed.key = message.key();
    if (const auto rule = ignoreRules.match(routed.key)) {
        routed.decision = sdk::Decision::skip("ignored:" + *rule);
        return routed;
    }
    const std::optional<plugin::HandlerLease> lease = host.acquire(routed.key);
    if (!lease) {
        routed.decision = sdk::Decision::fail(ErrorClass::Unsupported, "no handler serves " + routed.key);
        return routed;
    }
    routed.handler = lease->plugin().summary();
    routed.decision = invokeHandler(*lease, context, flights, message);
    return routed;
}

} // namespace msgx::pipeline
