// msgxctl events: the outbox of a delivery target (architecture.md §6, docs/delivery.md "Dispatcher").
//
//   msgxctl [--config F] events list  --target T [--state PENDING|SENT|DEAD] [--after ID] [--limit N]
//   [--json] msgxctl [--config F] events retry --target T msgxctl [--config F] events skip  --target T
//
// retry and skip release a target held by a DEAD event (delivery.on-dead: stop): retry requeues every
// DEAD event of the target (attempts 0, delivered first, in EVENT_ID order); skip leaves them DEAD and
// lets the target move on past them. Both write OPS_AUDIT ("msgxctl:<user>", the target, the ids).
// A running daemon notices the release at its next look (within delivery's idle poll).
// Exit codes: 0 done; 1 the store failed; 2 usage error (unknown target or state, bad configuration).
#include "CtlCommand.h"
#include "StoreCommandContext.h"
#include "msgx/codec/Ascii.h"
#include "msgx/delivery/TargetRelease.h"
#include "msgx/json/JsonValue.h"
#include "msgx/storage/InfraError.h"

#include <ctime>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace msgx::ctl {

namespace {

using json::JsonValue;
using storage::EventState;

struct EventsOptions {
    std::string configPath = kDefaultConfigPath;
    std::string target;
    std::string state;
    std::int64_t after = 0;
    int limit = 100;
    bool json = false;
};

std::optional<EventState> eventStateFromName(const std::string& name) {
    for (const auto state : {EventState::Pending, EventState::Sent, EventState::Dead}) {
        if (storage::eventStateName(state) == codec::toAsciiUpper(name)) {
            return state;
        }
    }
    return std::nullopt;
}

std::string isoUtc(storage::Timestamp t) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(
        std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::time_point(t)));
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

JsonValue eventJson(const storage::OutboxEvent& e) {
    auto item = JsonValue::object();
    item.set("eventId", JsonValue::integer(e.id));
    item.set("target", JsonValue::string(e.target));
    item.set("state", JsonValue::string(std::string(storage::eventStateName(e.state))));
    item.set("flid", e.flid ? JsonValue::integer(*e.flid) : JsonValue());
    item.set("sourceId", e.sourceId ? JsonValue::integer(*e.sourceId) : JsonValue());
    item.set("attempts", JsonValue::integer(e.attempts));
    item.set("nextAttemptAt", JsonValue::string(isoUtc(e.nextAttemptAt)));
    item.set("lastError", JsonValue::stringOrNull(e.lastError));
    item.set("createdAt", JsonValue::string(isoUtc(e.createdAt)));
    item.set("sentAt", e.sentAt ? JsonValue::string(isoUtc(*e.sentAt)) : JsonValue());
    item.set("payload", JsonValue::string(e.payloadJson));
    return item;
}

int listEvents(StoreCommandContext& context, const EventsOptions& options) {
    std::optional<EventState> state;
    if (!options.state.empty()) {
        state = eventStateFromName(options.state);
        if (!state) {
            std::cerr << "msgxctl events list: --state must be PENDING, SENT or DEAD, got " << options.state
                      << '\n';
            return 2;
        }
    }
    const auto events = context.store().events().list(options.target, state, options.after, options.limit);
    if (options.json) {
        auto list = JsonValue::array();
        for (const auto& e : events) {
            list.push(eventJson(e));
        }
        std::cout << renderJson(list);
        return 0;
    }
    std::cout << "EVENT_ID\tSTATE\tFLID\tSOURCE_ID\tATTEMPTS\tCREATED_AT\tLAST_ERROR\n";
    for (const auto& e : events) {
        std::cout << e.id << '\t' << storage::eventStateName(e.state) << '\t'
                  << (e.flid ? std::to_string(*e.flid) : "-") << '\t'
                  << (e.sourceId ? std::to_string(*e.sourceId) : "-") << '\t' << e.attempts << '\t'
                  << isoUtc(e.createdAt) << '\t' << e.lastError.value_or("") << '\n';
    }
    if (static_cast<int>(events.size()) == options.limit) {
        std::cout << "(more may follow: --after " << events.back().id << ")\n";
    }
    return 0;
}

int runEvents(const std::string& action, const EventsOptions& options) {
    auto context = StoreCommandContext::open(options.configPath, "events " + action);
    if (!context) {
        return 2;
    }
    if (context->config().delivery.targets.count(options.target) == 0) {
        std::cerr << "msgxctl events " << action << ": no delivery target '" << options.target
                  << "' in the configuration (delivery.targets)\n";
        return 2;
    }
    try {
        if (action == "list") {
            return listEvents(*context, options);
        }
        const std::string actor = operatorActor();
        if (action == "retry") {
            const int n = delivery::retryDeadEvents(context->store(), options.target, actor);
            std::cout << "msgxctl events retry: " << n << " DEAD event(s) of target " << options.target
                      << " requeued; they are delivered first, in EVENT_ID order; recorded in OPS_AUDIT\n";
        } else {
            const int n = delivery::skipDeadEvents(context->store(), options.target, actor);
            std::cout << "msgxctl events skip: " << n << " DEAD event(s) of target " << options.target
                      << " skipped (they stay DEAD); the target moves on; recorded in OPS_AUDIT\n";
        }
        return 0;
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl events " << action << ": " << e.what() << '\n';
        return 1;
    }
}

} // namespace

CommandRun addEventsCommand(CLI::App& app) {
    app.description("list a delivery target's outbox events, or release a target held by DEAD events");
    app.require_subcommand(1);
    auto options = std::make_shared<EventsOptions>();
    addConfigOption(app, options->configPath);
    auto action = std::make_shared<std::string>();

    auto* list = app.add_subcommand("list", "list the events of a target in EVENT_ID order");
    auto* retry =
        app.add_subcommand("retry", "requeue every DEAD event of a target (releases a held target)");
    auto* skip = app.add_subcommand("skip", "move a held target on past its DEAD events (they stay DEAD)");
    for (auto* sub : {list, retry, skip}) {
        addConfigOption(*sub, options->configPath);
        sub->add_option("-t,--target", options->target, "logical target: msg or schd")->required();
        sub->callback([action, sub] { *action = sub->get_name(); });
    }
    list->add_option("--state", options->state, "PENDING, SENT or DEAD");
    list->add_option("--after", options->after, "only events with a larger EVENT_ID")->capture_default_str();
    list->add_option("--limit", options->limit, "at most this many")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    list->add_flag("--json", options->json, "print a JSON array");
    return [options, action] { return runEvents(*action, *options); };
}

} // namespace msgx::ctl
