#pragma once

// Text helpers shared by the field parsers, the decoder and the handler building blocks: trimming
// and the quoting used in reasons, so every reason quotes a value the same way.

#include "msgx/codec/Ascii.h"
#include "msgx/codec/FieldResult.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace msgx::codec::detail {

// XML whitespace (space, tab, CR, LF) removed from both ends. Other blanks, such as U+3000, are
// content.
std::string_view trimXmlWhitespace(std::string_view text);

// Text as it appears in a reason or log line: cut after 40 characters, marked with "...", and with
// every ASCII control character (tab, line feed, ...) shown as '?' so a reason stays one line.
std::string shortened(std::string_view text);

// A value as it appears in a reason: shortened, in single quotes.
std::string quoteValue(std::string_view text);

// Number of Unicode code points in UTF-8 text; a byte that does not start a valid sequence counts as
// one.
std::size_t countCharacters(std::string_view utf8);

// Absent, Empty, or the result of parse(trimmed text) for text with content.
template <class T, class Parse>
FieldResult<T> parseTrimmed(FieldText text, Parse&& parse) {
    if (!text) {
        return FieldResult<T>::absent();
    }
    const std::string_view trimmed = trimXmlWhitespace(*text);
    if (trimmed.empty()) {
        return FieldResult<T>::empty();
    }
    return parse(trimmed);
}

// Invalid with the reason "'<value>' is not a valid <format>: <problem>".
template <class T>
FieldResult<T> invalidValue(std::string_view value, std::string_view format, std::string_view problem) {
    std::string reason = quoteValue(value);
    reason += " is not a valid ";
    reason += format;
    reason += ": ";
    reason += problem;
    return FieldResult<T>::invalid(std::move(reason));
}

// The name it had here before Ascii.h, kept for code built against the installed SDK.
using codec::isAsciiDigit;

} // namespace msgx::codec::detail
