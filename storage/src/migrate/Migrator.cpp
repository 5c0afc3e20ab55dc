#include "migrate/Migrator.h"

#include "msgx/log/Log.h"
#include "msgx/storage/Timestamp.h"
#include "session/SessionPool.h"
#include "sql/Dialect.h"
#include "sql/StatementCatalog.h"

#include <Poco/Data/Statement.h>

#include <map>

namespace msgx::storage {

using namespace Poco::Data::Keywords;

namespace {

struct AppliedMigration {
    int version = 0;
    std::string name;
    std::string checksum;
    int statementsDone = 0;
    bool complete = false;
};

using Catalog = std::shared_ptr<const StatementCatalog>;

bool schemaTableExists(SessionPool& pool, const Catalog& sql) {
    return pool.transact("store: look for SCHEMA_VERSION", [sql](Transaction& tx) {
        Poco::Int64 count = 0;
        tx.session() << (*sql)["schema.table-exists"], bind(std::string("SCHEMA_VERSION")), into(count), now;
        return count > 0;
    });
}

std::map<int, AppliedMigration> readApplied(SessionPool& pool, const Catalog& sql) {
    return pool.transact("store: read SCHEMA_VERSION", [sql](Transaction& tx) {
        std::vector<int> versions;
        std::vector<std::string> names;
        std::vector<std::string> checksums;
        std::vector<int> done;
        std::vector<int> complete;
        tx.session() << (*sql)["schema.applied"], into(versions), into(names), into(checksums), into(done),
            into(complete), now;
        std::map<int, AppliedMigration> applied;
        for (std::size_t i = 0; i < versions.size(); ++i) {
            applied[versions[i]] = {versions[i], names[i], checksums[i], done[i], complete[i] != 0};
        }
        return applied;
    });
}

void verifyRecorded(const std::map<int, AppliedMigration>& applied, const std::vector<MigrationFile>& files) {
    for (const auto& [version, record] : applied) {
        if (version < 1 || static_cast<std::size_t>(version) > files.size()) {
            throw MigrationError("the database has migration " + record.name +
                                 ", which this build does not have: it was migrated by a newer msgexchange; "
                                 "refusing to touch it");
        }
        const MigrationFile& file = files[static_cast<std::size_t>(version - 1)];
        if (record.name != file.name) {
            throw MigrationError("migration V" + std::to_string(version) + " was applied as " + record.name +
                                 " but the file is now " + file.path.string() +
                                 ": applied migrations must never be "
                                 "renamed or replaced; add a new version instead");
        }
        if (record.checksum != file.checksum) {
            throw MigrationError("migration " + record.name + " was " +
                                 (record.complete ? "applied" : "partly applied") + " with checksum " +
                                 record.checksum + " but " + file.path.string() + " now has " +
                                 file.checksum +
                                 ": an applied migration must never be edited; restore the file "
                                 "and add a new version for the change");
        }
    }
}

int highestComplete(const std::map<int, AppliedMigration>& applied) {
    int version = 0;
    for (const auto& [v, record] : applied) {
        if (record.complete && v == version + 1) {
            version = v;
        }
    }
    return version;
}

} // namespace

Migrator::Migrator(SessionPool& pool, const Dialect& dialect,
                   std::shared_ptr<const StatementCatalog> statements, const Clock& clock)
    : pool_(pool), dialect_(dialect), statements_(std::move(statements)), clock_(clock) {}

MigrationReport Migrator::migrate(const std::vector<MigrationFile>& files) {
    const bool schemaExisted = schemaTableExists(pool_, statements_);
    const auto applied = schemaExisted ? readApplied(pool_, statements_) : std::map<int, AppliedMigration>{};
    verifyRecorded(applied, files);

    MigrationReport report;
    report.versionBefore = highestComplete(applied);
    bool schemaExists = schemaExisted;
    for (const MigrationFile& file : files) {
        const auto recorded = applied.find(file.version);
        if (recorded != applied.end() && recorded->second.complete) {
            continue;
        }
        const std::string operation = "store: apply migration " + file.name;
        const auto total = static_cast<int>(file.statements.size());
        const Poco::Int64 appliedAt = toEpochMicros(clock_.now());
        auto sql = statements_;
        if (dialect_.transactionalDdl()) {
            pool_.transact(operation, [sql, file, total, appliedAt](Transaction& tx) {
                for (const auto& statement : file.statements) {
                    tx.session() << statement, now;
                }
                tx.session() << (*sql)["schema.record"], bind(file.version), bind(file.name),
                    bind(file.checksum), bind(total), bind(1), bind(appliedAt), now;
            });
        } else {
            bool rowExists = recorded != applied.end();
            const int start = rowExists ? recorded->second.statementsDone : 0;
            if (start > 0) {
                log::info("{}: resuming after statement {} of {}", operation, start, total);
            }
            for (int i = start; i < total; ++i) {
                const bool canRecord = schemaExists || file.version == 1;
                const std::string step =
                    operation + ", statement " + std::to_string(i + 1) + " of " + std::to_string(total);
                const std::string statement = file.statements[static_cast<std::size_t>(i)];
                pool_.transact(
                    step, [sql, file, statement, canRecord, rowExists, i, appliedAt](Transaction& tx) {
                        tx.session() << statement, now;
                        if (!canRecord) {
                            return;
                        }
                        if (rowExists) {
                            tx.session() << (*sql)["schema.progress"], bind(i + 1), bind(0), bind(appliedAt),
                                bind(file.version), now;
                        } else {
                            tx.session() << (*sql)["schema.record"], bind(file.version), bind(file.name),
                                bind(file.checksum), bind(i + 1), bind(0), bind(appliedAt), now;
                        }
                    });
                rowExists = rowExists || canRecord;
            }
            pool_.transact(operation + ": mark complete", [sql, file, total, appliedAt](Transaction& tx) {
                tx.session() << (*sql)["schema.progress"], bind(total), bind(1), bind(appliedAt),
                    bind(file.version), now;
            });
        }
        schemaExists = true;
        report.applied.push_back(file.name);
        log::info("{}: done ({} statements)", operation, total);
    }
    report.versionAfter = report.applied.empty() ? report.versionBefore : files.back().version;
    return report;
}

} // namespace msgx::storage
