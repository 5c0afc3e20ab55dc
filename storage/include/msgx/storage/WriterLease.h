#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/Timestamp.h"
#include "msgx/storage/WriterFence.h"

#include <cstdint>
#include <optional>
#include <string>

namespace msgx::storage {

struct LeaseHolder {
    std::string owner;
    Timestamp expiresAt{};

    bool operator==(const LeaseHolder&) const = default;
};

// What a standby sees of a lease row. A row that does not change for a whole lease period has not
// been renewed: its writer has stopped (or cannot reach the store) and may be replaced.
struct LeaseState {
    std::optional<std::string> owner; // none: free (released, or never taken)
    std::int64_t epoch = 0;           // raised by one at every take-over
    std::int64_t renewals = 0;        // raised by one at every renewal of this epoch

    bool operator==(const LeaseState&) const = default;
};

// WRITER_LEASE: the single-writer lease (architecture.md §9). Who may write is decided by the row's
// owner and epoch only: no call compares a timestamp written by another host with this one's clock
// (EXPIRES_AT is written for people and for holder(), which is advisory).
class WriterLease {
public:
    virtual ~WriterLease() = default;

    // The row of lease `name`, or nullopt when it was never created.
    virtual std::optional<LeaseState> read(const std::string& name) = 0;
    // Takes lease `name` for `owner` when the row is free or still exactly `seen` (the caller saw
    // it unchanged for a whole lease period; nullopt: it did not exist). Raises the epoch, resets the
    // renewals and returns the new epoch; nullopt when the row changed meanwhile.
    virtual std::optional<std::int64_t> take(const std::string& name, const std::string& owner,
                                             const std::optional<LeaseState>& seen,
                                             Clock::duration period) = 0;
    // Counts a renewal when owner still holds the lease at `epoch` (EXPIRES_AT = now + period, for
    // display). False when it does not: another instance took over, and the caller must stop writing.
    virtual bool renew(const std::string& name, const std::string& owner, std::int64_t epoch,
                       Clock::duration period) = 0;
    // Frees the lease when owner holds it at `epoch`, so that a standby takes over at once.
    virtual void release(const std::string& name, const std::string& owner, std::int64_t epoch) = 0;
    // Who holds lease `name` by its EXPIRES_AT against this host's clock, if anyone. Advisory only
    // (msgxctl refuses some commands while a daemon runs, /health shows it): it compares the writer
    // host's time with this one's.
    virtual std::optional<LeaseHolder> holder(const std::string& name) = 0;

    // The fencing token of the store handle this lease belongs to.
    virtual WriterFence& fence() = 0;
    // The fence check of a writer transaction on its own, for a write to another database (the
    // mailbox back-fill) that the own store's transaction cannot include: InfraError (Fenced) when
    // fence() no longer holds the lease's epoch.
    virtual void confirmFence(const std::string& operation) = 0;
};

} // namespace msgx::storage
