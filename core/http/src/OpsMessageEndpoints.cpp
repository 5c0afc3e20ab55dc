// The operator API's messages (US-10, docs/http.md "Operator API"): the query by id, state, class
// and time window, one message with its raw XML, and the replay preview and apply. The replay rules
// are pipeline/Replay.h's, the same msgxctl replay applies.
#include "Endpoints.h"
#include "OpsJson.h"
#include "msgx/codec/Ascii.h"
#include "msgx/http/ApiError.h"
#include "msgx/pipeline/operations/Replay.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace msgx::http::detail {

namespace {

using json::JsonValue;

constexpr int kDefaultLimit = 100;
constexpr int kMaxLimit = 1000;
constexpr std::size_t kMaxReplayIds = 10000;
constexpr std::uint64_t kMaxOpsBody = 1024 * 1024;

// An error class as an operator writes it ("infra", "Exhausted"): the stored names are upper case.
std::optional<ErrorClass> errorClassNamed(const std::string& name) {
    return errorClassFromName(codec::toAsciiUpper(name));
}

std::int64_t integerParameter(const std::string& name, const std::string& text, std::int64_t min,
                              std::int64_t max) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
        throw ApiError(400, "BAD_REQUEST",
                       name + " must be an integer " + std::to_string(min) + ".." + std::to_string(max) +
                           ", got " + text);
    }
    return value;
}

std::map<storage::MailboxId, std::vector<storage::OutboxEvent>>
eventsBySource(storage::OwnStore& store, const std::vector<storage::MailboxId>& ids) {
    std::map<storage::MailboxId, std::vector<storage::OutboxEvent>> grouped;
    for (auto& event : store.events().bySources(ids)) {
        if (event.sourceId) {
            grouped[*event.sourceId].push_back(std::move(event));
        }
    }
    return grouped;
}

void listMessages(Exchange& exchange, HttpServices& services) {
    storage::MessageFilter filter;
    if (const auto state = exchange.query("state")) {
        filter.state = storage::processingStateNamed(*state);
        if (!filter.state) {
            throw ApiError(400, "BAD_REQUEST",
                           "state must be PENDING, FAILED, SUCCEEDED, SKIPPED or DEAD, got " + *state);
        }
    }
    if (const auto errorClass = exchange.query("class")) {
        filter.errorClass = errorClassNamed(*errorClass);
        if (!filter.errorClass) {
            throw ApiError(400, "BAD_REQUEST",
                           "class must be MALFORMED, CODEC_ERROR, UNSUPPORTED, INFRA or EXHAUSTED, got " +
                               *errorClass);
        }
    }
    if (const auto from = exchange.query("from")) {
        filter.enqueuedFrom = parseIsoTime("from", *from);
    }
    if (const auto to = exchange.query("to")) {
        filter.enqueuedBefore = parseIsoTime("to", *to);
    }
    if (filter.enqueuedFrom && filter.enqueuedBefore && *filter.enqueuedFrom >= *filter.enqueuedBefore) {
        throw ApiError(400, "BAD_REQUEST", "from must be before to");
    }
    const std::int64_t after =
        exchange.query("after") ? integerParameter("after", *exchange.query("after"), 0, INT64_MAX) : 0;
    const int limit =
        exchange.query("limit")
            ? static_cast<int>(integerParameter("limit", *exchange.query("limit"), 1, kMaxLimit))
            : kDefaultLimit;
    const auto records = services.store.processing().list(filter, after, limit);
    std::vector<storage::MailboxId> ids;
    for (const auto& r : records) {
        ids.push_back(r.mailboxId);
    }
    auto events = eventsBySource(services.store, ids);
    auto list = JsonValue::array();
    for (const auto& r : records) {
        list.push(messageJson(r, events[r.mailboxId]));
    }
    auto answer = JsonValue::object();
    answer.set("messages", std::move(list));
    answer.set("next_after", static_cast<int>(records.size()) == limit
                                 ? JsonValue::integer(records.back().mailboxId)
                                 : JsonValue());
    exchange.setResult(std::to_string(records.size()) + " message(s)");
    exchange.answerJson(200, answer);
}

void oneMessage(Exchange& exchange, HttpServices& services) {
    const auto id = integerParameter("the message id", exchange.pathParam("id"), 1, INT64_MAX);
    const auto record = services.store.processing().findAnywhere(id); // live, else archived
    if (!record) {
        throw ApiError(404, "NOT_FOUND", "message " + std::to_string(id) + " is not in the own store");
    }
    auto events = eventsBySource(services.store, {id});
    auto answer = messageJson(*record, events[id]);
    answer.set("rawXml", JsonValue::string(record->rawXml));
    exchange.setResult("message " + std::to_string(id) + " " +
                       std::string(storage::stateName(record->state)));
    exchange.answerJson(200, answer);
}

// {"ids": [..]} or {"class": "INFRA", "limit": 100}, as msgxctl replay --id / --class takes them.
pipeline::ReplaySelection selectionOf(const JsonValue& body) {
    pipeline::ReplaySelection selection;
    const JsonValue* ids = body.find("ids");
    const JsonValue* errorClass = body.find("class");
    if ((ids == nullptr) == (errorClass == nullptr)) {
        throw ApiError(400, "BAD_REQUEST", "name the messages with either \"ids\" or \"class\"");
    }
    if (ids != nullptr) {
        if (ids->kind() != JsonValue::Kind::Array || ids->items().empty() ||
            ids->items().size() > kMaxReplayIds) {
            throw ApiError(400, "BAD_REQUEST", "\"ids\" must be an array of 1..10000 message ids");
        }
        for (const auto& id : ids->items()) {
            if (id.kind() != JsonValue::Kind::Integer || id.asInteger() < 1) {
                throw ApiError(400, "BAD_REQUEST", "\"ids\" must hold message ids (positive integers)");
            }
            selection.ids.push_back(id.asInteger());
        }
        return selection;
    }
    if (errorClass->kind() != JsonValue::Kind::String || !errorClassNamed(errorClass->asString())) {
        throw ApiError(400, "BAD_REQUEST", "\"class\" must be CODEC_ERROR, UNSUPPORTED, INFRA or EXHAUSTED");
    }
    selection.errorClass = errorClassNamed(errorClass->asString());
    if (*selection.errorClass == ErrorClass::Malformed) {
        throw ApiError(
            400, "BAD_REQUEST",
            "MALFORMED messages cannot be replayed: their XML cannot be decoded, a replay would fail "
            "the same way; the sender must send a corrected message");
    }
    if (const JsonValue* limit = body.find("limit")) {
        if (limit->kind() != JsonValue::Kind::Integer || limit->asInteger() < 1 ||
            limit->asInteger() > 100000) {
            throw ApiError(400, "BAD_REQUEST", "\"limit\" must be an integer 1..100000");
        }
        selection.limit = static_cast<int>(limit->asInteger());
    }
    return selection;
}

void replayPreview(Exchange& exchange, HttpServices& services) {
    const auto selection = selectionOf(exchange.readJsonObject(kMaxOpsBody));
    const auto plan = pipeline::planReplay(services.store, selection);
    auto answer = JsonValue::object();
    answer.set("candidates", pipeline::replayCandidatesJson(plan));
    answer.set("eligible", JsonValue::integer(plan.eligibleCount()));
    exchange.setResult(std::to_string(plan.eligibleCount()) + " of " +
                       std::to_string(plan.candidates.size()) + " eligible");
    exchange.answerJson(200, answer);
}

void replayApply(Exchange& exchange, HttpServices& services) {
    const JsonValue body = exchange.readJsonObject(kMaxOpsBody);
    const JsonValue* reason = body.find("reason");
    if (reason == nullptr || reason->kind() != JsonValue::Kind::String ||
        reason->asString().find_first_not_of(" \t\r\n") == std::string::npos) {
        throw ApiError(400, "REASON_REQUIRED", "a replay needs a \"reason\" (it is written to OPS_AUDIT)");
    }
    const JsonValue* force = body.find("force");
    if (force != nullptr && force->kind() != JsonValue::Kind::Bool) {
        throw ApiError(400, "BAD_REQUEST", "\"force\" must be true or false");
    }
    const auto selection = selectionOf(body);
    const auto plan = pipeline::planReplay(services.store, selection);
    const auto outcome =
        pipeline::applyReplay(services.store, plan, "http:" + exchange.operatorName().value_or("-"),
                              reason->asString(), force != nullptr && force->asBool());
    const JsonValue answer = pipeline::replayOutcomeJson(outcome, "reason");
    exchange.setResult(std::to_string(outcome.replayed.size()) + " replayed, " +
                       std::to_string(outcome.refused.size()) + " refused");
    exchange.answerJson(200, answer);
}

} // namespace

void addOpsMessageRoutes(std::vector<Route>& routes, HttpServices* services) {
    routes.push_back({"GET", "/ops/messages", Access::Operator, "messages",
                      [services](Exchange& exchange) { listMessages(exchange, *services); }});
    routes.push_back({"GET", "/ops/messages/{id}", Access::Operator, "message",
                      [services](Exchange& exchange) { oneMessage(exchange, *services); }});
    routes.push_back({"POST", "/ops/replay/preview", Access::Operator, "replay-preview",
                      [services](Exchange& exchange) { replayPreview(exchange, *services); }});
    routes.push_back({"POST", "/ops/replay/apply", Access::Operator, "replay-apply",
                      [services](Exchange& exchange) { replayApply(exchange, *services); }});
}

} // namespace msgx::http::detail
