// msgx-pipeline-bench: the whole pipeline's speed on PostgreSQL (own store) + MariaDB (mailbox),
// the real msgxd with the shipped handlers and typical FLOP messages (FLOP-STND on flights created
// by SCHD-ADFT), beside the raw PostgreSQL single-row INSERT+COMMIT rate measured in the same run.
//
//  1. raw: single-row INSERT + COMMIT transactions on one PostgreSQL session;
//  2. throughput: --count FLOP messages written into CMINMSGS first, then msgxd drains them;
//     messages/s = count / (last PROCESSED_AT - first PROCESSED_AT);
//  3. latency: msgxd idle and polling, messages inserted one per commit at --rate per second;
//     latency = PROCESSED_AT (SUCCEEDED) - the insert's commit time (same host clock); p50/p99.
//
// Needs the MSGX_TEST_PG and MSGX_TEST_MAILBOX settings of tests/services (bench/run-pipeline-bench.sh
// starts private servers). Destructive: it empties the public schema of that PostgreSQL database and
// the mailbox tables. Prints a table; timings are figures, never assertions.
#include "MailboxBulkInsert.h"
#include "msgx/storage/PocoConnectors.h"

#include <CLI/CLI.hpp>
#include <Poco/Data/Session.h>
#include <Poco/Data/Statement.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <signal.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace Poco::Data::Keywords;
using namespace std::chrono_literals;
using msgx::test::insertMailboxDocuments;
using SteadyClock = std::chrono::steady_clock;

std::string requireEnv(const char* name) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') {
        std::cerr << "msgx-pipeline-bench: " << name
                  << " is not set (run it through bench/run-pipeline-bench.sh)\n";
        std::exit(2);
    }
    return value;
}

std::int64_t nowMicros() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

double rawCommitRate(const std::string& pg, int count) {
    Poco::Data::Session session("PostgreSQL", pg);
    session << "DROP TABLE IF EXISTS BENCH_RAW", now;
    session << "CREATE TABLE BENCH_RAW (ID BIGINT NOT NULL PRIMARY KEY, PAYLOAD VARCHAR(1000) NOT NULL)", now;
    const std::string payload(600, 'r');
    const auto start = SteadyClock::now();
    for (Poco::Int64 id = 1; id <= count; ++id) {
        session.begin();
        session << "INSERT INTO BENCH_RAW (ID, PAYLOAD) VALUES ($1, $2)", use(id), bind(payload), now;
        session.commit();
    }
    const double seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
    session << "DROP TABLE BENCH_RAW", now;
    return count / seconds;
}

std::string envelope(std::int64_t seqn, const std::string& type, const std::string& styp,
                     const std::string& body) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><MSG><META><SNDR>AODB</SNDR><SEQN>" +
           std::to_string(seqn) + "</SEQN><DTTM>20240612094000</DTTM><TYPE>" + type + "</TYPE><STYP>" + styp +
           "</STYP></META>" + body + "</MSG>";
}

// One SCHD-ADFT record creating flight `flid`.
std::string schedule(std::int64_t seqn, std::int64_t flid) {
    return envelope(
        seqn, "SCHD", "ADFT",
        "<SCHD><RECS>1</RECS><FLTR><FLID>" + std::to_string(flid) + "</FLID><ALCD>3U</ALCD><FLNO>3U" +
            std::to_string(8000 + flid % 1000) +
            "</FLNO><MVIN>D</MVIN><SODT>07MAR241000</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT>"
            "<TRML>T1</TRML><STND>101</STND></FLTR></SCHD>");
}

// A FLOP-STND moving flight `flid` to `stand`.
std::string standUpdate(std::int64_t seqn, std::int64_t flid, int stand) {
    return envelope(seqn, "FLOP", "STND",
                    "<FLOP><FLID>" + std::to_string(flid) + "</FLID><STND>" + std::to_string(stand) +
                        "</STND></FLOP>");
}

std::int64_t insertOne(Poco::Data::Session& mailbox, const std::string& document) {
    mailbox << "INSERT INTO CMINMSGS (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES (?, "
               "NOW(), "
               "'VALID')",
        useRef(document), now;
    Poco::Int64 id = 0;
    mailbox << "SELECT LAST_INSERT_ID()", into(id), now;
    return id;
}

std::int64_t countSucceeded(Poco::Data::Session& store) {
    Poco::Int64 n = 0;
    try {
        store << "SELECT COUNT(*) FROM PROC_STATE WHERE STATE = 'SUCCEEDED'", into(n), now;
    } catch (const Poco::Exception&) {
        return 0; // not migrated yet
    }
    return n;
}

bool waitForSucceeded(Poco::Data::Session& store, std::int64_t count, std::chrono::seconds timeout) {
    const auto deadline = SteadyClock::now() + timeout;
    while (countSucceeded(store) < count) {
        if (SteadyClock::now() > deadline) {
            return false;
        }
        std::this_thread::sleep_for(250ms); // rarely: the count competes with msgxd for the store
    }
    return true;
}

pid_t startDaemon(const std::string& msgxd, const std::filesystem::path& config,
                  const std::filesystem::path& log) {
    const pid_t child = ::fork();
    if (child == 0) {
        std::freopen(log.c_str(), "a", stderr);
        ::execl(msgxd.c_str(), msgxd.c_str(), "--config", config.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    return child;
}

double percentile(std::vector<double> values, double p) {
    std::sort(values.begin(), values.end());
    const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1));
    return values[index];
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"msgx-pipeline-bench - messages/s and latency of the whole pipeline beside raw PG commits"};
    std::string msgxd;
    std::string handlers;
    int count = 5000;
    int flights = 200;
    int rate = 200;
    int latencySeconds = 10;
    int perTransaction = 50;
    std::string pollInterval = "50ms";
    app.add_option("--msgxd", msgxd, "the msgxd binary")->required();
    app.add_option("--handlers", handlers, "the handler plugins folder")->required();
    app.add_option("--count", count, "FLOP messages for the throughput phase")->capture_default_str();
    app.add_option("--flights", flights, "flights created first (SCHD-ADFT)")->capture_default_str();
    app.add_option("--rate", rate, "messages per second in the latency phase")->capture_default_str();
    app.add_option("--latency-seconds", latencySeconds, "length of the latency phase")->capture_default_str();
    app.add_option("--messages-per-transaction", perTransaction, "pipeline.messages-per-transaction")
        ->capture_default_str();
    app.add_option("--poll-interval", pollInterval, "pipeline.poll-interval")->capture_default_str();
    CLI11_PARSE(app, argc, argv);

    msgx::storage::registerPocoConnectors();
    const std::string pg = requireEnv("MSGX_TEST_PG");
    const std::string mailboxConnect = requireEnv("MSGX_TEST_MAILBOX");
    const auto dir =
        std::filesystem::temp_directory_path() / ("msgx-pipeline-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);

    Poco::Data::Session store("PostgreSQL", pg);
    store << "DROP SCHEMA public CASCADE", now;
    store << "CREATE SCHEMA public", now;
    Poco::Data::Session mailbox("MySQL", mailboxConnect);
    mailbox << "TRUNCATE TABLE CMINMSGS", now;

    const double raw = rawCommitRate(pg, 3000);
    std::fprintf(stderr, "raw PostgreSQL INSERT+COMMIT: %.0f/s\n", raw);

    const auto config = dir / "msgx.yaml";
    std::ofstream(config) << "profile: embedded\n"
                          << "store: {backend: postgresql, connect: \"" << pg
                          << "\", migrate-on-start: true}\n"
                          << "mailbox: {backend: mysql, connect: \"" << mailboxConnect << "\"}\n"
                          << "plugins: {dir: " << handlers << "}\n"
                          << "delivery:\n  targets:\n    msg: {type: file, path: "
                          << (dir / "msg.jsonl").string()
                          << "}\n    schd: {type: file, path: " << (dir / "schd.jsonl").string() << "}\n"
                          << "control: {socket: " << (dir / "msgxd.sock").string() << "}\n"
                          << "pipeline: {poll-interval: " << pollInterval
                          << ", messages-per-transaction: " << perTransaction << ", batch-size: 1000}\n"
                          << "log: {level: warn}\n";

    // Throughput: flights first, then the FLOP burst, all in the mailbox before msgxd starts.
    std::int64_t seqn = 1;
    std::vector<std::string> setup;
    for (int f = 1; f <= flights; ++f) {
        setup.push_back(schedule(seqn++, 9000000 + f));
    }
    std::vector<std::string> burst;
    for (int i = 0; i < count; ++i) {
        burst.push_back(standUpdate(seqn++, 9000000 + 1 + i % flights, 100 + (i / flights) % 50));
    }
    insertMailboxDocuments(mailbox, setup);
    insertMailboxDocuments(mailbox, burst);
    const pid_t daemon = startDaemon(msgxd, config, dir / "msgxd.log");
    const std::int64_t total = flights + count;
    if (!waitForSucceeded(store, total, 600s)) {
        std::cerr << "msgx-pipeline-bench: not all " << total << " messages SUCCEEDED; see "
                  << (dir / "msgxd.log") << '\n';
        ::kill(daemon, SIGTERM);
        ::waitpid(daemon, nullptr, 0);
        return 1;
    }
    Poco::Int64 first = 0;
    Poco::Int64 last = 0;
    Poco::Int64 firstBurstId = flights + 1;
    store << "SELECT MIN(PROCESSED_AT), MAX(PROCESSED_AT) FROM PROC_STATE WHERE CMINMSGS_ID >= $1",
        use(firstBurstId), into(first), into(last), now;
    const double throughput = count / (static_cast<double>(last - first) / 1e6);
    std::fprintf(stderr, "pipeline throughput: %.0f messages/s\n", throughput);

    // Latency: the daemon is idle; one message per commit at `rate` per second.
    std::vector<std::pair<std::int64_t, std::int64_t>> sent; // id, commit time (us)
    const int latencyCount = rate * latencySeconds;
    const auto period = std::chrono::microseconds(1000000 / rate);
    auto next = SteadyClock::now();
    for (int i = 0; i < latencyCount; ++i) {
        std::this_thread::sleep_until(next);
        next += period;
        const auto id = insertOne(mailbox, standUpdate(seqn++, 9000000 + 1 + i % flights, 200 + i % 50));
        sent.emplace_back(id, nowMicros());
    }
    const bool drained = waitForSucceeded(store, total + latencyCount, 120s);
    std::vector<double> latencies;
    std::vector<double> discovery;  // mailbox commit -> queued in PROC_STATE (poller)
    std::vector<double> processing; // queued -> SUCCEEDED committed (pump)
    for (const auto& [id, committedAt] : sent) {
        Poco::Int64 processedAt = 0;
        Poco::Int64 enqueuedAt = 0;
        Poco::Int64 key = id;
        store << "SELECT PROCESSED_AT, ENQUEUED_AT FROM PROC_STATE WHERE CMINMSGS_ID = $1", use(key),
            into(processedAt), into(enqueuedAt), now;
        latencies.push_back(static_cast<double>(processedAt - committedAt) / 1000.0);
        discovery.push_back(static_cast<double>(enqueuedAt - committedAt) / 1000.0);
        processing.push_back(static_cast<double>(processedAt - enqueuedAt) / 1000.0);
    }
    ::kill(daemon, SIGTERM);
    ::waitpid(daemon, nullptr, 0);
    if (!drained) {
        std::cerr << "msgx-pipeline-bench: latency phase did not drain; see " << (dir / "msgxd.log") << '\n';
        return 1;
    }

    std::printf("%-44s %12s\n", "measure (PostgreSQL store, MariaDB mailbox)", "value");
    std::printf("%-44s %12.0f\n", "raw INSERT+COMMIT per second", raw);
    std::printf("%-44s %12.0f\n", "pipeline FLOP messages per second", throughput);
    std::printf("%-44s %12.2f\n", "ratio pipeline / raw (target >= 1.5)", throughput / raw);
    std::printf("%-44s %12.1f\n", "latency p50 ms at the paced rate", percentile(latencies, 0.50));
    std::printf("%-44s %12.1f\n", "latency p99 ms at the paced rate (<= 100)", percentile(latencies, 0.99));
    std::printf("%-44s %12.1f\n", "  of which discovery (poller) p50 ms", percentile(discovery, 0.50));
    std::printf("%-44s %12.1f\n", "  of which discovery (poller) p99 ms", percentile(discovery, 0.99));
    std::printf("%-44s %12.1f\n", "  of which processing (pump) p50 ms", percentile(processing, 0.50));
    std::printf("%-44s %12.1f\n", "  of which processing (pump) p99 ms", percentile(processing, 0.99));
    std::printf("(%d messages, %d per transaction, poll %s; latency %d messages at %d/s)\n", count,
                perTransaction, pollInterval.c_str(), latencyCount, rate);
    std::filesystem::remove_all(dir);
    return 0;
}
