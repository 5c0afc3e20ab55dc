#pragma once

#include "msgx/config/ParseOutcome.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace msgx::config {

inline constexpr std::string_view kSizeFormat = "a size such as 512KB, 10MB or 1GB";

// Parses "<digits><unit>" with unit B, KB, MB or GB, binary multiples (1KB = 1024 bytes).
// A bare number fails with "the unit is missing", an unknown unit with "unknown unit <u>", a value
// above 1024GB with "too large".
ParseOutcome<std::uint64_t> parseSize(std::string_view text);

// The shortest text parseSize reads back as bytes (10485760 -> "10MB", 1000 -> "1000B").
std::string formatSize(std::uint64_t bytes);

} // namespace msgx::config
