#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace msgx::sdk {

// Times in every JSON shape of msgexchange are ISO 8601 in UTC with `Z`, to the second
// (architecture.md §11): "2024-03-18T07:15:00Z".
[[nodiscard]] std::string formatUtc(std::chrono::sys_seconds instant);

// formatUtc of a finer instant (a clock's time_point, a stored timestamp), truncated to its second.
template <class Duration>
[[nodiscard]] std::string formatUtc(std::chrono::sys_time<Duration> instant) {
    return formatUtc(std::chrono::floor<std::chrono::seconds>(instant));
}

// A calendar date as ISO 8601 writes it, the date part of formatUtc: "2024-03-18".
[[nodiscard]] std::string formatDate(std::chrono::year_month_day date);

// The instant written as formatUtc writes it (exactly "yyyy-MM-ddTHH:mm:ssZ", a real calendar date);
// std::nullopt for any other text.
[[nodiscard]] std::optional<std::chrono::sys_seconds> parseUtc(std::string_view text);

} // namespace msgx::sdk
