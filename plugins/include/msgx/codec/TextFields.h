#pragma once

#include "msgx/codec/FieldResult.h"

#include <cstddef>
#include <string>

namespace msgx::codec {

// "C(n)": text of at most maxCharacters characters (Unicode code points of the UTF-8 text, as the
// legacy utf8mb4 varchar(n) counts them), trimmed of XML whitespace. The decoder guarantees valid
// UTF-8; for text from elsewhere, bytes that are not UTF-8 are counted one by one. Longer text is
// Invalid (a longer value made the legacy store fail).
FieldResult<std::string> parseText(FieldText text, std::size_t maxCharacters);

// "YN": 'Y' or 'y' is true, 'N' or 'n' is false, anything else is Invalid. (The legacy consumer
// read everything but Y as false; architecture.md §11 makes a value that does not fit its type a
// codec error. Handlers that store a boolean map Absent and Empty to false, reference.md §2.)
FieldResult<bool> parseFlag(FieldText text);

} // namespace msgx::codec
