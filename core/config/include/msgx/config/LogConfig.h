#pragma once

#include <optional>
#include <string>
#include <string_view>

// log.*: the daemon's log (docs/operations.md).
namespace msgx::config {

enum class LogLevel { Trace, Debug, Info, Warn, Error, Critical, Off };
enum class LogFormat { Text, Json };
std::string_view name(LogLevel l);
std::string_view name(LogFormat f);

struct LogConfig {
    LogLevel level = LogLevel::Info;
    LogFormat format = LogFormat::Text;
    std::optional<std::string> file; // nullopt: standard error (written "stderr" or left out)
    int queue = 8192;
};

} // namespace msgx::config
