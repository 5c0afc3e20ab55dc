// ConnectionDeadlines on the manual clock: a connection is closed once, exactly when its phase's
// deadline has passed (head from the accept, body from the end of the head, none while answering).
#include "msgx/http/ConnectionDeadlines.h"

#include "msgx/clock/ManualClock.h"

#include <gtest/gtest.h>

using msgx::ManualClock;
using msgx::http::ConnectionDeadlines;
using namespace std::chrono_literals;

namespace {

struct Fixture {
    ManualClock clock{ManualClock::time_point{} + 1000h};
    ConnectionDeadlines deadlines{clock, 10s, 30s};
    int closedA = 0;
    int closedB = 0;
};

} // namespace

TEST(ConnectionDeadlines, AHeadNotReadInTimeIsClosedOnceAndOthersAreLeftAlone) {
    Fixture f;
    const auto a = f.deadlines.add([&f] { ++f.closedA; });
    f.clock.advance(5s);
    const auto b = f.deadlines.add([&f] { ++f.closedB; });
    f.clock.advance(4999ms); // a: 9.999 s
    EXPECT_EQ(f.deadlines.sweep(), 0);
    f.clock.advance(1ms); // a: 10 s exactly
    EXPECT_EQ(f.deadlines.sweep(), 1);
    EXPECT_EQ(f.closedA, 1);
    EXPECT_EQ(f.closedB, 0);
    f.clock.advance(1h);
    EXPECT_EQ(f.deadlines.sweep(), 1); // b only: a is not closed twice
    EXPECT_EQ(f.closedA, 1);
    EXPECT_EQ(f.closedB, 1);
    f.deadlines.remove(a);
    f.deadlines.remove(b);
    EXPECT_EQ(f.deadlines.size(), 0u);
}

TEST(ConnectionDeadlines, TheBodyDeadlineCountsFromTheEndOfTheHead) {
    Fixture f;
    const auto id = f.deadlines.add([&f] { ++f.closedA; });
    f.clock.advance(9s);
    f.deadlines.headRead(id); // body deadline: now + 30 s
    f.clock.advance(29s);     // 38 s after the accept: past the head deadline, within the body's
    EXPECT_EQ(f.deadlines.sweep(), 0);
    f.clock.advance(1s);
    EXPECT_EQ(f.deadlines.sweep(), 1);
    EXPECT_EQ(f.closedA, 1);
}

TEST(ConnectionDeadlines, NoDeadlineWhileTheAnswerIsMadeAndRemovedConnectionsAreNeverClosed) {
    Fixture f;
    const auto answering = f.deadlines.add([&f] { ++f.closedA; });
    f.deadlines.headRead(answering);
    f.deadlines.bodyRead(answering);
    const auto gone = f.deadlines.add([&f] { ++f.closedB; });
    f.deadlines.remove(gone);
    f.clock.advance(24h);
    EXPECT_EQ(f.deadlines.sweep(), 0);
    EXPECT_EQ(f.closedA, 0);
    EXPECT_EQ(f.closedB, 0);
}

TEST(ConnectionDeadlines, TheCurrentConnectionIsTheOneOfTheScopeOnThisThread) {
    Fixture f;
    const auto id = f.deadlines.add([&f] { ++f.closedA; });
    ConnectionDeadlines::currentHeadRead(); // no scope: no effect
    {
        const ConnectionDeadlines::Scope scope(f.deadlines, id);
        ConnectionDeadlines::currentHeadRead();
    }
    f.clock.advance(11s); // past the head deadline, within the body deadline the scope set
    EXPECT_EQ(f.deadlines.sweep(), 0);
    f.clock.advance(20s);
    EXPECT_EQ(f.deadlines.sweep(), 1);
}

TEST(ConnectionDeadlines, CloseAllClosesEveryOpenConnectionOnce) {
    Fixture f;
    f.deadlines.add([&f] { ++f.closedA; });
    const auto b = f.deadlines.add([&f] { ++f.closedB; });
    f.deadlines.bodyRead(b);
    f.deadlines.closeAll();
    f.deadlines.closeAll();
    EXPECT_EQ(f.closedA, 1);
    EXPECT_EQ(f.closedB, 1);
}
