#pragma once

#include "msgx/clock/ManualClock.h"
#include "msgx/delivery/DeliverySink.h"

#include <deque>
#include <functional>
#include <mutex>
#include <vector>

namespace msgx::test {

// A DeliverySink whose answers a test scripts: each send() takes the next scripted answer (a
// function of the records), or acks everything when none is left. Remembers every call.
class ScriptedSink : public delivery::DeliverySink {
public:
    using Answer =
        std::function<std::vector<delivery::SendResult>(const std::vector<delivery::DeliveryRecord>&)>;

    // Every record gets `status` (with `error` unless Acked).
    static Answer all(delivery::SendResult::Status status, const std::string& error = "scripted");
    // Record i gets statuses[i]; records past the list are Acked.
    static Answer each(std::vector<delivery::SendResult::Status> statuses,
                       const std::string& error = "scripted");

    void script(Answer answer);
    // Moves `clock` by `d` inside every send (a send that takes time, for the latency metric).
    void takeTime(ManualClock& clock, Clock::duration d);

    std::vector<delivery::SendResult> send(const std::vector<delivery::DeliveryRecord>& records) override;
    [[nodiscard]] delivery::SinkHealth health() const override { return {}; }
    [[nodiscard]] std::string describe() const override { return "scripted sink"; }

    // The records of every send() so far, one vector per call.
    [[nodiscard]] std::vector<std::vector<delivery::DeliveryRecord>> calls() const;
    // The event ids of every record sent so far, in send order.
    [[nodiscard]] std::vector<storage::EventId> sentIds() const;

private:
    mutable std::mutex mutex_;
    std::deque<Answer> answers_;
    std::vector<std::vector<delivery::DeliveryRecord>> calls_;
    ManualClock* clock_ = nullptr;
    Clock::duration sendTime_{};
};

} // namespace msgx::test
