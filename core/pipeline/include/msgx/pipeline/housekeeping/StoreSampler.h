#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/metrics/Metrics.h"
#include "msgx/storage/OwnStore.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msgx::pipeline {

// The gauges that read the own store (docs/metrics.md "Store gauges"), one sample per call of the
// metrics loop (every 5 s, on every instance).
//
// Two kinds of reads. What alerts and the queue depth need — the unfinished count, the head, each
// target's PENDING events above its delivered mark and its DEAD ones, holds, the back-fill — are
// index range reads whose cost follows the backlog, not the tables: read every sample. The counts
// of every state (msgx_messages, msgx_events SENT) are GROUP BYs over every row of PROC_STATE and
// MSG_EVENT, 0.13 s + 0.42 s at a week's size (docs/performance.md "Flat cost as the store grows"):
// they are read again only once the time since their last read is at least kFullCountsPeriodFactor
// times what that read took (by the clock), so on a small store every sample and at a week's size
// about once a minute — at most ~1 % of the store's time instead of ~11 %.
class StoreSampler {
public:
    static constexpr int kFullCountsPeriodFactor = 100;

    StoreSampler(storage::OwnStore& store, const Clock& clock, std::vector<std::string> targets);

    // nullopt when the store cannot be read (logged at debug: msgx_store_up says it).
    std::optional<metrics::StoreSample> sample();

    // How many times the full counts were read (for tests of the cadence).
    [[nodiscard]] int fullCountReads() const { return fullCountReads_; }

private:
    struct FullCounts {
        storage::Timestamp readAt{};
        Clock::duration took{};
        std::map<std::string, std::int64_t> messagesByState; // every state, 0 included
        std::map<std::string, std::int64_t> sentByTarget;
    };
    void refreshFullCounts(storage::Timestamp now);

    storage::OwnStore& store_;
    const Clock& clock_;
    std::vector<std::string> targets_;
    std::optional<FullCounts> full_;
    int fullCountReads_ = 0;
};

} // namespace msgx::pipeline
