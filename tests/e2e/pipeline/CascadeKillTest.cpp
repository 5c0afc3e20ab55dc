// kill -9 during cascades (issue 13): msgxd on the embedded profile deletes 250 masters, each with
// two shared flights and a turnaround partner (FLOP-FDEL), and is killed twice while it does. After
// the last start has settled, every cascade is whole — master and both shared flights deleted, the
// partner unlinked — and its four msg events exist once each (a line the file sink wrote again after
// a crash carries the same event id, docs/delivery.md).
#include "DaemonProcess.h"
#include "EmbeddedSite.h"

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using json::JsonValue;

constexpr int kGroups = 1000; // enough deletions that a kill lands while they run (a faster pump finished 250
                              // between two status polls)

// Group g: master 82000000 + 10g + 1 (D), shared + 2 and + 3, partner + 4 (A, linked to the master).
std::int64_t flidOf(int group, int member) {
    return 82000000 + group * 10 + member;
}

std::string head(std::int64_t seqn, const std::string& type, const std::string& styp) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>" +
           std::to_string(seqn) + "</SEQN><DTTM>20240612080000</DTTM><TYPE>" + type + "</TYPE><STYP>" + styp +
           "</STYP></META>";
}

std::string record(std::int64_t flid, const std::string& number, char movement, const std::string& links) {
    return "<FLTR><FLID>" + std::to_string(flid) + "</FLID><ALCD>" + number.substr(0, 2) + "</ALCD><FLNO>" +
           number + "</FLNO><MVIN>" + movement +
           "</MVIN><SODT>12JUN241430</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>321</ACFT>"
           "<GTDT GTNO=\"1\"><GATE>118</GATE><GTYP>D</GTYP></GTDT>" +
           links + "</FLTR>";
}

std::string scheduleOf(int group) {
    const std::string master = std::to_string(flidOf(group, 1));
    const std::string masterNumber = "MU" + std::to_string(5000 + group);
    const std::string shared = "<CSOP>MU</CSOP><CSFT>" + masterNumber + "</CSFT><MAID>" + master + "</MAID>";
    return head(820000 + group, "SCHD", "ADFT") + "<SCHD>" + record(flidOf(group, 1), masterNumber, 'D', "") +
           record(flidOf(group, 2), "CA" + std::to_string(3000 + group), 'D', shared) +
           record(flidOf(group, 3), "FM" + std::to_string(9000 + group), 'D', shared) +
           record(flidOf(group, 4), "MU" + std::to_string(6000 + group), 'A',
                  "<TAOP>MU</TAOP><TAFL>" + masterNumber + "</TAFL><TAID>" + master + "</TAID>") +
           "</SCHD></MSG>\n";
}

std::string deletionOf(int group) {
    return head(821000 + group, "FLOP", "FDEL") + "<FLOP><FLID>" + std::to_string(flidOf(group, 1)) +
           "</FLID><FDEL/></FLOP></MSG>\n";
}

std::int64_t succeeded(const JsonValue& status) {
    const JsonValue* messages = status.isNull() ? nullptr : status.find("messages");
    const JsonValue* count = messages != nullptr ? messages->find("SUCCEEDED") : nullptr;
    return count != nullptr && !count->isNull() ? count->asInteger() : 0;
}

TEST(CascadeKill, EveryCascadeIsWholeAndItsEventsExistOnceAfterKillNineDuringTheDeletions) {
    // Small batches: a commit holds a few cascades, so a kill lands between and inside many of them.
    EmbeddedSite site{{{}, [](std::string config) {
                           const std::string from = "  batch-size: 500\n";
                           const auto at = config.find(from);
                           EXPECT_NE(at, std::string::npos);
                           return at == std::string::npos
                                      ? config
                                      : config.replace(at, from.size(), "  batch-size: 4\n");
                       }}};
    std::vector<std::string> documents;
    for (int g = 0; g < kGroups; ++g) {
        documents.push_back(scheduleOf(g));
    }
    for (int g = 0; g < kGroups; ++g) {
        documents.push_back(deletionOf(g));
    }
    const auto ids = site.inject(documents);
    ASSERT_EQ(ids.size(), documents.size());

    // Two kills while the deletions run, then a last start that settles.
    int kills = 0;
    // Starts msgxd and waits until its store is migrated and it writes (status needs the tables).
    const auto started = [&site](DaemonProcess& daemon) {
        std::error_code none;
        const auto logged = std::filesystem::file_size(site.logFile(), none);
        daemon.start();
        return daemon.waitForLog("writer lease acquired", 30s,
                                 none ? 0 : static_cast<std::int64_t>(logged)) >= 0;
    };
    for (const std::int64_t killAfter : {kGroups + 30, kGroups + 130}) {
        DaemonProcess daemon(kMsgxdBin, site.config(), site.logFile(), site.environment());
        ASSERT_TRUE(started(daemon)) << daemon.log();
        ASSERT_TRUE(waitUntil([&] { return succeeded(site.status()) >= killAfter; }, 60s)) << daemon.log();
        if (const auto done = succeeded(site.status()); done < static_cast<std::int64_t>(documents.size())) {
            daemon.kill9();
            ++kills;
            std::cout << "kill -9 after " << done << " of " << documents.size() << " messages succeeded\n";
        } else {
            daemon.terminate();
        }
    }
    DaemonProcess daemon(kMsgxdBin, site.config(), site.logFile(), site.environment());
    ASSERT_TRUE(started(daemon)) << daemon.log();
    ASSERT_TRUE(waitUntil([&] { return site.settled(static_cast<std::int64_t>(documents.size())); }, 90s))
        << renderJson(site.status()) << daemon.log();
    EXPECT_GE(kills, 1) << "the run ended before a kill: it proves nothing";
    EXPECT_EQ(succeeded(site.status()), static_cast<std::int64_t>(documents.size()))
        << renderJson(site.status());

    const auto flights = site.storedFlights();
    std::map<std::pair<std::int64_t, std::int64_t>, std::set<std::string>> eventsOf; // (source, flid)
    std::map<std::pair<std::int64_t, std::int64_t>, int> eventIdsOf;
    for (const auto& delivered : site.delivered("msg")) {
        eventsOf[{delivered.sourceId, delivered.flid}].insert(delivered.type);
        ++eventIdsOf[{delivered.sourceId, delivered.flid}];
    }
    int whole = 0;
    for (int g = 0; g < kGroups; ++g) {
        const std::int64_t source = ids[static_cast<std::size_t>(kGroups + g)];
        const bool deleted = !flights.contains(flidOf(g, 1)) && !flights.contains(flidOf(g, 2)) &&
                             !flights.contains(flidOf(g, 3));
        const auto partner = flights.find(flidOf(g, 4));
        const bool unlinked =
            partner != flights.end() && partner->second.attributes.find("linkedFlid") == nullptr;
        bool eventsOnce = true;
        for (int member = 1; member <= 4; ++member) {
            const auto key = std::pair{source, flidOf(g, member)};
            const std::set<std::string> expected{member == 4 ? "flight-update" : "flight-delete"};
            eventsOnce = eventsOnce && eventsOf[key] == expected && eventIdsOf[key] == 1;
        }
        EXPECT_TRUE(deleted && unlinked && eventsOnce)
            << "group " << g << ": deleted " << deleted << ", partner unlinked " << unlinked
            << ", events once " << eventsOnce;
        whole += deleted && unlinked && eventsOnce ? 1 : 0;
    }
    EXPECT_EQ(whole, kGroups);
    EXPECT_EQ(daemon.terminate(), 0) << daemon.log();
}

} // namespace
} // namespace msgx::test
