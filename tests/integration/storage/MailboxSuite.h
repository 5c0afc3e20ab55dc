#pragma once

#include "TempDir.h"
#include "msgx/storage/Mailbox.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <ostream>
#include <string>

// The mailbox adapters against a MariaDB mailbox (native and ODBC; the shared `mailbox` database of
// the test services, tables of the documented layout under names of their own) and the embedded
// SQLite mailbox (tables created by the adapter).
namespace msgx::test {

enum class MailboxBackend { Sqlite, MySql, OdbcMySql };

inline std::ostream& operator<<(std::ostream& out, MailboxBackend backend) {
    return out << (backend == MailboxBackend::Sqlite  ? "sqlite"
                   : backend == MailboxBackend::MySql ? "mysql"
                                                      : "odbc-mysql");
}

class MailboxSuite : public ::testing::TestWithParam<MailboxBackend> {
protected:
    void SetUp() override;
    void TearDown() override;

    // Runs `sql` directly on the mailbox database (the upstream side's and the inspector's view).
    void execute(const std::string& sql);
    std::string queryText(const std::string& sql);

    storage::DatabaseSettings settings_;
    storage::MailboxTables tables_{"CMINMSGS", "COUTMSGS", "Asia/Shanghai"};
    std::unique_ptr<storage::Mailbox> mailbox_;

private:
    std::unique_ptr<TempDir> sqliteDir_;
    std::function<void()> drop_;
};

} // namespace msgx::test
