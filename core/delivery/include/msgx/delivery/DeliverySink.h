#pragma once

#include "msgx/delivery/DeliveryRecord.h"

#include <string>
#include <vector>

namespace msgx::delivery {

// What became of one record handed to a sink.
struct SendResult {
    enum class Status {
        Acked,       // the destination has it for good (Kafka delivery report OK; file fsynced)
        Refused,     // the destination rejected this record: counts toward the event's attempts
        Unavailable, // not tried or not confirmed for transport reasons (brokers down, timeout):
                     // never counts toward attempts, the target waits and reports unhealthy
    };
    Status status = Status::Acked;
    std::string error; // when not Acked

    bool operator==(const SendResult&) const = default;
};

struct SinkHealth {
    bool healthy = true;
    std::string problem; // why not, e.g. "all brokers down" (the last transport error)
};

// One delivery destination (a Kafka topic or a JSON-lines file). Used by one dispatcher thread.
class DeliverySink {
public:
    virtual ~DeliverySink() = default;

    // Sends `records` in the given order and waits until each has an outcome, at most the sink's
    // send timeout (Kafka: message.timeout.ms) plus a margin; returns one result per record, in
    // order. Never throws for a transport or broker problem (those are results).
    virtual std::vector<SendResult> send(const std::vector<DeliveryRecord>& records) = 0;

    [[nodiscard]] virtual SinkHealth health() const = 0;
    // For logs and status: "kafka topic msgx.msg", "file /var/lib/msgx/events/msg.jsonl".
    [[nodiscard]] virtual std::string describe() const = 0;
};

} // namespace msgx::delivery
