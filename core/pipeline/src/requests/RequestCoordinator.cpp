#include "msgx/pipeline/requests/RequestCoordinator.h"

#include "msgx/codec/DateTimeFields.h"
#include "msgx/config/Config.h"
#include "msgx/log/Log.h"
#include "msgx/pipeline/requests/RequestDocuments.h"
#include "msgx/storage/InfraError.h"

namespace msgx::pipeline {
namespace {

using storage::RequestKind;
using storage::RequestState;
using storage::Timestamp;
using storage::TrackedRequest;

// COUTMSGS rows read per page while looking for an interrupted insert.
constexpr int kRecoveryPage = 200;
// Requests of the schedule's kind looked at to see whether today's daily request exists.
constexpr int kScheduleLookback = 20;
constexpr const char* kScheduleOrigin = "schedule";

std::chrono::local_seconds parsedWindowEnd(const std::string& what, const std::string& text) {
    const auto parsed = codec::parseFieldDateTime(text);
    if (!parsed.hasValue()) {
        throw RequestRefused("the schedule window's " + what + " '" + text +
                             "' is not a time ddMMMyyHHmm (e.g. 12APR240000)");
    }
    return parsed.value();
}

std::string kindText(const RequestKind& kind) {
    return kind.type + "-" + kind.subtype;
}

} // namespace

RequestSettings RequestSettings::of(const config::Config& config) {
    return RequestSettings{config.requests, config.mailbox.outboxTable, config.pipeline.businessTimeZone,
                           config.shadow};
}

RequestCoordinator::RequestCoordinator(storage::OwnStore& store, storage::MailboxOutbox* outbox,
                                       const Clock& clock, RequestSettings settings)
    : store_(store), outbox_(outbox), clock_(clock), settings_(std::move(settings)),
      zone_(codec::TimeZone::load(settings_.businessTimeZone)) {}

std::pair<std::string, std::string> RequestCoordinator::defaultWindow(Timestamp at) const {
    const auto local = zone_.toLocal(std::chrono::floor<std::chrono::seconds>(at));
    const auto day = std::chrono::floor<std::chrono::days>(local);
    const auto last = day + std::chrono::days(settings_.requests.dailyScheduleDays - 1);
    return {codec::formatFieldDateTime(day),
            codec::formatFieldDateTime(last + std::chrono::hours(23) + std::chrono::minutes(59))};
}

TrackedRequest RequestCoordinator::registerSchedule(const std::string& origin,
                                                    std::optional<std::string> from,
                                                    std::optional<std::string> to) {
    if (from.has_value() != to.has_value()) {
        throw RequestRefused("a schedule request needs both ends of its window (STDB and STDE) or neither");
    }
    if (!from) {
        auto window = defaultWindow(clock_.now());
        from = window.first;
        to = window.second;
    } else if (parsedWindowEnd("start", *from) > parsedWindowEnd("end", *to)) {
        throw RequestRefused("the schedule window starts (" + *from + ") after it ends (" + *to + ")");
    }
    return registerKind(origin, {"RQFD", "NONE"}, from, to);
}

TrackedRequest RequestCoordinator::registerReference(const std::string& origin, const std::string& type) {
    const auto kind = requestKindAnswered(type);
    if (!kind || kind->type != "RQRD") {
        std::string known;
        for (const auto name : requestableReferenceTypes()) {
            known += (known.empty() ? "" : " ") + std::string(name);
        }
        throw RequestRefused("'" + type +
                             "' is not a reference type AODB can be asked for (one of: " + known + ")");
    }
    return registerKind(origin, *kind, std::nullopt, std::nullopt);
}

TrackedRequest RequestCoordinator::registerOutbound(const std::string& origin,
                                                    const sdk::OutboundRequest& request) {
    if (request.type == "RQRD") {
        return registerReference(origin, request.subtype);
    }
    if (request.type == "RQFD") {
        const auto text = [&request](const char* name) -> std::optional<std::string> {
            const sdk::Value* value = sdk::findField(request.fields, name);
            if (value == nullptr || !std::holds_alternative<std::string>(*value)) {
                return std::nullopt;
            }
            return std::get<std::string>(*value);
        };
        return registerSchedule(origin, text("STDB"), text("STDE"));
    }
    throw RequestRefused("an outbound request of TYPE '" + request.type + "' is not known (RQRD or RQFD)");
}

TrackedRequest RequestCoordinator::registerKind(const std::string& origin, const RequestKind& kind,
                                                std::optional<std::string> from,
                                                std::optional<std::string> to) {
    if (settings_.shadow || outbox_ == nullptr) {
        throw RequestRefused("shadow mode writes nothing into " + settings_.outboxTable +
                             ", so no request is registered (" + kindText(kind) + ")");
    }
    const Timestamp now = clock_.now();
    TrackedRequest request = store_.requests().registerRequest(
        {kind, std::move(from), std::move(to), origin, now + settings_.requests.sendTimeout});
    log::info("request {} {} registered by {}{}", request.id, kindText(kind), origin,
              request.windowFrom ? " for " + *request.windowFrom + ".." + request.windowTo.value_or("") : "");
    return request;
}

Clock::duration RequestCoordinator::timeoutOf(const RequestKind& kind) const {
    return kind.type == "RQFD" ? settings_.requests.rqfdTimeout : settings_.requests.rqrdTimeout;
}

void RequestCoordinator::tick() {
    if (settings_.shadow || outbox_ == nullptr) {
        return;
    }
    const Timestamp now = clock_.now();
    for (const TrackedRequest& request : store_.requests().open()) {
        advance(request, now);
    }
    if (settings_.requests.dailySchedule) {
        scheduleDailyRequest(now);
    }
}

void RequestCoordinator::advance(const TrackedRequest& request, Timestamp now) {
    auto& tracker = store_.requests();
    if (request.state == RequestState::Sent) {
        if (now >= request.expiresAt) {
            if (tracker.expire(request.id, "timeout", now)) {
                log::warn("request {} {} expired: no RESP within {} s of its send", request.id,
                          kindText(request.kind),
                          std::chrono::duration_cast<std::chrono::seconds>(timeoutOf(request.kind)).count());
            }
        }
        return;
    }
    try {
        if (request.document && recoverInterruptedSend(request, now)) {
            return;
        }
        if (now >= request.expiresAt) {
            if (tracker.expire(request.id, "not sent within the send timeout", now)) {
                log::warn(
                    "request {} {} expired: it could not be written to {} within {} s", request.id,
                    kindText(request.kind), settings_.outboxTable,
                    std::chrono::duration_cast<std::chrono::seconds>(settings_.requests.sendTimeout).count());
            }
            return;
        }
        send(request, now);
    } catch (const storage::InfraError& e) {
        if (e.operation().rfind("mailbox:", 0) != 0) {
            throw; // the own store: the caller pauses
        }
        log::warn("request {} {} not sent yet ({}); trying again", request.id, kindText(request.kind),
                  e.what());
    }
}

// A crash between the COUTMSGS insert and the REQ_TRACK update: COUTMSGS is not ours (no index, no
// column of ours), so the rows above the highest id seen before the insert are read by primary key
// and compared with the exact document prepared for it.
bool RequestCoordinator::recoverInterruptedSend(const TrackedRequest& request, Timestamp now) {
    const storage::PreparedDocument& document = *request.document;
    storage::MailboxId after = document.outboxAbove;
    for (;;) {
        const auto rows = outbox_->readAbove(after, kRecoveryPage);
        for (const auto& row : rows) {
            if (row.xml == document.xml && row.routingId == document.routingId) {
                if (store_.requests().markSent(request.id, row.id, now, now + timeoutOf(request.kind))) {
                    log::warn("request {} {}: its document (SEQN {:06d}) was already in {} as row {}; marked "
                              "SENT without a second insert",
                              request.id, kindText(request.kind), document.seqn, settings_.outboxTable,
                              row.id);
                }
                return true;
            }
        }
        if (static_cast<int>(rows.size()) < kRecoveryPage) {
            return false;
        }
        after = rows.back().id;
    }
}

void RequestCoordinator::send(const TrackedRequest& request, Timestamp now) {
    auto& tracker = store_.requests();
    const auto dttm = std::chrono::floor<std::chrono::seconds>(now);
    storage::PreparedDocument document;
    document.seqn = tracker.nextSeqn();
    document.dttm = dttm;
    document.routingId =
        request.kind.type == "RQFD" ? settings_.requests.rqfdRoutingId : settings_.requests.rqrdRoutingId;
    document.xml = requestDocument({settings_.requests.sender, document.seqn, zone_.toLocal(dttm),
                                    request.kind, request.windowFrom, request.windowTo});
    document.outboxAbove = outbox_->maxId();
    if (!tracker.prepare(request.id, document)) {
        return; // superseded meanwhile: never sent
    }
    const storage::MailboxId row = outbox_->insert({document.xml, document.routingId, now});
    const Timestamp sentAt = clock_.now();
    if (tracker.markSent(request.id, row, sentAt, sentAt + timeoutOf(request.kind))) {
        log::info("request {} {} sent: {} row {}, SEQN {:06d}", request.id, kindText(request.kind),
                  settings_.outboxTable, row, document.seqn);
    }
}

void RequestCoordinator::scheduleDailyRequest(Timestamp now) {
    const auto local = zone_.toLocal(std::chrono::floor<std::chrono::seconds>(now));
    const auto today = std::chrono::floor<std::chrono::days>(local);
    const auto dueLocal = today + settings_.requests.dailyScheduleAt.sinceMidnight();
    if (local < dueLocal) {
        return;
    }
    const Timestamp due = zone_.toUtc(std::chrono::floor<std::chrono::seconds>(dueLocal));
    for (const auto& request : store_.requests().ofKind({"RQFD", "NONE"}, kScheduleLookback)) {
        if (request.origin == kScheduleOrigin && request.registeredAt >= due) {
            return; // today's is registered
        }
    }
    registerSchedule(kScheduleOrigin);
}

} // namespace msgx::pipeline
