// msgx-delivery-bench: events per second from MSG_EVENT to acknowledged by the Kafka mock cluster
// through the msg dispatcher and KafkaSink, beside librdkafka's raw produce rate with the same
// producer settings (ProducerSettings: acks=all, idempotence, one request in flight) in the same run.
//
//   msgx-delivery-bench [--events N] [--flights F] [--payload BYTES] [--batch N] [--rounds R]
//                       [--bootstrap HOST:PORT,...] [--store sqlite|postgresql] [--json FILE]
//
// Without --bootstrap it uses MSGX_TEST_KAFKA (bench/run-delivery-bench.sh runs it inside the test
// services), else an in-process mock cluster of 3 brokers. The own store is a fresh SQLite file
// (WAL, as the embedded profile) or, with --store postgresql, the PostgreSQL of MSGX_TEST_PG (its
// public schema is emptied first: destructive). Each round: raw produce of N records, then N events
// dispatched; both timed from the first produce / first claim to the last acknowledgement / the
// delivery recorded in the store (the delivered mark). The rows' settle to SENT, which the
// dispatcher leaves to a quiet moment after the burst, is timed and printed on its own. Writing the
// events into the store is not timed (that is the pipeline's part). --batch defaults to the
// dispatcher's own batch size. --json writes the rounds and the median ratio for bench/results (make bench).
#include "msgx/clock/SystemClock.h"
#include "msgx/delivery/DeliveryRecord.h"
#include "msgx/delivery/Dispatcher.h"
#include "msgx/delivery/KafkaSink.h"
#include "msgx/delivery/ProducerSettings.h"
#include "msgx/storage/OwnStore.h"
#include "msgx/storage/PocoConnectors.h"

#include <CLI/CLI.hpp>
#include <Poco/Data/Session.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using namespace msgx;
using Seconds = std::chrono::duration<double>;

struct Options {
    int events = 20000;
    int flights = 500;
    int payload = 200;
    int batch = delivery::DispatcherSettings{}.batchSize;
    int rounds = 3;
    std::string bootstrap;
    std::string store = "sqlite";
    std::string json;
};

struct Round {
    double raw = 0;
    double dispatched = 0;
    double settleSeconds = 0;
};

std::string payloadOf(std::int64_t flid, int seq, int size) {
    std::string json = R"({"type":"flight-update","flid":)" + std::to_string(flid) + R"(,"fields":{"seq":)" +
                       std::to_string(seq) + R"(,"pad":")";
    json += std::string(static_cast<std::size_t>(std::max(0, size - static_cast<int>(json.size()) - 3)), 'x');
    return json + "\"}}";
}

// An in-process mock cluster kept alive by the producer handle that created it.
class InProcessMock {
public:
    InProcessMock() {
        char error[512];
        rd_kafka_conf_t* conf = rd_kafka_conf_new();
        if (rd_kafka_conf_set(conf, "test.mock.num.brokers", "3", error, sizeof error) != RD_KAFKA_CONF_OK) {
            throw std::runtime_error(error);
        }
        handle_ = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof error);
        if (handle_ == nullptr) {
            throw std::runtime_error(error);
        }
        bootstrap_ = rd_kafka_mock_cluster_bootstraps(rd_kafka_handle_mock_cluster(handle_));
    }
    ~InProcessMock() { rd_kafka_destroy(handle_); }
    [[nodiscard]] const std::string& bootstrap() const { return bootstrap_; }

private:
    rd_kafka_t* handle_ = nullptr;
    std::string bootstrap_;
};

delivery::KafkaClientSettings kafkaConfig(const std::string& bootstrap) {
    delivery::KafkaClientSettings kafka;
    kafka.bootstrap = bootstrap;
    kafka.clientId = "msgx-delivery-bench";
    kafka.properties = {{"message.timeout.ms", "30000"}, {"linger.ms", "5"}};
    return kafka;
}

std::atomic<int> rawDelivered{0};
std::atomic<int> rawFailed{0};

void rawReport(rd_kafka_t*, const rd_kafka_message_t* message, void*) {
    if (message->err == RD_KAFKA_RESP_ERR_NO_ERROR) {
        ++rawDelivered;
    } else {
        ++rawFailed;
    }
}

// One produce through rd_kafka_produceva (the macro form of producev casts in the old style).
rd_kafka_resp_err_t produce(rd_kafka_t* producer, const std::string& topic, const std::string* key,
                            const std::string& value, rd_kafka_headers_t* headers) {
    std::vector<rd_kafka_vu_t> parts;
    const auto add = [&parts](rd_kafka_vtype_t type) -> rd_kafka_vu_t& {
        parts.emplace_back();
        parts.back().vtype = type;
        return parts.back();
    };
    add(RD_KAFKA_VTYPE_TOPIC).u.cstr = topic.c_str();
    add(RD_KAFKA_VTYPE_MSGFLAGS).u.i = RD_KAFKA_MSG_F_COPY;
    if (key != nullptr) {
        auto& part = add(RD_KAFKA_VTYPE_KEY);
        part.u.mem.ptr = const_cast<char*>(key->data());
        part.u.mem.size = key->size();
    }
    auto& valuePart = add(RD_KAFKA_VTYPE_VALUE);
    valuePart.u.mem.ptr = const_cast<char*>(value.data());
    valuePart.u.mem.size = value.size();
    if (headers != nullptr) {
        add(RD_KAFKA_VTYPE_HEADERS).u.headers = headers;
    }
    rd_kafka_error_t* error = rd_kafka_produceva(producer, parts.data(), parts.size());
    if (error == nullptr) {
        return RD_KAFKA_RESP_ERR_NO_ERROR;
    }
    const auto code = rd_kafka_error_code(error);
    rd_kafka_error_destroy(error);
    return code;
}

// librdkafka alone: the same records (key, envelope value, three headers) with the same settings.
double rawProduceRate(const std::string& bootstrap, const std::string& topic,
                      const std::vector<delivery::DeliveryRecord>& records) {
    char error[512];
    rd_kafka_conf_t* conf = rd_kafka_conf_new();
    for (const auto& [name, value] : delivery::ProducerSettings::of(kafkaConfig(bootstrap)).properties) {
        if (rd_kafka_conf_set(conf, name.c_str(), value.c_str(), error, sizeof error) != RD_KAFKA_CONF_OK) {
            throw std::runtime_error(name + ": " + error);
        }
    }
    rd_kafka_conf_set_dr_msg_cb(conf, rawReport);
    rd_kafka_t* producer = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof error);
    if (producer == nullptr) {
        throw std::runtime_error(error);
    }
    // Connection and producer id first, as the dispatcher's producer has them after its warm-up.
    produce(producer, topic, nullptr, "w", nullptr);
    rd_kafka_flush(producer, 30000);
    rawDelivered = 0;
    rawFailed = 0;

    const auto start = std::chrono::steady_clock::now();
    for (const auto& record : records) {
        const std::string key = std::to_string(record.key.value_or(0));
        const std::string id = std::to_string(record.eventId);
        const std::string source = std::to_string(record.sourceId.value_or(0));
        rd_kafka_headers_t* headers = rd_kafka_headers_new(3);
        rd_kafka_header_add(headers, "msgx-event-id", -1, id.data(), static_cast<ssize_t>(id.size()));
        rd_kafka_header_add(headers, "msgx-source-id", -1, source.data(),
                            static_cast<ssize_t>(source.size()));
        rd_kafka_header_add(headers, "msgx-event-type", -1, record.eventType.data(),
                            static_cast<ssize_t>(record.eventType.size()));
        for (;;) {
            const auto err = produce(producer, topic, &key, *record.value, headers);
            if (err == RD_KAFKA_RESP_ERR_NO_ERROR) {
                break;
            }
            if (err != RD_KAFKA_RESP_ERR__QUEUE_FULL) {
                throw std::runtime_error(std::string("produce: ") + rd_kafka_err2str(err));
            }
            rd_kafka_poll(producer, 10);
        }
    }
    rd_kafka_flush(producer, 60000);
    const Seconds took = std::chrono::steady_clock::now() - start;
    rd_kafka_destroy(producer);
    if (rawDelivered != static_cast<int>(records.size()) || rawFailed != 0) {
        throw std::runtime_error("raw produce: " + std::to_string(rawDelivered.load()) + " delivered, " +
                                 std::to_string(rawFailed.load()) + " failed");
    }
    return static_cast<double>(records.size()) / took.count();
}

std::unique_ptr<storage::OwnStore> openStore(const Options& options, const std::filesystem::path& dir,
                                             Clock& clock) {
    storage::DatabaseSettings settings;
    if (options.store == "postgresql") {
        const char* pg = std::getenv("MSGX_TEST_PG");
        if (pg == nullptr || *pg == '\0') {
            throw std::runtime_error("--store postgresql needs MSGX_TEST_PG (bench/run-delivery-bench.sh)");
        }
        settings.connect = pg;
        storage::registerPocoConnectors();
        Poco::Data::Session session("PostgreSQL", settings.connect);
        session << "DROP SCHEMA public CASCADE", Poco::Data::Keywords::now;
        session << "CREATE SCHEMA public", Poco::Data::Keywords::now;
    } else {
        settings.backend = storage::DatabaseBackend::Sqlite;
        settings.dialect = storage::SqlDialect::Sqlite;
        settings.connect = (dir / "store.db").string();
    }
    auto store = storage::OwnStore::open(settings, clock);
    store->migrate(std::filesystem::path(MSGX_SOURCE_MIGRATIONS_DIR));
    return store;
}

// Writes the events as the pump does: one processing commit per 500 events.
void writeEvents(storage::OwnStore& store, const Options& options, storage::MailboxId& nextMailboxId) {
    for (int done = 0; done < options.events;) {
        storage::NewMessage message;
        message.mailboxId = nextMailboxId++;
        message.rawXml = "<MSG/>";
        store.processing().enqueue({message}, std::nullopt);
        storage::ProcessingCommit commit;
        commit.mailboxId = message.mailboxId;
        commit.outcome.state = storage::ProcessingState::Succeeded;
        for (; done < options.events && commit.events.size() < 500; ++done) {
            const std::int64_t flid = done % options.flights + 1;
            commit.events.push_back({"msg", flid, payloadOf(flid, done / options.flights, options.payload)});
        }
        if (!store.processing().commit(commit).applied) {
            throw std::runtime_error("processing commit refused");
        }
    }
}

struct Dispatched {
    double perSecond = 0;     // claimed to acknowledged and recorded (the delivered mark), per event
    double settleSeconds = 0; // the rows' later settle to SENT (the dispatcher's quiet-time housekeeping)
};

Dispatched dispatchRate(storage::OwnStore& store, delivery::KafkaSink& sink, Clock& clock,
                        const Options& options) {
    delivery::DispatcherSettings settings;
    settings.target = "msg";
    settings.batchSize = options.batch;
    delivery::Dispatcher dispatcher(store, sink, clock, settings);
    const auto start = std::chrono::steady_clock::now();
    // Counted by the dispatcher, not by a COUNT over the outbox per round, which would be timed too.
    while (dispatcher.status().sentTotal < options.events) {
        dispatcher.runOnce();
        const auto status = dispatcher.status();
        if (!status.healthy && std::chrono::steady_clock::now() - start > std::chrono::seconds(120)) {
            throw std::runtime_error("dispatcher unhealthy: " + status.problem);
        }
    }
    // A round with nothing due: it waits for the last delivered mark, written beside the rounds
    // of a backlog, to be in the store (timed: it is part of "recorded").
    dispatcher.runOnce();
    const Seconds delivered = std::chrono::steady_clock::now() - start;
    const storage::EventId mark = store.events().deliveredMark("msg");
    if (store.events().pendingCount("msg", mark) != 0) {
        throw std::runtime_error("events still pending after the dispatcher counted all of them sent");
    }
    // The dispatcher settles the rows the mark passed only once nothing was due for
    // settleAfterQuiet (Dispatcher.h); the same statement, timed on its own.
    const auto settleStart = std::chrono::steady_clock::now();
    store.events().markSent("msg", 0, mark);
    const Seconds settled = std::chrono::steady_clock::now() - settleStart;
    std::fprintf(stderr, "  acked and recorded in %.3f s; the settle to SENT afterwards %.3f s\n",
                 delivered.count(), settled.count());
    if (store.events().pendingCount("msg", 0) != 0) {
        throw std::runtime_error("events still PENDING after the settle");
    }
    return {static_cast<double>(options.events) / delivered.count(), settled.count()};
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// {"store":..., "events_per_round":..., "rounds":[{"raw_produce_per_s":..,"delivered_per_s":..,"ratio":..}],
//  "median_ratio":..} for bench/results (the median of the rounds' ratios, not a ratio of medians).
void writeJson(const Options& options, const std::vector<Round>& rounds) {
    std::ofstream out(options.json);
    out << "{\"store\": \"" << options.store << "\", \"events_per_round\": " << options.events
        << ", \"flights\": " << options.flights << ", \"batch\": " << options.batch << ", \"rounds\": [";
    std::vector<double> ratios;
    for (std::size_t i = 0; i < rounds.size(); ++i) {
        const double ratio = rounds[i].dispatched / rounds[i].raw;
        ratios.push_back(ratio);
        out << (i == 0 ? "" : ", ") << "{\"raw_produce_per_s\": " << rounds[i].raw
            << ", \"delivered_per_s\": " << rounds[i].dispatched << ", \"ratio\": " << ratio
            << ", \"settle_s\": " << rounds[i].settleSeconds << "}";
    }
    out << "], \"median_ratio\": " << (ratios.empty() ? 0.0 : median(ratios)) << "}\n";
    if (!out) {
        throw std::runtime_error("cannot write " + options.json);
    }
}

std::string tempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "msgx-delivery-bench-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
        throw std::runtime_error("mkdtemp failed");
    }
    return pattern;
}

} // namespace

int main(int argc, char** argv) {
    Options options;
    CLI::App app("MSG_EVENT -> Kafka (mock cluster) through the msg dispatcher, beside raw librdkafka");
    app.add_option("--events", options.events, "events per round")->capture_default_str();
    app.add_option("--flights", options.flights, "distinct FLIDs (keys)")->capture_default_str();
    app.add_option("--payload", options.payload, "payload size in bytes")->capture_default_str();
    app.add_option("--batch", options.batch, "events claimed per dispatcher round")->capture_default_str();
    app.add_option("--rounds", options.rounds, "raw + dispatched rounds")->capture_default_str();
    app.add_option("--bootstrap", options.bootstrap,
                   "Kafka bootstrap (default MSGX_TEST_KAFKA or in-process mock)");
    app.add_option("--store", options.store, "own store: sqlite (a temp file) or postgresql (MSGX_TEST_PG)")
        ->check(CLI::IsMember({"sqlite", "postgresql"}))
        ->capture_default_str();
    app.add_option("--json", options.json, "write the rounds and the median ratio to this file");
    CLI11_PARSE(app, argc, argv);

    try {
        std::unique_ptr<InProcessMock> mock;
        if (options.bootstrap.empty()) {
            if (const char* env = std::getenv("MSGX_TEST_KAFKA"); env != nullptr && *env != '\0') {
                options.bootstrap = env;
            } else {
                mock = std::make_unique<InProcessMock>();
                options.bootstrap = mock->bootstrap();
            }
        }
        const std::filesystem::path dir = tempDir();
        SystemClock clock;
        auto store = openStore(options, dir, clock);
        storage::MailboxId nextMailboxId = 1;

        std::printf("delivery bench: %s store, %d events/round, %d flights, %d-byte payloads, batch %d, "
                    "bootstrap %s%s\n",
                    options.store.c_str(), options.events, options.flights, options.payload, options.batch,
                    options.bootstrap.c_str(), mock ? " (in-process mock)" : "");
        std::vector<Round> rounds;
        std::printf("%-6s %16s %22s %8s %10s\n", "round", "raw produce/s", "MSG_EVENT->acked/s", "ratio",
                    "settle s");
        for (int round = 1; round <= options.rounds; ++round) {
            const std::string suffix = std::to_string(::getpid()) + "_" + std::to_string(round);
            writeEvents(*store, options, nextMailboxId);
            // The raw producer sends exactly the records the dispatcher will send.
            std::vector<delivery::DeliveryRecord> records;
            for (const auto& event :
                 store->events().list("msg", storage::EventState::Pending, 0, options.events)) {
                records.push_back(delivery::msgRecord(event, clock.now()));
            }
            const double raw = rawProduceRate(options.bootstrap, "bench_raw_" + suffix, records);
            delivery::KafkaSink sink(kafkaConfig(options.bootstrap), "bench_msgx_" + suffix, clock);
            sink.send({records.front()}); // connection and producer id, as for the raw producer
            const Dispatched dispatched = dispatchRate(*store, sink, clock, options);
            std::printf("%-6d %16.0f %22.0f %8.3f %10.3f\n", round, raw, dispatched.perSecond,
                        dispatched.perSecond / raw, dispatched.settleSeconds);
            rounds.push_back({raw, dispatched.perSecond, dispatched.settleSeconds});
        }
        if (!options.json.empty()) {
            writeJson(options, rounds);
        }
        store.reset();
        std::filesystem::remove_all(dir);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "msgx-delivery-bench: %s\n", e.what());
        return 1;
    }
}
