#pragma once

#include "msgx/log/LogSettings.h"

#include <spdlog/formatter.h>

#include <memory>

namespace msgx::log {

// Renders one log line, as text or as a JSON object per line:
//   text: 2026-11-30T19:04:05.123Z INFO  [trace 4711] message
//   json:
//   {"ts":"2026-11-30T19:04:05.123Z","level":"info","logger":"msgxd","thread":123,"trace":"4711","msg":"message"}
// Times are UTC with milliseconds. JSON strings are escaped (control characters as \uXXXX); UTF-8
// text passes through unchanged. In the text format every field is written with its control
// characters escaped - \n, \r, \t, other bytes below 0x20 and 0x7f as \xHH, the C1 controls
// U+0080..U+009F as \uHHHH - so one call is always one line, and a TYPE, STYP, path or header value
// from outside can neither forge a line nor send a terminal sequence (docs/security.md "Logs").
// A backslash is written as it is.
class LineFormatter final : public spdlog::formatter {
public:
    explicit LineFormatter(LogFormat format) : format_(format) {}

    void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override;
    [[nodiscard]] std::unique_ptr<spdlog::formatter> clone() const override;

private:
    LogFormat format_;
};

} // namespace msgx::log
