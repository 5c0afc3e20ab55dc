#include "KafkaDispatchRun.h"

namespace msgx::test {

using namespace std::chrono_literals;

namespace {

delivery::KafkaClientSettings kafkaConfig(const std::string& bootstrap, const std::string& messageTimeoutMs) {
    delivery::KafkaClientSettings kafka;
    kafka.bootstrap = bootstrap;
    kafka.clientId = "msgx-dispatch-test";
    kafka.properties = {{"message.timeout.ms", messageTimeoutMs}, {"linger.ms", "5"}};
    return kafka;
}

} // namespace

delivery::DispatcherSettings KafkaDispatchRun::defaultSettings() {
    delivery::DispatcherSettings settings;
    settings.target = "msg";
    settings.batchSize = 500;
    settings.idlePoll = 50ms;
    settings.unavailableRetry = 500ms;
    return settings;
}

KafkaDispatchRun::KafkaDispatchRun(const std::string& bootstrap, const std::string& topic,
                                   delivery::DispatcherSettings settings)
    : KafkaDispatchRun(bootstrap, topic, nullptr, std::move(settings)) {}

KafkaDispatchRun::KafkaDispatchRun(const std::string& bootstrap, const std::string& topic,
                                   storage::OwnStore* store, delivery::DispatcherSettings settings,
                                   const std::string& messageTimeoutMs)
    : sink_(std::make_unique<delivery::KafkaSink>(kafkaConfig(bootstrap, messageTimeoutMs), topic, clock_)),
      target_(settings.target) {
    dispatcher_ = std::make_unique<delivery::Dispatcher>(store != nullptr ? *store : outbox_.store(), *sink_,
                                                         clock_, std::move(settings));
}

KafkaDispatchRun::~KafkaDispatchRun() {
    if (worker_.joinable()) {
        worker_.request_stop();
        worker_.join();
    }
}

void KafkaDispatchRun::addEvents(int count, int flights, int perCommit) {
    for (int done = 0; done < count;) {
        std::vector<storage::NewEvent> events;
        std::vector<storage::FlightId> flids;
        for (; done < count && static_cast<int>(events.size()) < perCommit; ++done, ++added_) {
            const storage::FlightId flid = added_ % flights + 1;
            events.push_back({"msg", flid, flightUpdate(flid, added_ / flights)});
            flids.push_back(flid);
        }
        const auto ids = outbox_.addEvents(events);
        for (std::size_t i = 0; i < ids.size(); ++i) {
            expected_[flids[i]].push_back(ids[i]);
        }
    }
}

void KafkaDispatchRun::start() {
    worker_ = std::jthread([this](std::stop_token stop) { dispatcher_->run(stop); });
}

bool KafkaDispatchRun::waitUntilDelivered(std::chrono::seconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (outbox_.store().events().pendingCount(target_, 0) > 0) {
        if (std::chrono::steady_clock::now() > deadline) {
            return false;
        }
        std::this_thread::sleep_for(100ms); // real-world wait: delivery to the mock cluster
    }
    return true;
}

} // namespace msgx::test
