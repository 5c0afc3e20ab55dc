#include "msgx/codec/RoutingKey.h"

#include "msgx/codec/Ascii.h"

namespace msgx::codec {

std::string routingKey(std::string_view type, std::string_view subtype) {
    return toAsciiUpper(type) + '-' + toAsciiUpper(subtype);
}

} // namespace msgx::codec
