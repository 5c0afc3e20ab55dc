#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/OwnStore.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace msgx::pipeline {

// The single-writer lease (OPS-1, architecture.md §9, docs/storage.md "Writer lease") for one
// daemon: lease "pipeline", owner "<host>:<pid>:<start>".
//
// - Taking over: a free (released) lease is taken at once. A held one is taken only after this
//   instance has seen its row — owner, epoch, renewal count — unchanged for a whole lease period,
//   measured on this instance's monotonic clock (Clock::elapsed). No timestamp of another host is
//   compared with this one's clock, so a clock offset between hosts changes nothing.
// - Each take-over raises the lease's epoch, which this keeper puts into the store handle's
//   WriterFence: every writer transaction checks it, so a replaced writer's writes fail.
// - holds() is true until the start of the last confirmed renewal plus two thirds of the period
//   (monotonic): a writer whose renewals fail or stall stops by itself a third of a period before a
//   standby can have seen a whole period without renewal.
//
// tryAcquire/renew/release/maintain are called from one thread (the lease thread); holds() and
// owner() from any thread.
class WriterLeaseKeeper {
public:
    static constexpr const char* kLeaseName = storage::WriterFence::kLeaseName;

    WriterLeaseKeeper(storage::WriterLease& lease, const Clock& clock, std::chrono::milliseconds period,
                      std::string owner);

    // One standby attempt: true when this instance holds the lease afterwards. A store failure counts
    // as not acquired.
    bool tryAcquire();
    // Counts a renewal of the epoch held. False (holds() false at once) when the store refused it
    // (another instance took over: the fence is lost too) or failed (the epoch is kept, and a
    // later renewal that succeeds resumes writing).
    bool renew();
    // Gives the lease up at once, so that a standby can take over without waiting a period.
    void release();
    // One tick of the lease thread (the daemon's only lease logic): renews while holding an epoch,
    // else tries to take over (standby). Logs "writer lease acquired by <owner>", a failed renewal,
    // and "standby: the writer lease is held by <holder>" once per change. Returns holds().
    bool maintain();
    // When the lease thread should tick next: a third of the period after `now`.
    [[nodiscard]] Clock::time_point nextTickAfter(Clock::time_point now) const;

    // True while this instance holds a lease that has not run out (safe to write).
    [[nodiscard]] bool holds() const;
    [[nodiscard]] const std::string& owner() const { return owner_; }
    // The epoch taken, if this instance holds one (also while holds() is false after a failed renewal).
    [[nodiscard]] std::optional<std::int64_t> epoch() const { return epoch_; }

    // "<host>:<pid>:<startedAt as epoch seconds>".
    static std::string defaultOwner(Clock::time_point startedAt);

private:
    // A row another instance holds, as first seen at `since` (Clock::elapsed).
    struct Sighting {
        storage::LeaseState state;
        Clock::duration since{};
    };

    void confirmedFrom(Clock::duration start);
    void lose();

    storage::WriterLease& lease_;
    const Clock& clock_;
    std::chrono::milliseconds period_;
    std::string owner_;
    std::optional<std::int64_t> epoch_;
    std::optional<Sighting> sighting_;
    std::atomic<std::int64_t> validUntilMicros_{0}; // Clock::elapsed, 0: not valid
    bool standbyLogged_ = false;
};

} // namespace msgx::pipeline
