#pragma once

#include "session/PreparedStatements.h"

#include <Poco/Data/Session.h>

namespace msgx::storage {

// The open transaction a unit of work runs in (SessionPool::transact). The pool begins it before
// the work and commits it after, unless the work asked for a rollback.
class Transaction {
public:
    Transaction(Poco::Data::Session& session, PreparedStatements& prepared)
        : session_(session), prepared_(prepared) {}

    [[nodiscard]] Poco::Data::Session& session() { return session_; }
    // The statements this session has prepared (they outlive the transaction).
    [[nodiscard]] PreparedStatements& prepared() { return prepared_; }

    // Ends the transaction with ROLLBACK instead of COMMIT when the work returns normally: the way
    // to give up cleanly (e.g. a guard did not hold) and keep the session. Throwing also rolls back,
    // but the session is then discarded.
    void rollbackOnly() { rollbackOnly_ = true; }
    [[nodiscard]] bool isRollbackOnly() const { return rollbackOnly_; }

private:
    Poco::Data::Session& session_;
    PreparedStatements& prepared_;
    bool rollbackOnly_ = false;
};

} // namespace msgx::storage
