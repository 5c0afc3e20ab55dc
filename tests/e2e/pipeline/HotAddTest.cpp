// Hot add of a real handler plugin, end to end (architecture.md §4 "not implemented is not illegal",
// §5 "Hot add"; issue 13): msgxd on the embedded profile without flop-gtdt.so. A GTDT message ends
// FAILED(UNSUPPORTED) and holds the queue (the STND behind it waits); the operator copies the
// plugin into plugins.dir and triggers a rescan — `msgxctl plugins reload`, SIGHUP, or nothing at
// all with plugins.watch — and the retry succeeds, in mailbox order, without a restart.
#include "DaemonProcess.h"
#include "EmbeddedSite.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using json::JsonValue;

constexpr std::int64_t kFlid = 72000101;

std::string meta(std::int64_t seqn, const std::string& type, const std::string& styp) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>" +
           std::to_string(seqn) + "</SEQN><DTTM>20240609120000</DTTM><TYPE>" + type + "</TYPE><STYP>" + styp +
           "</STYP></META>\n";
}

std::vector<std::string> documents() {
    return {
        meta(720001, "SCHD", "ADFT") +
            "<SCHD><FLTR><FLID>72000101</FLID><ALCD>EU</ALCD><FLNO>EU1827</FLNO><MVIN>D</MVIN>"
            "<SODT>09JUN241310</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT></FLTR></SCHD></MSG>\n",
        meta(720002, "FLOP", "GTDT") +
            "<FLOP><FLID>72000101</FLID><GTDT GTNO=\"1\"><GATE>118</GATE><PGOT>09JUN241225</PGOT>"
            "<PGCT>09JUN241300</PGCT><GTYP>D</GTYP></GTDT></FLOP></MSG>\n",
        meta(720003, "FLOP", "STND") + "<FLOP><FLID>72000101</FLID><STND>214</STND></FLOP></MSG>\n",
    };
}

enum class Trigger { MsgxctlReload, Sighup, Watch };

class HotAdd : public ::testing::TestWithParam<Trigger> {
protected:
    // Retries slow enough that the message stays FAILED (never DEAD: 100 attempts 250 ms apart) while
    // the test acts.
    static std::string withSlowRetries(std::string config, Trigger trigger) {
        const auto replace = [&config](const std::string& from, const std::string& to) {
            const auto at = config.find(from);
            EXPECT_NE(at, std::string::npos) << from;
            if (at != std::string::npos) {
                config.replace(at, from.size(), to);
            }
        };
        replace("  max-attempts: 3\n", "  max-attempts: 100\n");
        replace("  backoff: [10ms, 20ms]\n", "  backoff: [250ms]\n");
        replace("  backoff-cap: 50ms\n", "  backoff-cap: 250ms\n");
        replace("  head-deadline: 1m\n", "  head-deadline: 10m\n");
        if (trigger == Trigger::Watch) {
            replace("plugins:\n", "plugins:\n  watch: true\n");
        }
        return config;
    }

    EmbeddedSite site_{{{"flop-gtdt.so"}, [this](std::string config) {
                            return withSlowRetries(std::move(config), GetParam());
                        }}};
};

std::string textOf(const JsonValue& message, std::string_view name) {
    const JsonValue* value = message.find(name);
    return value == nullptr || value->isNull() ? "" : value->asString();
}

TEST_P(HotAdd, AnUnsupportedMessageHoldsTheQueueUntilThePluginIsAddedThenSucceedsInOrder) {
    const auto ids = site_.inject(documents());
    ASSERT_EQ(ids.size(), 3U);
    DaemonProcess daemon(kMsgxdBin, site_.config(), site_.logFile(), site_.environment());
    daemon.start();
    ASSERT_GE(daemon.waitForLog("writer lease acquired", 30s), 0) << daemon.log();

    // The GTDT fails UNSUPPORTED, is retried, and the STND behind it waits.
    ASSERT_TRUE(waitUntil(
        [&] {
            const auto messages = site_.messagesById();
            return messages.contains(ids[1]) && textOf(messages.at(ids[1]), "state") == "FAILED" &&
                   messages.at(ids[1]).find("attempts")->asInteger() >= 2;
        },
        30s))
        << daemon.log();
    {
        const auto messages = site_.messagesById();
        EXPECT_EQ(textOf(messages.at(ids[0]), "state"), "SUCCEEDED");
        EXPECT_EQ(textOf(messages.at(ids[1]), "errorClass"), "UNSUPPORTED")
            << renderJson(messages.at(ids[1]));
        EXPECT_EQ(textOf(messages.at(ids[2]), "state"), "PENDING") << "nothing passes a failed head";
    }

    std::filesystem::copy_file(kHandlersDir / "flop-gtdt.so", site_.pluginsDir() / "flop-gtdt.so");
    switch (GetParam()) {
    case Trigger::MsgxctlReload: {
        std::vector<std::string> command{"env"};
        command.insert(command.end(), site_.environment().begin(), site_.environment().end());
        command.insert(command.end(),
                       {kMsgxctlBin, "plugins", "reload", "--config", site_.config().string()});
        const auto reload = runSubprocess(command, 60s);
        ASSERT_EQ(reload.exitCode, 0) << reload.err << reload.out;
        EXPECT_NE(reload.out.find("1 loaded"), std::string::npos) << reload.out;
        break;
    }
    case Trigger::Sighup:
        ASSERT_EQ(::kill(daemon.pid(), SIGHUP), 0);
        break;
    case Trigger::Watch:
        break; // the daemon notices the directory change by itself
    }

    ASSERT_TRUE(waitUntil([&] { return site_.settled(3); }, 30s))
        << renderJson(site_.status()) << daemon.log();
    const auto messages = site_.messagesById();
    for (const auto id : ids) {
        EXPECT_EQ(textOf(messages.at(id), "state"), "SUCCEEDED") << renderJson(messages.at(id));
    }
    EXPECT_TRUE(daemon.running()) << "no restart";

    // The GTDT's event comes before the STND's: the queue kept mailbox order.
    std::vector<std::int64_t> flopSources;
    for (const auto& record : site_.delivered("msg")) {
        if (record.sourceId == ids[1] || record.sourceId == ids[2]) {
            EXPECT_EQ(record.flid, kFlid);
            flopSources.push_back(record.sourceId);
        }
    }
    EXPECT_EQ(flopSources, (std::vector<std::int64_t>{ids[1], ids[2]}));

    const auto flights = site_.storedFlights();
    ASSERT_TRUE(flights.contains(kFlid));
    const auto& gates = flights.at(kFlid).lists.at("gates");
    ASSERT_EQ(gates.size(), 1U);
    EXPECT_EQ(gates[0].find("gateCode")->asString(), "118");
    EXPECT_EQ(gates[0].find("plannedStart")->asString(), "2024-06-09T04:25:00Z");
    EXPECT_EQ(flights.at(kFlid).attributes.find("currentStand")->asString(), "214");

    EXPECT_EQ(daemon.terminate(), 0) << daemon.log();
}

INSTANTIATE_TEST_SUITE_P(Triggers, HotAdd,
                         ::testing::Values(Trigger::MsgxctlReload, Trigger::Sighup, Trigger::Watch),
                         [](const ::testing::TestParamInfo<Trigger>& param) {
                             switch (param.param) {
                             case Trigger::MsgxctlReload:
                                 return std::string("MsgxctlPluginsReload");
                             case Trigger::Sighup:
                                 return std::string("Sighup");
                             case Trigger::Watch:
                                 return std::string("PluginsWatch");
                             }
                             return std::string("unknown");
                         });

} // namespace
} // namespace msgx::test
