#include "session/SessionPool.h"

#include "msgx/log/Log.h"
#include "msgx/storage/InfraError.h"
#include "session/Connection.h"
#include "session/DriverErrors.h"

#include <Poco/Exception.h>

#include <condition_variable>
#include <exception>
#include <mutex>
#include <vector>

namespace msgx::storage {

struct SessionPool::State {
    std::mutex mutex;
    std::condition_variable available;
    std::vector<std::shared_ptr<Connection>> idle;
    int open = 0; // idle + lent + abandoned-but-running
};

namespace {

// Rolls back what can be rolled back and closes the session; never throws.
//
// On ODBC the rollback must succeed before the close: Poco 1.11's ODBC connector commits on close
// (ODBC::SessionImpl::close calls commit(); a MariaDB general log shows ROLLBACK, COMMIT, Quit for
// every discarded ODBC session), so closing a session whose rollback failed may commit the work
// of a unit whose caller was told it failed. A failed rollback is therefore tried once more, and
// each failure is logged with the operation and the reason.
void discardSession(Connection::Slot& slot, const TransactionControl& control, const std::string& role,
                    const std::string& operation) {
    if (!slot.session) {
        return;
    }
    constexpr int kRollbackAttempts = 2;
    for (int attempt = 1; attempt <= kRollbackAttempts; ++attempt) {
        std::string reason;
        try {
            control.rollback(*slot.session);
            break;
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
            log::error("{}: {}: rollback of the discarded session failed twice ({}); the session is closed, "
                       "and a connector that commits on close (ODBC) may have committed the unit",
                       role, operation, reason);
        }
    }
    try {
        slot.prepared = PreparedStatements();
        slot.session.reset();
    } catch (...) {
    }
}

// One unit of work on the worker thread of a connection.
void runUnitOfWork(Connection::Slot& slot, const SessionOpener& opener, const TransactionControl& control,
                   const std::string& operation, const std::function<void(Transaction&)>& body) {
    if (!slot.session) {
        slot.session.emplace(opener.open());
    }
    Poco::Data::Session& session = *slot.session;
    try {
        control.begin(session);
        Transaction transaction(session, slot.prepared);
        body(transaction);
        if (slot.abandoned) {
            throw InfraError(InfraError::Reason::Timeout, operation,
                             "the caller stopped waiting before the commit; rolled back");
        }
        if (transaction.isRollbackOnly()) {
            control.rollback(session);
        } else {
            control.commit(session);
        }
    } catch (const Poco::Exception& e) {
        discardSession(slot, control, opener.settings().role, operation);
        throw infraErrorFrom(operation, e);
    } catch (...) {
        discardSession(slot, control, opener.settings().role, operation);
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
        connection->abandon();
        connection.reset(); // the worker ends by itself once the server answers or the connection breaks
        log::warn("{}: {}: no answer within {}; the session is abandoned and will not be reused",
                  settings().role, operation, secondsText(settings().operationTimeout));
        throw InfraError(InfraError::Reason::Timeout, operation,
                         "no answer from the " + settings().role + " database within " +
                             secondsText(settings().operationTimeout) + "; the transaction will not commit");
    }
    giveBack(std::move(connection));
    if (*failure) {
        std::rethrow_exception(*failure);
    }
}

} // namespace msgx::storage
