// The operator API's controls (docs/http.md "Operator API"): status, plugins list and reload, the
// delivery targets and their release (events retry|skip, delivery/TargetRelease.h, the same rules
// msgxctl events applies).
#include "Endpoints.h"
#include "OpsJson.h"
#include "msgx/delivery/TargetRelease.h"
#include "msgx/http/ApiError.h"
#include "msgx/plugin/PluginJson.h"

namespace msgx::http::detail {

namespace {

using json::JsonValue;

void status(Exchange& exchange, HttpServices& services) {
    auto counts = JsonValue::array();
    for (const auto& c : services.store.processing().countByState()) {
        auto item = JsonValue::object();
        item.set("state", JsonValue::string(std::string(storage::stateName(c.state))));
        item.set("errorClass",
                 c.errorClass ? JsonValue::string(std::string(errorClassName(*c.errorClass))) : JsonValue());
        item.set("count", JsonValue::integer(c.count));
        counts.push(std::move(item));
    }
    auto answer = JsonValue::object();
    answer.set("pipeline", services.pipeline.statusJson());
    answer.set("counts", std::move(counts));
    answer.set("unfinished", JsonValue::integer(services.store.processing().unfinishedCount()));
    exchange.answerJson(200, answer);
}

void plugins(Exchange& exchange, HttpServices& services) {
    const auto snapshot = services.plugins.snapshot();
    exchange.setResult(std::to_string(snapshot->plugins().size()) + " plugin(s)");
    exchange.answerJson(200, plugin::pluginListJson(services.plugins.directory(), *snapshot));
}

void reloadPlugins(Exchange& exchange, HttpServices& services) {
    const auto report = services.plugins.reload(); // the host logs every load and refusal
    exchange.setResult("reloaded");
    exchange.answerJson(200, plugin::reloadReportJson(services.plugins.directory(), report));
}

void targets(Exchange& exchange, HttpServices& services) {
    std::map<std::string, storage::TargetSummary> summaries;
    for (auto& s : services.store.events().summary()) {
        summaries[s.target] = s;
    }
    auto list = JsonValue::array();
    for (const auto& [name, target] : services.config.delivery.targets) {
        storage::TargetSummary summary;
        summary.target = name;
        if (const auto found = summaries.find(name); found != summaries.end()) {
            summary = found->second;
        }
        const auto hold = delivery::findHold(services.store, name);
        auto item = JsonValue::object();
        item.set("target", JsonValue::string(name));
        item.set("pending", JsonValue::integer(summary.pending));
        item.set("sent", JsonValue::integer(summary.sent));
        item.set("dead", JsonValue::integer(summary.dead));
        item.set("oldestPendingCreatedAt", optionalTime(summary.oldestPendingCreatedAt));
        item.set("held", JsonValue::boolean(hold.has_value()));
        if (hold) {
            auto by = JsonValue::object();
            by.set("eventId", JsonValue::integer(hold->deadEventId));
            by.set("error", JsonValue::string(hold->error));
            item.set("heldBy", std::move(by));
        } else {
            item.set("heldBy", JsonValue());
        }
        item.set("releaseMark", JsonValue::integer(delivery::releaseMark(services.store, name)));
        list.push(std::move(item));
    }
    auto answer = JsonValue::object();
    answer.set("targets", std::move(list));
    exchange.answerJson(200, answer);
}

void release(Exchange& exchange, HttpServices& services, bool retry) {
    const std::string& target = exchange.pathParam("target");
    if (services.config.delivery.targets.count(target) == 0) {
        throw ApiError(404, "NOT_FOUND", "no delivery target " + target);
    }
    (void)exchange.readJsonObject(1024); // none or {}: nothing to choose
    const std::string actor = "http:" + exchange.operatorName().value_or("-");
    const int released = retry ? delivery::retryDeadEvents(services.store, target, actor)
                               : delivery::skipDeadEvents(services.store, target, actor);
    auto answer = JsonValue::object();
    answer.set("target", JsonValue::string(target));
    answer.set("action", JsonValue::string(retry ? "retry" : "skip"));
    answer.set("released", JsonValue::integer(released));
    exchange.setResult(target + ": " + std::to_string(released) + " DEAD event(s) " +
                       (retry ? "requeued" : "passed"));
    exchange.answerJson(200, answer);
}

} // namespace

void addOpsControlRoutes(std::vector<Route>& routes, HttpServices* services) {
    routes.push_back({"GET", "/ops/status", Access::Operator, "status",
                      [services](Exchange& exchange) { status(exchange, *services); }});
    routes.push_back({"GET", "/ops/plugins", Access::Operator, "plugins",
                      [services](Exchange& exchange) { plugins(exchange, *services); }});
    routes.push_back({"POST", "/ops/plugins/reload", Access::Operator, "plugins-reload",
                      [services](Exchange& exchange) { reloadPlugins(exchange, *services); }});
    routes.push_back({"GET", "/ops/targets", Access::Operator, "targets",
                      [services](Exchange& exchange) { targets(exchange, *services); }});
    routes.push_back({"POST", "/ops/targets/{target}/retry", Access::Operator, "events-retry",
                      [services](Exchange& exchange) { release(exchange, *services, true); }});
    routes.push_back({"POST", "/ops/targets/{target}/skip", Access::Operator, "events-skip",
                      [services](Exchange& exchange) { release(exchange, *services, false); }});
}

} // namespace msgx::http::detail
