// The pipeline end to end on PostgreSQL (own store) + MariaDB (mailbox), the real msgxd with the
// shipped handlers and the scripted test handler, file delivery (acceptance of the pipeline issue).
// Kill moments and message mixes come from a seed printed by each test (MSGX_E2E_SEED overrides it).
#include "DaemonProcess.h"
#include "E2eSupport.h"
#include "RunPlan.h"
#include "ServerSite.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <thread>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;

const std::vector<std::string> kTestPlugins{"scripted-handler.so"};

// msgxd's environment: the LeakSanitizer suppression of Poco's PostgreSQL connection leak when the
// server dies (poco-pg-leak.supp), so that a clean stop after an outage exits 0 in the ASan build.
const std::vector<std::string> kDaemonEnvironment{"LSAN_OPTIONS=suppressions=" MSGX_E2E_LSAN_SUPPRESSIONS};

// The end of a daemon log, for failure messages: warnings and errors, and the last lines.
std::string tail(const std::string& log) {
    std::string important;
    std::size_t start = 0;
    while (start < log.size()) {
        const auto end = log.find('\n', start);
        const auto line = log.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (line.find(" warn ") != std::string::npos || line.find(" error ") != std::string::npos) {
            important += line + '\n';
        }
        start = end == std::string::npos ? log.size() : end + 1;
    }
    if (important.size() > 20000) {
        important = important.substr(important.size() - 20000);
    }
    return "warnings and errors:\n" + important + "\nlast lines:\n" +
           log.substr(log.size() > 6000 ? log.size() - 6000 : 0);
}

// Why a run did not settle: msgxctl status, then the end of the daemon's log.
std::string unsettled(const ServerSite& site, const DaemonProcess& daemon) {
    return runMsgxctl(site.config(), {"status"}).out + tail(daemon.log());
}

std::uint32_t testSeed() {
    if (const char* given = std::getenv("MSGX_E2E_SEED")) {
        return static_cast<std::uint32_t>(std::strtoul(given, nullptr, 10));
    }
    return std::random_device{}();
}

TEST(ServerRun, TenThousandMessagesWithInjectedFailures) {
    const auto seed = testSeed();
    std::cout << "seed " << seed << " (MSGX_E2E_SEED=" << seed << " repeats this run)\n";
    ServerSite site(kTestPlugins);
    RunMix mix;
    mix.malformed = 0.01;
    mix.unsupported = 0.005;
    mix.throwing = 0.005;
    mix.duplicate = 0.02;
    mix.ignored = 0.01;
    const auto plan = makeRunPlan(10000, mix, seed);

    DaemonProcess daemon(kMsgxdBin, site.config(), site.dir() / "msgxd.log", kDaemonEnvironment);
    daemon.start();
    // The upstream writes while the daemon runs, in bursts.
    for (std::size_t first = 0; first < plan.documents.size(); first += 2500) {
        const auto last = std::min(first + 2500, plan.documents.size());
        site.insert({plan.documents.begin() + static_cast<std::ptrdiff_t>(first),
                     plan.documents.begin() + static_cast<std::ptrdiff_t>(last)});
    }
    ASSERT_TRUE(waitUntil([&] { return runSettled(site, plan.documents.size()); }, 240s))
        << unsettled(site, daemon);
    EXPECT_EQ(daemon.terminate(), 0);
    verifyRun(site, plan);
}

TEST(ServerRun, KilledTwentyTimesLosesNothing) {
    const auto seed = testSeed();
    std::cout << "seed " << seed << " (MSGX_E2E_SEED=" << seed << " repeats this run)\n";
    ServerSite site(kTestPlugins);
    RunMix mix;
    mix.malformed = 0.01;
    mix.throwing = 0.005;
    mix.duplicate = 0.01;
    mix.flights = 100;
    const auto plan = makeRunPlan(3000, mix, seed);
    site.insert(plan.documents);

    std::mt19937 random(seed);
    // Moments measured from the log line that says this start became the writer (a restarted
    // daemon first waits for the killed one's lease to run out), so every kill lands while it works.
    // A kill comes earlier when the run has gone further than its share: kill k (of 20) once
    // (k + 1) / 22 of the messages are finished, so a fast build cannot finish the run between the
    // kills (the check below) and a slow one still gets the random moments.
    std::uniform_int_distribution<int> moment(20, 600);
    auto store = site.store();
    const auto finished = [&store] {
        Poco::Int64 count = 0;
        store << "SELECT COUNT(*) FROM PROC_STATE WHERE STATE IN ('SUCCEEDED', 'SKIPPED', 'DEAD')",
            Poco::Data::Keywords::into(count), Poco::Data::Keywords::now;
        return static_cast<std::size_t>(count);
    };
    DaemonProcess daemon(kMsgxdBin, site.config(), site.dir() / "msgxd.log", kDaemonEnvironment);
    std::vector<int> moments;
    std::int64_t logOffset = 0;
    for (int kill = 0; kill < 20; ++kill) {
        daemon.start();
        logOffset = daemon.waitForLog("writer lease acquired", 60s, logOffset);
        ASSERT_GE(logOffset, 0) << tail(daemon.log());
        const auto start = std::chrono::steady_clock::now();
        const auto until = start + std::chrono::milliseconds(moment(random));
        const std::size_t share = plan.documents.size() * static_cast<std::size_t>(kill + 1) / 22;
        while (std::chrono::steady_clock::now() < until && finished() < share) {
            std::this_thread::sleep_for(5ms);
        }
        moments.push_back(static_cast<int>(
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
                .count()));
        daemon.kill9();
    }
    std::cout << "killed at (ms after becoming writer):";
    for (const int ms : moments) {
        std::cout << ' ' << ms;
    }
    std::cout << '\n';
    EXPECT_FALSE(runSettled(site, plan.documents.size())) << "the last kill must land before the run ends";
    daemon.start();
    ASSERT_TRUE(waitUntil([&] { return runSettled(site, plan.documents.size()); }, 240s))
        << unsettled(site, daemon);
    EXPECT_EQ(daemon.terminate(), 0);
    verifyRun(site, plan);
}

TEST(ServerRun, StoreAndMailboxOutagesPauseAndResume) {
    const auto seed = testSeed();
    std::cout << "seed " << seed << '\n';
    ServerSite site(kTestPlugins);
    RunMix mix;
    mix.flights = 50;
    const auto plan = makeRunPlan(3000, mix, seed);
    const auto half = static_cast<std::ptrdiff_t>(plan.documents.size() / 2);
    site.insert({plan.documents.begin(), plan.documents.begin() + half});

    DaemonProcess daemon(kMsgxdBin, site.config(), site.dir() / "msgxd.log", kDaemonEnvironment);
    daemon.start();
    ASSERT_GE(daemon.waitForLog("writer lease acquired", 60s), 0) << daemon.log();
    std::this_thread::sleep_for(300ms);
    site.services().kill("pg");
    std::this_thread::sleep_for(30s);
    site.services().restart("pg");

    const bool firstHalfDone =
        waitUntil([&] { return runSettled(site, static_cast<std::size_t>(half)); }, 180s);
    if (!firstHalfDone) {
        std::filesystem::copy_file(site.dir() / "msgxd.log",
                                   "/tmp/msgx-outage-" + std::to_string(seed) + ".log",
                                   std::filesystem::copy_options::overwrite_existing);
    }
    ASSERT_TRUE(firstHalfDone) << unsettled(site, daemon);
    site.insert({plan.documents.begin() + half, plan.documents.begin() + half + 200});
    std::this_thread::sleep_for(200ms);
    site.services().kill("mysql");
    std::this_thread::sleep_for(30s);
    site.services().restart("mysql");
    ASSERT_TRUE(waitUntil(
        [&] {
            try {
                site.insert({plan.documents.begin() + half + 200, plan.documents.end()});
                return true;
            } catch (const std::exception&) {
                return false; // MariaDB still starting
            }
        },
        60s));
    ASSERT_TRUE(waitUntil([&] { return runSettled(site, plan.documents.size()); }, 180s))
        << unsettled(site, daemon);
    EXPECT_TRUE(daemon.running()) << "msgxd must survive both outages";
    EXPECT_EQ(daemon.terminate(), 0) << tail(daemon.log());
    verifyRun(site, plan);
}

TEST(ServerRun, SecondDaemonWaitsAsStandbyAndTakesOver) {
    ServerSite site(kTestPlugins);
    RunMix mix;
    mix.flights = 20;
    const auto plan = makeRunPlan(400, mix, 7);
    const auto standbyConfig = site.writeConfig("standby");

    DaemonProcess first(kMsgxdBin, site.config(), site.dir() / "first.log", kDaemonEnvironment);
    first.start();
    ASSERT_GE(first.waitForLog("writer lease acquired", 60s), 0) << first.log();
    DaemonProcess second(kMsgxdBin, standbyConfig, site.dir() / "second.log", kDaemonEnvironment);
    second.start();
    ASSERT_GE(second.waitForLog("standby: the writer lease is held by", 60s), 0) << second.log();

    site.insert({plan.documents.begin(), plan.documents.begin() + 200});
    ASSERT_TRUE(waitUntil([&] { return runSettled(site, 200); }, 120s)) << first.log();
    EXPECT_EQ(second.log().find("writer lease acquired"), std::string::npos) << "the standby must not write";

    first.kill9();
    site.insert({plan.documents.begin() + 200, plan.documents.end()});
    ASSERT_GE(second.waitForLog("writer lease acquired", 30s), 0) << second.log();
    ASSERT_TRUE(waitUntil([&] { return runSettled(site, plan.documents.size()); }, 120s)) << second.log();
    EXPECT_EQ(second.terminate(), 0);
    verifyRun(site, plan);
}

} // namespace
} // namespace msgx::test
