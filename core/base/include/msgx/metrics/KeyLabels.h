#pragma once

#include <cstddef>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::metrics {

// The `key` label value a routing key gets in the series labelled by it (docs/metrics.md "Label
// values"). Routing keys come from upstream documents (TYPE, STYP), and every distinct label value
// is a series of its own kept for the life of the process: an upstream sending ever new values
// would grow the registry and every scrape without end. So:
//  - a key a plugin serves (setServed) is its own label, always;
//  - "" is `unknown` (the XML never decoded);
//  - any other key is its own label while fewer than `limit` such keys have one
//    (limits.unknown-key-labels), and only when it is shaped like TYPE-STYP (1..16 upper-case
//    letters, digits or _ on each side of one dash); every other is `other`.
// A key that got its own label keeps it. Thread-safe.
class KeyLabels {
public:
    // limits.unknown-key-labels' default (config::LimitsConfig holds the same, the daemon sets it).
    static constexpr std::size_t kDefaultLimit = 100;
    static constexpr std::string_view kOther = "other";

    explicit KeyLabels(std::size_t limit = kDefaultLimit) : limit_(limit) {}

    void setLimit(std::size_t limit);
    // The keys the loaded plugins serve (replaces the previous set).
    void setServed(const std::vector<std::string>& keys);

    [[nodiscard]] std::string labelFor(std::string_view key);

private:
    mutable std::mutex mutex_;
    std::size_t limit_;
    std::set<std::string, std::less<>> served_;
    std::set<std::string, std::less<>> labelled_; // every key that has its own label
    std::size_t unknownLabelled_ = 0;             // of them, keys no plugin served then
};

} // namespace msgx::metrics
