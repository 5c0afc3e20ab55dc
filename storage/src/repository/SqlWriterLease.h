#pragma once

#include "msgx/storage/WriterLease.h"
#include "repository/StoreContext.h"

// The single-writer lease row (WRITER_LEASE).
namespace msgx::storage {

class SqlWriterLease final : public WriterLease {
public:
    explicit SqlWriterLease(StoreContext context) : ctx_(std::move(context)) {}
    bool acquire(const std::string& name, const std::string& owner, Clock::duration period) override;
    bool renew(const std::string& name, const std::string& owner, Clock::duration period) override;
    void release(const std::string& name, const std::string& owner) override;
    std::optional<LeaseHolder> holder(const std::string& name) override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
