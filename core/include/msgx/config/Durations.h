#pragma once

#include "msgx/config/ParseOutcome.h"

#include <chrono>
#include <string>
#include <string_view>

namespace msgx::config {

// What a duration looks like, for error messages.
inline constexpr std::string_view kDurationFormat = "a duration such as 250ms, 5s, 10m, 2h or 1d";

// Parses "<digits><unit>" with unit ms, s, m, h or d (e.g. "250ms", "5s", "10m", "2h", "1d").
// No sign, no fraction, no space, no combined units. A bare number fails with the problem
// "the unit is missing"; an unknown unit with "unknown unit <u>"; a value above 10000 days with
// "too large".
ParseOutcome<std::chrono::milliseconds> parseDuration(std::string_view text);

// The shortest text parseDuration reads back as d: the largest unit that divides d exactly
// (90000ms -> "90s", 3600000ms -> "1h", 0 -> "0s"). d must not be negative.
std::string formatDuration(std::chrono::milliseconds d);

} // namespace msgx::config
