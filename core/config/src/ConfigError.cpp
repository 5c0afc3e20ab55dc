#include "msgx/config/ConfigError.h"

namespace msgx::config {

std::string ConfigError::text() const {
    std::string out;
    if (!key.empty()) {
        out += key;
        out += ": ";
    }
    out += message;
    out += " (";
    out += file;
    if (line > 0) {
        out += " line ";
        out += std::to_string(line);
    }
    out += ')';
    return out;
}

namespace {

std::string describe(const std::vector<ConfigError>& errors) {
    std::string out = std::to_string(errors.size()) +
                      (errors.size() == 1 ? " configuration error:" : " configuration errors:");
    for (const ConfigError& e : errors) {
        out += "\n  ";
        out += e.text();
    }
    return out;
}

} // namespace

ConfigInvalid::ConfigInvalid(std::vector<ConfigError> errors)
    : std::runtime_error(describe(errors)), errors_(std::move(errors)) {}

} // namespace msgx::config
