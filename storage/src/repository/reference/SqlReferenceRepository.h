#pragma once

#include "msgx/storage/ReferenceRepository.h"
#include "repository/rows/StoreContext.h"

namespace msgx::storage {

class SqlReferenceRepository final : public ReferenceRepository {
public:
    explicit SqlReferenceRepository(StoreContext context) : ctx_(std::move(context)) {}

    std::optional<ReferenceRecord> find(const std::string& rtype, const std::string& rkey) override;
    std::vector<ReferenceRecord> listClass(const std::string& rtype) override;
    std::vector<std::string> classNames() override;
    void apply(const std::vector<ReferenceChange>& changes) override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
