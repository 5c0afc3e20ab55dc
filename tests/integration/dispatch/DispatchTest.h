#pragma once

#include "OutboxFixture.h"
#include "ScriptedSink.h"
#include "msgx/clock/ManualClock.h"
#include "msgx/delivery/Dispatcher.h"

#include <gtest/gtest.h>

#include <memory>

namespace msgx::test {

// A dispatcher over a real SQLite own store, a scripted sink and a ManualClock: nothing waits for
// real time, every wait is a clock move the test makes.
class DispatchTest : public ::testing::Test {
protected:
    // msg settings with short, distinct backoff steps (1 s, 2 s, 4 s) and three attempts.
    static delivery::DispatcherSettings msgSettings();
    // schd settings: flush period 3 s, flush limit 500.
    static delivery::DispatcherSettings schdSettings();

    std::unique_ptr<delivery::Dispatcher> dispatcher(const delivery::DispatcherSettings& settings) {
        return std::make_unique<delivery::Dispatcher>(store(), sink_, clock_, settings);
    }
    storage::OwnStore& store() { return outbox_.store(); }
    storage::OutboxEvent event(storage::EventId id) { return *store().events().find(id); }

    ManualClock clock_{dispatchTestStart()};
    SqliteOwnStore outbox_{clock_};
    ScriptedSink sink_;
};

} // namespace msgx::test
