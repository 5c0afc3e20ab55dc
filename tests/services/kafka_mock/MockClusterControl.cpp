#include "MockClusterControl.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace msgx::test::kafka_mock {
namespace {

std::vector<std::string> splitWords(std::string_view line) {
    std::istringstream in{std::string(line)};
    std::vector<std::string> words;
    for (std::string word; in >> word;) {
        words.push_back(word);
    }
    return words;
}

std::optional<long> parseInteger(const std::string& text) {
    long value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end) {
        return std::nullopt;
    }
    return value;
}

long requireInteger(const std::string& text, const char* what, long min, long max) {
    auto value = parseInteger(text);
    if (!value || *value < min || *value > max) {
        throw std::invalid_argument(std::string(what) + " must be an integer in [" + std::to_string(min) +
                                    ", " + std::to_string(max) + "], got '" + text + "'");
    }
    return *value;
}

// Kafka error by number or by librdkafka's name for it (rd_kafka_err2name, e.g. NOT_ENOUGH_REPLICAS).
rd_kafka_resp_err_t parseError(const std::string& text) {
    if (auto code = parseInteger(text)) {
        return static_cast<rd_kafka_resp_err_t>(*code);
    }
    const rd_kafka_err_desc* descriptions = nullptr;
    size_t count = 0;
    rd_kafka_get_err_descs(&descriptions, &count);
    for (size_t i = 0; i < count; ++i) {
        if (descriptions[i].name != nullptr && text == descriptions[i].name) {
            return descriptions[i].code;
        }
    }
    throw std::invalid_argument("unknown Kafka error '" + text + "'");
}

void requireWordCount(const std::vector<std::string>& words, size_t expected, const char* usage) {
    if (words.size() != expected) {
        throw std::invalid_argument(std::string("usage: ") + usage);
    }
}

void requireSuccess(rd_kafka_resp_err_t err) {
    if (err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        throw std::runtime_error(rd_kafka_err2str(err));
    }
}

} // namespace

MockClusterControl::MockClusterControl(rd_kafka_mock_cluster_t* cluster, int brokerCount)
    : cluster_(cluster), brokerCount_(brokerCount) {}

std::string MockClusterControl::apply(std::string_view commandLine) {
    const auto words = splitWords(commandLine);
    const std::string command(commandLine);
    if (words.empty()) {
        return "error <empty command>";
    }
    // -1 addresses every broker in the librdkafka mock API.
    auto broker = [this](const std::string& text) -> int32_t {
        return text == "all" ? -1 : static_cast<int32_t>(requireInteger(text, "broker", 1, brokerCount_));
    };
    try {
        const std::string& verb = words[0];
        if (verb == "down") {
            requireWordCount(words, 2, "down <broker|all>");
            requireSuccess(rd_kafka_mock_broker_set_down(cluster_, broker(words[1])));
        } else if (verb == "up") {
            requireWordCount(words, 2, "up <broker|all>");
            requireSuccess(rd_kafka_mock_broker_set_up(cluster_, broker(words[1])));
        } else if (verb == "perr") {
            requireWordCount(words, 4, "perr <ApiKey> <error> <count>");
            const auto apiKey = static_cast<int16_t>(requireInteger(words[1], "ApiKey", 0, 32767));
            const rd_kafka_resp_err_t error = parseError(words[2]);
            const auto count = static_cast<size_t>(requireInteger(words[3], "count", 1, 1'000'000));
            const std::vector<rd_kafka_resp_err_t> errors(count, error);
            rd_kafka_mock_push_request_errors_array(cluster_, apiKey, errors.size(), errors.data());
        } else if (verb == "rtt") {
            requireWordCount(words, 3, "rtt <broker|all> <ms>");
            const auto rttMs = static_cast<int>(requireInteger(words[2], "rtt", 0, 3'600'000));
            requireSuccess(rd_kafka_mock_broker_set_rtt(cluster_, broker(words[1]), rttMs));
        } else if (verb == "topic") {
            requireWordCount(words, 3, "topic <name> <partitions>");
            const auto partitions = static_cast<int>(requireInteger(words[2], "partitions", 1, 10'000));
            requireSuccess(rd_kafka_mock_topic_create(cluster_, words[1].c_str(), partitions,
                                                      std::min(3, brokerCount_)));
        } else {
            throw std::invalid_argument("unknown command (known: down, up, perr, rtt, topic)");
        }
    } catch (const std::exception& e) {
        return "error " + command + ": " + e.what();
    }
    return "ok " + command;
}

} // namespace msgx::test::kafka_mock
