#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/OwnStore.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

namespace msgx::pipeline {

// The single-writer lease (OPS-1, architecture.md §9) for one daemon: lease "pipeline", owner
// "<host>:<pid>:<start>". tryAcquire() takes it when free or expired; renew() extends it (call every
// period/3). holds() is true only until the last confirmed expiry minus a safety margin of period/3
// (measured from the moment the acquiring or renewing call started): when a renewal fails, is
// refused, or does not happen in time, holds() turns false by itself and every writer thread must
// stop writing, well before another daemon can take the lease over.
//
// tryAcquire/renew/release/maintain are called from one thread (the lease thread); holds() and
// owner() from any thread.
class WriterLeaseKeeper {
public:
    static constexpr const char* kLeaseName = "pipeline";

    WriterLeaseKeeper(storage::WriterLease& lease, const Clock& clock, std::chrono::milliseconds period,
                      std::string owner);

    // True when this instance holds the lease afterwards. A store failure counts as not acquired.
    bool tryAcquire();
    // True when the lease was extended. False (and holds() false at once) when the store refused it
    // (another owner or expired) or failed.
    bool renew();
    // Gives the lease up at once, so that a standby can take over without waiting for the expiry.
    void release();
    // One tick of the lease thread (the daemon's only lease logic): renews while holding, else tries
    // to acquire (standby). Logs "writer lease acquired by <owner>", a failed renewal, and "standby:
    // the writer lease is held by <holder>" once per change. Returns holds().
    bool maintain();
    // When the lease thread should tick next: a third of the period after `now`.
    [[nodiscard]] Clock::time_point nextTickAfter(Clock::time_point now) const;

    // True while this instance holds a lease that has not run out (safe to write).
    [[nodiscard]] bool holds() const;
    [[nodiscard]] const std::string& owner() const { return owner_; }

    // "<host>:<pid>:<startedAt as epoch seconds>".
    static std::string defaultOwner(Clock::time_point startedAt);

private:
    void confirmedFrom(Clock::time_point start);

    storage::WriterLease& lease_;
    const Clock& clock_;
    std::chrono::milliseconds period_;
    std::string owner_;
    std::atomic<std::int64_t> validUntilMicros_{0};
    bool standbyLogged_ = false;
};

} // namespace msgx::pipeline
