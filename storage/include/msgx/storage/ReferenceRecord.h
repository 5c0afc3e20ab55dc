#pragma once

#include "msgx/storage/Timestamp.h"

#include <optional>
#include <string>

namespace msgx::storage {

// One REF_MASTER row: a reference record of class `rtype` (e.g. "ABDG") with key `rkey`.
struct ReferenceRecord {
    std::string rtype; // ≤ 16
    std::string rkey;  // ≤ 200
    std::string itemJson;
    std::string source; // ≤ 32: "message", "admin-api", ...
    Timestamp refreshedAt{};
    std::optional<std::string> batchId; // ≤ 64: the load that wrote it

    bool operator==(const ReferenceRecord&) const = default;
};

// A change of reference data (in a processing commit or a refresh).
struct ReferenceChange {
    enum class Kind {
        Upsert,       // write rtype/rkey with itemJson, source, batchId (refreshedAt = now)
        Delete,       // remove rtype/rkey
        KeepOnlyBatch // remove every record of rtype whose BATCH_ID is not batchId (class replacement)
    };
    Kind kind = Kind::Upsert;
    std::string rtype;
    std::string rkey;
    std::string itemJson;
    std::string source;
    std::optional<std::string> batchId;
};

} // namespace msgx::storage
