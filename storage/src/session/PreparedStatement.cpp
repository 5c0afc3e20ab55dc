#include "session/PreparedStatement.h"

#include "msgx/log/Log.h"

#include <mutex>
#include <vector>

namespace msgx::storage {

namespace {

struct ParkingLot {
    std::mutex mutex;
    std::vector<Poco::Data::Statement> statements;
};

// Never destroyed: destroying a parked statement is what must not happen, also at exit.
ParkingLot& parkingLot() {
    static auto* lot = new ParkingLot;
    return *lot;
}

} // namespace

StatementGuard::StatementGuard(const Poco::Data::Session& session)
    : postgres_(session.connector() == "postgresql") {}

std::size_t StatementGuard::execute(Poco::Data::Statement& statement) {
    try {
        const std::size_t changed = statement.execute();
        executed_ = true;
        return changed;
    } catch (...) {
        unsafe_ = unsafe_ || (postgres_ && executed_);
        throw;
    }
}

void StatementGuard::release(Poco::Data::Statement& statement) {
    if (!unsafe_) {
        return;
    }
    auto& lot = parkingLot();
    std::lock_guard lock(lot.mutex);
    lot.statements.push_back(statement); // shares the implementation: it outlives `statement`
    log::debug("parked a failed PostgreSQL statement ({} so far; Poco 1.11 cannot destroy it safely)",
               lot.statements.size());
}

std::size_t parkedStatements() {
    auto& lot = parkingLot();
    std::lock_guard lock(lot.mutex);
    return lot.statements.size();
}

void BoundText::set(const std::string& value) {
    null_ = false;
    asClob_ = binder_.bindsAsClob(value.size(), column_);
    if (asClob_) {
        clob_.assignRaw(value.data(), value.size());
    } else {
        text_ = value;
    }
}

void BoundText::set(const std::optional<std::string>& value) {
    if (value) {
        set(*value);
    } else {
        null_ = true;
    }
}

} // namespace msgx::storage
