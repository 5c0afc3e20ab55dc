#pragma once

#include <string>
#include <string_view>

namespace msgx::storage {

// Replaces each `?` parameter marker of `sql` with $1, $2, ... in order. A `?` inside a quoted
// literal ('...'), a quoted identifier ("...") or a comment (-- to the end of the line, /* */) is
// left alone. Throws std::invalid_argument for an unterminated quote or comment.
std::string numberPlaceholders(std::string_view sql);

// Number of `?` parameter markers, with the same rules.
std::size_t countPlaceholders(std::string_view sql);

} // namespace msgx::storage
