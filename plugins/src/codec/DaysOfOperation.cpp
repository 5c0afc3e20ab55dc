#include "msgx/codec/DaysOfOperation.h"

#include "msgx/codec/FieldTextSupport.h"

#include <string>

namespace msgx::codec {

namespace {

constexpr std::string_view kFormat = "days of operation (7 positions, Monday..Sunday, e.g. 1030507)";

} // namespace

FieldResult<DaysOfOperation> parseDaysOfOperation(FieldText text) {
    return detail::parseTrimmed<DaysOfOperation>(text, [](std::string_view value) {
        if (value.size() != 7) {
            const std::size_t characters = detail::countCharacters(value);
            return detail::invalidValue<DaysOfOperation>(
                value, kFormat,
                characters == value.size() ? std::to_string(characters) + " characters, expected 7"
                                           : std::string("non-ASCII characters are not allowed"));
        }
        DaysOfOperation days;
        for (std::size_t i = 0; i < 7; ++i) {
            const char ownDigit = static_cast<char>('1' + i);
            if (value[i] == ownDigit) {
                days.operates[i] = true;
            } else if (value[i] != '0') {
                return detail::invalidValue<DaysOfOperation>(value, kFormat,
                                                             "position " + std::to_string(i + 1) +
                                                                 " must be " + ownDigit + " or 0, not '" +
                                                                 value[i] + "'");
            }
        }
        return FieldResult<DaysOfOperation>::of(days);
    });
}

} // namespace msgx::codec
