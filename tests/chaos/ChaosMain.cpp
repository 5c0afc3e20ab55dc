// msgx-chaos: `make chaos` (docs/reliability.md). msgxd twice (a writer and a standby under a clock
// offset) on PostgreSQL + MariaDB + the Kafka mock cluster, a load of real upstream messages
// inserted while faults are injected on a seeded schedule, then the checks of ChaosChecks.h and
// the table of ReliabilityTable.h. Exits 0 only when every check passed.
//
//   msgx-chaos [--seed N] [--messages N] [--flights N] [--kills N] [--rate ROWS_PER_S]
//              [--clock-offset +45s] [--lease-seconds 4] [--work-dir DIR] [--report FILE]
//              [--commit TEXT] [--faults all|none]
#include "ChaosChecks.h"
#include "ChaosLoad.h"
#include "ChaosSite.h"
#include "DaemonPair.h"
#include "E2eSupport.h"
#include "FaultSchedule.h"
#include "MailboxWriter.h"
#include "ReliabilityTable.h"
#include "TopicConsumer.h"
#include "msgx/json/JsonValue.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <thread>
#include <unistd.h>

namespace msgx::chaos {
namespace {

using namespace std::chrono_literals;

struct Options {
    std::uint32_t seed = std::random_device{}();
    int messages = 12000;
    int flights = 300;
    int kills = 24;
    double rate = 36;
    std::string clockOffset = "+45s";
    int leaseSeconds = 4;
    std::filesystem::path workDir = "build/chaos/run";
    std::filesystem::path report = "build/chaos/report.md";
    std::string commit = "unknown";
    std::string command;
    bool faults = true; // --faults none: the load and the checks alone (a smoke run of the runner)
};

Options parse(int argc, char** argv) {
    Options options;
    options.command = "msgx-chaos";
    for (int i = 1; i < argc; ++i) {
        const std::string name = argv[i];
        if (i + 1 >= argc) {
            throw std::invalid_argument(name + " needs a value");
        }
        const std::string value = argv[++i];
        if (name == "--seed") {
            options.seed = static_cast<std::uint32_t>(std::stoul(value));
        } else if (name == "--messages") {
            options.messages = std::stoi(value);
        } else if (name == "--flights") {
            options.flights = std::stoi(value);
        } else if (name == "--kills") {
            options.kills = std::stoi(value);
        } else if (name == "--rate") {
            options.rate = std::stod(value);
        } else if (name == "--clock-offset") {
            options.clockOffset = value;
        } else if (name == "--lease-seconds") {
            options.leaseSeconds = std::stoi(value);
        } else if (name == "--work-dir") {
            options.workDir = value;
        } else if (name == "--report") {
            options.report = value;
        } else if (name == "--commit") {
            options.commit = value;
        } else if (name == "--faults") {
            if (value != "none" && value != "all") {
                throw std::invalid_argument("--faults takes none or all");
            }
            options.faults = value == "all";
        } else {
            throw std::invalid_argument("unknown option " + name);
        }
    }
    return options;
}

std::string timestamp() {
    const std::time_t now = std::time(nullptr);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    return text;
}

void say(const std::string& text) {
    static const auto start = Clock::now();
    const auto s = std::chrono::duration<double>(Clock::now() - start).count();
    std::cout << "[chaos " << static_cast<int>(s) << "s] " << text << std::endl;
}

std::string readFile(const std::filesystem::path& file, std::size_t from = 0) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    return from < all.size() ? all.substr(from) : std::string();
}

int countMatches(const std::string& text, const std::regex& pattern) {
    return static_cast<int>(
        std::distance(std::sregex_iterator(text.begin(), text.end(), pattern), std::sregex_iterator()));
}

// Fills the file system of `dir` until a write fails with ENOSPC; returns the bytes written.
std::size_t fillDisk(const std::filesystem::path& file) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        throw std::runtime_error("cannot create " + file.string() + ": " + std::strerror(errno));
    }
    const std::string block(64 * 1024, 'x');
    std::size_t written = 0;
    for (;;) {
        const ssize_t n = ::write(fd, block.data(), block.size());
        if (n <= 0) {
            break;
        }
        written += static_cast<std::size_t>(n);
    }
    // What is left below a block: the last bytes of the file system.
    for (;;) {
        const ssize_t n = ::write(fd, block.data(), 1);
        if (n <= 0) {
            break;
        }
        ++written;
    }
    ::close(fd);
    return written;
}

// msgxctl status --json of the store: every planned message terminal, back-filled, nothing pending.
bool settled(const ChaosSite& site, std::size_t messages) {
    const auto result = test::runMsgxctl(site.config("writer-a"), {"status", "--json"});
    if (result.exitCode != 0) {
        return false;
    }
    const auto status = json::parseJson(result.out, "status");
    const auto member = [&](std::initializer_list<const char*> path) -> std::int64_t {
        const json::JsonValue* value = &status;
        for (const char* name : path) {
            value = value == nullptr ? nullptr : value->find(name);
        }
        return value == nullptr || value->isNull() ? -1 : value->asInteger();
    };
    return test::messageCount(status) == static_cast<std::int64_t>(messages) && member({"unfinished"}) == 0 &&
           member({"backfillBacklog"}) == 0 && member({"delivery", "msg", "pending"}) == 0 &&
           member({"delivery", "schd", "pending"}) == 0;
}

// One timed step of the run.
struct Step {
    double at;
    std::string what;
    std::function<void()> action;
};

int run(const Options& options) {
    const auto runStart = Clock::now();
    say("seed " + std::to_string(options.seed) + " (--seed " + std::to_string(options.seed) +
        " repeats the schedule)");
    ChaosSite site(SiteSettings{options.workDir, std::to_string(options.leaseSeconds) + "s"});
    say("servers ready; schd target on " + site.diskKind());
    site.services().kafkaCommand("topic " + site.msgTopic() + " 12");

    ChaosLoad load = makeChaosLoad(options.messages, options.flights, 2, options.seed);
    const double loadSeconds = options.messages / options.rate;
    const FaultPlan plan = makeFaultPlan(loadSeconds, options.kills, options.leaseSeconds, options.seed);

    FaultLog faults;
    const std::string kKill = "kill -9 of the writer (restarted at once)";
    const std::string kPause = "writer SIGSTOPped past its lease, standby takes over, SIGCONT";
    const std::string kStore = "PostgreSQL down 30 s (pg_ctl stop -m immediate)";
    const std::string kMailbox = "MariaDB down 30 s (SIGKILL)";
    const std::string kBrokers = "all 3 brokers down 30 s";
    const std::string kRequestErrors = "produce request errors (NOT_ENOUGH_REPLICAS x3, retried)";
    const std::string kRefused = "refused produce request in a batch (INVALID_RECORD)";
    const std::string kLongHold = "mailbox transaction held open several minutes (lower id)";
    const std::string kShortHold = "mailbox transaction held open 10 s";
    const std::string kClock =
        "clock offset " + options.clockOffset + " (standby under faketime; times it became writer)";
    const std::string kDisk = "schd file sink disk full 30 s, then freed";
    for (const auto& name : {kKill, kPause, kStore, kMailbox, kBrokers, kRequestErrors, kRefused, kLongHold,
                             kShortHold, kClock, kDisk}) {
        faults.declare(name);
    }

    TopicConsumer consumer(site.kafkaBootstrap(), site.msgTopic(), site.dir() / "topic-msg.records");
    consumer.start();
    DaemonPair daemons(site, options.clockOffset);
    if (!daemons.startBoth(120s)) {
        std::cerr << "chaos: no daemon became writer within 120 s\n" << readFile(daemons.logFile(0));
        return 2;
    }
    say("writer: " + daemons.name(daemons.writerSlot()));

    MailboxWriter writer(site.mailboxConnect(), load, options.rate);
    const auto t0 = Clock::now();
    const auto at = [&](double seconds) {
        return t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    };
    writer.start();

    std::vector<Step> steps;
    std::map<std::string, Clock::time_point> started;
    const auto begin = [&](const std::string& name) { started[name] = Clock::now(); };
    const auto end = [&](const std::string& name) { faults.injected(name, started[name], Clock::now()); };

    // Held transactions.
    steps.push_back({plan.longHoldAt, "hold a mailbox transaction (long)", [&] {
                         begin(kLongHold);
                         const auto id = writer.hold(load.held[0]);
                         faults.note(kLongHold, "held id " + std::to_string(id) + " for " +
                                                    std::to_string(static_cast<int>(plan.longHold)) + " s");
                     }});
    steps.push_back({plan.longHoldAt + plan.longHold, "commit the long transaction", [&] {
                         writer.commitHeld(load.held[0]);
                         end(kLongHold);
                     }});
    steps.push_back({plan.shortHoldAt, "hold a mailbox transaction (10 s)", [&] {
                         begin(kShortHold);
                         const auto id = writer.hold(load.held[1]);
                         faults.note(kShortHold, "held id " + std::to_string(id) + " for " +
                                                     std::to_string(static_cast<int>(plan.shortHold)) + " s");
                     }});
    steps.push_back({plan.shortHoldAt + plan.shortHold, "commit the 10 s transaction", [&] {
                         writer.commitHeld(load.held[1]);
                         end(kShortHold);
                     }});
    // Server outages.
    steps.push_back({plan.storeOutageAt, "PostgreSQL down", [&] {
                         begin(kStore);
                         site.services().kill("pg");
                     }});
    steps.push_back({plan.storeOutageAt + plan.outage, "PostgreSQL up", [&] {
                         site.services().restart("pg");
                         end(kStore);
                     }});
    steps.push_back({plan.mailboxOutageAt, "MariaDB down", [&] {
                         begin(kMailbox);
                         writer.pause();
                         site.services().kill("mysql");
                     }});
    steps.push_back({plan.mailboxOutageAt + plan.outage, "MariaDB up", [&] {
                         site.services().restart("mysql");
                         const bool up = test::waitUntil(
                             [&] {
                                 try {
                                     auto session = site.mailbox();
                                     return true;
                                 } catch (const std::exception&) {
                                     return false;
                                 }
                             },
                             90s);
                         faults.note(kMailbox,
                                     up ? "restarted" : "did not answer within 90 s of its restart");
                         writer.resume();
                         end(kMailbox);
                     }});
    // Kafka.
    steps.push_back({plan.brokersDownAt, "brokers down", [&] {
                         begin(kBrokers);
                         site.services().kafkaCommand("down all");
                     }});
    steps.push_back({plan.brokersDownAt + plan.outage, "brokers up", [&] {
                         site.services().kafkaCommand("up all");
                         end(kBrokers);
                     }});
    for (const double moment : plan.requestErrorsAt) {
        steps.push_back({moment, "produce request errors", [&] {
                             const auto now = Clock::now();
                             site.services().kafkaCommand("perr 0 19 3"); // NOT_ENOUGH_REPLICAS: retriable
                             site.services().kafkaCommand(
                                 "perr 0 87 1"); // INVALID_RECORD: the request refused
                             faults.injected(kRequestErrors, now, Clock::now() + 3s);
                             faults.injected(kRefused, now, Clock::now() + 3s);
                         }});
    }
    // The schd sink's disk.
    const auto filler = site.schdDisk() / "filler";
    steps.push_back({plan.diskFullAt, "schd disk full", [&] {
                         begin(kDisk);
                         const auto bytes = fillDisk(filler);
                         faults.note(kDisk, "filled with " + std::to_string(bytes / 1024) + " KiB");
                     }});
    steps.push_back({plan.diskFullAt + plan.outage, "schd disk freed", [&] {
                         std::filesystem::remove(filler);
                         end(kDisk);
                     }});
    // The paused writer.
    int pausedSlot = -1;
    std::size_t pausedResumeOffset = 0;
    std::size_t otherLogOffset = 0;
    steps.push_back({plan.pauseAt, "SIGSTOP the writer", [&] {
                         // A take-over may be running (no writer for a moment): waits up to 4 s,
                         // which leaves the pause longer than two lease periods.
                         test::waitUntil([&] { return (pausedSlot = daemons.writerSlot()) >= 0; }, 4s);
                         if (pausedSlot < 0) {
                             faults.note(kPause, "no writer known at the moment; not injected");
                             return;
                         }
                         begin(kPause);
                         otherLogOffset = readFile(daemons.logFile(1 - pausedSlot)).size();
                         daemons.pause(pausedSlot);
                     }});
    steps.push_back({plan.pauseAt + plan.pauseFor, "SIGCONT the paused writer", [&] {
                         if (pausedSlot < 0) {
                             return;
                         }
                         const std::string other = readFile(daemons.logFile(1 - pausedSlot), otherLogOffset);
                         const bool tookOver = other.find("writer lease acquired") != std::string::npos;
                         faults.note(kPause,
                                     daemons.name(1 - pausedSlot) +
                                         (tookOver ? " took over while " : " did NOT take over while ") +
                                         daemons.name(pausedSlot) + " was stopped " +
                                         std::to_string(static_cast<int>(plan.pauseFor)) + " s");
                         pausedResumeOffset = readFile(daemons.logFile(pausedSlot)).size();
                         daemons.resume(pausedSlot);
                         end(kPause);
                     }});
    // kill -9 of whoever is the writer; a moment without a known writer moves on by a second.
    int killsLate = 0;
    for (const double moment : plan.killsAt) {
        steps.push_back({moment, "kill -9 the writer", [] {}});
    }
    std::sort(steps.begin(), steps.end(), [](const Step& a, const Step& b) { return a.at < b.at; });
    if (!options.faults) {
        // The held rows are still inserted (they are part of the plan), each committed at once.
        steps = {{2, "insert the held rows", [&] {
                      for (const auto row : load.held) {
                          writer.hold(row);
                          writer.commitHeld(row);
                      }
                  }}};
    }

    std::size_t next = 0;
    int killsDone = 0;
    while (next < steps.size() || !writer.finished()) {
        if (!writer.error().empty()) {
            std::cerr << "chaos: " << writer.error() << "\n";
            return 2;
        }
        if (next < steps.size() && Clock::now() >= at(steps[next].at)) {
            auto& step = steps[next];
            if (step.what == "kill -9 the writer") {
                const int slot = daemons.writerSlot();
                if (slot < 0) {
                    step.at += 1; // retried a second later (the store may be down, a take-over running)
                    ++killsLate;
                    std::stable_sort(steps.begin() + static_cast<std::ptrdiff_t>(next), steps.end(),
                                     [](const Step& a, const Step& b) { return a.at < b.at; });
                    continue;
                }
                const auto now = Clock::now();
                daemons.killAndRestart(slot);
                faults.injected(kKill, now, now);
                ++killsDone;
                say("kill -9 " + daemons.name(slot) + " (" + std::to_string(killsDone) + ")");
            } else {
                say(step.what);
                step.action();
            }
            ++next;
            continue;
        }
        daemons.supervise();
        if (!consumer.running()) {
            say("the topic consumer (kcat) ended; starting it again from the beginning");
            consumer.start();
        }
        std::this_thread::sleep_for(100ms);
    }
    writer.join();
    say("load inserted (" + std::to_string(writer.inserted()) + " stream rows + " +
        std::to_string(load.held.size()) +
        " held); waiting until everything is processed, back-filled and sent");
    const bool done = test::waitUntil(
        [&] {
            daemons.supervise();
            return settled(site, load.rows.size());
        },
        300s);
    if (!done) {
        say("NOT settled within 300 s (the checks below say what is missing)");
    }
    // The consumer has read every SENT msg event (or gives up after 60 s: the check reports it).
    std::set<std::int64_t> sent;
    {
        auto store = site.store();
        std::vector<Poco::Int64> ids;
        // SENT, or delivered below the mark and not settled yet (docs/delivery.md "The delivered mark").
        store << "SELECT EVENT_ID FROM MSG_EVENT WHERE TARGET = 'msg' AND (STATE = 'SENT' OR (STATE = "
                 "'PENDING' "
                 "AND EVENT_ID <= COALESCE((SELECT WATERMARK FROM INBOX_CURSOR WHERE CURSOR_NAME = "
                 "'delivery-sent:msg'), 0)))",
            Poco::Data::Keywords::into(ids), Poco::Data::Keywords::now;
        sent.insert(ids.begin(), ids.end());
    }
    test::waitUntil(
        [&] {
            std::set<std::int64_t> read;
            for (const auto& record : consumer.records()) {
                if (record.eventId) {
                    read.insert(*record.eventId);
                }
            }
            return std::includes(read.begin(), read.end(), sent.begin(), sent.end());
        },
        60s);
    consumer.stop();
    const bool cleanStop = daemons.stopBoth();
    const auto runEnd = Clock::now();

    // What the logs show.
    RunFacts facts;
    const std::string logB = readFile(daemons.logFile(1));
    const std::string logA = readFile(daemons.logFile(0));
    const std::regex acquired("writer lease acquired");
    const int bWriter = countMatches(logB, acquired);
    for (int i = 0; i < bWriter; ++i) {
        faults.injected(kClock, runStart, runEnd);
    }
    faults.note(kClock, daemons.name(1) + " (FAKETIME=" + options.clockOffset + ") became writer " +
                            std::to_string(bWriter) + " times, " + daemons.name(0) + " " +
                            std::to_string(countMatches(logA, acquired)) + " times");
    const std::regex refusedLine("delivery msg: [0-9]+ refused \\(attempt");
    faults.note(kRefused,
                "the dispatcher logged " +
                    std::to_string(countMatches(logA, refusedLine) + countMatches(logB, refusedLine)) +
                    " refused records (one attempt each, then sent again)");
    const std::regex enospc("No space left on device");
    faults.note(kDisk, "the sink reported \"No space left on device\" " +
                           std::to_string(countMatches(logA, enospc) + countMatches(logB, enospc)) +
                           " times");
    if (pausedSlot >= 0) {
        std::string after = readFile(daemons.logFile(pausedSlot), pausedResumeOffset);
        const auto again = after.find("writer lease acquired");
        const std::string beforeAgain = after.substr(0, again);
        const int fenced = countMatches(beforeAgain, std::regex("fenc", std::regex::icase));
        const int processed = countMatches(beforeAgain, std::regex("message [0-9]+ [A-Z(]"));
        faults.note(kPause, "after SIGCONT, until it next became writer, " + daemons.name(pausedSlot) +
                                " logged " + std::to_string(fenced) +
                                " fenced (refused) transaction lines and " + std::to_string(processed) +
                                " processed-message lines");
        facts.observations.push_back(std::string("no write from a fenced writer: ") +
                                     (processed == 0
                                          ? "the resumed writer processed nothing"
                                          : "the resumed writer logged processed messages (see above)"));
    }
    facts.observations.push_back("kill moments moved by a second because no writer was known: " +
                                 std::to_string(killsLate));
    facts.observations.push_back("daemon exits nobody asked for (restarted by the supervisor): " +
                                 std::to_string(daemons.unexpectedExits()));
    facts.observations.push_back(std::string("clean SIGTERM stop of both daemons at the end: ") +
                                 (cleanStop ? "yes" : "NO"));
    const std::regex late("late|swept", std::regex::icase);
    facts.observations.push_back("log lines about late rows / the sweep: " +
                                 std::to_string(countMatches(logA, late) + countMatches(logB, late)));

    say("checking");
    const auto checks = checkRun(site, load, consumer.records());
    facts.date = timestamp();
    facts.commit = options.commit;
    facts.command = "make chaos CHAOS_ARGS='--seed " + std::to_string(options.seed) + "'";
    facts.seed = options.seed;
    facts.seconds = std::chrono::duration<double>(runEnd - runStart).count();
    facts.messages = load.rows.size();
    facts.observations.push_back("topic: " + std::to_string(checks.topicRecords) + " records for " +
                                 std::to_string(checks.msgEvents) + " msg events (" +
                                 std::to_string(checks.resentCopies) + " re-sent copies, same event id)");
    if (!done) {
        facts.observations.push_back("the run did NOT settle within 300 s after the load");
    }
    const std::string report = renderReport(facts, faults, load, checks);
    std::cout << "\n" << report << std::flush;
    std::filesystem::create_directories(std::filesystem::absolute(options.report).parent_path());
    std::ofstream(options.report) << report;
    say("report written to " + options.report.string() + "; daemon logs in " + site.dir().string());
    return checks.passed() && done && cleanStop ? 0 : 1;
}

} // namespace
} // namespace msgx::chaos

int main(int argc, char** argv) {
    try {
        return msgx::chaos::run(msgx::chaos::parse(argc, argv));
    } catch (const std::exception& e) {
        std::cerr << "msgx-chaos: " << e.what() << "\n";
        return 2;
    }
}
