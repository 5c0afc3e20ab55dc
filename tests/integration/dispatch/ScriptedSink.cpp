#include "ScriptedSink.h"

namespace msgx::test {

using delivery::DeliveryRecord;
using delivery::SendResult;

ScriptedSink::Answer ScriptedSink::all(SendResult::Status status, const std::string& error) {
    return [status, error](const std::vector<DeliveryRecord>& records) {
        return std::vector<SendResult>(records.size(),
                                       SendResult{status, status == SendResult::Status::Acked ? "" : error});
    };
}

ScriptedSink::Answer ScriptedSink::each(std::vector<SendResult::Status> statuses, const std::string& error) {
    return [statuses, error](const std::vector<DeliveryRecord>& records) {
        std::vector<SendResult> results;
        for (std::size_t i = 0; i < records.size(); ++i) {
            const auto status = i < statuses.size() ? statuses[i] : SendResult::Status::Acked;
            results.push_back({status, status == SendResult::Status::Acked ? "" : error});
        }
        return results;
    };
}

void ScriptedSink::script(Answer answer) {
    std::lock_guard lock(mutex_);
    answers_.push_back(std::move(answer));
}

void ScriptedSink::takeTime(ManualClock& clock, Clock::duration d) {
    std::lock_guard lock(mutex_);
    clock_ = &clock;
    sendTime_ = d;
}

std::vector<SendResult> ScriptedSink::send(const std::vector<DeliveryRecord>& records) {
    Answer answer = all(SendResult::Status::Acked);
    {
        std::lock_guard lock(mutex_);
        calls_.push_back(records);
        if (!answers_.empty()) {
            answer = std::move(answers_.front());
            answers_.pop_front();
        }
        if (clock_ != nullptr) {
            clock_->advance(sendTime_);
        }
    }
    return answer(records);
}

std::vector<std::vector<DeliveryRecord>> ScriptedSink::calls() const {
    std::lock_guard lock(mutex_);
    return calls_;
}

std::vector<storage::EventId> ScriptedSink::sentIds() const {
    std::lock_guard lock(mutex_);
    std::vector<storage::EventId> ids;
    for (const auto& call : calls_) {
        for (const auto& record : call) {
            ids.push_back(record.eventId);
        }
    }
    return ids;
}

} // namespace msgx::test
