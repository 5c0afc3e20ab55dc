#include "session/TransactionControl.h"

namespace msgx::storage {

using namespace Poco::Data::Keywords;

void TransactionControl::begin(Poco::Data::Session& session) const {
    if (backend_ == DatabaseBackend::Sqlite) {
        session << "BEGIN IMMEDIATE", now;
        return;
    }
    session.begin();
}

void TransactionControl::commit(Poco::Data::Session& session) const {
    if (backend_ == DatabaseBackend::Sqlite) {
        session << "COMMIT", now;
        return;
    }
    session.commit();
    if (backend_ == DatabaseBackend::MySql) {
        session.setFeature("autoCommit", true);
    }
}

void TransactionControl::rollback(Poco::Data::Session& session) const {
    if (backend_ == DatabaseBackend::Sqlite) {
        session << "ROLLBACK", now;
        return;
    }
    session.rollback();
    if (backend_ == DatabaseBackend::MySql) {
        session.setFeature("autoCommit", true);
    }
}

} // namespace msgx::storage
