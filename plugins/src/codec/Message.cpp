#include "msgx/codec/Message.h"

#include "msgx/codec/RoutingKey.h"

#include <utility>

namespace msgx::codec {

Message::Message(Meta meta, Element root, std::string raw)
    : meta_(std::move(meta)), root_(std::move(root)), raw_(std::move(raw)) {}

std::string Message::key() const {
    return routingKey(meta_.type, meta_.subtype);
}

} // namespace msgx::codec
