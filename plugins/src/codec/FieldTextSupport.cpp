#include "msgx/codec/FieldTextSupport.h"

namespace msgx::codec::detail {

namespace {

constexpr std::size_t kShortenedCharacters = 40;

bool isXmlWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// Length in bytes of the UTF-8 sequence starting at text[at], or 1 when it does not start a valid
// sequence (so that malformed bytes are counted, never skipped).
std::size_t sequenceLength(std::string_view text, std::size_t at) {
    const auto lead = static_cast<unsigned char>(text[at]);
    std::size_t length = 1;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
    }
    if (at + length > text.size()) {
        return 1;
    }
    for (std::size_t i = 1; i < length; ++i) {
        if ((static_cast<unsigned char>(text[at + i]) & 0xC0) != 0x80) {
            return 1;
        }
    }
    return length;
}

} // namespace

std::string_view trimXmlWhitespace(std::string_view text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && isXmlWhitespace(text[begin])) {
        ++begin;
    }
    while (end > begin && isXmlWhitespace(text[end - 1])) {
        --end;
    }
    return text.substr(begin, end - begin);
}

std::string shortened(std::string_view text) {
    std::size_t at = 0;
    std::size_t characters = 0;
    while (at < text.size() && characters < kShortenedCharacters) {
        at += sequenceLength(text, at);
        ++characters;
    }
    std::string result(text.substr(0, at));
    for (char& c : result) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
            c = '?';
        }
    }
    if (at < text.size()) {
        result += "...";
    }
    return result;
}

std::string quoteValue(std::string_view text) {
    return "'" + shortened(text) + "'";
}

std::size_t countCharacters(std::string_view utf8) {
    std::size_t characters = 0;
    for (std::size_t at = 0; at < utf8.size(); at += sequenceLength(utf8, at)) {
        ++characters;
    }
    return characters;
}

} // namespace msgx::codec::detail
