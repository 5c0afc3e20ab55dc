#include "msgx/config/Durations.h"

#include "UnitNumber.h"

#include <array>
#include <cstdint>

namespace msgx::config {

namespace {

struct DurationUnit {
    std::string_view suffix;
    std::int64_t millis;
};

// Largest first, so formatDuration picks the largest unit that divides exactly.
constexpr std::array<DurationUnit, 5> kUnits{{
    {"d", 86'400'000},
    {"h", 3'600'000},
    {"m", 60'000},
    {"s", 1'000},
    {"ms", 1},
}};

constexpr std::int64_t kMaxMillis = 10'000LL * 86'400'000; // 10000 days

} // namespace

ParseOutcome<std::chrono::milliseconds> parseDuration(std::string_view text) {
    const detail::UnitNumber split = detail::splitUnitNumber(text);
    if (!split.ok()) {
        return ParseOutcome<std::chrono::milliseconds>::fail(split.problem);
    }
    for (const DurationUnit& u : kUnits) {
        if (split.unit == u.suffix) {
            if (split.number > static_cast<std::uint64_t>(kMaxMillis / u.millis)) {
                return ParseOutcome<std::chrono::milliseconds>::fail("too large");
            }
            return ParseOutcome<std::chrono::milliseconds>::ok(
                std::chrono::milliseconds(static_cast<std::int64_t>(split.number) * u.millis));
        }
    }
    return ParseOutcome<std::chrono::milliseconds>::fail("unknown unit " + std::string(split.unit));
}

std::string formatDuration(std::chrono::milliseconds d) {
    const std::int64_t ms = d.count();
    if (ms == 0) {
        return "0s";
    }
    for (const DurationUnit& u : kUnits) {
        if (ms % u.millis == 0) {
            return std::to_string(ms / u.millis) + std::string(u.suffix);
        }
    }
    return std::to_string(ms) + "ms";
}

} // namespace msgx::config
