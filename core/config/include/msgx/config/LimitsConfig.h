#pragma once

#include <cstdint>

namespace msgx::config {

// Limits of what msgxd accepts from outside.
struct LimitsConfig {
    std::uint64_t maxDocumentSize = 10ULL * 1024 * 1024; // one message: the decoder and POST /cminmsgs/send
    // Routing keys no plugin serves that get a metrics label and a WARN of their own; beyond them
    // `other` and one WARN (upstream decides which keys arrive). metrics::KeyLabels::kDefaultLimit
    // is the same number.
    int unknownKeyLabels = 100;
};

} // namespace msgx::config
