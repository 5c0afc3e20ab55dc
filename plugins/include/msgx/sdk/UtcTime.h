#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace msgx::sdk {

// Times in every JSON shape of msgexchange are ISO 8601 in UTC with `Z`, to the second
// (architecture.md §11): "2024-03-18T07:15:00Z".
[[nodiscard]] std::string formatUtc(std::chrono::sys_seconds instant);

// The instant written as formatUtc writes it (exactly "yyyy-MM-ddTHH:mm:ssZ", a real calendar date);
// std::nullopt for any other text.
[[nodiscard]] std::optional<std::chrono::sys_seconds> parseUtc(std::string_view text);

} // namespace msgx::sdk
