#pragma once

#include <string>
#include <vector>

namespace msgx::storage {

// CREATE TABLE IF NOT EXISTS statements for an embedded SQLite mailbox (mailbox.create-tables),
// column for column as mailbox.md §1.1 and §2.1 document them. DATETIME columns hold the text
// 'YYYY-MM-DD HH:MM:SS' (SQLite has no date type); the ids are INTEGER PRIMARY KEY AUTOINCREMENT.
std::vector<std::string> sqliteMailboxTables(const std::string& inboxTable, const std::string& outboxTable);

} // namespace msgx::storage
