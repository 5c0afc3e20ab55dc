#pragma once

#include "migrate/MigrationFiles.h"
#include "msgx/clock/Clock.h"
#include "msgx/storage/Migrations.h"

#include <memory>

namespace msgx::storage {

class Dialect;
class SessionPool;
class StatementCatalog;

// Brings the own store's schema up to the newest migration file, recording each in SCHEMA_VERSION.
//
// - Idempotent: applied migrations are skipped; a second run applies nothing.
// - Before anything is applied, every recorded migration is checked against its file: an edited
//   file (other checksum), a renamed one, or a recorded version this build has no file for stops
//   the run with MigrationError and changes nothing.
// - PostgreSQL and SQLite: each migration is one transaction (its statements and its
//   SCHEMA_VERSION row), so a failure leaves no trace of it.
// - MySQL and Oracle commit every DDL statement by themselves. Each statement therefore runs in
//   its own transaction together with the count of statements done (SCHEMA_VERSION.STATEMENTS_DONE,
//   COMPLETE = 0); a later run resumes after the last statement that succeeded, provided the file
//   is unchanged.
class Migrator {
public:
    Migrator(SessionPool& pool, const Dialect& dialect, std::shared_ptr<const StatementCatalog> statements,
             const Clock& clock);

    MigrationReport migrate(const std::vector<MigrationFile>& files);

private:
    SessionPool& pool_;
    const Dialect& dialect_;
    std::shared_ptr<const StatementCatalog> statements_;
    const Clock& clock_;
};

} // namespace msgx::storage
