// msgx-e2e-bench: the whole path a user cares about, mailbox row committed -> event acknowledged by
// Kafka, with the real release msgxd and the shipped handlers on a PostgreSQL own store and a
// MariaDB mailbox, delivering `msg` and `schd` to the Kafka mock cluster of the test services.
// Every figure is printed beside its baseline measured in the same run (issue 19):
//
//  1. raw: single-row INSERT + COMMIT transactions on one PostgreSQL session of the same server
//     (the baseline of the throughput figures);
//  2. setup: reference loads and the schedule (SCHD-ADFT turnaround pairs) of --pairs flight pairs,
//     processed and delivered before anything is timed;
//  3. paced: msgxd idle and polling, one mailbox row per commit at --rate per second for
//     --paced-seconds of a busy day's mix; latency = consumer receive time of the message's LAST
//     `msg` record (all its events acknowledged) - the mailbox INSERT's commit time (same host
//     clock), for every message that produced `msg` events; baseline: the poll interval;
//  4. backlog: msgxd stopped, --backlog rows of the same mix queued, msgxd started; drain time =
//     start -> the last backlog message terminal and all its `msg` records read; sustained rates
//     = backlog rows / (last - first PROCESSED_AT) and / (last - first Kafka acknowledgement).
//
// "Kafka-acknowledged" is seen by a librdkafka consumer in this process reading the msg topic
// (a record a consumer reads was acknowledged with acks=all); each record is mapped back to its
// mailbox row by the msgx-source-id header (else the envelope's sourceId), de-duplicated on
// msgx-event-id (first sighting kept). MSG_EVENT.SENT_AT is not used.
//
// The mix: every FLOP, SCHD and reference document is a golden case of handlers/ (message.xml,
// known to be accepted by its handler), re-keyed to the bench's flights (FLID, FLNO, SEQN), its
// times shifted and one value rotated per message so that repeats are changes, not no-ops; plus a
// few malformed, unsupported-key, duplicate and ignored rows.
//
// Needs MSGX_TEST_PG, MSGX_TEST_MAILBOX, MSGX_TEST_KAFKA and MSGX_TEST_KAFKA_CONTROL[_ACK] of
// tests/services (bench/run-e2e-bench.sh starts private servers). Destructive: it empties the
// public schema of that PostgreSQL database and the mailbox table. Timings are printed figures,
// never assertions; the exit code is non-zero only when the run failed: msgxd died, a message did
// not reach a terminal state, an unexpected DEAD, or a `msg` event of the store never read from
// the topic. Its work directory (msgxd's config and log) is removed at the end unless
// MSGX_E2E_KEEP is set.
#include "KafkaMockControl.h"
#include "MailboxBulkInsert.h"
#include "msgx/codec/DateTimeFields.h"
#include "msgx/storage/PocoConnectors.h"

#include <CLI/CLI.hpp>
#include <Poco/Data/Session.h>
#include <Poco/Data/Statement.h>
#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>
#include <signal.h>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

using namespace Poco::Data::Keywords;
using namespace std::chrono_literals;
using msgx::test::insertMailboxDocuments;
using SteadyClock = std::chrono::steady_clock;

[[noreturn]] void fail(const std::string& why) {
    std::cerr << "msgx-e2e-bench: FAILED: " << why << '\n';
    std::exit(1);
}

std::string requireEnv(const char* name) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') {
        std::cerr << "msgx-e2e-bench: " << name << " is not set (run it through bench/run-e2e-bench.sh)\n";
        std::exit(2);
    }
    return value;
}

// Wall clock in microseconds: the mailbox commit, PROCESSED_AT and the consumer's receive time are
// all taken on this host's clock.
std::int64_t nowMicros() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot read " + path.string());
    }
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// --- documents ----------------------------------------------------------------------------------

// Replaces the text of the first <name>...</name>; a document without it is returned unchanged.
std::string setElement(std::string doc, const std::string& name, const std::string& value) {
    const auto open = doc.find("<" + name + ">");
    if (open == std::string::npos) {
        return doc;
    }
    const auto from = open + name.size() + 2;
    const auto close = doc.find("</" + name + ">", from);
    if (close == std::string::npos) {
        return doc;
    }
    return doc.replace(from, close - from, value);
}

std::string removeElement(std::string doc, const std::string& name) {
    const auto open = doc.find("<" + name + ">");
    if (open == std::string::npos) {
        return doc;
    }
    const auto close = doc.find("</" + name + ">", open);
    if (close == std::string::npos) {
        return doc;
    }
    return doc.erase(open, close + name.size() + 3 - open);
}

std::string replaceAll(std::string doc, const std::string& from, const std::string& to) {
    for (auto at = doc.find(from); at != std::string::npos; at = doc.find(from, at + to.size())) {
        doc.replace(at, from.size(), to);
    }
    return doc;
}

// Shifts every AODB time value (ddMMMyyHHmm, 11 characters, as element text or attribute value)
// by `minutes`: a message repeated on a flight then sets a new value, and times of one message
// keep their order.
std::string shiftTimes(const std::string& doc, int minutes) {
    std::string out;
    out.reserve(doc.size());
    std::size_t i = 0;
    while (i < doc.size()) {
        const bool opens = i > 0 && (doc[i - 1] == '>' || doc[i - 1] == '"');
        if (opens && i + 11 < doc.size() && (doc[i + 11] == '<' || doc[i + 11] == '"')) {
            const auto time = msgx::codec::parseFieldDateTime(std::string_view(doc).substr(i, 11));
            if (time.hasValue()) {
                out += msgx::codec::formatFieldDateTime(time.value() + std::chrono::minutes(minutes));
                i += 11;
                continue;
            }
        }
        out += doc[i++];
    }
    return out;
}

enum class Kind {
    Flop,
    ScheduleUpdate,
    ScheduleCreate,
    Reference,
    Malformed,
    Unsupported,
    Duplicate,
    Ignored
};

// One FLOP golden case as a template: its message, the movement of the flight it was written for,
// and optionally an element whose value rotates per message (for keys without a time value).
struct FlopTemplate {
    std::string styp;
    std::string caseName;
    int weight = 1;
    std::string element;
    std::vector<std::string> values;
    std::string document;
    char movement = 'D';
};

std::vector<std::string> numbered(const std::string& prefix, int from, int count, int width = 0) {
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i) {
        std::string n = std::to_string(from + i);
        if (static_cast<int>(n.size()) < width) {
            n.insert(0, static_cast<std::size_t>(width) - n.size(), '0');
        }
        out.push_back(prefix + n);
    }
    return out;
}

// A busy day's FLOP mix: stand and gate changes, the departure time family, check-in, belts,
// chocks, estimates, occasional aircraft/registration/runway/terminal changes, remarks, delays and
// a rare cancellation. Weights are per ~950 FLOP messages of a 1,000-message cycle.
std::vector<FlopTemplate> flopTemplates() {
    return {
        {"STND", "normal-update", 120, "STND", numbered("1", 1, 40, 2), {}, 'D'},
        {"GTDT", "normal-set-spec-example-without-gctm", 70, "", {}, {}, 'D'},
        {"CKDT", "normal-set-spec-example-without-cctm", 50, "", {}, {}, 'D'},
        {"CLDT", "normal-set-spec-example-without-lbag", 50, "", {}, {}, 'D'},
        {"CHOT", "normal-set-tab-indented", 40, "", {}, {}, 'D'},
        {"TOBT", "normal-set", 90, "", {}, {}, 'D'},
        {"EOBT", "normal-set-one-line", 70, "", {}, {}, 'D'},
        {"CTOT", "normal-set-tab-indented", 50, "", {}, {}, 'D'},
        {"COBT", "normal-set", 40, "", {}, {}, 'D'},
        {"NEAT", "normal-set-mixed-tabs-and-spaces", 60, "", {}, {}, 'D'},
        {"IEST", "normal-set-irregular-indentation", 50, "", {}, {}, 'D'},
        {"EGST", "normal-set-tab-indented", 30, "", {}, {}, 'D'},
        {"ACFT", "normal-set", 20, "ACFT", {"32N", "320", "321", "333", "738", "77W"}, {}, 'D'},
        {"RENO", "normal-set", 30, "RENO", numbered("B", 1000, 200, 4), {}, 'D'},
        {"RUNW", "normal-set", 30, "RUNW", {"20R", "02L", "20L", "02R"}, {}, 'D'},
        {"TRML", "normal-set", 20, "TRML", {"T1", "T2"}, {}, 'D'},
        {"MAXP", "normal-set", 20, "MAXP", numbered("", 150, 50), {}, 'D'},
        {"REMC", "normal-set", 20, "REMC", numbered("BENCH REMARK ", 1, 100), {}, 'D'},
        {"FTSS", "normal-set", 40, "FTSS", {"DELY", "BOR", "SCH", "ONB", "DEP"}, {}, 'D'},
        {"EXSS", "normal-set", 20, "EXSC", {"DELAY", "ONTIME", "BOR"}, {}, 'D'},
        {"DELY", "comment-80-characters-one-line-document", 20, "", {}, {}, 'D'},
        {"CNCL", "cancel-sets-time-and-flag", 4, "", {}, {}, 'D'},
    };
}

// Reference updates of a busy day (no `msg` event: reference data is not published on msg).
const std::vector<std::pair<std::string, std::string>> kReferenceCases = {
    {"ref/glst", "upd-replaces-whole-record"}, {"ref/airl", "upd-replaces-whole-record"},
    {"ref/slst", "upd-replaces-whole-record"}, {"ref/tlst", "add-new-terminal"},
    {"ref/stts", "upd-replaces-whole-record"}, {"ref/glst", "add-new-gate"},
};

// Per 1,000 messages of the cycle; FLOP takes what the others leave.
constexpr int kScheduleUpdates = 25;
constexpr int kScheduleCreates = 10;
constexpr int kReferences = 15;
constexpr int kMalformed = 1;
constexpr int kUnsupported = 1;
constexpr int kDuplicates = 2;
constexpr int kIgnored = 2;
constexpr int kCycle = 1000;

constexpr std::int64_t kFlidBase = 20'000'000;

class Mix {
public:
    Mix(const std::filesystem::path& handlersSource, int pairs, std::uint32_t seed) : pairs_(pairs) {
        const auto golden = [&](const std::string& family, const std::string& caseName) {
            return handlersSource / family / "golden" / caseName;
        };
        flops_ = flopTemplates();
        for (auto& t : flops_) {
            std::string lower = t.styp;
            std::transform(lower.begin(), lower.end(), lower.begin(),
                           [](unsigned char c) { return std::tolower(c); });
            const auto dir = golden("flop/" + lower, t.caseName);
            t.document = removeElement(readFile(dir / "message.xml"), "FFID");
            t.movement =
                readFile(dir / "before.json").find("\"movement\": \"A\"") != std::string::npos ? 'A' : 'D';
        }
        pairDocument_ = readFile(golden("schd/adft", "create-turnaround-pair") / "message.xml");
        updateDocument_ = readFile(golden("schd/upd", "update-keeps-flop-only-values") / "message.xml");
        for (const auto& [family, caseName] : kReferenceCases) {
            references_.push_back(readFile(golden(family, caseName) / "message.xml"));
        }
        // The cycle: slot -> kind (and FLOP template), shuffled once with a fixed seed.
        std::vector<std::pair<Kind, int>> slots;
        const auto add = [&](Kind kind, int count, int index = -1) {
            for (int i = 0; i < count; ++i) {
                slots.emplace_back(kind, index);
            }
        };
        add(Kind::ScheduleUpdate, kScheduleUpdates);
        add(Kind::ScheduleCreate, kScheduleCreates);
        add(Kind::Reference, kReferences);
        add(Kind::Malformed, kMalformed);
        add(Kind::Unsupported, kUnsupported);
        add(Kind::Duplicate, kDuplicates);
        add(Kind::Ignored, kIgnored);
        const int flopSlots = kCycle - static_cast<int>(slots.size());
        const int totalWeight = std::accumulate(
            flops_.begin(), flops_.end(), 0, [](int sum, const FlopTemplate& t) { return sum + t.weight; });
        int given = 0;
        for (std::size_t i = 0; i < flops_.size(); ++i) {
            const int n =
                i + 1 == flops_.size() ? flopSlots - given : flops_[i].weight * flopSlots / totalWeight;
            add(Kind::Flop, n, static_cast<int>(i));
            given += n;
        }
        std::mt19937 random(seed);
        std::shuffle(slots.begin(), slots.end(), random);
        cycle_ = std::move(slots);
    }

    // The reference loads and one SCHD-ADFT per turnaround pair of the bench's flights.
    std::vector<std::string> setup() {
        std::vector<std::string> docs;
        for (const auto& ref : references_) {
            docs.push_back(withSeqn(ref));
        }
        for (int p = 0; p < pairs_; ++p) {
            docs.push_back(pair(p));
        }
        return docs;
    }

    // The next message of the busy-day cycle; lastKey() names what it is.
    std::string next() {
        const auto [kind, index] = cycle_[static_cast<std::size_t>(position_ % kCycle)];
        ++position_;
        lastKey_ = keyOf(kind, index);
        switch (kind) {
        case Kind::Flop: {
            const auto& t = flops_[static_cast<std::size_t>(index)];
            // Flights are visited in a scattered order (7919 is prime to the pair count unless it
            // divides it), so consecutive messages are of different flights, as on a real day.
            const std::int64_t visit = t.movement == 'A' ? arrivals_++ : departures_++;
            const std::int64_t pairIndex = (visit * 7919) % pairs_;
            const std::int64_t flid = kFlidBase + 2 * pairIndex + (t.movement == 'A' ? 0 : 1);
            std::string doc = setElement(t.document, "FLID", std::to_string(flid));
            doc = shiftTimes(doc, 1 + static_cast<int>(position_ % 997));
            if (!t.element.empty()) {
                doc = setElement(doc, t.element,
                                 t.values[static_cast<std::size_t>(position_) % t.values.size()]);
            }
            lastFlop_ = withSeqn(doc);
            return lastFlop_;
        }
        case Kind::ScheduleUpdate: {
            const std::int64_t pairIndex = (updates_++ * 4099) % pairs_;
            std::string doc = rekeyPair(updateDocument_, pairIndex);
            const std::string sodt = "<SODT>07MAR241000</SODT>";
            doc = shiftTimes(doc, 1 + static_cast<int>(position_ % 991));
            const auto at = doc.find("<SODT>");
            doc.replace(at, sodt.size(), sodt); // the schedule time stays: an update, not a move
            return withSeqn(doc);
        }
        case Kind::ScheduleCreate:
            return pair(pairs_ + created_++);
        case Kind::Reference:
            return withSeqn(references_[static_cast<std::size_t>(referenceTurn_++) % references_.size()]);
        case Kind::Malformed:
            return withSeqn(envelope("FLOP", "STND")) + "<FLOP><FLID>1</FLID><STND>1"; // cut short
        case Kind::Unsupported:
            return withSeqn(envelope("XBNC", "TEST") + "<XBNC/></MSG>");
        case Kind::Duplicate:
            return lastFlop_.empty() ? withSeqn(envelope("LDM", "TEST") + "<LDM/></MSG>") : lastFlop_;
        case Kind::Ignored:
            return withSeqn(envelope("LDM", "TEST") + "<LDM/></MSG>");
        }
        return {};
    }

    [[nodiscard]] const std::string& lastKey() const { return lastKey_; }
    // Rows of these keys are meant to end DEAD (malformed, no plugin serves the key).
    static bool meantDead(const std::string& key) { return key == "malformed" || key == "unsupported"; }
    [[nodiscard]] std::size_t flopKeys() const { return flops_.size(); }

private:
    [[nodiscard]] std::string keyOf(Kind kind, int index) const {
        switch (kind) {
        case Kind::Flop:
            return "FLOP-" + flops_[static_cast<std::size_t>(index)].styp;
        case Kind::ScheduleUpdate:
            return "SCHD-UPD";
        case Kind::ScheduleCreate:
            return "SCHD-ADFT";
        case Kind::Reference:
            return "reference";
        case Kind::Malformed:
            return "malformed";
        case Kind::Unsupported:
            return "unsupported";
        case Kind::Duplicate:
            return "duplicate";
        case Kind::Ignored:
            return "ignored";
        }
        return "?";
    }

    static std::string envelope(const std::string& type, const std::string& styp) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><MSG><META><SNDR>AODB</SNDR><SEQN>0</SEQN><DTTM>"
               "20240612094000</DTTM><TYPE>" +
               type + "</TYPE><STYP>" + styp + "</STYP></META>";
    }

    // Every document gets its own SEQN, so the identity (SNDR|TYPE|STYP|SEQN) never repeats except
    // for the deliberate duplicates.
    std::string withSeqn(const std::string& doc) { return setElement(doc, "SEQN", std::to_string(seqn_++)); }

    // The golden pair is 880301 (arrival, 3U8842) and 880302 (departure, 3U8841).
    static std::string rekeyPair(std::string doc, std::int64_t pairIndex) {
        const std::int64_t arrival = kFlidBase + 2 * pairIndex;
        doc = replaceAll(doc, "880301", std::to_string(arrival));
        doc = replaceAll(doc, "880302", std::to_string(arrival + 1));
        doc = replaceAll(doc, "3U8842", "3U" + std::to_string(10000 + 2 * pairIndex));
        return replaceAll(doc, "3U8841", "3U" + std::to_string(10001 + 2 * pairIndex));
    }

    std::string pair(std::int64_t pairIndex) { return withSeqn(rekeyPair(pairDocument_, pairIndex)); }

    int pairs_;
    std::vector<FlopTemplate> flops_;
    std::string pairDocument_;
    std::string updateDocument_;
    std::vector<std::string> references_;
    std::vector<std::pair<Kind, int>> cycle_;
    std::int64_t position_ = 0;
    std::int64_t seqn_ = 1;
    std::int64_t arrivals_ = 0;
    std::int64_t departures_ = 0;
    std::int64_t updates_ = 0;
    std::int64_t created_ = 0;
    std::int64_t referenceTurn_ = 0;
    std::string lastFlop_;
    std::string lastKey_;
};

// --- the msg topic consumer ---------------------------------------------------------------------

struct SourceAcks {
    std::int64_t first = 0; // receive time (us) of the message's first msg record
    std::int64_t last = 0;  // ... of its last one: all its msg events acknowledged
    int events = 0;
};

// Reads every partition of the topic from the beginning in its own thread while the run goes on
// (the mock keeps only a few MiB per partition). A record counts once per msgx-event-id.
class TopicReader {
public:
    TopicReader(const std::string& bootstrap, const std::string& topic, int partitions) {
        char error[512];
        rd_kafka_conf_t* conf = rd_kafka_conf_new();
        const std::vector<std::pair<std::string, std::string>> settings = {
            {"bootstrap.servers", bootstrap},
            {"group.id", "msgx-e2e-bench"},
            {"enable.auto.commit", "false"},
            {"enable.partition.eof", "false"},
            // Without these a fetch waits up to 500 ms for data: the consumer must see a record as
            // soon as it is readable, which with acks=all is when the producer got its ack.
            {"fetch.wait.max.ms", "5"},
            {"fetch.error.backoff.ms", "5"},
        };
        for (const auto& [name, value] : settings) {
            if (rd_kafka_conf_set(conf, name.c_str(), value.c_str(), error, sizeof error) !=
                RD_KAFKA_CONF_OK) {
                rd_kafka_conf_destroy(conf);
                throw std::runtime_error("consumer " + name + ": " + error);
            }
        }
        handle_ = rd_kafka_new(RD_KAFKA_CONSUMER, conf, error, sizeof error);
        if (handle_ == nullptr) {
            throw std::runtime_error(std::string("consumer: ") + error);
        }
        rd_kafka_poll_set_consumer(handle_);
        rd_kafka_topic_partition_list_t* list = rd_kafka_topic_partition_list_new(partitions);
        for (int p = 0; p < partitions; ++p) {
            rd_kafka_topic_partition_list_add(list, topic.c_str(), p)->offset = RD_KAFKA_OFFSET_BEGINNING;
        }
        const rd_kafka_resp_err_t err = rd_kafka_assign(handle_, list);
        rd_kafka_topic_partition_list_destroy(list);
        if (err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            throw std::runtime_error(std::string("consumer assign: ") + rd_kafka_err2str(err));
        }
        thread_ = std::thread([this] { run(); });
    }

    ~TopicReader() {
        stop_ = true;
        thread_.join();
        rd_kafka_consumer_close(handle_);
        rd_kafka_destroy(handle_);
    }
    TopicReader(const TopicReader&) = delete;
    TopicReader& operator=(const TopicReader&) = delete;

    [[nodiscard]] std::int64_t distinctEvents() const { return distinct_.load(); }
    [[nodiscard]] std::int64_t records() const { return records_.load(); }
    [[nodiscard]] std::int64_t withoutSource() const { return withoutSource_.load(); }

    [[nodiscard]] std::unordered_map<std::int64_t, SourceAcks> acks() const {
        std::lock_guard lock(mutex_);
        return bySource_;
    }
    [[nodiscard]] std::unordered_set<std::int64_t> eventIds() const {
        std::lock_guard lock(mutex_);
        return seen_;
    }

private:
    static std::optional<std::int64_t> header(rd_kafka_message_t* message, const char* name) {
        rd_kafka_headers_t* headers = nullptr;
        if (rd_kafka_message_headers(message, &headers) != RD_KAFKA_RESP_ERR_NO_ERROR) {
            return std::nullopt;
        }
        const void* value = nullptr;
        std::size_t size = 0;
        if (rd_kafka_header_get_last(headers, name, &value, &size) != RD_KAFKA_RESP_ERR_NO_ERROR ||
            value == nullptr) {
            return std::nullopt;
        }
        const std::string text(static_cast<const char*>(value), size);
        if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
            return std::nullopt;
        }
        return std::stoll(text);
    }

    // The envelope's "sourceId" member, for a record without the header.
    static std::optional<std::int64_t> envelopeSource(rd_kafka_message_t* message) {
        if (message->payload == nullptr) {
            return std::nullopt;
        }
        const std::string value(static_cast<const char*>(message->payload), message->len);
        const auto at = value.find("\"sourceId\":");
        if (at == std::string::npos) {
            return std::nullopt;
        }
        return std::strtoll(value.c_str() + at + 11, nullptr, 10);
    }

    void run() {
        while (!stop_) {
            rd_kafka_message_t* message = rd_kafka_consumer_poll(handle_, 50);
            if (message == nullptr) {
                continue;
            }
            const std::int64_t received = nowMicros();
            if (message->err == RD_KAFKA_RESP_ERR_NO_ERROR) {
                ++records_;
                const auto eventId = header(message, "msgx-event-id");
                auto source = header(message, "msgx-source-id");
                if (!source) {
                    source = envelopeSource(message);
                }
                if (eventId) {
                    std::lock_guard lock(mutex_);
                    if (seen_.insert(*eventId).second) {
                        ++distinct_;
                        if (source) {
                            auto& acks = bySource_[*source];
                            if (acks.events++ == 0) {
                                acks.first = received;
                            }
                            acks.last = std::max(acks.last, received);
                        } else {
                            ++withoutSource_;
                        }
                    }
                }
            }
            rd_kafka_message_destroy(message);
        }
    }

    rd_kafka_t* handle_ = nullptr;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::atomic<std::int64_t> distinct_{0};
    std::atomic<std::int64_t> records_{0};
    std::atomic<std::int64_t> withoutSource_{0};
    mutable std::mutex mutex_;
    std::unordered_set<std::int64_t> seen_;
    std::unordered_map<std::int64_t, SourceAcks> bySource_;
};

// --- the daemon ---------------------------------------------------------------------------------

class Daemon {
public:
    Daemon(std::string msgxd, std::filesystem::path config, std::filesystem::path log)
        : msgxd_(std::move(msgxd)), config_(std::move(config)), log_(std::move(log)) {}
    ~Daemon() { stop(); }
    Daemon(const Daemon&) = delete;
    Daemon& operator=(const Daemon&) = delete;

    void start() {
        pid_ = ::fork();
        if (pid_ == 0) {
            std::freopen(log_.c_str(), "a", stderr);
            ::execl(msgxd_.c_str(), msgxd_.c_str(), "--config", config_.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        if (pid_ < 0) {
            fail("fork failed");
        }
    }

    [[nodiscard]] bool alive() {
        if (pid_ <= 0) {
            return false;
        }
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            exitStatus_ = status;
            return false;
        }
        return true;
    }

    // SIGTERM (msgxd stops at a message boundary) and reap; the exit status.
    int stop() {
        if (pid_ <= 0) {
            return exitStatus_;
        }
        ::kill(pid_, SIGTERM);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        exitStatus_ = status;
        return status;
    }

    // VmHWM (peak resident set) in MB, 0 when unreadable.
    [[nodiscard]] double peakRssMb() const {
        std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
        for (std::string line; std::getline(in, line);) {
            if (line.rfind("VmHWM:", 0) == 0) {
                return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
            }
        }
        return 0;
    }

    // utime + stime of the whole process, seconds.
    [[nodiscard]] double cpuSeconds() const {
        std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
        std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto close = all.rfind(')');
        if (close == std::string::npos) {
            return 0;
        }
        std::istringstream fields(all.substr(close + 2));
        std::vector<std::string> f;
        for (std::string word; fields >> word;) {
            f.push_back(word);
        }
        if (f.size() < 13) {
            return 0;
        }
        // After "pid (comm) ": state is field 3, utime 14 and stime 15 -> indices 11 and 12 here.
        const double ticks = static_cast<double>(::sysconf(_SC_CLK_TCK));
        return (std::stod(f[11]) + std::stod(f[12])) / ticks;
    }

private:
    std::string msgxd_;
    std::filesystem::path config_;
    std::filesystem::path log_;
    pid_t pid_ = -1;
    int exitStatus_ = 0;
};

// --- measurements -------------------------------------------------------------------------------

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

std::string showSetting(Poco::Data::Session& store, const std::string& name) {
    std::string value;
    store << "SHOW " + name, into(value), now; // a fixed list of names below, never input
    return value;
}

std::int64_t scalar(Poco::Data::Session& store, const std::string& sql) {
    Poco::Int64 n = 0;
    try {
        store << sql, into(n), now;
    } catch (const Poco::Exception&) {
        return 0; // the tables are not migrated yet
    }
    return n;
}

std::int64_t terminalCount(Poco::Data::Session& store) {
    return scalar(store, "SELECT COUNT(*) FROM PROC_STATE WHERE STATE IN ('SUCCEEDED', 'SKIPPED', 'DEAD')");
}

std::int64_t msgEventCount(Poco::Data::Session& store) {
    return scalar(store, "SELECT COUNT(*) FROM MSG_EVENT WHERE TARGET = 'msg'");
}

// Row `highestId` is terminal and no row is PENDING or FAILED: a primary-key look-up and the first
// entry of the state index, so that the wait costs the store next to nothing while msgxd works (a
// COUNT over PROC_STATE once a second was 74 ms each, 13 % of the store's time in a backlog). The
// poller copies the mailbox in id order, so the highest row terminal means every row was copied.
bool settledUpTo(Poco::Data::Session& store, std::int64_t highestId) {
    Poco::Int64 id = highestId;
    Poco::Int64 highestTerminal = 0;
    Poco::Int64 unfinished = 0;
    try {
        store
            << "SELECT COUNT(*) FROM PROC_STATE WHERE CMINMSGS_ID = $1 AND STATE IN ('SUCCEEDED', 'SKIPPED', "
               "'DEAD')",
            use(id), into(highestTerminal), now;
        store << "SELECT COUNT(*) FROM (SELECT 1 FROM PROC_STATE WHERE STATE IN ('PENDING', 'FAILED') LIMIT "
                 "1) U",
            into(unfinished), now;
    } catch (const Poco::Exception&) {
        return false; // the tables are not migrated yet
    }
    return highestTerminal == 1 && unfinished == 0;
}

// Waits until `rows` mailbox rows (ids up to `highestId`) are terminal and every msg event in the
// store was read from the topic; fails the run when msgxd dies or `timeout` passes. Returns when
// that was seen. The exact counts are read once the cheap check (settledUpTo) says so.
// Queries the bench itself sent to the store while waiting (each its own transaction), so that the
// transactions per message of msgxd can be told from the server's count.
std::int64_t benchStoreQueries = 0;

std::int64_t waitSettled(Poco::Data::Session& store, TopicReader& reader, Daemon& daemon, std::int64_t rows,
                         std::int64_t highestId, std::chrono::seconds timeout, const std::string& phase) {
    const auto deadline = SteadyClock::now() + timeout;
    std::optional<std::int64_t> events; // the msg events of the store once every row is terminal
    for (;;) {
        if (!daemon.alive()) {
            fail(phase + ": msgxd died");
        }
        if (!events) {
            benchStoreQueries += 2;
            if (settledUpTo(store, highestId)) {
                benchStoreQueries += 2;
                if (terminalCount(store) >= rows) {
                    events = msgEventCount(store); // no message is left to add one
                }
            }
        }
        if (events && reader.distinctEvents() >= *events) {
            return nowMicros();
        }
        if (SteadyClock::now() > deadline) {
            fail(phase + ": not settled after " + std::to_string(timeout.count()) + " s (" +
                 std::to_string(terminalCount(store)) + " of " + std::to_string(rows) + " rows terminal, " +
                 std::to_string(reader.distinctEvents()) + " of " + std::to_string(msgEventCount(store)) +
                 " msg events read from the topic)");
        }
        // The figures come from PROCESSED_AT and the consumer's receive times, not from when this
        // loop noticed; once a second is often enough.
        std::this_thread::sleep_for(1s);
    }
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) {
        return 0;
    }
    std::sort(values.begin(), values.end());
    const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
    return values[std::min(index, values.size() - 1)];
}

std::int64_t insertOne(Poco::Data::Session& mailbox, const std::string& document, std::int64_t& committedAt) {
    mailbox << "INSERT INTO CMINMSGS (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES (?, "
               "NOW(), "
               "'VALID')",
        useRef(document), now;
    committedAt = nowMicros(); // autocommit: the row is committed when the INSERT returns
    Poco::Int64 id = 0;
    mailbox << "SELECT LAST_INSERT_ID()", into(id), now;
    return id;
}

std::pair<std::int64_t, std::int64_t> mailboxIdRange(Poco::Data::Session& mailbox) {
    Poco::Int64 low = 0;
    Poco::Int64 high = 0;
    mailbox << "SELECT COALESCE(MIN(CMINMSGS_ID), 0), COALESCE(MAX(CMINMSGS_ID), 0) FROM CMINMSGS", into(low),
        into(high), now;
    return {low, high};
}

struct RowOutcome {
    std::int64_t processedAt = 0; // us, 0 while not terminal
    std::string state;
};

// PROCESSED_AT and STATE of the rows low..high.
std::unordered_map<std::int64_t, RowOutcome> processedAt(Poco::Data::Session& store, std::int64_t low,
                                                         std::int64_t high) {
    std::vector<Poco::Int64> ids;
    std::vector<Poco::Int64> times;
    std::vector<std::string> states;
    Poco::Int64 lo = low;
    Poco::Int64 hi = high;
    store << "SELECT CMINMSGS_ID, COALESCE(PROCESSED_AT, 0), STATE FROM PROC_STATE WHERE CMINMSGS_ID BETWEEN "
             "$1 AND $2",
        use(lo), use(hi), into(ids), into(times), into(states), now;
    std::unordered_map<std::int64_t, RowOutcome> out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        out[ids[i]] = {times[i], states[i]};
    }
    return out;
}

// Per key of the mix: rows, their terminal states, and how many produced msg records.
struct KeyTally {
    std::int64_t rows = 0;
    std::int64_t withEvents = 0;
    std::map<std::string, std::int64_t> states;
};

// Samples what the store's client backends are doing (pg_stat_activity, every 250 ms) while the
// backlog drains, to say what dominated: the statement text and the wait of every non-idle
// backend except this bench's own sessions. Its own session; one small query per sample.
class ActivitySampler {
public:
    ActivitySampler(const std::string& pg, std::vector<std::int64_t> ownPids) : session_("PostgreSQL", pg) {
        for (const auto pid : ownPids) {
            exclude_ += (exclude_.empty() ? "" : ", ") + std::to_string(pid);
        }
        thread_ = std::thread([this] { run(); });
    }
    ~ActivitySampler() { stop(); }
    ActivitySampler(const ActivitySampler&) = delete;
    ActivitySampler& operator=(const ActivitySampler&) = delete;

    void stop() {
        if (thread_.joinable()) {
            stop_ = true;
            thread_.join();
        }
    }

    // The most frequent (state | wait | statement) entries with their share of all busy samples.
    [[nodiscard]] std::vector<std::pair<double, std::string>> top(std::size_t n) const {
        std::vector<std::pair<double, std::string>> out;
        for (const auto& [what, count] : counts_) {
            out.emplace_back(100.0 * static_cast<double>(count) /
                                 static_cast<double>(std::max<std::int64_t>(busy_, 1)),
                             what);
        }
        std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        if (out.size() > n) {
            out.resize(n);
        }
        return out;
    }
    [[nodiscard]] std::int64_t samples() const { return samples_; }
    [[nodiscard]] std::int64_t busy() const { return busy_; }

private:
    void run() {
        // The pids are numbers this process read from pg_backend_pid(), not input.
        const std::string sql =
            "SELECT state || ' | ' || COALESCE(wait_event, '-') || ' | ' || "
            "LEFT(regexp_replace(query, '\\s+', ' ', 'g'), 110) FROM pg_stat_activity WHERE datname = "
            "current_database() AND backend_type = 'client backend' AND state <> 'idle' AND pid <> "
            "pg_backend_pid()" +
            (exclude_.empty() ? std::string() : " AND pid NOT IN (" + exclude_ + ")");
        while (!stop_) {
            std::vector<std::string> rows;
            try {
                session_ << sql, into(rows), now;
            } catch (const Poco::Exception&) {
                // a sample lost is a sample lost; the figures do not depend on it
            }
            ++samples_;
            for (const auto& row : rows) {
                ++counts_[row];
                ++busy_;
            }
            std::this_thread::sleep_for(250ms);
        }
    }

    Poco::Data::Session session_;
    std::string exclude_;
    std::thread thread_;
    std::atomic<bool> stop_{false};
    std::map<std::string, std::int64_t> counts_;
    std::int64_t samples_ = 0;
    std::int64_t busy_ = 0;
};

std::string jsonEscape(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
        }
        out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    }
    return out;
}

struct JsonObject {
    std::ostringstream out;
    bool first = true;
    void key(const std::string& name) {
        out << (first ? "{" : ", ") << '"' << name << "\": ";
        first = false;
    }
    void number(const std::string& name, double value) {
        key(name);
        out << value;
    }
    void text(const std::string& name, const std::string& value) {
        key(name);
        out << '"' << value << '"';
    }
    void raw(const std::string& name, const std::string& json) {
        key(name);
        out << json;
    }
    std::string str() const { return out.str() + (first ? "{}" : "}"); }
};

int run(int argc, char** argv);

} // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const Poco::Exception& e) {
        fail(e.displayText());
    } catch (const std::exception& e) {
        fail(e.what());
    }
}

namespace {

int run(int argc, char** argv) {
    CLI::App app{"msgx-e2e-bench - mailbox commit -> Kafka acknowledgement with the real msgxd, beside raw "
                 "PG commits"};
    std::string msgxd;
    std::string handlers;
    std::string handlersSource = MSGX_SOURCE_HANDLERS_DIR;
    std::string outPrefix;
    std::string label = "run";
    int pairs = 2000;
    int rate = 200;
    int pacedSeconds = 60;
    int backlog = 100000;
    int repeats = 20000;
    int rawCommits = 3000;
    int perTransaction = 50;
    int partitions = 6;
    std::string pollInterval = "50ms";
    std::uint32_t seed = 19;
    app.add_option("--msgxd", msgxd, "the msgxd binary")->required();
    app.add_option("--handlers", handlers, "the handler plugins folder")->required();
    app.add_option("--golden", handlersSource, "handlers/ of the source tree (the golden cases)")
        ->capture_default_str();
    app.add_option("--out", outPrefix, "write PREFIX.json, PREFIX-latency.csv and PREFIX-throughput.csv");
    app.add_option("--label", label, "name of this run in the output (e.g. fsync-off)")
        ->capture_default_str();
    app.add_option("--pairs", pairs, "turnaround pairs created first (2 flights each)")
        ->capture_default_str();
    app.add_option("--rate", rate, "messages per second in the paced phase")->capture_default_str();
    app.add_option("--paced-seconds", pacedSeconds, "length of the paced phase")->capture_default_str();
    app.add_option("--backlog", backlog, "rows queued while msgxd is stopped")->capture_default_str();
    app.add_option("--repeats", repeats, "backlog rows queued again afterwards (a stretch sent again)")
        ->capture_default_str();
    app.add_option("--raw-commits", rawCommits, "single-row commits of the baseline")->capture_default_str();
    app.add_option("--messages-per-transaction", perTransaction, "pipeline.messages-per-transaction")
        ->capture_default_str();
    app.add_option("--poll-interval", pollInterval, "pipeline.poll-interval (NNms)")->capture_default_str();
    app.add_option("--partitions", partitions, "partitions of the msg topic")->capture_default_str();
    app.add_option("--seed", seed, "shuffle of the message mix")->capture_default_str();
    CLI11_PARSE(app, argc, argv);
    if (pollInterval.size() < 3 || pollInterval.substr(pollInterval.size() - 2) != "ms") {
        std::cerr << "msgx-e2e-bench: --poll-interval must be given in ms (e.g. 50ms)\n";
        return 2;
    }
    const double pollMs = std::stod(pollInterval);

    msgx::storage::registerPocoConnectors();
    const std::string pg = requireEnv("MSGX_TEST_PG");
    const std::string mailboxConnect = requireEnv("MSGX_TEST_MAILBOX");
    const std::string bootstrap = requireEnv("MSGX_TEST_KAFKA");
    const std::string control = requireEnv("MSGX_TEST_KAFKA_CONTROL");
    const std::string controlAck = requireEnv("MSGX_TEST_KAFKA_CONTROL_ACK");
    const auto dir =
        std::filesystem::temp_directory_path() / ("msgx-e2e-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string msgTopic = "bench.msg";
    const std::string schdTopic = "bench.schd";

    Poco::Data::Session store("PostgreSQL", pg);
    store << "DROP SCHEMA public CASCADE", now;
    store << "CREATE SCHEMA public", now;
    Poco::Data::Session mailbox("MySQL", mailboxConnect);
    mailbox << "TRUNCATE TABLE CMINMSGS", now;
    const std::string fsync = showSetting(store, "fsync");
    const std::string syncCommit = showSetting(store, "synchronous_commit");
    const std::string fullPageWrites = showSetting(store, "full_page_writes");
    std::fprintf(stderr, "[%s] PostgreSQL fsync=%s synchronous_commit=%s full_page_writes=%s\n",
                 label.c_str(), fsync.c_str(), syncCommit.c_str(), fullPageWrites.c_str());

    // Three rounds, the median, so that one disturbed round does not make the baseline. (Between
    // machines and days it moved 1,300 - 5,200/s while msgxd's own figures on one build did not:
    // docs/performance.md.)
    std::vector<double> rawRounds;
    for (int round = 0; round < 3; ++round) {
        rawRounds.push_back(rawCommitRate(pg, rawCommits));
    }
    const double raw = percentile(rawRounds, 0.5);
    std::fprintf(stderr, "[%s] raw PostgreSQL INSERT+COMMIT: %.0f/s (median of %.0f, %.0f, %.0f)\n",
                 label.c_str(), raw, rawRounds[0], rawRounds[1], rawRounds[2]);

    msgx::test::sendKafkaMockCommand(control, controlAck,
                                     "topic " + msgTopic + " " + std::to_string(partitions));
    msgx::test::sendKafkaMockCommand(control, controlAck,
                                     "topic " + schdTopic + " " + std::to_string(partitions));
    TopicReader reader(bootstrap, msgTopic, partitions);

    const auto config = dir / "msgx.yaml";
    std::ofstream(config) << "profile: embedded\n"
                          << "store: {backend: postgresql, connect: \"" << pg
                          << "\", migrate-on-start: true}\n"
                          << "mailbox: {backend: mysql, connect: \"" << mailboxConnect << "\"}\n"
                          << "plugins: {dir: " << handlers << "}\n"
                          << "delivery:\n  targets:\n    msg: {type: kafka, topic: " << msgTopic
                          << "}\n    schd: {type: kafka, topic: " << schdTopic << "}\n"
                          << "kafka: {bootstrap: \"" << bootstrap << "\"}\n"
                          << "control: {socket: " << (dir / "msgxd.sock").string() << "}\n"
                          << "http: {listen: \"127.0.0.1:0\"}\n"
                          // An unsupported key is DEAD at its first attempt instead of holding the
                          // queue for the default 31 s of retries (docs/pipeline.md "Retries per
                          // error class"): the mix has a few such rows on purpose.
                          << "pipeline: {poll-interval: " << pollInterval
                          << ", messages-per-transaction: " << perTransaction
                          << ", batch-size: 1000, retry: {unsupported: {max-attempts: 1}}}\n"
                          << "log: {level: warn}\n";

    Mix mix(handlersSource, pairs, seed);
    Daemon daemon(msgxd, config, dir / "msgxd.log");

    // Setup: references and the schedule, processed and delivered before anything is timed.
    const auto setupDocs = mix.setup();
    insertMailboxDocuments(mailbox, setupDocs);
    std::int64_t rows = static_cast<std::int64_t>(setupDocs.size());
    daemon.start();
    waitSettled(store, reader, daemon, rows, mailboxIdRange(mailbox).second, 300s, "setup");
    std::fprintf(stderr, "[%s] setup: %zu messages (%d flights) processed and delivered\n", label.c_str(),
                 setupDocs.size(), 2 * pairs);
    // A store in operation has planner statistics for its flight tables (autovacuum); this one is
    // seconds old, and without them PostgreSQL plans a batch's look-up of related flights as a
    // sequential scan of FLIGHT (docs/performance.md, 2026-12-06 morning).
    store << "ANALYZE FLIGHT, FLIGHT_DETAIL", now;

    // Paced: one row per commit at `rate` per second.
    const int pacedCount = rate * pacedSeconds;
    std::vector<std::pair<std::int64_t, std::int64_t>> paced; // mailbox id, commit time (us)
    paced.reserve(static_cast<std::size_t>(pacedCount));
    std::vector<std::string> pacedDocs;
    std::vector<std::string> pacedKeys;
    for (int i = 0; i < pacedCount; ++i) {
        pacedDocs.push_back(mix.next());
        pacedKeys.push_back(mix.lastKey());
    }
    const double cpuBeforePaced = daemon.cpuSeconds();
    const auto period = std::chrono::microseconds(1000000 / rate);
    const std::int64_t pacedStart = nowMicros();
    auto next = SteadyClock::now();
    int late = 0;
    for (int i = 0; i < pacedCount; ++i) {
        if (SteadyClock::now() > next + period) {
            ++late; // the insert loop fell a whole period behind its schedule
        }
        std::this_thread::sleep_until(next);
        next += period;
        std::int64_t committedAt = 0;
        const auto id = insertOne(mailbox, pacedDocs[static_cast<std::size_t>(i)], committedAt);
        paced.emplace_back(id, committedAt);
    }
    rows += pacedCount;
    waitSettled(store, reader, daemon, rows, mailboxIdRange(mailbox).second, 120s, "paced");
    const double cpuPaced = daemon.cpuSeconds() - cpuBeforePaced;
    double peakRss = daemon.peakRssMb();
    if (const int status = daemon.stop(); !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fail("msgxd did not exit 0 on SIGTERM after the paced phase (status " + std::to_string(status) + ")");
    }

    // Latency per paced message with msg events: last record read - commit.
    const auto pacedProcessed = processedAt(store, paced.front().first, paced.back().first);
    auto acks = reader.acks();
    std::vector<double> latency;
    std::vector<double> latencyFirst;
    std::vector<double> toTerminal;
    std::ostringstream latencyCsv;
    latencyCsv << "t_s,latency_ms,first_record_ms,terminal_ms\n";
    for (const auto& [id, committedAt] : paced) {
        const auto processed = pacedProcessed.find(id);
        const double terminalMs =
            processed == pacedProcessed.end()
                ? -1
                : static_cast<double>(processed->second.processedAt - committedAt) / 1000.0;
        if (terminalMs >= 0) {
            toTerminal.push_back(terminalMs);
        }
        const auto ack = acks.find(id);
        if (ack == acks.end()) {
            continue; // no msg event (reference data, skipped, DEAD, no-op)
        }
        const double ms = static_cast<double>(ack->second.last - committedAt) / 1000.0;
        const double firstMs = static_cast<double>(ack->second.first - committedAt) / 1000.0;
        latency.push_back(ms);
        latencyFirst.push_back(firstMs);
        latencyCsv << static_cast<double>(committedAt - pacedStart) / 1e6 << ',' << ms << ',' << firstMs
                   << ',' << terminalMs << '\n';
    }

    // Backlog: queued while msgxd is stopped, then drained.
    std::vector<std::string> backlogDocs;
    std::vector<std::string> backlogKeys;
    backlogDocs.reserve(static_cast<std::size_t>(backlog));
    for (int i = 0; i < backlog; ++i) {
        backlogDocs.push_back(mix.next());
        backlogKeys.push_back(mix.lastKey());
    }
    const auto idsBefore = mailboxIdRange(mailbox);
    insertMailboxDocuments(mailbox, backlogDocs);
    const std::int64_t backlogLow = idsBefore.second + 1;
    const std::int64_t backlogHigh = mailboxIdRange(mailbox).second;
    rows += backlog;
    std::fprintf(stderr, "[%s] backlog: %d rows queued (ids %lld..%lld), starting msgxd\n", label.c_str(),
                 backlog, static_cast<long long>(backlogLow), static_cast<long long>(backlogHigh));
    Poco::Int64 ownPid = 0;
    store << "SELECT pg_backend_pid()", into(ownPid), now;
    // Transactions the server counted (all sessions; msgxd's ended, so they are flushed).
    const auto serverTransactions = [&store] {
        Poco::Int64 n = 0;
        store
            << "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()",
            into(n), now;
        return n;
    };
    const std::int64_t transactionsBefore = serverTransactions();
    const std::int64_t benchQueriesBefore = benchStoreQueries;
    const std::int64_t backlogStart = nowMicros();
    daemon.start();
    ActivitySampler sampler(pg, {ownPid});
    waitSettled(store, reader, daemon, rows, backlogHigh, 900s, "backlog");
    sampler.stop();
    const double cpuBacklog = daemon.cpuSeconds();
    peakRss = std::max(peakRss, daemon.peakRssMb());
    if (const int status = daemon.stop(); !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fail("msgxd did not exit 0 on SIGTERM after the backlog (status " + std::to_string(status) + ")");
    }
    std::this_thread::sleep_for(1500ms); // the statistics collector's flush of the ended sessions
    const double transactionsPerMessage =
        static_cast<double>(serverTransactions() - transactionsBefore -
                            (benchStoreQueries - benchQueriesBefore) - sampler.samples() - 2) /
        backlog;

    const auto backlogProcessed = processedAt(store, backlogLow, backlogHigh);
    acks = reader.acks();
    std::int64_t firstProcessed = INT64_MAX;
    std::int64_t lastProcessed = 0;
    std::int64_t firstAck = INT64_MAX;
    std::int64_t lastAck = 0;
    std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> perSecond; // second -> processed, acked
    std::int64_t backlogWithEvents = 0;
    for (std::int64_t id = backlogLow; id <= backlogHigh; ++id) {
        const auto processed = backlogProcessed.find(id);
        if (processed != backlogProcessed.end() && processed->second.processedAt > 0) {
            const std::int64_t at = processed->second.processedAt;
            firstProcessed = std::min(firstProcessed, at);
            lastProcessed = std::max(lastProcessed, at);
            ++perSecond[(at - backlogStart) / 1000000].first;
        }
        const auto ack = acks.find(id);
        if (ack != acks.end()) {
            ++backlogWithEvents;
            firstAck = std::min(firstAck, ack->second.last);
            lastAck = std::max(lastAck, ack->second.last);
            ++perSecond[(ack->second.last - backlogStart) / 1000000].second;
        }
    }
    const double drainSeconds = static_cast<double>(std::max(lastAck, lastProcessed) - backlogStart) / 1e6;
    const double processedRate =
        static_cast<double>(backlog) / (static_cast<double>(lastProcessed - firstProcessed) / 1e6);
    const double ackedRate = static_cast<double>(backlog) / (static_cast<double>(lastAck - firstAck) / 1e6);

    // 5. A stretch sent again: msgxd stopped, the first --repeats backlog documents queued once more,
    // byte for byte (each repeats the identity of a committed message), msgxd started; the rate is
    // repeats / (last - first PROCESSED_AT). Every repeat that has an identity ends SKIPPED
    // duplicate-of (the mix's malformed, unsupported and ignored rows never bind one).
    double repeatRate = 0;
    std::int64_t repeatsAsDuplicates = 0;
    const int repeatCount = std::min(repeats, backlog);
    if (repeatCount > 0) {
        const std::vector<std::string> again(backlogDocs.begin(), backlogDocs.begin() + repeatCount);
        const std::int64_t repeatLow = mailboxIdRange(mailbox).second + 1;
        insertMailboxDocuments(mailbox, again);
        const std::int64_t repeatHigh = mailboxIdRange(mailbox).second;
        rows += repeatCount;
        daemon.start();
        waitSettled(store, reader, daemon, rows, repeatHigh, 900s, "repeats");
        peakRss = std::max(peakRss, daemon.peakRssMb());
        if (const int status = daemon.stop(); !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fail("msgxd did not exit 0 on SIGTERM after the repeats (status " + std::to_string(status) + ")");
        }
        std::int64_t first = INT64_MAX;
        std::int64_t last = 0;
        for (const auto& [id, row] : processedAt(store, repeatLow, repeatHigh)) {
            if (row.processedAt > 0) {
                first = std::min(first, row.processedAt);
                last = std::max(last, row.processedAt);
            }
        }
        repeatRate = last > first ? repeatCount / (static_cast<double>(last - first) / 1e6) : 0;
        Poco::Int64 lo = repeatLow;
        Poco::Int64 hi = repeatHigh;
        Poco::Int64 duplicates = 0;
        store
            << "SELECT COUNT(*) FROM PROC_STATE WHERE CMINMSGS_ID BETWEEN $1 AND $2 AND STATE = 'SKIPPED' AND"
               " NOTE LIKE 'duplicate-of:%'",
            use(lo), use(hi), into(duplicates), now;
        repeatsAsDuplicates = duplicates;
        std::fprintf(stderr, "[%s] repeats: %d rows sent again, %lld SKIPPED duplicate-of, %.0f msgs/s\n",
                     label.c_str(), repeatCount, static_cast<long long>(repeatsAsDuplicates), repeatRate);
    }

    // Checks: every timed row terminal, DEAD only where the mix meant it, every msg event read.
    std::map<std::string, KeyTally> tallies;
    std::map<std::string, std::int64_t> byState;
    std::int64_t unexpectedDead = 0;
    std::int64_t notTerminal = 0;
    const auto tally = [&](std::int64_t id, const std::string& key,
                           const std::unordered_map<std::int64_t, RowOutcome>& outcomes) {
        auto& t = tallies[key];
        ++t.rows;
        const auto row = outcomes.find(id);
        const std::string state = row == outcomes.end() ? "absent" : row->second.state;
        ++t.states[state];
        ++byState[state];
        t.withEvents += static_cast<std::int64_t>(acks.count(id));
        if (state == "DEAD" && !Mix::meantDead(key)) {
            ++unexpectedDead;
        }
        if (state != "SUCCEEDED" && state != "SKIPPED" && state != "DEAD") {
            ++notTerminal;
        }
    };
    for (std::size_t i = 0; i < paced.size(); ++i) {
        tally(paced[i].first, pacedKeys[i], pacedProcessed);
    }
    for (std::size_t i = 0; i < backlogKeys.size(); ++i) {
        tally(backlogLow + static_cast<std::int64_t>(i), backlogKeys[i], backlogProcessed);
    }
    std::ostringstream outcomes;
    outcomes << "  key             rows  SUCCEEDED  SKIPPED   DEAD  with msg records\n";
    for (auto& [key, t] : tallies) {
        char line[160];
        std::snprintf(line, sizeof line, "  %-12s %7lld %10lld %8lld %6lld %10lld\n", key.c_str(),
                      static_cast<long long>(t.rows), static_cast<long long>(t.states["SUCCEEDED"]),
                      static_cast<long long>(t.states["SKIPPED"]), static_cast<long long>(t.states["DEAD"]),
                      static_cast<long long>(t.withEvents));
        outcomes << line;
    }
    std::vector<Poco::Int64> storeEvents;
    store << "SELECT EVENT_ID FROM MSG_EVENT WHERE TARGET = 'msg'", into(storeEvents), now;
    const auto seen = reader.eventIds();
    std::int64_t missing = 0;
    for (const auto id : storeEvents) {
        missing += seen.count(id) == 0 ? 1 : 0;
    }
    std::ostringstream activity;
    std::ostringstream activityJson;
    activityJson << '[';
    for (const auto& [share, what] : sampler.top(12)) {
        char line[64];
        std::snprintf(line, sizeof line, "  %5.1f%%  ", share);
        activity << line << what << '\n';
        activityJson << (activityJson.tellp() > 1 ? ", " : "") << "{\"share_pct\": " << share
                     << ", \"what\": \"" << jsonEscape(what) << "\"}";
    }
    activityJson << ']';
    std::fprintf(stderr,
                 "[%s] store backends during the backlog (%lld samples, %.2f busy backends per sample), "
                 "state | wait | statement:\n%s",
                 label.c_str(), static_cast<long long>(sampler.samples()),
                 static_cast<double>(sampler.busy()) /
                     static_cast<double>(std::max<std::int64_t>(sampler.samples(), 1)),
                 activity.str().c_str());
    std::fprintf(stderr, "[%s] outcomes of the paced and backlog rows by key of the mix:\n%s", label.c_str(),
                 outcomes.str().c_str());

    const double latencyP50 = percentile(latency, 0.50);
    const double latencyP99 = percentile(latency, 0.99);
    const double latencyP999 = percentile(latency, 0.999);
    const double cpuPer1000Backlog = cpuBacklog / backlog * 1000.0;
    const double cpuPer1000Paced = cpuPaced / pacedCount * 1000.0;

    std::printf(
        "\nmsgx-e2e-bench [%s] (PostgreSQL fsync=%s synchronous_commit=%s, MariaDB mailbox, Kafka mock)\n",
        label.c_str(), fsync.c_str(), syncCommit.c_str());
    std::printf("%-58s %12s %12s %8s\n", "measure", "value", "baseline", "ratio");
    std::printf("%-58s %12.0f %12.0f %8.2f\n", "backlog msgs/s mailbox -> terminal (vs raw commits/s)",
                processedRate, raw, processedRate / raw);
    std::printf("%-58s %12.0f %12.0f %8.2f\n", "backlog msgs/s mailbox -> Kafka-acked (vs raw commits/s)",
                ackedRate, raw, ackedRate / raw);
    std::printf("%-58s %12.1f %12.0f %8.2f\n", "paced latency p50 ms commit -> msg ack (vs poll ms)",
                latencyP50, pollMs, latencyP50 / pollMs);
    std::printf("%-58s %12.1f %12.0f %8.2f\n", "paced latency p99 ms (target <= poll + 50)", latencyP99,
                pollMs, latencyP99 / pollMs);
    std::printf("%-58s %12.1f %12.0f %8.2f\n", "paced latency p99.9 ms", latencyP999, pollMs,
                latencyP999 / pollMs);
    std::printf("%-58s %12.1f %12.1f\n", "  commit -> terminal (PROCESSED_AT) p50 / p99 ms",
                percentile(toTerminal, 0.5), percentile(toTerminal, 0.99));
    std::printf("%-58s %12.1f %12s\n", "backlog drain s (100,000 rows: target <= 60)", drainSeconds, "-");
    if (repeatCount > 0) {
        std::printf("%-58s %12.0f %12.0f %8.2f\n", "repeats msgs/s, a stretch sent again (vs backlog msgs/s)",
                    repeatRate, processedRate, repeatRate / processedRate);
    }
    std::printf("%-58s %12.1f\n", "peak RSS MB of msgxd (VmHWM)", peakRss);
    std::printf("%-58s %12.1f\n", "own-store transactions per backlog message", transactionsPerMessage);
    std::printf("%-58s %12.3f %12.3f\n", "CPU s per 1,000 messages (backlog / paced)", cpuPer1000Backlog,
                cpuPer1000Paced);
    std::printf(
        "(%d flights, %d paced at %d/s (%zu with msg events, %d inserts late), %d backlog (%lld with msg "
        "events), %zu msg events, %lld records read, %d per transaction, poll %s; outcomes SUCCEEDED %lld "
        "SKIPPED %lld DEAD %lld)\n",
        2 * pairs, pacedCount, rate, latency.size(), late, backlog, static_cast<long long>(backlogWithEvents),
        storeEvents.size(), static_cast<long long>(reader.records()), perTransaction, pollInterval.c_str(),
        static_cast<long long>(byState["SUCCEEDED"]), static_cast<long long>(byState["SKIPPED"]),
        static_cast<long long>(byState["DEAD"]));

    if (!outPrefix.empty()) {
        std::ostringstream series;
        series << "second,terminal,acked\n";
        for (const auto& [second, n] : perSecond) {
            series << second << ',' << n.first << ',' << n.second << '\n';
        }
        std::ofstream(outPrefix + "-throughput.csv") << series.str();
        std::ofstream(outPrefix + "-latency.csv") << latencyCsv.str();
        JsonObject j;
        j.text("label", label);
        j.text("pg_fsync", fsync);
        j.text("pg_synchronous_commit", syncCommit);
        j.text("pg_full_page_writes", fullPageWrites);
        j.number("raw_commits_per_s", raw);
        j.raw("raw_commits_per_s_rounds", "[" + std::to_string(rawRounds[0]) + ", " +
                                              std::to_string(rawRounds[1]) + ", " +
                                              std::to_string(rawRounds[2]) + "]");
        j.number("msgs_per_s_terminal", processedRate);
        j.number("msgs_per_s_kafka_acked", ackedRate);
        j.number("throughput_ratio_to_raw_commits", ackedRate / raw);
        j.number("terminal_ratio_to_raw_commits", processedRate / raw);
        j.number("latency_p50_ms", latencyP50);
        j.number("latency_p99_ms", latencyP99);
        j.number("latency_p999_ms", latencyP999);
        j.number("latency_first_record_p99_ms", percentile(latencyFirst, 0.99));
        j.number("latency_to_terminal_p50_ms", percentile(toTerminal, 0.5));
        j.number("latency_to_terminal_p99_ms", percentile(toTerminal, 0.99));
        j.number("latency_messages", static_cast<double>(latency.size()));
        j.number("paced_rate_per_s", rate);
        j.number("paced_seconds", pacedSeconds);
        j.number("paced_inserts_late", late);
        j.number("poll_interval_ms", pollMs);
        j.number("backlog_messages", backlog);
        j.number("backlog_drain_seconds", drainSeconds);
        j.number("repeats", repeatCount);
        j.number("repeats_per_s", repeatRate);
        j.number("repeats_skipped_as_duplicates", static_cast<double>(repeatsAsDuplicates));
        j.number("peak_rss_mb", peakRss);
        j.number("store_transactions_per_message", transactionsPerMessage);
        j.number("cpu_seconds_per_1000", cpuPer1000Backlog);
        j.number("cpu_seconds_per_1000_paced", cpuPer1000Paced);
        j.number("flights", 2 * pairs);
        j.number("messages_per_transaction", perTransaction);
        j.number("msg_events", static_cast<double>(storeEvents.size()));
        j.number("msg_records_read", static_cast<double>(reader.records()));
        j.number("msg_events_missing", static_cast<double>(missing));
        j.raw("outcomes", "{\"SUCCEEDED\": " + std::to_string(byState["SUCCEEDED"]) +
                              ", \"SKIPPED\": " + std::to_string(byState["SKIPPED"]) +
                              ", \"DEAD\": " + std::to_string(byState["DEAD"]) + "}");
        j.number("flop_keys", static_cast<double>(mix.flopKeys()));
        j.raw("store_activity_backlog", activityJson.str());
        std::ofstream(outPrefix + ".json") << j.str() << '\n';
    }

    if (notTerminal > 0) {
        fail(std::to_string(notTerminal) + " timed rows not terminal (see outcomes)");
    }
    if (unexpectedDead > 0) {
        fail(std::to_string(unexpectedDead) + " rows DEAD that the mix did not mean to fail (see outcomes)");
    }
    if (missing > 0 || reader.withoutSource() > 0) {
        fail(std::to_string(missing) + " msg events of the store never read from the topic, " +
             std::to_string(reader.withoutSource()) + " records without a source");
    }
    if (std::getenv("MSGX_E2E_KEEP") == nullptr) { // MSGX_E2E_KEEP=1: msgxd.log stays for a look
        std::filesystem::remove_all(dir);
    }
    return 0;
}

} // namespace
