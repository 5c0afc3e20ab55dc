#pragma once

#include <atomic>
#include <cstdint>

namespace msgx::storage {

// The fencing token of one store handle (architecture.md §9, docs/storage.md "Writer lease"): the
// WRITER_LEASE epoch this process took. Every transaction of the writer's work (processing commits,
// intake, outbox claims and marks, back-fill claims and marks, archive, cursors, references,
// requests) first reads the lease row's EPOCH under a shared row lock and refuses to write
// (InfraError::Reason::Fenced, nothing written) unless it equals the token. A take-over locks the
// row exclusively and raises EPOCH, so a writer that a standby replaced — paused, partitioned, or
// just slow — cannot commit anything afterwards, whatever its clock says.
//
// A handle that never writes as the pipeline (msgxctl, tests) stays unfenced and is not checked.
// Thread-safe.
class WriterFence {
public:
    // The lease whose epoch fences the writer's work.
    static constexpr const char* kLeaseName = "pipeline";
    static constexpr std::int64_t kUnfenced = 0;
    static constexpr std::int64_t kNotWriter = -1;

    // This process took the lease at `epoch` (> 0).
    void hold(std::int64_t epoch) { token_.store(epoch); }
    // This process must not write as the pipeline: fenced transactions fail before asking the store.
    void lose() { token_.store(kNotWriter); }

    // kUnfenced, kNotWriter or the epoch held.
    [[nodiscard]] std::int64_t token() const { return token_.load(); }

private:
    std::atomic<std::int64_t> token_{kUnfenced};
};

} // namespace msgx::storage
