#pragma once

#include "msgx/storage/WriterLease.h"
#include "repository/rows/StoreContext.h"

// The single-writer lease row (WRITER_LEASE).
namespace msgx::storage {

class SqlWriterLease final : public WriterLease {
public:
    explicit SqlWriterLease(StoreContext context) : ctx_(std::move(context)) {}
    std::optional<LeaseState> read(const std::string& name) override;
    std::optional<std::int64_t> take(const std::string& name, const std::string& owner,
                                     const std::optional<LeaseState>& seen, Clock::duration period) override;
    bool renew(const std::string& name, const std::string& owner, std::int64_t epoch,
               Clock::duration period) override;
    void release(const std::string& name, const std::string& owner, std::int64_t epoch) override;
    std::optional<LeaseHolder> holder(const std::string& name) override;
    WriterFence& fence() override { return *ctx_.fence; }
    void confirmFence(const std::string& operation) override;

private:
    StoreContext ctx_;
};

} // namespace msgx::storage
