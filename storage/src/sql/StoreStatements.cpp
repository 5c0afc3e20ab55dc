#include "sql/StoreStatements.h"

namespace msgx::storage {

std::shared_ptr<const StatementCatalog> storeStatements(const Dialect& dialect) {
    auto catalog = std::make_shared<StatementCatalog>();
    addSchemaStatements(*catalog, dialect);
    addProcessingStatements(*catalog, dialect);
    addFlightStatements(*catalog, dialect);
    addFlightHistoryStatements(*catalog, dialect);
    addEventStatements(*catalog, dialect);
    addBackfillStatements(*catalog, dialect);
    addReferenceStatements(*catalog, dialect);
    addCursorStatements(*catalog, dialect);
    addArchiveStatements(*catalog, dialect);
    addLeaseStatements(*catalog, dialect);
    addAuditStatements(*catalog, dialect);
    addRequestStatements(*catalog, dialect);
    addStateCountStatements(*catalog, dialect);
    return catalog;
}

} // namespace msgx::storage
