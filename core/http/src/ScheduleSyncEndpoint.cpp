// POST /schd/sync (US-08.6, docs/http.md): registers a schedule request (RQFD) for a window of
// local business time through the request coordinator, and says whether it is only registered or
// already written to COUTMSGS. It never says that the schedule is updated: that happens when AODB
// answers, if it does.
#include "Endpoints.h"
#include "msgx/codec/DateTimeFields.h"
#include "msgx/http/ApiError.h"
#include "msgx/log/Log.h"
#include "msgx/pipeline/requests/RequestCoordinator.h"

#include <chrono>
#include <memory>

namespace msgx::http::detail {

namespace {

using namespace std::chrono_literals;

constexpr int kMaxWindowDays = 31;
// How often the answer looks whether the requests thread has written the request.
constexpr auto kSentPollPeriod = 50ms;

struct LocalMinute {
    int year = 0, month = 0, day = 0, hour = 0, minute = 0;

    [[nodiscard]] std::chrono::sys_days days() const {
        return std::chrono::sys_days(std::chrono::year(year) /
                                     std::chrono::month(static_cast<unsigned>(month)) /
                                     std::chrono::day(static_cast<unsigned>(day)));
    }
    [[nodiscard]] std::int64_t minutes() const {
        return static_cast<std::int64_t>(days().time_since_epoch().count()) * 1440 + hour * 60 + minute;
    }
};

bool digits(std::string_view s, std::size_t at, std::size_t count, int& value) {
    value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
        value = value * 10 + (s[i] - '0');
    }
    return true;
}

// "yyyy-MM-dd HH:mm", 24-hour, a real calendar date.
std::optional<LocalMinute> parseLocalMinute(std::string_view s) {
    if (s.size() != 16 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':') {
        return std::nullopt;
    }
    LocalMinute t;
    if (!digits(s, 0, 4, t.year) || !digits(s, 5, 2, t.month) || !digits(s, 8, 2, t.day) ||
        !digits(s, 11, 2, t.hour) || !digits(s, 14, 2, t.minute)) {
        return std::nullopt;
    }
    const std::chrono::year_month_day date{std::chrono::year(t.year),
                                           std::chrono::month(static_cast<unsigned>(t.month)),
                                           std::chrono::day(static_cast<unsigned>(t.day))};
    if (t.year < 2000 || t.year > 2099 || !date.ok() || t.hour > 23 || t.minute > 59) {
        return std::nullopt;
    }
    return t;
}

// ddMMMyyHHmm, as the request document carries it (mailbox.md §4.3).
std::string requestTime(const LocalMinute& t) {
    return codec::formatFieldDateTime(std::chrono::local_seconds(std::chrono::minutes(t.minutes())));
}

LocalMinute windowEnd(const json::JsonValue& body, const char* name) {
    const json::JsonValue* value = body.find(name);
    if (value == nullptr || value->kind() != json::JsonValue::Kind::String || value->asString().empty()) {
        throw ApiError(400, "BAD_WINDOW",
                       std::string("\"") + name +
                           "\" is required: a local time \"yyyy-MM-dd HH:mm\" (24-hour)");
    }
    const auto parsed = parseLocalMinute(value->asString());
    if (!parsed) {
        throw ApiError(400, "BAD_WINDOW",
                       std::string("\"") + name +
                           "\" must be \"yyyy-MM-dd HH:mm\" (24-hour, a real date), got \"" +
                           value->asString() + "\"");
    }
    return *parsed;
}

json::JsonValue optionalInteger(const std::optional<std::int64_t>& value) {
    return value ? json::JsonValue::integer(*value) : json::JsonValue();
}

void scheduleSync(Exchange& exchange, HttpServices& services, pipeline::RequestCoordinator& coordinator) {
    const json::JsonValue body = exchange.readJsonObject(services.config.limits.maxDocumentSize);
    if (services.config.shadow) {
        throw ApiError(409, "REQUESTS_OFF", "shadow mode: msgxd sends no requests to AODB");
    }
    const LocalMinute start = windowEnd(body, "start");
    const LocalMinute end = windowEnd(body, "end");
    if (start.minutes() >= end.minutes()) {
        throw ApiError(400, "BAD_WINDOW", "\"start\" must be before \"end\"");
    }
    if (end.minutes() - start.minutes() > std::int64_t{kMaxWindowDays} * 1440) {
        throw ApiError(400, "BAD_WINDOW",
                       "the window is longer than " + std::to_string(kMaxWindowDays) + " days");
    }
    storage::TrackedRequest request;
    try {
        request =
            coordinator.registerSchedule("http:" + exchange.peer(), requestTime(start), requestTime(end));
    } catch (const pipeline::RequestRefused& e) {
        throw ApiError(400, "BAD_WINDOW", e.what());
    }
    log::info("http: schedule request {} registered for {}..{} by {}", request.id, requestTime(start),
              requestTime(end), exchange.peer());
    // The requests thread writes it; wait a little for that, so the answer can say it is written.
    services.pipeline.wakeRequests();
    const auto until = std::chrono::steady_clock::now() + services.config.http.schdSyncWait;
    while (request.state == storage::RequestState::Registered && std::chrono::steady_clock::now() < until) {
        services.clock.sleepFor(kSentPollPeriod, {});
        if (auto now = services.store.requests().find(request.id)) {
            request = std::move(*now);
        }
    }
    const bool written = request.outboxId.has_value();
    auto answer = json::JsonValue::object();
    answer.set("request_id", json::JsonValue::integer(request.id));
    answer.set("state", json::JsonValue::string(storage::requestStateName(request.state)));
    answer.set("written_to_coutmsgs", json::JsonValue::boolean(written));
    answer.set("coutmsgs_id", optionalInteger(request.outboxId));
    char seqn[8] = {};
    if (request.document && written) {
        std::snprintf(seqn, sizeof seqn, "%06d", request.document->seqn);
    }
    answer.set("seqn", seqn[0] != 0 ? json::JsonValue::string(seqn) : json::JsonValue());
    answer.set("stdb", json::JsonValue::string(request.windowFrom.value_or(requestTime(start))));
    answer.set("stde", json::JsonValue::string(request.windowTo.value_or(requestTime(end))));
    std::string note;
    if (request.state == storage::RequestState::Expired) {
        note = "expired before AODB answered: " + request.outcome.value_or("superseded") +
               "; the schedule is not updated";
    } else if (request.state == storage::RequestState::Done) {
        note = "written to COUTMSGS and already answered by AODB (message " +
               std::to_string(request.answeredBy.value_or(0)) + ")";
    } else if (written) {
        note = "written to COUTMSGS; the schedule is not updated until AODB answers";
    } else {
        note = "registered; msgxd writes it to COUTMSGS within requests.check-interval";
    }
    answer.set("note", json::JsonValue::string(note));
    exchange.setResult("request " + std::to_string(request.id) + " " +
                       storage::requestStateName(request.state));
    auto envelope = json::JsonValue::object();
    envelope.set("is_success", json::JsonValue::boolean(true));
    envelope.set("body", std::move(answer));
    exchange.answerJson(200, envelope);
}

} // namespace

void addScheduleSyncRoutes(std::vector<Route>& routes, HttpServices* services) {
    std::shared_ptr<pipeline::RequestCoordinator> coordinator;
    if (services != nullptr) {
        coordinator = std::make_shared<pipeline::RequestCoordinator>(
            services->store, services->config.shadow ? nullptr : &services->mailbox.outbox(), services->clock,
            pipeline::RequestSettings::of(services->config));
    }
    routes.push_back(
        {"POST", "/schd/sync", Access::Compat, "schd-sync",
         [services, coordinator](Exchange& exchange) { scheduleSync(exchange, *services, *coordinator); }});
}

} // namespace msgx::http::detail
