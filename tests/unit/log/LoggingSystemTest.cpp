#include "msgx/log/LoggingSystem.h"

#include "CapturingSink.h"
#include "msgx/log/Log.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>

using msgx::log::LogFormat;
using msgx::log::LoggingSystem;
using msgx::log::LogSettings;
using msgx::test::CapturingSink;

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

TEST(LoggingSystem, WritesThroughTheAsyncLoggerAtConfiguredLevel) {
    auto sink = std::make_shared<CapturingSink>();
    {
        LogSettings settings;
        settings.level = "warn";
        LoggingSystem logging(settings, "msgxd", sink);
        msgx::log::info("not shown");
        msgx::log::warn("shown {}", 1);
        msgx::log::error("shown {}", 2);
    }
    const auto lines = sink->lines();
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_TRUE(endsWith(lines[0], " warn  shown 1\n")) << lines[0];
    EXPECT_TRUE(endsWith(lines[1], " error shown 2\n")) << lines[1];
}

TEST(LoggingSystem, FullQueueDropsOldestLinesInsteadOfBlocking) {
    auto sink = std::make_shared<CapturingSink>();
    std::size_t dropped = 0;
    std::size_t reported = 0;
    {
        LogSettings settings;
        settings.queue = 64;
        LoggingSystem logging(settings, "msgxd", sink);
        sink->hold();
        // With a blocking policy this loop would never finish (the worker is held): the test
        // would hit its timeout instead of passing.
        for (int i = 0; i < 2000; ++i) {
            msgx::log::info("line {}", i);
        }
        dropped = logging.droppedLines();
        sink->release();
        while (logging.queuedLines() > 0) {
            std::this_thread::yield();
        }
        reported = logging.reportDroppedLines();
        EXPECT_EQ(logging.reportDroppedLines(), 0u) << "a second report without new drops says nothing";
    }
    // 2000 lines into a queue of 64 with the worker holding at most one: nearly all were dropped.
    EXPECT_GE(dropped, 2000u - 64u - 1u);
    EXPECT_EQ(reported, dropped);
    const auto lines = sink->lines();
    ASSERT_FALSE(lines.empty());
    // The newest line survives; the oldest were the ones dropped.
    bool sawNewest = false;
    for (const auto& line : lines) {
        sawNewest = sawNewest || endsWith(line, " line 1999\n");
    }
    EXPECT_TRUE(sawNewest);
    EXPECT_TRUE(endsWith(lines.back(), "raise log.queue or lower log.level if this repeats\n"))
        << lines.back();
    EXPECT_NE(lines.back().find(std::to_string(dropped) + " lines dropped"), std::string::npos)
        << lines.back();
}

TEST(LoggingSystem, JsonFormatFromSettings) {
    auto sink = std::make_shared<CapturingSink>();
    {
        LogSettings settings;
        settings.format = LogFormat::Json;
        LoggingSystem logging(settings, "msgxd", sink);
        msgx::log::TraceScope scope("99");
        msgx::log::info("hello");
    }
    const auto lines = sink->lines();
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].front(), '{');
    EXPECT_TRUE(endsWith(lines[0], ",\"trace\":\"99\",\"msg\":\"hello\"}\n")) << lines[0];
}

TEST(LoggingSystem, RejectsUnknownLevel) {
    LogSettings settings;
    settings.level = "verbose";
    EXPECT_THROW(LoggingSystem(settings, "msgxd", std::make_shared<CapturingSink>()), std::invalid_argument);
}
