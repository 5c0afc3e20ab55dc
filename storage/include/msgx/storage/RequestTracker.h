#pragma once

#include "msgx/storage/Ids.h"
#include "msgx/storage/Timestamp.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

using RequestId = std::int64_t;

// The life of a request to AODB (architecture.md §7, mailbox.md §4):
//   REGISTERED -> SENT (only once the COUTMSGS insert is confirmed) -> DONE (a matching RESP was
//   applied) | EXPIRED (timed out, superseded by a newer request of the kind, or never sendable).
// Every open state has a deadline (EXPIRES_AT), so none is a dead end.
enum class RequestState { Registered, Sent, Done, Expired };

// What is requested: TYPE RQFD (the daily schedule, subtype NONE) or RQRD (a reference class,
// subtype = the class). The kind is the unit of "at most one open request".
struct RequestKind {
    std::string type;    // "RQFD" / "RQRD"
    std::string subtype; // "NONE" / "GLST", ...

    // "RQFD" or "RQRD-GLST": the KIND column.
    [[nodiscard]] std::string name() const { return type == "RQFD" ? type : type + "-" + subtype; }
    bool operator==(const RequestKind&) const = default;
};

// The document a request sends, fixed before the insert so that a crash between the COUTMSGS insert
// and the REQ_TRACK update can be recognised afterwards (findSentDocument in the coordinator).
struct PreparedDocument {
    int seqn = 0;     // META/SEQN, 0..999999
    Timestamp dttm{}; // META/DTTM as an instant (whole seconds)
    std::string xml;  // the whole document, one line (mailbox.md §4.4)
    std::string routingId;
    MailboxId outboxAbove = 0; // the highest COUTMSGS_ID seen before the insert (0: empty table)

    bool operator==(const PreparedDocument&) const = default;
};

// One REQ_TRACK row.
struct TrackedRequest {
    RequestId id = 0;
    RequestKind kind;
    std::optional<std::string> windowFrom; // RQFD STDB as sent (ddMMMyyHHmm)
    std::optional<std::string> windowTo;   // RQFD STDE
    std::string origin;                    // ≤ 64: "operator:<who>", "schedule", "message <id>"
    RequestState state = RequestState::Registered;
    std::optional<PreparedDocument> document; // set once prepared for sending
    std::optional<MailboxId> outboxId;        // COUTMSGS_ID once SENT
    Timestamp registeredAt{};
    std::optional<Timestamp> sentAt;
    Timestamp expiresAt{};
    std::optional<Timestamp> closedAt;
    std::optional<std::string> outcome;  // ≤ 200: why it closed
    std::optional<MailboxId> answeredBy; // the mailbox id of the RESP that completed it

    bool operator==(const TrackedRequest&) const = default;
};

// A request to register.
struct RequestRegistration {
    RequestKind kind;
    std::optional<std::string> windowFrom;
    std::optional<std::string> windowTo;
    std::string origin;
    Timestamp sendBy{}; // REGISTERED expires at this instant when it could not be sent by then
};

// REQ_TRACK and the SEQN counter (REQ_COUNTER), in the own store.
class RequestTracker {
public:
    virtual ~RequestTracker() = default;

    // Registers a request; the open request of the same kind (REGISTERED or SENT), if any, is
    // EXPIRED "superseded by request <id>" in the same transaction. Registrations are serialised
    // (a row lock on the counter), and a unique index on the open kind backs it up, so two
    // concurrent registrations never leave two open requests of one kind.
    virtual TrackedRequest registerRequest(const RequestRegistration& registration) = 0;

    // The next SEQN (1, 2, ... 999999, then 0, 1, ...; mailbox.md §4.4), counted in the own store
    // and shared by every instance.
    virtual int nextSeqn() = 0;

    // Stores the document about to be inserted into COUTMSGS (its SEQN, DTTM and the outbox id seen
    // before the insert) on the request, which must still be REGISTERED; false when it is not (it was
    // superseded meanwhile and must not be sent).
    virtual bool prepare(RequestId id, const PreparedDocument& document) = 0;

    // REGISTERED -> SENT with the COUTMSGS id, EXPIRES_AT = sentAt + timeout. False when it was no
    // longer REGISTERED (the row is then left as it is).
    virtual bool markSent(RequestId id, MailboxId outboxId, Timestamp sentAt, Timestamp expiresAt) = 0;

    // SENT -> DONE answered by `response` (the RESP's mailbox id); also from EXPIRED when it
    // expired by its timeout after `arrivedAt` (a RESP that arrived in time but was processed late).
    virtual bool markDone(RequestId id, MailboxId response, Timestamp at) = 0;

    // REGISTERED or SENT -> EXPIRED with the reason. False when it was closed already.
    virtual bool expire(RequestId id, const std::string& outcome, Timestamp at) = 0;

    // The open (REGISTERED or SENT) requests, oldest first.
    virtual std::vector<TrackedRequest> open() = 0;
    // The requests of a kind, newest first, at most `limit`.
    virtual std::vector<TrackedRequest> ofKind(const RequestKind& kind, int limit) = 0;
    // The newest requests of every kind, at most `limit`.
    virtual std::vector<TrackedRequest> recent(int limit) = 0;
    virtual std::optional<TrackedRequest> find(RequestId id) = 0;
};

// "REGISTERED", "SENT", "DONE", "EXPIRED".
const char* requestStateName(RequestState state);

} // namespace msgx::storage
