#pragma once

#include <cstddef>
#include <string>

namespace msgx::log {

enum class LogFormat { Text, Json };

// What the `log.*` configuration keys select (architecture.md §12).
struct LogSettings {
    std::string level = "info"; // trace|debug|info|warn|error|critical|off
    LogFormat format = LogFormat::Text;
    std::string file;         // empty: standard error
    std::size_t queue = 8192; // bounded async queue, in lines
};

} // namespace msgx::log
