#pragma once

#include <chrono>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace msgx::delivery {

// What a Kafka client is given (the kafka section of the configuration, mapped by
// msgx/config/DeliverySettings.h): the brokers, the client id and extra librdkafka properties.
struct KafkaClientSettings {
    std::string bootstrap;
    std::string clientId = "msgx";
    std::map<std::string, std::string> properties;
};

// The librdkafka properties of a msgexchange producer, built from the client settings.
//
// Order of application (later wins): bootstrap.servers and client.id, then kafka.properties as
// configured (TLS/SASL and any other keys pass through), then message.timeout.ms when it was not
// configured (kDefaultMessageTimeout instead of librdkafka's 300 s), and last the forced
// reliability settings acks=all, enable.idempotence=true,
// max.in.flight.requests.per.connection=1 (architecture.md §6), so that nothing overrides them.
//
// of() throws std::invalid_argument naming the property when kafka.properties weakens a
// forced setting (acks/request.required.acks other than all/-1, enable.idempotence other than
// true, max.in.flight(.requests.per.connection) other than 1), makes the send unbounded
// (message.timeout.ms / delivery.timeout.ms not a positive number of milliseconds; 0 means
// infinite), sets transactional.id (msgexchange never begins a transaction, so every produce
// would fail), or repeats bootstrap.servers / metadata.broker.list / client.id (they have their
// own keys). The config loader refuses the same (CrossKeyRules.cpp); this is the second line.
struct ProducerSettings {
    static constexpr std::chrono::milliseconds kDefaultMessageTimeout{30'000};

    std::vector<std::pair<std::string, std::string>> properties; // in order of application
    std::chrono::milliseconds messageTimeout = kDefaultMessageTimeout;

    static ProducerSettings of(const KafkaClientSettings& kafka);
};

} // namespace msgx::delivery
