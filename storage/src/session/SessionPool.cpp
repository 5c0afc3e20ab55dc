#include "session/SessionPool.h"

#include "msgx/log/Log.h"
#include "msgx/storage/InfraError.h"
#include "session/Connection.h"
#include "session/DriverErrors.h"
#include "session/ServerSession.h"

#include <Poco/Exception.h>

#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace msgx::storage {

struct SessionPool::State {
    std::mutex mutex;
    std::condition_variable available;
    std::vector<std::shared_ptr<Connection>> idle;
    int open = 0; // idle + lent + abandoned-but-running
};

namespace {

// Tries ROLLBACK twice; true when one of them succeeded. Each failure is logged with the reason.
bool rollBack(Poco::Data::Session& session, const TransactionControl& control, const std::string& role,
              const std::string& operation) {
    constexpr int kRollbackAttempts = 2;
    for (int attempt = 1; attempt <= kRollbackAttempts; ++attempt) {
        std::string reason;
        try {
            control.rollback(session);
            return true;
        } catch (const Poco::Exception& e) {
            reason = e.displayText();
        } catch (const std::exception& e) {
            reason = e.what();
        } catch (...) {
            reason = "unknown exception";
        }
        if (attempt < kRollbackAttempts) {
            log::warn("{}: {}: rollback of the discarded session failed ({}); trying once more", role,
                      operation, reason);
        } else {
            log::error("{}: {}: rollback of the discarded session failed twice ({})", role, operation,
                       reason);
        }
    }
    return false;
}

// Sessions whose transaction may still be open and whose close would commit it: kept, never
// closed, for the life of the process (the server ends them at its own timeouts; the process's exit
// closes their sockets without a COMMIT).
void keepForever(Poco::Data::Session session) {
    static std::mutex mutex;
    static auto* kept = new std::vector<Poco::Data::Session>(); // never destroyed, on purpose
    std::lock_guard lock(mutex);
    kept->push_back(std::move(session));
}

// A session whose rollback failed, on a connector that commits on close (Poco 1.11's ODBC:
// ODBC::SessionImpl::close calls commit(); a MariaDB general log of a discarded ODBC session reads
// ROLLBACK, COMMIT, Quit): its transaction may still be open, and closing it could commit the work
// of a unit whose caller was told it failed. Its server session is ended from another connection
// first, retried until the server answers (this holds the worker, and the pool counts the session,
// until then); after that the close's COMMIT finds no session to commit in. Without a server
// session id to end, the session is kept open for good instead of closed.
void endBeforeClosing(Connection::Slot& slot, const SessionOpener& opener, const std::string& operation) {
    const std::string& role = opener.settings().role;
    if (!slot.server) {
        log::error("{}: {}: the session's server session id is unknown, so it cannot be ended from another "
                   "connection; the session is kept open until the process ends (closing it would commit)",
                   role, operation);
        slot.prepared = PreparedStatements();
        keepForever(std::move(*slot.session));
        slot.session.reset();
        return;
    }
    constexpr auto kLongestPause = std::chrono::seconds(30);
    auto pause = std::chrono::seconds(1);
    for (int attempt = 1;; ++attempt) {
        std::string problem;
        if (endServerSession(opener, *slot.server, problem)) {
            log::warn("{}: {}: server session {} ended from another connection before closing the discarded "
                      "session (its rollback failed; a close would have committed it)",
                      role, operation, slot.server->id);
            return;
        }
        log::error("{}: {}: cannot end server session {} yet (attempt {}: {}); the discarded session stays "
                   "open, never closed into a commit; next attempt in {} s",
                   role, operation, slot.server->id, attempt, problem, pause.count());
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, kLongestPause);
    }
}

// Rolls back what can be rolled back and closes the session, never into a commit; never throws.
void discardSession(Connection::Slot& slot, const SessionOpener& opener, const TransactionControl& control,
                    const std::string& operation) {
    if (!slot.session) {
        return;
    }
    if (!rollBack(*slot.session, control, opener.settings().role, operation) && control.closeCommits()) {
        endBeforeClosing(slot, opener, operation);
    }
    try {
        slot.prepared = PreparedStatements();
        slot.session.reset();
    } catch (...) {
    }
}

// The error of a COMMIT that failed: in doubt when the server may have received it (the connection
// broke, or no answer in time); a refusal (constraint, serialization) means it did not commit.
InfraError commitFailure(const std::string& operation, const Poco::Exception& error) {
    InfraError mapped = infraErrorFrom(operation, error);
    if (mapped.reason() != InfraError::Reason::Unavailable &&
        mapped.reason() != InfraError::Reason::Timeout) {
        return mapped;
    }
    return InfraError(mapped.reason(), operation,
                      mapped.cause() + "; COMMIT was sent, so the transaction may have committed",
                      mapped.sqlState(), InfraError::Outcome::Unknown);
}

// One unit of work on the worker thread of a connection.
void runUnitOfWork(Connection::Slot& slot, const SessionOpener& opener, const TransactionControl& control,
                   const std::string& operation, const std::function<void(Transaction&)>& body) {
    if (!slot.session) {
        slot.session.emplace(opener.open());
        if (control.closeCommits()) {
            slot.server = opener.identify(*slot.session);
        }
    }
    Poco::Data::Session& session = *slot.session;
    bool commitSent = false;
    try {
        control.begin(session);
        Transaction transaction(session, slot.prepared);
        body(transaction);
        if (transaction.isRollbackOnly()) {
            if (slot.abandoned) {
                throw InfraError(InfraError::Reason::Timeout, operation,
                                 "the caller stopped waiting before the end of the transaction; rolled back");
            }
            control.rollback(session);
        } else {
            // The hand-shake with a caller that gives up (SessionPool::run): this thread announces
            // the COMMIT before it looks for the caller's abandon, the caller abandons before it looks
            // for the announcement, so at least one of the two sees the other (sequentially
            // consistent atomics): no COMMIT is sent that the caller reports as "will not commit".
            slot.committing = true;
            if (slot.abandoned) {
                throw InfraError(InfraError::Reason::Timeout, operation,
                                 "the caller stopped waiting before the commit; rolled back");
            }
            commitSent = true;
            control.commit(session);
        }
    } catch (const Poco::Exception& e) {
        discardSession(slot, opener, control, operation);
        throw commitSent ? commitFailure(operation, e) : infraErrorFrom(operation, e);
    } catch (...) {
        discardSession(slot, opener, control, operation);
        throw;
    }
}

std::string secondsText(std::chrono::milliseconds d) {
    return std::to_string(d.count() / 1000) + "." + std::to_string(d.count() % 1000 / 100) + " s";
}

} // namespace

SessionPool::SessionPool(DatabaseSettings settings)
    : opener_(std::make_shared<SessionOpener>(std::move(settings))), control_(opener_->settings().backend),
      state_(std::make_shared<State>()) {}

SessionPool::~SessionPool() {
    std::vector<std::shared_ptr<Connection>> idle;
    {
        std::lock_guard lock(state_->mutex);
        idle.swap(state_->idle);
    }
    idle.clear(); // joins the idle workers; their sessions close on their own threads
}

int SessionPool::openConnections() const {
    std::lock_guard lock(state_->mutex);
    return state_->open;
}

std::shared_ptr<Connection> SessionPool::acquire(std::chrono::steady_clock::time_point deadline,
                                                 const std::string& operation) {
    std::unique_lock lock(state_->mutex);
    for (;;) {
        if (!state_->idle.empty()) {
            auto connection = std::move(state_->idle.back());
            state_->idle.pop_back();
            return connection;
        }
        if (state_->open < settings().poolSize) {
            ++state_->open;
            lock.unlock();
            std::weak_ptr<State> weakState = state_;
            try {
                return std::make_shared<Connection>([weakState] {
                    if (auto state = weakState.lock()) {
                        {
                            std::lock_guard retiredLock(state->mutex);
                            --state->open;
                        }
                        state->available.notify_one();
                    }
                });
            } catch (...) {
                lock.lock();
                --state_->open;
                throw;
            }
        }
        if (state_->available.wait_until(lock, deadline) == std::cv_status::timeout && state_->idle.empty() &&
            state_->open >= settings().poolSize) {
            throw InfraError(
                InfraError::Reason::Timeout, operation,
                "no free session among " + std::to_string(settings().poolSize) + " within " +
                    secondsText(settings().operationTimeout) +
                    " (sessions abandoned on a server that stopped answering count until it answers)");
        }
    }
}

void SessionPool::giveBack(std::shared_ptr<Connection> connection) {
    {
        std::lock_guard lock(state_->mutex);
        state_->idle.push_back(std::move(connection));
    }
    state_->available.notify_one();
}

void SessionPool::run(const std::string& operation, Body body) {
    const auto deadline = std::chrono::steady_clock::now() + settings().operationTimeout;
    auto connection = acquire(deadline, operation);
    auto failure = std::make_shared<std::exception_ptr>();
    auto task = [slot = connection->slot(), opener = opener_, control = control_, operation,
                 body = std::move(body), failure]() {
        try {
            runUnitOfWork(*slot, *opener, control, operation, body);
        } catch (...) {
            *failure = std::current_exception();
        }
    };
    if (settings().backend == DatabaseBackend::Sqlite) {
        // An embedded database cannot stop answering the way a server can; its lock waits end with
        // the busy timeout (= operation timeout). So no hand-over to a worker thread.
        connection->runHere(task);
    } else if (!connection->run(std::move(task), deadline)) {
        const bool commitSent = connection->abandon();
        connection.reset(); // the worker ends by itself once the server answers or the connection breaks
        const std::string noAnswer = "no answer from the " + settings().role + " database within " +
                                     secondsText(settings().operationTimeout);
        if (commitSent) {
            // COMMIT may be waiting in a frozen server, or in the network, and take effect later.
            log::warn("{}: {}: no answer within {} after COMMIT was sent; the outcome is unknown, and the "
                      "session is abandoned",
                      settings().role, operation, secondsText(settings().operationTimeout));
            throw InfraError(InfraError::Reason::Timeout, operation,
                             noAnswer + " after COMMIT was sent; the transaction may have committed, or may "
                                        "still commit when the server answers",
                             std::nullopt, InfraError::Outcome::Unknown);
        }
        log::warn("{}: {}: no answer within {}; the session is abandoned and will not be reused",
                  settings().role, operation, secondsText(settings().operationTimeout));
        throw InfraError(InfraError::Reason::Timeout, operation,
                         noAnswer + "; the transaction will not commit");
    }
    giveBack(std::move(connection));
    if (*failure) {
        std::rethrow_exception(*failure);
    }
}

} // namespace msgx::storage
