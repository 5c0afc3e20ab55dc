#pragma once

#include <string>
#include <string_view>

namespace msgx::codec {

// The key a message is routed by (architecture.md §4-§5): "TYPE-STYP", ASCII letters upper-cased,
// e.g. ("flop", "Psdt") -> "FLOP-PSDT". Handlers register their keys in this form.
std::string routingKey(std::string_view type, std::string_view subtype);

} // namespace msgx::codec
