#include "msgx/codec/TextFields.h"

#include "msgx/codec/FieldTextSupport.h"

namespace msgx::codec {

FieldResult<std::string> parseText(FieldText text, std::size_t maxCharacters) {
    return detail::parseTrimmed<std::string>(text, [maxCharacters](std::string_view value) {
        const std::size_t characters = detail::countCharacters(value);
        if (characters > maxCharacters) {
            return detail::invalidValue<std::string>(value, "text C(" + std::to_string(maxCharacters) + ")",
                                                     std::to_string(characters) + " characters, at most " +
                                                         std::to_string(maxCharacters) + " allowed");
        }
        return FieldResult<std::string>::of(std::string(value));
    });
}

FieldResult<bool> parseFlag(FieldText text) {
    return detail::parseTrimmed<bool>(text, [](std::string_view value) {
        if (value == "Y" || value == "y") {
            return FieldResult<bool>::of(true);
        }
        if (value == "N" || value == "n") {
            return FieldResult<bool>::of(false);
        }
        return detail::invalidValue<bool>(value, "flag YN", "only Y or N (any case) is allowed");
    });
}

} // namespace msgx::codec
