#pragma once

#include "msgx/codec/Element.h"

#include <optional>
#include <string>

namespace msgx::codec {

// The META header (envelope.md §2). TYPE and STYP are always present and non-empty in a decoded
// message; the other fields are kept as trimmed text exactly as sent: std::nullopt when the element
// is absent, "" when it is empty. Parse them where they are used (parseLong for SEQN,
// parseMessageTimestamp for DTTM). Unknown META children are ignored.
struct Meta {
    std::optional<std::string> sender;    // SNDR
    std::optional<std::string> sequence;  // SEQN
    std::optional<std::string> createdAt; // DTTM, raw "yyyyMMddHHmmss" text
    std::string type;                     // TYPE, as sent (trimmed)
    std::string subtype;                  // STYP, as sent (trimmed)
};

// One decoded upstream message: the META fields, the read-only element tree of the whole document
// (root() is the MSG element, META included) and the raw XML text it was decoded from.
class Message {
public:
    Message(Meta meta, Element root, std::string raw);

    [[nodiscard]] const Meta& meta() const { return meta_; }
    [[nodiscard]] const Element& root() const { return root_; }
    [[nodiscard]] const std::string& raw() const { return raw_; }
    // routingKey(TYPE, STYP), e.g. "FLOP-PSDT".
    [[nodiscard]] std::string key() const;

private:
    Meta meta_;
    Element root_;
    std::string raw_;
};

} // namespace msgx::codec
