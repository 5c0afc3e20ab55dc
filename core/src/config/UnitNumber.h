#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace msgx::config::detail {

// "<digits><unit>" split into its parts, the common shape of durations and sizes.
struct UnitNumber {
    std::uint64_t number = 0;
    std::string_view unit;
    bool valid = false;
    std::string problem; // why not valid, when there is more to say than "wrong shape"

    [[nodiscard]] bool ok() const { return valid; }
};

// Invalid with problem "the unit is missing" (digits only) or "too large" (more than 18 digits);
// any other shape (sign, fraction, space, no digits) is invalid with an empty problem, the expected
// format saying it all. The unit is not checked here: any run of ASCII letters.
UnitNumber splitUnitNumber(std::string_view text);

} // namespace msgx::config::detail
