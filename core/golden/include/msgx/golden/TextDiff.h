#pragma once

#include <string>

namespace msgx::golden {

// A readable line diff of two texts: only the changed regions with two lines of context, each
// region headed "@@ expected line N, actual line M @@", removed lines "- ", added lines "+ ".
// Empty when the texts are equal.
std::string lineDiff(const std::string& expected, const std::string& actual);

} // namespace msgx::golden
