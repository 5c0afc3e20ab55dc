#include "msgx/codec/RoutingKey.h"

#include "msgx/codec/Ascii.h"

namespace msgx::codec {

std::string routingKey(std::string_view type, std::string_view subtype) {
    // One allocation: every message's key is built, often more than once.
    std::string key;
    key.reserve(type.size() + 1 + subtype.size());
    key.append(type).append(1, '-').append(subtype);
    for (char& c : key) {
        c = toAsciiUpper(c);
    }
    return key;
}

} // namespace msgx::codec
