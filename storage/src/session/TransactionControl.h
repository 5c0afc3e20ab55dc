#pragma once

#include "msgx/storage/Backends.h"

#include <Poco/Data/Session.h>

namespace msgx::storage {

// BEGIN / COMMIT / ROLLBACK on a session of a given backend, with the workarounds each needs:
// - MySQL: Poco 1.11 leaves the session at @@autocommit=0 after commit() or rollback(), so later
//   statements would run in an invisible open transaction; autocommit is switched back on after
//   each (platform-notes §4).
// - SQLite: BEGIN IMMEDIATE instead of Poco's deferred BEGIN, so a transaction takes the write lock
//   at its start (waiting up to the busy timeout) and never fails later on a lock upgrade.
// - ODBC: the session stays in manual-commit mode (SessionOpener); begin() only marks the start.
// - PostgreSQL: Poco's own begin()/commit()/rollback().
class TransactionControl {
public:
    explicit TransactionControl(DatabaseBackend backend) : backend_(backend) {}

    void begin(Poco::Data::Session& session) const;
    void commit(Poco::Data::Session& session) const;
    void rollback(Poco::Data::Session& session) const;

    // Whether closing a session of this backend commits its open transaction: true for ODBC, whose
    // Poco 1.11 connector calls commit() in ODBC::SessionImpl::close (and ~SessionImpl). Such a
    // session must never be closed while its transaction may be open (SessionPool).
    [[nodiscard]] bool closeCommits() const { return backend_ == DatabaseBackend::Odbc; }

private:
    DatabaseBackend backend_;
};

} // namespace msgx::storage
