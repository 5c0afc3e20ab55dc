#pragma once

#include "sql/StatementCatalog.h"

#include <memory>
#include <string>

namespace msgx::storage {

class Dialect;

// The statements of the mailbox adapters for the configured table names (validated identifiers,
// config/ConfigSections: letters, digits, _ and one optional SCHEMA. prefix). Column names are the
// documented ones (mailbox.md §1.1, §2.1).
std::shared_ptr<const StatementCatalog>
mailboxStatements(const Dialect& dialect, const std::string& inboxTable, const std::string& outboxTable);

// The row reads (mailbox.read-above, mailbox.read-range) read CMINMSGS_CLOB_MSG as a long text
// (Dialect::longTextRead, sql/LongText.h): on MySQL/MariaDB its first kLongTextHeadChars characters
// and a flag for a longer document, whose text the adapter then reads whole with mailbox.read-text.
// Typical flight messages are a few KiB; reference downloads may take the slow path.

// True for a name the mailbox adapters accept into SQL text (same rule as the configuration).
bool isSafeTableName(const std::string& name);

} // namespace msgx::storage
