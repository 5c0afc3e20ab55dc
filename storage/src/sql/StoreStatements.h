#pragma once

#include "sql/StatementCatalog.h"

#include <memory>
#include <string>

namespace msgx::storage {

class Dialect;

// Every statement the own store's repositories and its migrator send, for one dialect.
std::shared_ptr<const StatementCatalog> storeStatements(const Dialect& dialect);

// The statements of one area (defined beside the repository that uses them).
void addSchemaStatements(StatementCatalog& catalog, const Dialect& dialect);
void addProcessingStatements(StatementCatalog& catalog, const Dialect& dialect);
void addFlightStatements(StatementCatalog& catalog, const Dialect& dialect);
void addFlightHistoryStatements(StatementCatalog& catalog, const Dialect& dialect);
void addEventStatements(StatementCatalog& catalog, const Dialect& dialect);
void addBackfillStatements(StatementCatalog& catalog, const Dialect& dialect);
void addReferenceStatements(StatementCatalog& catalog, const Dialect& dialect);
void addCursorStatements(StatementCatalog& catalog, const Dialect& dialect);
void addArchiveStatements(StatementCatalog& catalog, const Dialect& dialect);
void addLeaseStatements(StatementCatalog& catalog, const Dialect& dialect);
void addAuditStatements(StatementCatalog& catalog, const Dialect& dialect);
void addRequestStatements(StatementCatalog& catalog, const Dialect& dialect);
void addStateCountStatements(StatementCatalog& catalog, const Dialect& dialect);

// The name of the ProcessingQueue::list statement for a filter combination: "processing.list", then
// "-in-state" / "-in-class" / "-in-state-class", then "-enqueued-from" / "-enqueued-before" /
// "-enqueued-between". Its parameters: state, error class, from, before (those given), afterId, limit.
std::string processingListStatement(bool state, bool errorClass, bool enqueuedFrom, bool enqueuedBefore);
// The same over the DEAD rows of PROC_STATE_HST (no state parameter).
std::string archivedDeadListStatement(bool errorClass, bool enqueuedFrom, bool enqueuedBefore);

} // namespace msgx::storage
