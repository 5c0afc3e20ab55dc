#include "msgx/delivery/KafkaSink.h"

#include "msgx/delivery/KafkaErrorClass.h"
#include "msgx/log/Log.h"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace msgx::delivery {

namespace {

constexpr int kPollMillis = 100;

using Status = SendResult::Status;

// librdkafka's syslog levels to ours: it logs connection trouble at 3-4 and chatter at 6-7.
void forwardLog(const rd_kafka_t* handle, int level, const char* facility, const char* text) {
    const char* name = handle != nullptr ? rd_kafka_name(handle) : "rdkafka";
    if (level <= 2) {
        log::error("kafka {} {}: {}", name, facility, text);
    } else if (level <= 4) { // connection failures (FAIL, level 3) are retried: a warning
        log::warn("kafka {} {}: {}", name, facility, text);
    } else if (level <= 6) {
        log::info("kafka {} {}: {}", name, facility, text);
    } else {
        log::debug("kafka {} {}: {}", name, facility, text);
    }
}

// The value as it may appear in an error message: secrets (passwords, private keys, client
// secrets) never reach a log line.
std::string shownValue(const std::string& name, const std::string& value) {
    for (const char* secret : {"password", "secret", "key", "pem", "jaas"}) {
        if (name.find(secret) != std::string::npos) {
            return "(hidden)";
        }
    }
    return value;
}

} // namespace

// The librdkafka handle and the batch in flight. Callbacks (delivery reports, errors) run inside
// rd_kafka_poll, which is only called with pollMutex_ held, so they see a consistent batch.
class KafkaSink::Producer {
public:
    Producer(ProducerSettings settings, std::string topic, const Clock& clock)
        : settings_(std::move(settings)), topic_(std::move(topic)), clock_(clock), handle_(create()) {}

    ~Producer() {
        // Nothing is waited for: records without a delivery report were never Acked, so the
        // dispatcher sends them again after a restart.
        if (handle_ != nullptr) {
            rd_kafka_purge(handle_, RD_KAFKA_PURGE_F_QUEUE | RD_KAFKA_PURGE_F_INFLIGHT);
            rd_kafka_destroy(handle_);
        }
    }
    Producer(const Producer&) = delete;
    Producer& operator=(const Producer&) = delete;

    std::vector<SendResult> send(const std::vector<DeliveryRecord>& records);

    SinkHealth health() {
        // Serve pending error events while no send is running, so that an idle target still
        // learns that its brokers are gone.
        if (std::unique_lock poll(pollMutex_, std::try_to_lock); poll.owns_lock()) {
            rd_kafka_poll(handle_, 0);
        }
        const std::scoped_lock lock(healthMutex_);
        return health_;
    }

    [[nodiscard]] const std::string& topic() const { return topic_; }

private:
    rd_kafka_t* create();
    rd_kafka_resp_err_t produce(const DeliveryRecord& record, std::uint64_t sequence);
    void produceAndWait(const std::vector<DeliveryRecord>& records, std::vector<SendResult>& results);
    void giveUpWaiting(std::vector<SendResult>& results);
    void replaceAfterFatalError(std::vector<SendResult>& results);
    void setHealth(bool healthy, std::string problem) {
        const std::scoped_lock lock(healthMutex_);
        health_ = SinkHealth{healthy, std::move(problem)};
    }

    static void onDelivery(rd_kafka_t*, const rd_kafka_message_t* message, void* opaque);
    static void onError(rd_kafka_t*, int error, const char* reason, void* opaque);

    ProducerSettings settings_;
    std::string topic_;
    const Clock& clock_;
    std::mutex pollMutex_; // held by send() throughout and by health() while it polls
    rd_kafka_t* handle_ = nullptr;

    // The batch being sent: record i was produced with sequence batchBase_ + i. A report with a
    // sequence outside the batch belongs to an earlier batch that gave up waiting; it is logged.
    std::uint64_t nextSequence_ = 1;
    std::uint64_t batchBase_ = 0;
    std::vector<SendResult>* batchResults_ = nullptr;
    std::vector<bool> reported_;
    std::vector<bool> produced_;
    std::size_t outstanding_ = 0;
    // Per-key order (architecture.md §6): a record is produced only once the previous record of its
    // key in the batch is acknowledged, so a refused record is never overtaken by a later record of
    // its key (with the other keys still in flight). nextOfKey_[i]: the next record of record i's
    // key (or kNone); ready_: the records whose predecessor was just acknowledged.
    static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::vector<std::size_t> nextOfKey_;
    std::vector<std::size_t> ready_;

    mutable std::mutex healthMutex_;
    SinkHealth health_;
};

rd_kafka_t* KafkaSink::Producer::create() {
    std::array<char, 512> error{};
    rd_kafka_conf_t* conf = rd_kafka_conf_new();
    for (const auto& [name, value] : settings_.properties) {
        if (rd_kafka_conf_set(conf, name.c_str(), value.c_str(), error.data(), error.size()) !=
            RD_KAFKA_CONF_OK) {
            rd_kafka_conf_destroy(conf);
            throw std::invalid_argument("kafka property " + name + "=" + shownValue(name, value) +
                                        " refused by librdkafka: " + error.data());
        }
    }
    rd_kafka_conf_set_opaque(conf, this);
    rd_kafka_conf_set_dr_msg_cb(conf, &Producer::onDelivery);
    rd_kafka_conf_set_error_cb(conf, &Producer::onError);
    rd_kafka_conf_set_log_cb(conf, &forwardLog);
    // Log lines wait in the main queue and are written inside rd_kafka_poll, on a thread of ours:
    // never from librdkafka's threads while (or after) the logging system shuts down.
    rd_kafka_conf_set(conf, "log.queue", "true", error.data(), error.size());
    rd_kafka_t* handle = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error.data(), error.size());
    if (handle == nullptr) {
        rd_kafka_conf_destroy(conf);
        throw std::invalid_argument("kafka producer for topic " + topic_ +
                                    " cannot be created: " + error.data());
    }
    rd_kafka_set_log_queue(handle, nullptr);
    return handle;
}

void KafkaSink::Producer::onDelivery(rd_kafka_t*, const rd_kafka_message_t* message, void* opaque) {
    auto& self = *static_cast<Producer*>(opaque);
    const auto sequence = reinterpret_cast<std::uintptr_t>(message->_private);
    const bool inBatch = self.batchResults_ != nullptr && sequence >= self.batchBase_ &&
                         sequence < self.batchBase_ + self.batchResults_->size();
    if (!inBatch) {
        log::warn("kafka topic {}: late delivery report ({}) for a record of an earlier send that had "
                  "already been given up as unavailable; it will be or was sent again",
                  self.topic_, kafkaErrorText(message->err));
        return;
    }
    const std::size_t index = sequence - self.batchBase_;
    if (self.reported_[index]) {
        return;
    }
    self.reported_[index] = true;
    --self.outstanding_;
    (*self.batchResults_)[index] =
        message->err == RD_KAFKA_RESP_ERR_NO_ERROR
            ? SendResult{}
            : SendResult{kafkaErrorStatus(message->err), kafkaErrorText(message->err)};
    if (message->err == RD_KAFKA_RESP_ERR_NO_ERROR && self.nextOfKey_[index] != kNone) {
        self.ready_.push_back(self.nextOfKey_[index]);
    }
}

void KafkaSink::Producer::onError(rd_kafka_t*, int error, const char* reason, void* opaque) {
    auto& self = *static_cast<Producer*>(opaque);
    const std::string problem =
        std::string(rd_kafka_err2name(static_cast<rd_kafka_resp_err_t>(error))) + ": " + reason;
    if (error != RD_KAFKA_RESP_ERR__TRANSPORT) { // librdkafka's log already has each one
        log::warn("kafka topic {}: {}", self.topic_, problem);
    }
    self.setHealth(false, problem);
}

rd_kafka_resp_err_t KafkaSink::Producer::produce(const DeliveryRecord& record, std::uint64_t sequence) {
    const std::string key = record.key ? std::to_string(*record.key) : std::string();
    const std::string eventId = std::to_string(record.eventId);
    const std::string sourceId = record.sourceId ? std::to_string(*record.sourceId) : std::string();

    std::vector<rd_kafka_vu_t> parts;
    const auto add = [&parts](rd_kafka_vtype_t type) -> rd_kafka_vu_t& {
        parts.push_back(rd_kafka_vu_t{});
        parts.back().vtype = type;
        return parts.back();
    };
    add(RD_KAFKA_VTYPE_TOPIC).u.cstr = topic_.c_str();
    add(RD_KAFKA_VTYPE_MSGFLAGS).u.i = RD_KAFKA_MSG_F_COPY;
    if (record.key) {
        auto& part = add(RD_KAFKA_VTYPE_KEY);
        part.u.mem.ptr = const_cast<char*>(key.data());
        part.u.mem.size = key.size();
    }
    if (record.value) {
        auto& part = add(RD_KAFKA_VTYPE_VALUE);
        part.u.mem.ptr = const_cast<char*>(record.value->data());
        part.u.mem.size = record.value->size();
    }
    const auto header = [&add](const char* name, const std::string& text) {
        auto& part = add(RD_KAFKA_VTYPE_HEADER);
        part.u.header.name = name;
        part.u.header.val = text.data();
        part.u.header.size = static_cast<ssize_t>(text.size());
    };
    header("msgx-event-id", eventId);
    if (record.sourceId) {
        header("msgx-source-id", sourceId);
    }
    header("msgx-event-type", record.eventType);
    add(RD_KAFKA_VTYPE_OPAQUE).u.ptr = reinterpret_cast<void*>(static_cast<std::uintptr_t>(sequence));

    rd_kafka_error_t* error = rd_kafka_produceva(handle_, parts.data(), parts.size());
    if (error == nullptr) {
        return RD_KAFKA_RESP_ERR_NO_ERROR;
    }
    const rd_kafka_resp_err_t code = rd_kafka_error_code(error);
    rd_kafka_error_destroy(error);
    return code;
}

std::vector<SendResult> KafkaSink::Producer::send(const std::vector<DeliveryRecord>& records) {
    const std::scoped_lock poll(pollMutex_);
    rd_kafka_poll(handle_, 0); // stale reports and errors first, before the new batch is set up

    std::vector<SendResult> results(records.size(), SendResult{Status::Unavailable, "not produced"});
    batchBase_ = nextSequence_;
    nextSequence_ += records.size();
    batchResults_ = &results;
    reported_.assign(records.size(), false);
    produced_.assign(records.size(), false);
    outstanding_ = 0;
    produceAndWait(records, results);
    replaceAfterFatalError(results);
    batchResults_ = nullptr;

    // The records never produced: behind a record of their key that was not delivered, or behind
    // a record that librdkafka refused to queue.
    std::vector<std::size_t> previousOfKey(records.size(), kNone);
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (nextOfKey_[i] != kNone) {
            previousOfKey[nextOfKey_[i]] = i;
        }
    }
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (produced_[i] || reported_[i]) {
            continue;
        }
        std::size_t blocker = previousOfKey[i];
        while (blocker != kNone && results[blocker].status == Status::Acked) {
            blocker = previousOfKey[blocker];
        }
        results[i] = SendResult{Status::Unavailable,
                                blocker != kNone ? "not produced: record of event " +
                                                       std::to_string(records[blocker].eventId) +
                                                       " of the same key before it was not delivered (" +
                                                       results[blocker].error + ")"
                                                 : std::string("not produced: the batch stopped before it")};
    }

    // Health follows what the cluster did with the records tried; a refused record says nothing
    // about the cluster, and the records held back behind it were not tried.
    bool anyAcked = false;
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!produced_[i] && !reported_[i]) {
            continue;
        }
        const SendResult& result = results[i];
        if (result.status == Status::Unavailable) {
            setHealth(false, result.error);
            return results;
        }
        anyAcked = anyAcked || result.status == Status::Acked;
    }
    if (anyAcked) {
        setHealth(true, {});
    }
    return results;
}

// Produces the first record of each key, then each next record of a key once the one before it is
// acknowledged, polling for reports until every produced record has one or the guard deadline
// passed. A record librdkafka refuses to queue (a local error) stops producing: the records not
// produced yet stay behind it. What is still unreported at the deadline stays Unavailable.
void KafkaSink::Producer::produceAndWait(const std::vector<DeliveryRecord>& records,
                                         std::vector<SendResult>& results) {
    nextOfKey_.assign(records.size(), kNone);
    ready_.clear();
    std::map<std::int64_t, std::size_t> lastOfKey;
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (!records[i].key) {
            ready_.push_back(i); // no key, no order to keep
            continue;
        }
        const auto [last, first] = lastOfKey.try_emplace(*records[i].key, i);
        if (first) {
            ready_.push_back(i);
        } else {
            nextOfKey_[last->second] = i;
            last->second = i;
        }
    }
    std::sort(ready_.begin(), ready_.end());

    const Clock::time_point deadline = clock_.now() + settings_.messageTimeout + kReportMargin;
    bool stopped = false;
    while (true) {
        std::vector<std::size_t> now;
        now.swap(ready_);
        for (const std::size_t i : now) {
            if (stopped) {
                break;
            }
            rd_kafka_resp_err_t error = produce(records[i], batchBase_ + i);
            while (error == RD_KAFKA_RESP_ERR__QUEUE_FULL && clock_.now() < deadline) {
                rd_kafka_poll(handle_, kPollMillis); // delivery reports make room
                error = produce(records[i], batchBase_ + i);
            }
            if (error == RD_KAFKA_RESP_ERR_NO_ERROR) {
                produced_[i] = true;
                ++outstanding_;
                continue;
            }
            reported_[i] = true;
            results[i] = SendResult{kafkaErrorStatus(error), kafkaErrorText(error)};
            stopped = true; // the rest stay behind it
        }
        if (outstanding_ == 0 && (stopped || ready_.empty())) {
            return;
        }
        if (clock_.now() >= deadline) {
            giveUpWaiting(results);
            return;
        }
        if (ready_.empty()) {
            // flush, not poll: while it waits, the brokers send at once instead of after linger.ms,
            // so each next record of a key costs one round trip, not a linger and a round trip.
            rd_kafka_flush(handle_, kPollMillis);
        } else {
            rd_kafka_poll(handle_, 0);
        }
    }
}

void KafkaSink::Producer::giveUpWaiting(std::vector<SendResult>& results) {
    if (outstanding_ == 0) {
        return;
    }
    log::error("kafka topic {}: {} of {} records without a delivery report after message.timeout.ms + {} s; "
               "they count as unavailable and will be sent again",
               topic_, outstanding_, results.size(), kReportMargin.count());
    rd_kafka_purge(handle_, RD_KAFKA_PURGE_F_QUEUE | RD_KAFKA_PURGE_F_NON_BLOCKING);
    rd_kafka_poll(handle_, 0);
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (produced_[i] && !reported_[i]) {
            results[i] = SendResult{Status::Unavailable, "no delivery report within the send timeout"};
        }
    }
}

void KafkaSink::Producer::replaceAfterFatalError(std::vector<SendResult>& results) {
    std::array<char, 512> reason{};
    const rd_kafka_resp_err_t fatal = rd_kafka_fatal_error(handle_, reason.data(), reason.size());
    if (fatal == RD_KAFKA_RESP_ERR_NO_ERROR) {
        return;
    }
    const std::string problem = "fatal producer error " + kafkaErrorText(fatal) + ": " + reason.data();
    log::error("kafka topic {}: {}; the producer is replaced by a new one and the unacknowledged records "
               "are sent again",
               topic_, problem);
    // A record the broker refused stays Refused (sending it again cannot help); every other
    // unacknowledged record is sent again by the new producer.
    for (SendResult& result : results) {
        if (result.status == Status::Unavailable) {
            result.error = problem + " (" + result.error + ")";
        }
    }
    rd_kafka_purge(handle_, RD_KAFKA_PURGE_F_QUEUE | RD_KAFKA_PURGE_F_INFLIGHT);
    batchResults_ = nullptr; // reports served while destroying belong to no batch
    rd_kafka_destroy(handle_);
    handle_ = nullptr;
    handle_ = create(); // the settings were accepted once, so this does not throw in practice
    setHealth(false, problem);
}

KafkaSink::KafkaSink(const KafkaClientSettings& kafka, std::string topic, const Clock& clock)
    : KafkaSink(ProducerSettings::of(kafka), std::move(topic), clock) {}

KafkaSink::KafkaSink(ProducerSettings settings, std::string topic, const Clock& clock)
    : producer_(std::make_unique<Producer>(std::move(settings), std::move(topic), clock)) {}

KafkaSink::~KafkaSink() = default;

std::vector<SendResult> KafkaSink::send(const std::vector<DeliveryRecord>& records) {
    return producer_->send(records);
}

SinkHealth KafkaSink::health() const {
    return producer_->health();
}

std::string KafkaSink::describe() const {
    return "kafka topic " + producer_->topic();
}

} // namespace msgx::delivery
