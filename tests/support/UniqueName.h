#pragma once

#include <string>
#include <string_view>

namespace msgx::test {

// `prefix` followed by this process's id, a per-process counter and a random suffix, in
// [a-z0-9_]: a table or topic name no other test running at the same time (ctest -j) or earlier
// against the same server uses.
std::string uniqueName(std::string_view prefix);

} // namespace msgx::test
