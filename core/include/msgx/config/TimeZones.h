#pragma once

#include <filesystem>
#include <string_view>

namespace msgx::config {

inline constexpr std::string_view kSystemZoneInfoDir = "/usr/share/zoneinfo";

// True when `name` is "UTC" or names a compiled zone file (starting with the "TZif" magic) under
// zoneInfoDir, e.g. "Asia/Shanghai". Names that are absolute or contain ".." are never zones.
// (g++ 12's libstdc++ has no std::chrono::tzdb, so the zone files are the source of truth.)
bool timeZoneExists(std::string_view name,
                    const std::filesystem::path& zoneInfoDir = std::filesystem::path(kSystemZoneInfoDir));

} // namespace msgx::config
