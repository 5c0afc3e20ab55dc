#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/config/RequestsConfig.h"
#include "msgx/sdk/Decision.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <optional>
#include <stdexcept>
#include <string>

namespace msgx::config {
struct Config;
} // namespace msgx::config

namespace msgx::pipeline {

// What the request coordinator takes of the configuration: the requests section, the COUTMSGS table
// it writes, the zone of a default window and of the daily RQFD, and shadow mode (no requests).
struct RequestSettings {
    config::RequestsConfig requests;
    std::string outboxTable;      // mailbox.outbox-table
    std::string businessTimeZone; // pipeline.business-time-zone
    bool shadow = false;

    static RequestSettings of(const config::Config& config);
};

// A request that cannot be registered as asked (unknown reference type, a bad window, shadow mode).
class RequestRefused : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Requests to AODB (architecture.md §7, mailbox.md §4, US-08): registration, sending through
// COUTMSGS, crash recovery, expiry and the daily schedule request.
//
// Registration (any thread, any process: operator, HTTP, a Decision's outbound requests, the daily
// schedule) only writes REQ_TRACK (RequestTracker::registerRequest: a newer request of a kind
// expires the open one). tick() - one thread of the writer, every requests.check-interval - does
// the rest, in this order, for every open request:
//  - REGISTERED with a prepared document: the insert may have happened before a crash. The
//    COUTMSGS rows above the id recorded before the insert are searched for that exact document
//    (SEQN and DTTM included); found -> SENT with that row's id, no second insert;
//  - REGISTERED past requests.send-timeout -> EXPIRED "not sent within <timeout>";
//  - REGISTERED -> a new SEQN (own store counter) and DTTM (now), the highest COUTMSGS id,
//    prepared on the row, then the COUTMSGS insert, then SENT with EXPIRES_AT = now + the RQFD /
//    RQRD timeout. A mailbox failure leaves it REGISTERED for the next tick;
//  - SENT past EXPIRES_AT -> EXPIRED "timeout".
// Then, with requests.daily-schedule, the daily RQFD once the day's requests.daily-schedule-at has
// passed (business time zone), unless one was registered by the schedule since that instant.
//
// Shadow mode writes no COUTMSGS and so has no requests: every registration is refused and tick()
// does nothing.
class RequestCoordinator {
public:
    // `outbox` may be null in shadow mode. Throws codec::TimeZoneError for an unusable
    // pipeline.business-time-zone.
    RequestCoordinator(storage::OwnStore& store, storage::MailboxOutbox* outbox, const Clock& clock,
                       RequestSettings settings);

    // RQFD for the window STDB..STDE (ddMMMyyHHmm, as AODB reads them; mailbox.md §4.3). Without a
    // window: today 00:00 to 23:59 of the last of requests.daily-schedule-days (business zone).
    // Throws RequestRefused for a window that is not two valid ddMMMyyHHmm times in order.
    storage::TrackedRequest registerSchedule(const std::string& origin,
                                             std::optional<std::string> from = std::nullopt,
                                             std::optional<std::string> to = std::nullopt);
    // RQRD for one of the 23 reference types (any letter case). Throws RequestRefused otherwise.
    storage::TrackedRequest registerReference(const std::string& origin, const std::string& type);
    // A handler's outbound request: TYPE RQRD with STYP the reference type, or RQFD with the fields
    // STDB and STDE. Throws RequestRefused for anything else.
    storage::TrackedRequest registerOutbound(const std::string& origin, const sdk::OutboundRequest& request);

    // One round of sending, recovery and expiry (see above). Throws storage::InfraError when the own
    // store fails; a mailbox failure is logged and retried at the next tick.
    void tick();

    // The window of the daily request starting on the business day of `at`.
    [[nodiscard]] std::pair<std::string, std::string> defaultWindow(storage::Timestamp at) const;

private:
    storage::TrackedRequest registerKind(const std::string& origin, const storage::RequestKind& kind,
                                         std::optional<std::string> from, std::optional<std::string> to);
    void advance(const storage::TrackedRequest& request, storage::Timestamp now);
    bool recoverInterruptedSend(const storage::TrackedRequest& request, storage::Timestamp now);
    void send(const storage::TrackedRequest& request, storage::Timestamp now);
    void scheduleDailyRequest(storage::Timestamp now);
    [[nodiscard]] Clock::duration timeoutOf(const storage::RequestKind& kind) const;

    storage::OwnStore& store_;
    storage::MailboxOutbox* outbox_;
    const Clock& clock_;
    const RequestSettings settings_;
    codec::TimeZone zone_;
};

} // namespace msgx::pipeline
