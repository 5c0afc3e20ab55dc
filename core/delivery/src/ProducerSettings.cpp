#include "msgx/delivery/ProducerSettings.h"

#include <array>
#include <charconv>
#include <stdexcept>
#include <string_view>

namespace msgx::delivery {

namespace {

struct ForcedProperty {
    std::string_view name;
    std::array<std::string_view, 2> accepted; // values that repeat the forced one
    std::string_view forcedValue;             // what is set
};

constexpr std::array<ForcedProperty, 5> kForced{{
    {"acks", {"all", "-1"}, "all"},
    {"request.required.acks", {"all", "-1"}, "all"},
    {"enable.idempotence", {"true", "true"}, "true"},
    {"max.in.flight.requests.per.connection", {"1", "1"}, "1"},
    {"max.in.flight", {"1", "1"}, "1"},
}};

constexpr std::array<std::string_view, 3> kOwnKeys{"bootstrap.servers", "metadata.broker.list", "client.id"};
constexpr std::array<std::string_view, 2> kTimeoutNames{"message.timeout.ms", "delivery.timeout.ms"};

[[noreturn]] void refuse(const std::string& property, const std::string& value, const std::string& why) {
    throw std::invalid_argument("kafka property " + property + "=" + value + " refused: " + why);
}

std::chrono::milliseconds positiveMillis(const std::string& property, const std::string& value) {
    long long millis = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), millis);
    if (error != std::errc() || end != value.data() + value.size() || millis <= 0) {
        refuse(property, value,
               "must be a positive number of milliseconds (0 would let a send wait forever)");
    }
    return std::chrono::milliseconds(millis);
}

} // namespace

ProducerSettings ProducerSettings::of(const KafkaClientSettings& kafka) {
    ProducerSettings settings;
    settings.properties.emplace_back("bootstrap.servers", kafka.bootstrap);
    settings.properties.emplace_back("client.id", kafka.clientId);
    bool timeoutConfigured = false;
    for (const auto& [property, value] : kafka.properties) {
        for (const std::string_view own : kOwnKeys) {
            if (property == own) {
                refuse(property, value, "set it with kafka.bootstrap / kafka.client-id");
            }
        }
        for (const ForcedProperty& forced : kForced) {
            if (property == forced.name && value != forced.accepted[0] && value != forced.accepted[1]) {
                refuse(property, value,
                       "msgexchange forces " + std::string(forced.name) + "=" +
                           std::string(forced.forcedValue));
            }
        }
        if (property == "transactional.id") {
            refuse(property, value,
                   "msgexchange does not use Kafka transactions (at-least-once with a stable event id; a "
                   "transactional producer fails every send outside a transaction)");
        }
        for (const std::string_view timeoutName : kTimeoutNames) {
            if (property == timeoutName) {
                settings.messageTimeout = positiveMillis(property, value);
                timeoutConfigured = true;
            }
        }
        settings.properties.emplace_back(property, value);
    }
    if (!timeoutConfigured) {
        settings.properties.emplace_back("message.timeout.ms",
                                         std::to_string(kDefaultMessageTimeout.count()));
    }
    settings.properties.emplace_back("acks", "all");
    settings.properties.emplace_back("enable.idempotence", "true");
    settings.properties.emplace_back("max.in.flight.requests.per.connection", "1");
    return settings;
}

} // namespace msgx::delivery
