#include "msgx/pipeline/WriterLeaseKeeper.h"

#include "msgx/log/Log.h"
#include "msgx/storage/InfraError.h"

#include <array>
#include <unistd.h>

namespace msgx::pipeline {

namespace {
std::int64_t micros(Clock::time_point t) {
    return t.time_since_epoch().count();
}
} // namespace

WriterLeaseKeeper::WriterLeaseKeeper(storage::WriterLease& lease, const Clock& clock,
                                     std::chrono::milliseconds period, std::string owner)
    : lease_(lease), clock_(clock), period_(period), owner_(std::move(owner)) {}

std::string WriterLeaseKeeper::defaultOwner(Clock::time_point startedAt) {
    std::array<char, 256> host{};
    if (gethostname(host.data(), host.size() - 1) != 0) {
        host = {};
    }
    return std::string(host.data()) + ":" + std::to_string(getpid()) + ":" +
           std::to_string(
               std::chrono::duration_cast<std::chrono::seconds>(startedAt.time_since_epoch()).count());
}

void WriterLeaseKeeper::confirmedFrom(Clock::time_point start) {
    // The store counted the period from a moment at or after `start`; the margin keeps the writers
    // stopped before the store's expiry even with a slow renewal or a little clock drift.
    const auto period = std::chrono::duration_cast<Clock::duration>(period_);
    validUntilMicros_.store(micros(start + period - period / 3));
}

bool WriterLeaseKeeper::tryAcquire() {
    const auto start = clock_.now();
    try {
        if (lease_.acquire(kLeaseName, owner_, period_)) {
            confirmedFrom(start);
            return true;
        }
    } catch (const storage::InfraError& e) {
        log::warn("lease: cannot reach the store to take the writer lease: {}", e.what());
    }
    validUntilMicros_.store(0);
    return false;
}

bool WriterLeaseKeeper::renew() {
    const auto start = clock_.now();
    try {
        if (lease_.renew(kLeaseName, owner_, period_)) {
            confirmedFrom(start);
            return true;
        }
        log::error("lease: the writer lease of {} was not renewed (expired or taken over); writing stops",
                   owner_);
    } catch (const storage::InfraError& e) {
        log::error("lease: renewing the writer lease failed, writing stops until it is renewed: {}",
                   e.what());
    }
    validUntilMicros_.store(0);
    return false;
}

void WriterLeaseKeeper::release() {
    validUntilMicros_.store(0);
    try {
        lease_.release(kLeaseName, owner_);
    } catch (const storage::InfraError& e) {
        log::warn("lease: releasing the writer lease failed; it expires by itself within {} ms: {}",
                  period_.count(), e.what());
    }
}

bool WriterLeaseKeeper::maintain() {
    const bool held = validUntilMicros_.load() != 0;
    if (held && renew()) { // a failed renewal logs why writing stops
        return holds();
    }
    if (tryAcquire()) {
        log::info("writer lease acquired by {}: processing starts", owner_);
        standbyLogged_ = false;
        return holds();
    }
    if (!standbyLogged_) {
        try {
            const auto current = lease_.holder(kLeaseName);
            log::warn("standby: the writer lease is held by {}; this instance ({}) does not process and "
                      "takes over when that lease runs out (checked every {} ms)",
                      current ? current->owner : std::string("another instance"), owner_,
                      (period_ / 3).count());
            standbyLogged_ = true;
        } catch (const storage::InfraError&) {
            // The store is unreachable (tryAcquire said so): not a standby yet, nothing more to say.
        }
    }
    return false;
}

Clock::time_point WriterLeaseKeeper::nextTickAfter(Clock::time_point now) const {
    return now + std::chrono::duration_cast<Clock::duration>(period_) / 3;
}

bool WriterLeaseKeeper::holds() const {
    return micros(clock_.now()) < validUntilMicros_.load();
}

} // namespace msgx::pipeline
