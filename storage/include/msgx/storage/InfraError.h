#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace msgx::storage {

// The one exception the storage layer throws for anything a database did or did not do: it could
// not be reached, stopped answering within the operation timeout, lost the connection, refused a
// statement (constraint, value too long for its column) or could not commit. It is always of the
// error class INFRA (architecture.md §4): the caller records the failure and retries later.
//
// Contract: when a transaction ends with an InfraError, the session it ran on has been discarded
// (never reused), and none of its writes are visible unless inDoubt(): COMMIT was sent and not
// answered (the caller stopped waiting, the connection broke), so the transaction may have
// committed, or may still commit when a frozen server thaws. The caller of an in-doubt write must
// re-read what committed instead of assuming either outcome (the pump does: its next step starts
// from the store); the processing commit is guarded by the state it expects
// (ProcessingCommit::expected), so repeating it after an unknown outcome is safe.
class InfraError : public std::runtime_error {
public:
    // What went wrong, as far as the driver says (for metrics and for deciding whether a retry can help).
    enum class Reason {
        Unavailable,  // cannot connect, or the connection broke
        Timeout,      // no answer within the operation timeout, or no free session in time
        ValueTooLong, // a value does not fit its column (SQLSTATE 22001); never truncated
        Constraint,   // a unique, not-null or check constraint refused a write (SQLSTATE 23xxx)
        Statement,    // any other refusal of a statement by the database
        Fenced,       // the writer's work refused: another instance holds the writer lease (WriterFence.h)
    };

    // Whether the transaction may have committed (see the contract above).
    enum class Outcome {
        NotCommitted, // nothing of it is or will become visible
        Unknown,      // COMMIT was sent and not answered: in doubt
    };

    // `operation` says what was attempted ("store: commit processing of mailbox id 42"); `cause` is
    // the driver's text.
    InfraError(Reason reason, std::string operation, std::string cause,
               std::optional<std::string> sqlState = std::nullopt, Outcome outcome = Outcome::NotCommitted);

    [[nodiscard]] Reason reason() const noexcept { return reason_; }
    [[nodiscard]] const std::string& operation() const noexcept { return operation_; }
    [[nodiscard]] const std::string& cause() const noexcept { return cause_; }
    // The five-character SQLSTATE when the driver reported one.
    [[nodiscard]] const std::optional<std::string>& sqlState() const noexcept { return sqlState_; }
    // True when COMMIT was sent and its outcome is unknown (Outcome::Unknown).
    [[nodiscard]] bool inDoubt() const noexcept { return outcome_ == Outcome::Unknown; }

private:
    Reason reason_;
    std::string operation_;
    std::string cause_;
    std::optional<std::string> sqlState_;
    Outcome outcome_;
};

// "unavailable", "timeout", "value-too-long", "constraint", "statement", "fenced".
const char* reasonName(InfraError::Reason reason);

} // namespace msgx::storage
