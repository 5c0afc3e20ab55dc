#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::config {

// Looks up an environment variable: its value, or nullopt when it is not set.
// Injectable so that tests never depend on (or change) the process environment.
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;

// The process environment (getenv).
std::optional<std::string> processEnv(const std::string& name);

struct EnvSubstitution {
    std::string value;                   // the text with every reference replaced
    std::vector<std::string> unsetNames; // ${NAME} references without default whose NAME is unset
    std::string syntaxProblem;           // non-empty when a reference is malformed; value is then unusable

    [[nodiscard]] bool ok() const { return unsetNames.empty() && syntaxProblem.empty(); }
};

// Replaces in `text`:
//   ${NAME}            by the value of NAME; NAME unset is reported in unsetNames (replaced by "")
//   ${NAME:-default}   by the value of NAME when it is set and not empty, else by `default`
//                      (which may be empty and may not contain '}')
//   $${                by a literal "${"
// NAME is [A-Za-z_][A-Za-z0-9_]*. A '$' not followed by '{' is kept as it is. Values are not
// substituted again (a value containing "${X}" stays as it is).
EnvSubstitution substituteEnv(std::string_view text, const EnvLookup& env);

} // namespace msgx::config
