#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace msgx::test {

// One record of a topic as another process (kcat) reads it back.
struct ReadBackRecord {
    int partition = 0;
    std::optional<std::string> key;   // nullopt: no key
    std::string headers;              // kcat's "name=value,name=value"
    std::optional<std::string> value; // nullopt: tombstone
};

// Every record of `topic` from the beginning, in partition-then-offset order per partition, read by
// `kcat -C -e` (bounded by `timeout`). Fails the current test (gtest) when kcat fails.
std::vector<ReadBackRecord> readTopic(const std::string& bootstrap, const std::string& topic,
                                      std::chrono::seconds timeout = std::chrono::seconds(60));

// The value of header `name` in kcat's header text, or nullopt.
std::optional<std::string> headerValue(const std::string& headers, const std::string& name);

} // namespace msgx::test
