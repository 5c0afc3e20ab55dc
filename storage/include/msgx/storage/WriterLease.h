#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/storage/Timestamp.h"

#include <optional>
#include <string>

namespace msgx::storage {

struct LeaseHolder {
    std::string owner;
    Timestamp expiresAt{};

    bool operator==(const LeaseHolder&) const = default;
};

// WRITER_LEASE: the single-writer lease (architecture.md §9). Times come from the Clock of the
// instance asking, so the hosts' clocks must agree (NTP) to well below the lease period.
class WriterLease {
public:
    virtual ~WriterLease() = default;
    // Takes lease `name` for `owner` until now + period when it is free, expired, or already
    // owner's. True when owner holds it afterwards.
    virtual bool acquire(const std::string& name, const std::string& owner, Clock::duration period) = 0;
    // Extends owner's lease to now + period. False when owner does not hold an unexpired lease any
    // more: the caller must stop writing at once.
    virtual bool renew(const std::string& name, const std::string& owner, Clock::duration period) = 0;
    // Gives the lease up when owner holds it; otherwise does nothing.
    virtual void release(const std::string& name, const std::string& owner) = 0;
    // Who holds an unexpired lease `name`, if anyone.
    virtual std::optional<LeaseHolder> holder(const std::string& name) = 0;
};

} // namespace msgx::storage
