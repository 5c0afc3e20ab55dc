#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace msgx::plugin {

// A plugin version "MAJOR.MINOR.PATCH" (semver.org core, digits only, no leading zeros except "0").
// Pre-release and build suffixes are not accepted: the host must be able to tell which of two
// versions is newer, and "newer replaces older" (architecture.md §5) is all it compares for.
struct SemanticVersion {
    unsigned long major = 0;
    unsigned long minor = 0;
    unsigned long patch = 0;

    // std::nullopt when `text` is not exactly MAJOR.MINOR.PATCH.
    static std::optional<SemanticVersion> parse(std::string_view text);
    [[nodiscard]] std::string toString() const;

    auto operator<=>(const SemanticVersion&) const = default;
};

} // namespace msgx::plugin
