#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/delivery/DeliverySink.h"
#include "msgx/delivery/ProducerSettings.h"

#include <memory>
#include <string>
#include <vector>

namespace msgx::delivery {

// A Kafka topic behind an idempotent librdkafka producer (acks=all, enable.idempotence=true,
// max.in.flight.requests.per.connection=1; see ProducerSettings).
//
// send() produces the records in order (key = FLID in decimal, or none; value = the envelope, or
// none for a tombstone; headers msgx-event-id, msgx-source-id when known, msgx-event-type) and
// waits for every delivery report: Acked only on a report without error. Report errors map by
// kafkaErrorStatus (KafkaErrorClass.h). Per key one record is in flight: the next record of a key
// is produced once the one before it is acknowledged, so a record the broker refuses is never
// overtaken by a later record of its key (those are not produced: Unavailable, naming it), while
// records of other keys go on in parallel. A full local queue is waited out, not failed. When
// produce() itself refuses a record, nothing more is produced (Unavailable, so the records keep
// their place behind it). librdkafka reports every record within message.timeout.ms; the
// wait is also capped at message.timeout.ms + kReportMargin on the clock, a guard against a
// report that never comes (the records still without one are Unavailable). A fatal producer error
// (rd_kafka_fatal_error, e.g. an idempotence epoch problem) keeps the batch's unacked records
// Unavailable (a record the broker refused stays Refused), is logged, and the producer is
// replaced by a fresh one.
//
// health(): unhealthy from a transport error (error callback: _TRANSPORT, _ALL_BROKERS_DOWN, ...)
// or an Unavailable record of the last send, healthy again after a successful delivery. A broker
// that cannot be reached when the sink is built does not make construction fail: the first sends
// are Unavailable and health says why.
//
// send() is for one thread (the target's dispatcher); health() and describe() may be called from
// any thread.
class KafkaSink final : public DeliverySink {
public:
    static constexpr std::chrono::seconds kReportMargin{5};

    // Throws std::invalid_argument when a property is refused by ProducerSettings or unknown to
    // (or rejected by) librdkafka, with librdkafka's explanation.
    KafkaSink(const KafkaClientSettings& kafka, std::string topic, const Clock& clock);
    KafkaSink(ProducerSettings settings, std::string topic, const Clock& clock);
    ~KafkaSink() override;
    KafkaSink(const KafkaSink&) = delete;
    KafkaSink& operator=(const KafkaSink&) = delete;

    std::vector<SendResult> send(const std::vector<DeliveryRecord>& records) override;
    [[nodiscard]] SinkHealth health() const override;
    [[nodiscard]] std::string describe() const override;

private:
    class Producer;
    std::unique_ptr<Producer> producer_;
};

} // namespace msgx::delivery
