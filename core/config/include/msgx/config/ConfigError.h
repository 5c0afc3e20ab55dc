#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace msgx::config {

// One problem found in a configuration file.
struct ConfigError {
    std::string key;     // dotted key, e.g. "pipeline.max-attempts"; empty for file-level problems
    std::string message; // "must be 1..100, got 0": what is expected and what was found
    std::string file;    // the file name as it was given to the loader
    int line = 0;        // 1-based; 0 when the problem has no place in the file (e.g. a missing key)

    // "pipeline.max-attempts: must be 1..100, got 0 (etc/x.yaml line 12)"; the key part is left out
    // when key is empty and the line part when line is 0.
    [[nodiscard]] std::string text() const;

    bool operator==(const ConfigError&) const = default;
};

// Thrown by the loader when a file has one or more errors; holds all of them, in file order.
// what() lists every error's text(), one per line, after a count.
class ConfigInvalid : public std::runtime_error {
public:
    explicit ConfigInvalid(std::vector<ConfigError> errors);

    [[nodiscard]] const std::vector<ConfigError>& errors() const noexcept { return errors_; }

private:
    std::vector<ConfigError> errors_;
};

} // namespace msgx::config
