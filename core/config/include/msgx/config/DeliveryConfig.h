#pragma once

#include "msgx/config/Milliseconds.h"
#include "msgx/delivery/DispatcherSettings.h"

#include <chrono>
#include <map>
#include <string>
#include <string_view>
#include <vector>

// delivery.* and kafka.*: where events go (architecture.md §6, docs/delivery.md).
namespace msgx::config {

enum class TargetType { Kafka, File };
// What a target does with a DEAD event is delivery's own (DispatcherSettings.h).
using delivery::OnDead;
std::string_view name(TargetType t);
std::string_view name(OnDead o);

struct DeliveryTarget {
    TargetType type = TargetType::Kafka;
    std::string topic; // set when type is Kafka
    std::string path;  // set when type is File
    bool operator==(const DeliveryTarget&) const = default;
};

struct DeliveryConfig {
    std::map<std::string, DeliveryTarget> targets; // exactly "msg" and "schd" once loaded
    int maxAttempts = 5;
    std::vector<Milliseconds> backoff{std::chrono::seconds(1), std::chrono::seconds(2),
                                      std::chrono::seconds(4), std::chrono::seconds(8),
                                      std::chrono::seconds(16)};
    Milliseconds backoffCap = std::chrono::seconds(60);
    OnDead onDead = OnDead::Stop;
    Milliseconds schdFlushPeriod = std::chrono::seconds(3);
    int schdFlushLimit = 500;
};

struct KafkaConfig {
    std::string bootstrap; // required when a target has type kafka; else may be empty
    std::string clientId = "msgx";
    // Extra librdkafka properties. Never contains bootstrap.servers, client.id or a value that
    // weakens the forced producer settings (the loader refuses those).
    std::map<std::string, std::string> properties;
};

} // namespace msgx::config
