// A reload while a fake pump processes messages: each message takes one lease at its start and
// calls its handler several times; the plugin must never change within a message, and the pump
// must see the new plugin from the next message on.
#include "TestPlugins.h"
#include "msgx/model/InMemoryViews.h"
#include "msgx/pipeline/routing/MessageRouting.h"
#include "msgx/plugin/PluginHost.h"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace msgx::plugin {
namespace {

TEST(ReloadUnderPump, NeverSwapsAPluginInTheMiddleOfAMessage) {
    test::PluginsDir dir;
    dir.add("echo-1.0.0", "echo.so");
    PluginHost host(dir.path());
    host.reload();

    const model::InMemoryFlightView flights({});
    const model::InMemoryReferenceView references({});
    const auto zone = codec::TimeZone::utc();
    const sdk::HandlerContext context{std::chrono::sys_seconds{}, zone, references};
    const codec::Message message = test::messageFor("TEST", "ECHO");

    std::atomic<bool> stop{false};
    std::atomic<int> messages{0};
    std::mutex seenMutex;
    std::vector<std::string> violations;
    std::set<std::string> versionsSeen;

    std::thread pump([&] {
        while (!stop.load()) {
            const auto lease = host.acquire("TEST-ECHO"); // the message boundary
            if (!lease) {
                std::lock_guard lock(seenMutex);
                violations.push_back("no handler for TEST-ECHO between two messages");
                continue;
            }
            const std::string version = lease->plugin().summary().version;
            for (int step = 0; step < 25; ++step) { // the message's work, several handler calls
                const auto decision = pipeline::invokeHandler(*lease, context, flights, message);
                const std::string expected = "echo " + version + " TEST-ECHO";
                if (decision.notes.empty() || decision.notes.front() != expected) {
                    std::lock_guard lock(seenMutex);
                    violations.push_back("step " + std::to_string(step) + " of a message leased from " +
                                         version + " answered " +
                                         (decision.notes.empty() ? "nothing" : decision.notes.front()));
                }
            }
            {
                std::lock_guard lock(seenMutex);
                versionsSeen.insert(version);
            }
            messages.fetch_add(1);
        }
    });

    for (int round = 0; round < 20; ++round) {
        dir.replace("echo.so", round % 2 == 0 ? "echo-1.1.0" : "echo-1.0.0");
        const auto report = host.reload();
        EXPECT_EQ(report.replaced.size(), 1u) << "round " << round << ": " << report.summaryLine();
        // Let the pump finish at least two messages with the new plugin before the next swap.
        const int target = messages.load() + 2;
        while (messages.load() < target) {
            std::this_thread::yield();
        }
    }
    stop.store(true);
    pump.join();

    EXPECT_TRUE(violations.empty()) << violations.size() << " violations, first: " << violations.front();
    EXPECT_EQ(versionsSeen, (std::set<std::string>{"1.0.0", "1.1.0"}));
    EXPECT_GE(messages.load(), 40);
}

} // namespace
} // namespace msgx::plugin
