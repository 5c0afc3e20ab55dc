#include "msgx/log/LineFormatter.h"

#include "msgx/json/JsonValue.h"
#include "msgx/log/Log.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace msgx::log {

namespace {

struct SplitPayload {
    std::string_view trace;
    std::string_view message;
};

SplitPayload splitTrace(std::string_view payload) {
    if (payload.empty() || payload.front() != kTraceStart) {
        return {{}, payload};
    }
    const auto end = payload.find(kTraceEnd);
    if (end == std::string_view::npos) {
        return {{}, payload};
    }
    return {payload.substr(1, end - 1), payload.substr(end + 1)};
}

void appendUtcTime(std::chrono::system_clock::time_point t, spdlog::memory_buf_t& dest) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()) % 1000;
    const auto seconds = std::chrono::floor<std::chrono::seconds>(t);
    fmt::format_to(std::back_inserter(dest), "{:%Y-%m-%dT%H:%M:%S}.{:03d}Z", seconds, ms.count());
}

std::string utcTime(std::chrono::system_clock::time_point t) {
    spdlog::memory_buf_t text;
    appendUtcTime(t, text);
    return {text.data(), text.size()};
}

// Appends `text` with its control characters escaped (LineFormatter.h).
void appendEscaped(std::string_view text, spdlog::memory_buf_t& dest) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::size_t plain = 0; // start of the run of bytes not yet appended
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const bool c1 = byte == 0xc2 && i + 1 < text.size() &&
                        static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                        static_cast<unsigned char>(text[i + 1]) <= 0x9f;
        if (byte >= 0x20 && byte != 0x7f && !c1) {
            continue;
        }
        dest.append(text.data() + plain, text.data() + i);
        if (c1) {
            const auto code = static_cast<unsigned char>(text[i + 1]);
            const char escaped[] = {'\\', 'u', '0', '0', kHex[code >> 4], kHex[code & 0xf]};
            dest.append(escaped, escaped + sizeof escaped);
            ++i;
        } else if (byte == '\n' || byte == '\r' || byte == '\t') {
            const char escaped[] = {'\\', byte == '\n' ? 'n' : byte == '\r' ? 'r' : 't'};
            dest.append(escaped, escaped + sizeof escaped);
        } else {
            const char escaped[] = {'\\', 'x', kHex[byte >> 4], kHex[byte & 0xf]};
            dest.append(escaped, escaped + sizeof escaped);
        }
        plain = i + 1;
    }
    dest.append(text.data() + plain, text.data() + text.size());
}

std::string_view levelName(spdlog::level::level_enum level) {
    switch (level) {
    case spdlog::level::trace:
        return "trace";
    case spdlog::level::debug:
        return "debug";
    case spdlog::level::info:
        return "info";
    case spdlog::level::warn:
        return "warn";
    case spdlog::level::err:
        return "error";
    case spdlog::level::critical:
        return "critical";
    default:
        return "off";
    }
}

} // namespace

void LineFormatter::format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) {
    const auto [trace, message] = splitTrace(std::string_view(msg.payload.data(), msg.payload.size()));
    if (format_ == LogFormat::Json) {
        using json::JsonValue;
        auto line = JsonValue::object();
        line.set("ts", JsonValue::string(utcTime(msg.time)));
        line.set("level", JsonValue::string(std::string(levelName(msg.level))));
        line.set("logger", JsonValue::string(std::string(msg.logger_name.data(), msg.logger_name.size())));
        line.set("thread", JsonValue::integer(static_cast<std::int64_t>(msg.thread_id)));
        if (!trace.empty()) {
            line.set("trace", JsonValue::string(std::string(trace)));
        }
        line.set("msg", JsonValue::string(std::string(message)));
        const std::string text = json::renderCompactJson(line);
        dest.append(text.data(), text.data() + text.size());
        dest.push_back('\n');
        return;
    }
    appendUtcTime(msg.time, dest);
    fmt::format_to(std::back_inserter(dest), " {:<5} ", fmt::format("{}", levelName(msg.level)));
    if (!trace.empty()) {
        dest.append(std::string_view("[trace "));
        appendEscaped(trace, dest);
        dest.append(std::string_view("] "));
    }
    appendEscaped(message, dest);
    dest.push_back('\n');
}

std::unique_ptr<spdlog::formatter> LineFormatter::clone() const {
    return std::make_unique<LineFormatter>(format_);
}

} // namespace msgx::log
