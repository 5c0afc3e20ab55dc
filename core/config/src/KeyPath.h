#pragma once

#include <compare>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::config::detail {

// A key of the configuration document as its segments from the root. Built from a dotted name
// ("pipeline.max-attempts"); `/` appends one segment that may itself contain dots, such as a
// kafka.properties name ("enable.idempotence").
class KeyPath {
public:
    KeyPath() = default;
    KeyPath(std::string_view dotted); // implicit: keys are written as text at every read
    KeyPath(const char* dotted) : KeyPath(std::string_view(dotted)) {}

    [[nodiscard]] KeyPath operator/(std::string segment) const;

    [[nodiscard]] const std::vector<std::string>& segments() const { return segments_; }
    [[nodiscard]] bool isRoot() const { return segments_.empty(); }
    [[nodiscard]] KeyPath parent() const;
    // The segments joined with '.', as errors name a key: "kafka.properties.enable.idempotence".
    [[nodiscard]] std::string text() const;

    auto operator<=>(const KeyPath&) const = default;

private:
    std::vector<std::string> segments_;
};

} // namespace msgx::config::detail
