#pragma once

#include <optional>
#include <string>

namespace msgx::config {

// The result of parsing one configuration value: either a value, or a short reason why the text is
// not one (e.g. "the unit is missing"; may be empty when the expected format says it all).
template <class T>
struct ParseOutcome {
    std::optional<T> value;
    std::string problem;

    static ParseOutcome ok(T v) { return {std::move(v), {}}; }
    static ParseOutcome fail(std::string why = {}) { return {std::nullopt, std::move(why)}; }
};

} // namespace msgx::config
