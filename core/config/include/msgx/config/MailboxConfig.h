#pragma once

#include "msgx/config/StoreConfig.h"

#include <string>
#include <vector>

// mailbox.*: the shared mailbox tables (mailbox.md).
namespace msgx::config {

// The shared mailbox (CMINMSGS/COUTMSGS): DML only.
struct MailboxConfig {
    DatabaseBackend backend = DatabaseBackend::MySql;
    SqlDialect dialect = SqlDialect::MySql;
    std::string connect; // required
    std::string inboxTable = "CMINMSGS";
    std::string outboxTable = "COUTMSGS";
    std::vector<std::string> acceptStatus{"VALID"};

    // The STATUS value back-filled per terminal outcome.
    struct StatusMap {
        std::string succeeded = "PROCESSED";
        std::string skipped = "PROCESSED";
        std::string duplicate = "PROCESSED";
        std::string dead = "PROCESSED";
        bool operator==(const StatusMap&) const = default;
    } statusMap;

    std::string timeZone = "Asia/Shanghai"; // zone of the mailbox DATETIME columns
    bool createTables = false;              // only with profile embedded and a SQLite mailbox
};

} // namespace msgx::config
