#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/OwnStore.h"

#include <atomic>
#include <chrono>
#include <string>

namespace msgx::pipeline {

// The single-writer lease (OPS-1, architecture.md §9) for one daemon: owner = "<host>:<pid>:<start>".
// tryAcquire() takes it when free or expired; renew() extends it (call every period/3). The moment a
// renewal fails or would come too late (now past the last confirmed expiry minus a safety margin of
// period/3), holds() turns false and every writer thread must stop writing.
class WriterLeaseKeeper {
public:
    WriterLeaseKeeper(storage::WriterLease& lease, const Clock& clock, std::chrono::milliseconds period,
                      std::string owner);

    bool tryAcquire();
    bool renew();
    void release();
    // True while this instance holds a lease that has not run out (safe to write).
    [[nodiscard]] bool holds() const;
    [[nodiscard]] const std::string& owner() const { return owner_; }

    static std::string defaultOwner(); // host:pid:start-time

private:
    storage::WriterLease& lease_;
    const Clock& clock_;
    std::chrono::milliseconds period_;
    std::string owner_;
    std::atomic<std::int64_t> validUntilMicros_{0};
};

} // namespace msgx::pipeline
