// msgxctl request: requests to AODB (architecture.md §7, mailbox.md §4, docs/requests.md).
//
//   msgxctl [--config F] request schedule [--from ddMMMyyHHmm --to ddMMMyyHHmm]
//   msgxctl [--config F] request reference TYPE
//   msgxctl [--config F] request list [--limit N] [--json]
//
// schedule and reference register a request in REQ_TRACK (a newer request of the same kind expires
// the open one) and record it in OPS_AUDIT; the running daemon writes it into COUTMSGS at its next
// requests check and tracks it until its RESP or its timeout. list shows the newest requests.
// Exit codes: 0 done; 1 the store failed; 2 usage error (unknown type, bad window, shadow mode,
// bad configuration).
#include "CtlCommand.h"
#include "StoreCommandContext.h"
#include "msgx/json/JsonValue.h"
#include "msgx/pipeline/requests/RequestCoordinator.h"
#include "msgx/sdk/UtcTime.h"
#include "msgx/storage/InfraError.h"

#include <iostream>
#include <memory>
#include <string>

namespace msgx::ctl {

namespace {

using json::JsonValue;

struct RequestOptions {
    std::string configPath = kDefaultConfigPath;
    std::string from;
    std::string to;
    std::string type;
    int limit = 20;
    bool json = false;
};

JsonValue requestJson(const storage::TrackedRequest& r) {
    auto item = JsonValue::object();
    item.set("id", JsonValue::integer(r.id));
    item.set("kind", JsonValue::string(r.kind.name()));
    item.set("state", JsonValue::string(storage::requestStateName(r.state)));
    item.set("origin", JsonValue::string(r.origin));
    item.set("windowFrom", JsonValue::stringOrNull(r.windowFrom));
    item.set("windowTo", JsonValue::stringOrNull(r.windowTo));
    item.set("seqn", r.document ? JsonValue::integer(r.document->seqn) : JsonValue());
    item.set("outboxId", r.outboxId ? JsonValue::integer(*r.outboxId) : JsonValue());
    item.set("registeredAt", JsonValue::string(sdk::formatUtc(r.registeredAt)));
    item.set("sentAt", r.sentAt ? JsonValue::string(sdk::formatUtc(*r.sentAt)) : JsonValue());
    item.set("expiresAt", JsonValue::string(sdk::formatUtc(r.expiresAt)));
    item.set("closedAt", r.closedAt ? JsonValue::string(sdk::formatUtc(*r.closedAt)) : JsonValue());
    item.set("outcome", JsonValue::stringOrNull(r.outcome));
    item.set("answeredBy", r.answeredBy ? JsonValue::integer(*r.answeredBy) : JsonValue());
    return item;
}

int listRequests(StoreCommandContext& context, const RequestOptions& options) {
    const auto requests = context.store().requests().recent(options.limit);
    if (options.json) {
        auto list = JsonValue::array();
        for (const auto& r : requests) {
            list.push(requestJson(r));
        }
        std::cout << renderJson(list);
        return 0;
    }
    std::cout << "ID\tKIND\tSTATE\tSEQN\tREGISTERED_AT\tSENT_AT\tORIGIN\tOUTCOME\n";
    for (const auto& r : requests) {
        std::cout << r.id << '\t' << r.kind.name() << '\t' << storage::requestStateName(r.state) << '\t'
                  << (r.document ? std::to_string(r.document->seqn) : "-") << '\t'
                  << sdk::formatUtc(r.registeredAt) << '\t' << (r.sentAt ? sdk::formatUtc(*r.sentAt) : "-")
                  << '\t' << r.origin << '\t' << r.outcome.value_or("") << '\n';
    }
    return 0;
}

int runRequest(const std::string& action, const RequestOptions& options) {
    auto context = StoreCommandContext::open(options.configPath, "request " + action);
    if (!context) {
        return 2;
    }
    try {
        if (action == "list") {
            return listRequests(*context, options);
        }
        pipeline::RequestCoordinator coordinator(
            context->store(), context->config().shadow ? nullptr : &context->mailbox().outbox(),
            context->clock(), pipeline::RequestSettings::of(context->config()));
        const std::string actor = operatorActor();
        const std::string origin = "operator:" + actor.substr(actor.find(':') + 1);
        storage::TrackedRequest request;
        if (action == "schedule") {
            if (options.from.empty() != options.to.empty()) {
                std::cerr << "msgxctl request schedule: give both --from and --to, or neither\n";
                return 2;
            }
            request = options.from.empty() ? coordinator.registerSchedule(origin)
                                           : coordinator.registerSchedule(origin, options.from, options.to);
        } else {
            request = coordinator.registerReference(origin, options.type);
        }
        context->store().audit().record(
            actor, "request",
            "request " + std::to_string(request.id) + " " + request.kind.name() +
                (request.windowFrom ? " " + *request.windowFrom + ".." + request.windowTo.value_or("") : ""));
        std::cout << "msgxctl request " << action << ": request " << request.id << " (" << request.kind.name()
                  << (request.windowFrom ? " " + *request.windowFrom + ".." + request.windowTo.value_or("")
                                         : "")
                  << ") registered; the running daemon writes it into "
                  << context->config().mailbox.outboxTable
                  << " at its next requests check (msgxctl request list shows its state)\n";
        return 0;
    } catch (const pipeline::RequestRefused& e) {
        std::cerr << "msgxctl request " << action << ": " << e.what() << '\n';
        return 2;
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl request " << action << ": " << e.what() << '\n';
        return 1;
    }
}

} // namespace

CommandRun addRequestCommand(CLI::App& app) {
    app.description("ask AODB for the daily schedule or a reference class, or list the requests");
    app.require_subcommand(1);
    auto options = std::make_shared<RequestOptions>();
    addConfigOption(app, options->configPath);
    auto action = std::make_shared<std::string>();

    auto* schedule = app.add_subcommand("schedule", "request the daily schedule (RQFD)");
    auto* reference = app.add_subcommand("reference", "request a reference class (RQRD)");
    auto* list = app.add_subcommand("list", "list the newest requests");
    for (auto* sub : {schedule, reference, list}) {
        addConfigOption(*sub, options->configPath);
        sub->callback([action, sub] { *action = sub->get_name(); });
    }
    schedule->add_option("--from", options->from, "window start STDB, ddMMMyyHHmm (default today 00:00)");
    schedule->add_option("--to", options->to,
                         "window end STDE, ddMMMyyHHmm (default 23:59 of the last of "
                         "requests.daily-schedule-days)");
    reference->add_option("type", options->type, "the reference type, e.g. GLST")->required();
    list->add_option("--limit", options->limit, "at most this many")
        ->capture_default_str()
        ->check(CLI::Range(1, 10000));
    list->add_flag("--json", options->json, "print a JSON array");
    return [options, action] { return runRequest(*action, *options); };
}

} // namespace msgx::ctl
