// GET /health/live, /health/ready and /health (docs/http.md "Health"). Readiness asks the real
// dependencies each time: one read of the lease row in the own store (which also says who
// writes), one MAX(id) of the mailbox, and each delivery target's dispatcher.
#include "Endpoints.h"
#include "msgx/pipeline/runtime/WriterLeaseKeeper.h"

namespace msgx::http::detail {

namespace {

using json::JsonValue;

JsonValue check(bool ok, const std::string& reason) {
    auto item = JsonValue::object();
    item.set("ok", JsonValue::boolean(ok));
    item.set("reason", ok ? JsonValue() : JsonValue::string(reason));
    return item;
}

void live(Exchange& exchange, HttpServices& services) {
    auto answer = JsonValue::object();
    answer.set("live", JsonValue::boolean(true));
    answer.set("version", JsonValue::string(services.version));
    exchange.answerJson(200, answer);
}

void ready(Exchange& exchange, HttpServices& services) {
    bool ready = true;
    std::vector<std::string> problems;
    auto checks = JsonValue::object();

    std::optional<storage::LeaseHolder> holder;
    bool storeOk = true;
    std::string storeProblem;
    try {
        holder = services.store.lease().holder(pipeline::WriterLeaseKeeper::kLeaseName);
    } catch (const std::exception& e) {
        storeOk = false;
        storeProblem = e.what();
    }
    checks.set("store", check(storeOk, "the own store failed: " + storeProblem));

    try {
        (void)services.mailbox.inbox().maxId();
        checks.set("mailbox", check(true, ""));
    } catch (const std::exception& e) {
        checks.set("mailbox", check(false, std::string("the mailbox failed: ") + e.what()));
        ready = false;
        problems.emplace_back("mailbox");
    }

    auto lease = JsonValue::object();
    const bool writer = services.pipeline.isWriter();
    const bool leaseOk = writer || storeOk;
    lease.set("ok", JsonValue::boolean(leaseOk));
    lease.set("role", JsonValue::string(writer ? "writer" : storeOk ? "standby" : "unknown"));
    lease.set("owner", holder ? JsonValue::string(holder->owner) : JsonValue());
    lease.set("reason",
              leaseOk ? JsonValue() : JsonValue::string("the lease row cannot be read: " + storeProblem));
    checks.set("lease", std::move(lease));

    auto delivery = JsonValue::object();
    for (const auto& status : services.pipeline.deliveryStatus()) {
        const bool ok = status.healthy && !status.held;
        auto item = JsonValue::object();
        item.set("ok", JsonValue::boolean(ok));
        item.set("held", JsonValue::boolean(status.held));
        item.set("reason",
                 ok ? JsonValue()
                    : JsonValue::string(status.problem.empty() ? (status.held ? "held" : "unhealthy")
                                                               : status.problem));
        if (!ok) {
            ready = false;
            problems.push_back("delivery " + status.target);
        }
        delivery.set(status.target, std::move(item));
    }
    checks.set("delivery", std::move(delivery));
    if (!storeOk) {
        ready = false;
        problems.emplace_back("store");
    }

    auto answer = JsonValue::object();
    answer.set("ready", JsonValue::boolean(ready));
    answer.set("checks", std::move(checks));
    std::string result = ready ? "ready" : "not ready:";
    for (const auto& p : problems) {
        result += " " + p;
    }
    exchange.setResult(result);
    exchange.answerJson(ready ? 200 : 503, answer);
}

} // namespace

void addHealthRoutes(std::vector<Route>& routes, HttpServices* services) {
    routes.push_back({"GET", "/health/live", Access::Public, "health-live",
                      [services](Exchange& exchange) { live(exchange, *services); }});
    routes.push_back({"GET", "/health/ready", Access::Public, "health-ready",
                      [services](Exchange& exchange) { ready(exchange, *services); }});
    routes.push_back({"GET", "/health", Access::Public, "health",
                      [services](Exchange& exchange) { ready(exchange, *services); }});
}

} // namespace msgx::http::detail
