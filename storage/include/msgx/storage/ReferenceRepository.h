#pragma once

#include "msgx/storage/ReferenceRecord.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::storage {

// REF_MASTER: reference data by (RTYPE, RKEY).
class ReferenceRepository {
public:
    virtual ~ReferenceRepository() = default;
    virtual std::optional<ReferenceRecord> find(const std::string& rtype, const std::string& rkey) = 0;
    // Every record of a class, by key.
    virtual std::vector<ReferenceRecord> listClass(const std::string& rtype) = 0;
    // The RTYPEs that have at least one record, sorted.
    virtual std::vector<std::string> classNames() = 0;
    // The changes in order, in one transaction.
    virtual void apply(const std::vector<ReferenceChange>& changes) = 0;
};

} // namespace msgx::storage
