// msgxctl on an archived DEAD message (issue 44), the real binary on an embedded SQLite store:
// `messages --state DEAD` lists it flagged archived, `replay` previews and applies it from history,
// and `status` shows the live and history tables.
#include "EmbeddedConfig.h"
#include "Subprocess.h"
#include "TempDir.h"
#include "msgx/clock/ManualClock.h"
#include "msgx/storage/OwnStore.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#ifndef MSGX_MSGXCTL_BIN
#error "MSGX_MSGXCTL_BIN must be defined (tests/integration/storage/CMakeLists.txt)"
#endif

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using testing::HasSubstr;
using testing::Not;

class MsgxctlHistory : public ::testing::Test {
protected:
    MsgxctlHistory() {
        storage::DatabaseSettings settings;
        settings.backend = storage::DatabaseBackend::Sqlite;
        settings.dialect = storage::SqlDialect::Sqlite;
        settings.connect = (dir_.path() / "store.db").string();
        store_ = storage::OwnStore::open(settings, clock_);
        store_->migrate(std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations");
    }

    SubprocessResult msgxctl(std::vector<std::string> args) {
        std::vector<std::string> command{MSGX_MSGXCTL_BIN};
        command.insert(command.end(), args.begin(), args.end());
        command.insert(command.end(), {"--config", config_.string()});
        return runSubprocess(command, 60s);
    }

    // Message `id` received now, ended DEAD(EXHAUSTED) with nothing left to back-fill.
    void dead(storage::MailboxId id) {
        storage::NewMessage message;
        message.mailboxId = id;
        message.rawXml = "<MSG><META><SNDR>AODB</SNDR><TYPE>FLOP</TYPE><STYP>ABTM</STYP><SEQN>" +
                         std::to_string(id) + "</SEQN></META></MSG>";
        message.receivedAt = clock_.now();
        message.mailboxStatus = "VALID";
        ASSERT_EQ(store_->processing().enqueue({message}, std::nullopt).size(), 1u);
        storage::ProcessingCommit commit;
        commit.mailboxId = id;
        commit.outcome.state = storage::ProcessingState::Dead;
        commit.outcome.errorClass = ErrorClass::Exhausted;
        commit.outcome.lastError = "deadline passed";
        ASSERT_TRUE(store_->processing().commit(commit).applied);
    }

    TempDir dir_;
    std::filesystem::path config_ = sqliteConfigIn(dir_.path());
    ManualClock clock_{Clock::time_point(std::chrono::sys_days{std::chrono::year{2024} / 3 / 18})};
    std::unique_ptr<storage::OwnStore> store_;
};

TEST_F(MsgxctlHistory, ListsReplaysAndSizesAnArchivedDeadMessage) {
    dead(1);
    clock_.advance(25h);
    ASSERT_EQ(store_->archive().archiveBefore(clock_.now() - 24h, 100).messages, 1);
    dead(2);

    const auto listed = msgxctl({"messages", "--state", "DEAD", "--json"});
    ASSERT_EQ(listed.exitCode, 0) << listed.err;
    EXPECT_THAT(listed.out, HasSubstr("\"id\": 1,"));
    EXPECT_THAT(listed.out, HasSubstr("\"archived\": true"));
    EXPECT_THAT(listed.out, HasSubstr("\"id\": 2,"));
    EXPECT_THAT(listed.out, HasSubstr("\"archived\": false"));
    const auto text = msgxctl({"messages", "--state", "DEAD"});
    EXPECT_THAT(text.out, HasSubstr("deadline passed\tarchived\n"));

    const auto preview = msgxctl({"replay", "--id", "1"});
    ASSERT_EQ(preview.exitCode, 0) << preview.err;
    EXPECT_THAT(preview.out, HasSubstr("1\twould replay (back from history (PROC_STATE_HST) -> PENDING"));

    const auto status = msgxctl({"status", "--json"});
    ASSERT_EQ(status.exitCode, 0) << status.err;
    EXPECT_THAT(status.out,
                HasSubstr("\"PROC_STATE_HST\": {\n      \"history\": true,\n      \"rows\": 1,\n"
                          "      \"rowsSource\": \"kept\",\n      \"oldest\": "
                          "\"2024-03-19T01:00:00Z\",\n      \"oldestBy\": \"ARCHIVED_AT\"\n    }"));

    const auto applied = msgxctl({"replay", "--id", "1", "--apply", "--reason", "handler fixed", "--json"});
    ASSERT_EQ(applied.exitCode, 0) << applied.err << applied.out;
    EXPECT_THAT(applied.out, HasSubstr("\"replayed\": [1]"));
    const auto after = msgxctl({"messages", "--state", "DEAD", "--json"});
    EXPECT_THAT(after.out, Not(HasSubstr("\"archived\": true")));
    EXPECT_EQ(store_->processing().find(1)->state, storage::ProcessingState::Pending);
    EXPECT_THAT(msgxctl({"status"}).out, HasSubstr("history PROC_STATE_HST: 0 rows (kept), oldest -"));
}

} // namespace
} // namespace msgx::test
