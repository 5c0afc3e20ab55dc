#include "msgx/codec/RoutingKey.h"

namespace msgx::codec {

namespace {

void appendUpper(std::string& out, std::string_view text) {
    for (char c : text) {
        out += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    }
}

} // namespace

std::string routingKey(std::string_view type, std::string_view subtype) {
    std::string key;
    key.reserve(type.size() + 1 + subtype.size());
    appendUpper(key, type);
    key += '-';
    appendUpper(key, subtype);
    return key;
}

} // namespace msgx::codec
