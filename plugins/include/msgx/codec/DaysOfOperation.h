#pragma once

#include "msgx/codec/FieldResult.h"

#include <array>
#include <chrono>

namespace msgx::codec {

// The days of the week a seasonal schedule line operates (SCHS DYOP, schedule.md §8).
struct DaysOfOperation {
    // operates[0] is Monday ... operates[6] is Sunday.
    std::array<bool, 7> operates{};

    [[nodiscard]] bool operatesOn(std::chrono::weekday day) const { return operates[day.iso_encoding() - 1]; }
    bool operator==(const DaysOfOperation&) const = default;
};

// "DYOP": exactly 7 characters; position i (1 = Monday .. 7 = Sunday) holds the digit i when the
// line operates that day and 0 when it does not, e.g. 1030507 = Mon, Wed, Fri, Sun. Any other
// character, or a digit in the wrong position, is Invalid.
FieldResult<DaysOfOperation> parseDaysOfOperation(FieldText text);

} // namespace msgx::codec
