#include "msgx/pipeline/runtime/WriterLeaseKeeper.h"

#include "msgx/log/Log.h"
#include "msgx/storage/InfraError.h"

#include <array>
#include <unistd.h>

namespace msgx::pipeline {

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

void WriterLeaseKeeper::confirmedFrom(Clock::duration start) {
    // The store counted the renewal at a moment at or after `start`; a standby needs a whole period
    // after seeing it, so stopping two thirds of a period after `start` leaves a third for a slow
    // renewal and for the two hosts' clocks running at slightly different rates.
    const auto period = std::chrono::duration_cast<Clock::duration>(period_);
    validUntilMicros_.store((start + period - period / 3).count());
}

void WriterLeaseKeeper::lose() {
    validUntilMicros_.store(0);
    epoch_.reset();
    lease_.fence().lose();
}

bool WriterLeaseKeeper::tryAcquire() {
    const auto start = clock_.elapsed();
    const auto period = std::chrono::duration_cast<Clock::duration>(period_);
    try {
        const auto seen = lease_.read(kLeaseName);
        if (seen && seen->owner) {
            if (!sighting_ || sighting_->state != *seen) {
                sighting_ = Sighting{*seen, start}; // renewed, or first seen: the period starts again
                return false;
            }
            if (start - sighting_->since < period) {
                return false;
            }
            log::warn("lease: the writer lease of {} (epoch {}) was not renewed for {} ms; {} takes over",
                      *seen->owner, seen->epoch, period_.count(), owner_);
        }
        if (const auto epoch = lease_.take(kLeaseName, owner_, seen, period)) {
            sighting_.reset();
            epoch_ = *epoch;
            lease_.fence().hold(*epoch);
            confirmedFrom(start);
            return true;
        }
        sighting_.reset(); // changed between the read and the take: look again
    } catch (const storage::InfraError& e) {
        // The period must be watched without a gap: after a store outage the writer, too, needs a
        // moment to renew, and a row seen before the outage proves nothing about it.
        sighting_.reset();
        log::warn("lease: cannot reach the store to take the writer lease: {}", e.what());
    }
    validUntilMicros_.store(0);
    return false;
}

bool WriterLeaseKeeper::renew() {
    if (!epoch_) {
        return false;
    }
    const auto start = clock_.elapsed();
    try {
        if (lease_.renew(kLeaseName, owner_, *epoch_, std::chrono::duration_cast<Clock::duration>(period_))) {
            confirmedFrom(start);
            return true;
        }
        log::error("lease: the writer lease of {} (epoch {}) was taken over by another instance; writing "
                   "stops",
                   owner_, *epoch_);
        lose();
    } catch (const storage::InfraError& e) {
        log::error("lease: renewing the writer lease failed, writing stops until it is renewed: {}",
                   e.what());
        validUntilMicros_.store(0);
    }
    return false;
}

void WriterLeaseKeeper::release() {
    const auto epoch = epoch_;
    lose();
    if (!epoch) {
        return;
    }
    try {
        lease_.release(kLeaseName, owner_, *epoch);
    } catch (const storage::InfraError& e) {
        log::warn("lease: releasing the writer lease failed; a standby takes over after {} ms without "
                  "renewal: {}",
                  period_.count(), e.what());
    }
}

bool WriterLeaseKeeper::maintain() {
    if (epoch_) {
        // A failed renewal keeps the epoch (a later one resumes); a refused one clears it, and this
        // instance becomes a standby below.
        if (renew() || epoch_) {
            return holds();
        }
    }
    if (tryAcquire()) {
        log::info("writer lease acquired by {} (epoch {}): processing starts", owner_, *epoch_);
        standbyLogged_ = false;
        return holds();
    }
    // The row tryAcquire just read is in sighting_ (unset: the store did not answer, or the row was
    // free and changed under the take): nothing to say yet.
    if (!standbyLogged_ && sighting_) {
        log::warn("standby: the writer lease is held by {} (epoch {}); this instance ({}) does not "
                  "process and takes over when that lease is not renewed for {} ms (checked every {} ms)",
                  sighting_->state.owner.value_or("another instance"), sighting_->state.epoch, owner_,
                  period_.count(), (period_ / 3).count());
        standbyLogged_ = true;
    }
    return false;
}

Clock::time_point WriterLeaseKeeper::nextTickAfter(Clock::time_point now) const {
    return now + std::chrono::duration_cast<Clock::duration>(period_) / 3;
}

bool WriterLeaseKeeper::holds() const {
    return clock_.elapsed().count() < validUntilMicros_.load();
}

} // namespace msgx::pipeline
