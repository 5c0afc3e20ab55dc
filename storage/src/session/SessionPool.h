#pragma once

#include "msgx/storage/DatabaseSettings.h"
#include "session/SessionOpener.h"
#include "session/Transaction.h"
#include "session/TransactionControl.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

namespace msgx::storage {

class Connection;

// A bounded pool of sessions to one database (the own store or the shared mailbox), and the only
// way the storage layer talks to a database: every unit of work is one transaction.
//
// Guarantees of transact():
// - The work runs inside BEGIN ... COMMIT on a session nobody else uses meanwhile. When it returns
//   normally the transaction commits (or rolls back if it called Transaction::rollbackOnly()).
// - When anything fails (the work throws, BEGIN or COMMIT fails), the transaction is rolled back and
//   the session is discarded; the next unit of work gets a freshly opened one. Poco's reconnect() is
//   not trusted (a PostgreSQL or ODBC session that failed mid-transaction is never reused). A
//   session whose rollback failed is never closed into a commit (ODBC commits on close): its server
//   session is ended from another connection first (ServerSession.h), or it is kept open for good.
// - Poco Data exceptions reach the caller as InfraError (DriverErrors.h), naming the operation;
//   other exceptions of the work pass unchanged.
// - The caller never waits longer than settings.operationTimeout in total (free session, opening,
//   the transaction): then it gets InfraError(Timeout). The work itself runs on the session's worker
//   thread and may go on after that; its session is never reused. If COMMIT was not sent by then,
//   it never will be ("the transaction will not commit"); if it was, the error is in doubt
//   (InfraError::inDoubt(): it may commit when the server answers). Therefore the work must own
//   everything it uses (capture by value, no references to the caller's stack).
//   SQLite is the exception: in-process, it cannot stop answering, and its lock waits end with the
//   busy timeout (= operation timeout); its work runs on the caller's thread.
class SessionPool {
public:
    explicit SessionPool(DatabaseSettings settings);
    ~SessionPool();
    SessionPool(const SessionPool&) = delete;
    SessionPool& operator=(const SessionPool&) = delete;

    // Runs work(Transaction&) as described above and returns what it returns.
    template <typename Work>
    auto transact(std::string operation, Work work) -> std::invoke_result_t<Work&, Transaction&>;

    [[nodiscard]] const DatabaseSettings& settings() const { return opener_->settings(); }

    // Connections counted against the pool size: idle, lent out, and abandoned ones whose worker is
    // still waiting for the server.
    [[nodiscard]] int openConnections() const;

private:
    struct State;
    using Body = std::function<void(Transaction&)>;

    void run(const std::string& operation, Body body);
    std::shared_ptr<Connection> acquire(std::chrono::steady_clock::time_point deadline,
                                        const std::string& operation);
    void giveBack(std::shared_ptr<Connection> connection);

    std::shared_ptr<const SessionOpener> opener_;
    TransactionControl control_;
    std::shared_ptr<State> state_;
};

template <typename Work>
auto SessionPool::transact(std::string operation, Work work) -> std::invoke_result_t<Work&, Transaction&> {
    using Result = std::invoke_result_t<Work&, Transaction&>;
    if constexpr (std::is_void_v<Result>) {
        run(operation, Body([w = std::move(work)](Transaction& tx) mutable { w(tx); }));
    } else {
        auto result = std::make_shared<std::optional<Result>>();
        run(operation,
            Body([result, w = std::move(work)](Transaction& tx) mutable { result->emplace(w(tx)); }));
        return std::move(**result);
    }
}

} // namespace msgx::storage
