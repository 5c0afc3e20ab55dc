#include "msgx/log/LineFormatter.h"

#include "msgx/log/Log.h"
#include "msgx/log/TraceScope.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

using msgx::log::LineFormatter;
using msgx::log::LogFormat;

namespace {

std::string render(LogFormat format, spdlog::level::level_enum level, const std::string& payload) {
    spdlog::details::log_msg msg(spdlog::source_loc{}, "msgxd", level, payload);
    // 2024-03-18T07:15:00.250Z
    msg.time = std::chrono::system_clock::time_point(std::chrono::milliseconds(1710746100250));
    msg.thread_id = 42;
    LineFormatter formatter(format);
    spdlog::memory_buf_t out;
    formatter.format(msg, out);
    return {out.data(), out.size()};
}

} // namespace

TEST(LineFormatter, TextLineHasUtcTimeLevelAndMessage) {
    EXPECT_EQ(render(LogFormat::Text, spdlog::level::warn, "mailbox unreachable"),
              "2024-03-18T07:15:00.250Z warn  mailbox unreachable\n");
}

TEST(LineFormatter, TextLineShowsTraceId) {
    std::string payload;
    {
        msgx::log::TraceScope scope("4711");
        payload = msgx::log::withTrace("decoded FLOP-STND");
    }
    EXPECT_EQ(render(LogFormat::Text, spdlog::level::info, payload),
              "2024-03-18T07:15:00.250Z info  [trace 4711] decoded FLOP-STND\n");
}

TEST(LineFormatter, JsonLineIsOneEscapedObject) {
    EXPECT_EQ(render(LogFormat::Json, spdlog::level::err, "bad \"value\"\tin\nline \x01 航站楼"),
              "{\"ts\":\"2024-03-18T07:15:00.250Z\",\"level\":\"error\",\"logger\":\"msgxd\",\"thread\":42,"
              "\"msg\":\"bad \\\"value\\\"\\tin\\nline \\u0001 航站楼\"}\n");
}

TEST(LineFormatter, JsonLineCarriesTraceField) {
    std::string payload;
    {
        msgx::log::TraceScope scope("12");
        payload = msgx::log::withTrace("ok");
    }
    EXPECT_EQ(render(LogFormat::Json, spdlog::level::debug, payload),
              "{\"ts\":\"2024-03-18T07:15:00.250Z\",\"level\":\"debug\",\"logger\":\"msgxd\",\"thread\":42,"
              "\"trace\":\"12\",\"msg\":\"ok\"}\n");
}

TEST(TraceScope, NestsAndRestores) {
    EXPECT_EQ(msgx::log::TraceScope::current(), "");
    {
        msgx::log::TraceScope outer("1");
        {
            msgx::log::TraceScope inner("2");
            EXPECT_EQ(msgx::log::TraceScope::current(), "2");
        }
        EXPECT_EQ(msgx::log::TraceScope::current(), "1");
    }
    EXPECT_EQ(msgx::log::TraceScope::current(), "");
    EXPECT_EQ(msgx::log::withTrace("x"), "x");
}

// TYPE and STYP, paths and header values come from outside: in the text format a control character
// in any field is written escaped, so one call is always one line and no terminal sequence runs.
TEST(LineFormatter, TextLineEscapesControlCharactersInEveryField) {
    EXPECT_EQ(
        render(LogFormat::Text, spdlog::level::info,
               "message 7 FLOP-X\n2026-01-01T00:00:00.000Z info  forged\r\t\x1b[2J\x7f 航站楼 \xc2\x9b"),
        "2024-03-18T07:15:00.250Z info  message 7 FLOP-X\\n2026-01-01T00:00:00.000Z info  "
        "forged\\r\\t\\x1b[2J\\x7f 航站楼 \\u009b\n");
    std::string payload;
    {
        msgx::log::TraceScope scope("12\n34");
        payload = msgx::log::withTrace("ok");
    }
    EXPECT_EQ(render(LogFormat::Text, spdlog::level::info, payload),
              "2024-03-18T07:15:00.250Z info  [trace 12\\n34] ok\n");
}
