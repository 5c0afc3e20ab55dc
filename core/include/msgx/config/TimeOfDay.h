#pragma once

#include "msgx/config/ParseOutcome.h"

#include <chrono>
#include <compare>
#include <string>
#include <string_view>

namespace msgx::config {

// A wall-clock time of day with minute precision, e.g. archive.at.
struct TimeOfDay {
    int hour = 0;   // 0..23
    int minute = 0; // 0..59

    [[nodiscard]] std::chrono::minutes sinceMidnight() const {
        return std::chrono::hours(hour) + std::chrono::minutes(minute);
    }
    auto operator<=>(const TimeOfDay&) const = default;
};

inline constexpr std::string_view kTimeOfDayFormat = "a time of day HH:MM (00:00..23:59)";

// Parses exactly "HH:MM" (two digits each, 00..23 and 00..59).
ParseOutcome<TimeOfDay> parseTimeOfDay(std::string_view text);

// "03:00".
std::string formatTimeOfDay(TimeOfDay t);

} // namespace msgx::config
