#pragma once

#include <cstdint>

namespace msgx::config {

// Limits of what msgxd accepts from outside.
struct LimitsConfig {
    std::uint64_t maxDocumentSize = 10ULL * 1024 * 1024; // one message: the decoder and POST /cminmsgs/send
};

} // namespace msgx::config
