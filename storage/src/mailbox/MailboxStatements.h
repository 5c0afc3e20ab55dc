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

// On MySQL/MariaDB the row reads (mailbox.read-above, mailbox.read-range) return only the first
// this many characters of CMINMSGS_CLOB_MSG and a flag (MSG_CUT = 1) for a longer document, whose
// text the adapter then reads whole with mailbox.read-text. Reason: Poco 1.11's MySQL connector
// allocates a result buffer of the column's declared size per execution (16 MiB for MEDIUMTEXT,
// 30-60 ms measured, also for an empty result); SUBSTRING declares 4 x this many bytes (64 KiB,
// 0.1-0.4 ms). Typical flight messages are a few KiB; reference downloads may take the slow path.
inline constexpr int kMailboxTextHeadChars = 16384;

// True for a name the mailbox adapters accept into SQL text (same rule as the configuration).
bool isSafeTableName(const std::string& name);

} // namespace msgx::storage
