// msgx-store-bench: how fast the own store takes processing commits, next to the raw rate of the
// same database in the same run (issue 3; results in docs/performance.md).
//
//   msgx-store-bench [--pg CONNECT] [--sqlite-dir DIR] [--count N] [--rounds R] [--batch B]
//
// For each database: the raw rate is single-row INSERT + COMMIT transactions through one plain
// Poco session (BEGIN, INSERT, COMMIT: the least a durable write costs); the pipeline rate is
// ProcessingQueue::commit() of a typical FLOP decision: one flight update (version-checked), one
// `msg` event, the terminal state SUCCEEDED with its back-fill intent, all in one transaction.
// The batched rate is ProcessingQueue::commitAll() of the same decisions, --batch of them (default
// 50, pipeline.messages-per-transaction) per transaction, each with its identity key and processing
// start as the batching pump writes them; it is counted in messages per second.
// The ratios to raw are the figures that matter: absolute rates depend on the machine and on
// the server's durability settings. Rounds alternate raw and pipeline to even out drift; the
// median round is reported. --pg defaults to $MSGX_TEST_PG; a missing PostgreSQL is skipped with
// a note, SQLite always runs (in a temporary directory unless --sqlite-dir is given).
#include "msgx/clock/SystemClock.h"
#include "msgx/storage/OwnStore.h"
#include "msgx/storage/PocoConnectors.h"
#include "session/SessionOpener.h"
#include "session/TransactionControl.h"

#include <CLI/CLI.hpp>
#include <Poco/Data/Session.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

using namespace Poco::Data::Keywords;
using msgx::storage::DatabaseSettings;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kPayloadBytes = 600; // a typical FLOP event payload / flight document

double perSecond(int count, Clock::duration elapsed) {
    return count / std::chrono::duration<double>(elapsed).count();
}

// One plain Poco session from the same opener the store uses (same connection string, same set-up).
class RawInserts {
public:
    explicit RawInserts(const DatabaseSettings& settings)
        : opener_(settings), control_(settings.backend), session_(opener_.open()),
          placeholder_(settings.backend == msgx::storage::DatabaseBackend::PostgreSql ? "$1, $2" : "?, ?") {
        control_.begin(session_);
        session_ << "CREATE TABLE BENCH_RAW (ID BIGINT NOT NULL PRIMARY KEY, PAYLOAD VARCHAR(1000) NOT NULL)",
            now;
        control_.commit(session_);
    }

    double run(int count) {
        std::string payload(kPayloadBytes, 'r');
        const auto start = Clock::now();
        for (int i = 0; i < count; ++i) {
            Poco::Int64 id = next_++;
            control_.begin(session_);
            session_ << "INSERT INTO BENCH_RAW (ID, PAYLOAD) VALUES (" + placeholder_ + ")", use(id),
                use(payload), now;
            control_.commit(session_);
        }
        return perSecond(count, Clock::now() - start);
    }

private:
    msgx::storage::SessionOpener opener_;
    msgx::storage::TransactionControl control_;
    Poco::Data::Session session_;
    std::string placeholder_;
    Poco::Int64 next_ = 1;
};

// Processing commits of FLOP-like decisions on one flight, each for its own queued message.
class PipelineCommits {
public:
    PipelineCommits(const DatabaseSettings& settings, const std::filesystem::path& migrations)
        : store_(msgx::storage::OwnStore::open(settings, clock_)) {
        store_->migrate(migrations);
        commitOne(0, std::nullopt); // creates the flight (version 1)
    }

    double run(int count) {
        enqueue(count);
        const auto start = Clock::now();
        for (int i = 0; i < count; ++i) {
            commitOne(nextId_++, version_++);
        }
        return perSecond(count, Clock::now() - start);
    }

    // Messages per second when `perTransaction` commits go in one commitAll().
    double runBatched(int count, int perTransaction) {
        enqueue(count);
        const auto start = Clock::now();
        for (int done = 0; done < count;) {
            std::vector<msgx::storage::ProcessingCommit> batch;
            for (; done < count && static_cast<int>(batch.size()) < perTransaction; ++done) {
                const auto id = nextId_++;
                batch.push_back(decision(id, version_++));
                batch.back().identityKey = "AODB|FLOP|ABTM|" + std::to_string(id);
                batch.back().processingStartedAt = clock_.now();
            }
            const auto result = store_->processing().commitAll(batch);
            if (!result.applied) {
                throw std::runtime_error("benchmark batch was refused: " + result.conflict);
            }
        }
        return perSecond(count, Clock::now() - start);
    }

private:
    // Queuing is the poller's work, not part of the measured commit.
    void enqueue(int count) {
        std::vector<msgx::storage::NewMessage> messages;
        for (int i = 0; i < count; ++i) {
            messages.push_back(
                {nextId_ + i, std::string(kPayloadBytes, 'x'), clock_.now(), "VALID", std::nullopt});
        }
        store_->processing().enqueue(messages, std::nullopt);
    }

    void commitOne(msgx::storage::MailboxId id, std::optional<std::int64_t> expectedVersion) {
        if (id == 0) {
            store_->processing().enqueue({{0, "<MSG/>", std::nullopt, "VALID", std::nullopt}}, std::nullopt);
        }
        if (!store_->processing().commit(decision(id, expectedVersion)).applied) {
            throw std::runtime_error("benchmark commit of " + std::to_string(id) + " was refused");
        }
    }

    // A FLOP-like decision: the next version of flight 4242 and one `msg` event.
    static msgx::storage::ProcessingCommit decision(msgx::storage::MailboxId id,
                                                    std::optional<std::int64_t> expectedVersion) {
        msgx::storage::ProcessingCommit commit;
        commit.mailboxId = id;
        commit.expected = {msgx::storage::ProcessingState::Pending, 0};
        msgx::storage::FlightWrite flight;
        flight.flid = 4242;
        flight.expectedVersion = expectedVersion;
        flight.keys.alcd = "3U";
        flight.keys.flno = "3U8881";
        flight.keys.mvin = "D";
        flight.attributesJson = "{\"standCode\":\"" + std::to_string(id % 300) + "\",\"pad\":\"" +
                                std::string(kPayloadBytes, 'f') + "\"}";
        commit.flights = {flight};
        commit.events = {
            {"msg", 4242, "{\"flid\":4242,\"pad\":\"" + std::string(kPayloadBytes, 'e') + "\"}"}};
        commit.outcome.state = msgx::storage::ProcessingState::Succeeded;
        commit.outcome.backfillStatus = "PROCESSED";
        return commit;
    }

    msgx::SystemClock clock_;
    std::unique_ptr<msgx::storage::OwnStore> store_;
    msgx::storage::MailboxId nextId_ = 1;
    std::int64_t version_ = 1;
};

struct Result {
    std::string database;
    double raw = 0;
    double pipeline = 0;
    double batched = 0;
};

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

Result measure(const std::string& name, const DatabaseSettings& settings,
               const std::filesystem::path& migrations, int count, int rounds, int batch) {
    RawInserts raw(settings);
    PipelineCommits pipeline(settings, migrations);
    raw.run(count / 10); // warm-up: connections, caches, WAL files
    pipeline.run(count / 10);
    pipeline.runBatched(count / 10, batch);
    std::vector<double> rawRates;
    std::vector<double> pipelineRates;
    std::vector<double> batchedRates;
    for (int round = 0; round < rounds; ++round) {
        rawRates.push_back(raw.run(count));
        pipelineRates.push_back(pipeline.run(count));
        batchedRates.push_back(pipeline.runBatched(count, batch));
        std::fprintf(stderr, "%s round %d: raw %.0f/s, pipeline %.0f/s, commitAll x%d %.0f messages/s\n",
                     name.c_str(), round + 1, rawRates.back(), pipelineRates.back(), batch,
                     batchedRates.back());
    }
    return {name, median(rawRates), median(pipelineRates), median(batchedRates)};
}

// A fresh PostgreSQL schema for the run, dropped afterwards.
class BenchSchema {
public:
    explicit BenchSchema(const std::string& connect)
        : connect_(connect), name_("msgx_bench_" + std::to_string(::getpid())) {
        Poco::Data::Session session("PostgreSQL", connect_);
        session << "CREATE SCHEMA " + name_, now;
    }
    ~BenchSchema() {
        try {
            Poco::Data::Session session("PostgreSQL", connect_);
            session << "SET client_min_messages TO WARNING", now;
            session << "DROP SCHEMA " + name_ + " CASCADE", now;
        } catch (const std::exception& e) {
            std::cerr << "msgx-store-bench: dropping schema " << name_ << " failed: " << e.what() << '\n';
        }
    }
    [[nodiscard]] const std::string& name() const { return name_; }

private:
    std::string connect_;
    std::string name_;
};

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"msgx-store-bench - processing commits per second beside raw INSERT+COMMIT"};
    std::string pg = std::getenv("MSGX_TEST_PG") != nullptr ? std::getenv("MSGX_TEST_PG") : "";
    std::string sqliteDir;
    std::string migrations = MSGX_SOURCE_MIGRATIONS_DIR;
    int count = 2000;
    int rounds = 3;
    int batch = 50;
    app.add_option("--pg", pg, "PostgreSQL connection string (default: $MSGX_TEST_PG)");
    app.add_option("--sqlite-dir", sqliteDir, "directory for the SQLite database (default: a temporary one)");
    app.add_option("--count", count, "transactions per round")->capture_default_str();
    app.add_option("--rounds", rounds, "rounds per database (the median is reported)")->capture_default_str();
    app.add_option("--batch", batch, "processing commits per commitAll() transaction")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app.add_option("--migrations", migrations, "migrations folder")->capture_default_str();
    CLI11_PARSE(app, argc, argv);
    msgx::storage::registerPocoConnectors();

    std::vector<Result> results;
    try {
        if (pg.empty()) {
            std::cerr << "msgx-store-bench: no PostgreSQL (--pg or MSGX_TEST_PG); measuring SQLite only\n";
        } else {
            BenchSchema schema(pg);
            DatabaseSettings settings;
            settings.backend = msgx::storage::DatabaseBackend::PostgreSql;
            settings.dialect = msgx::storage::SqlDialect::PostgreSql;
            settings.connect = pg;
            settings.poolSize = 1;
            settings.sessionSetup = {"SET search_path TO " + schema.name()};
            results.push_back(measure("postgresql", settings, migrations, count, rounds, batch));
        }
        const bool temporary = sqliteDir.empty();
        const auto dir = temporary ? std::filesystem::temp_directory_path() /
                                         ("msgx-store-bench-" + std::to_string(::getpid()))
                                   : std::filesystem::path(sqliteDir);
        std::filesystem::create_directories(dir);
        DatabaseSettings settings;
        settings.backend = msgx::storage::DatabaseBackend::Sqlite;
        settings.dialect = msgx::storage::SqlDialect::Sqlite;
        settings.connect = (dir / "bench.db").string();
        settings.poolSize = 1;
        std::filesystem::remove(settings.connect);
        results.push_back(measure("sqlite", settings, migrations, count, rounds, batch));
        if (temporary) {
            std::filesystem::remove_all(dir);
        }
    } catch (const std::exception& e) {
        std::cerr << "msgx-store-bench: " << e.what() << '\n';
        return 1;
    }

    const std::string batchedTitle = "commitAll x" + std::to_string(batch) + " messages/s";
    std::printf("%-12s %22s %26s %8s %28s %8s\n", "database", "raw INSERT+COMMIT/s",
                "FLOP processing commits/s", "ratio", batchedTitle.c_str(), "ratio");
    for (const auto& r : results) {
        std::printf("%-12s %22.0f %26.0f %8.2f %28.0f %8.2f\n", r.database.c_str(), r.raw, r.pipeline,
                    r.pipeline / r.raw, r.batched, r.batched / r.raw);
    }
    return 0;
}
