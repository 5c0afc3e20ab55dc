#pragma once

#include "TempDir.h"
#include "msgx/clock/ManualClock.h"
#include "msgx/config/Config.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

// An embedded SQLite own store (migrated) and, unless a test opens another, an embedded SQLite
// mailbox, both in a fresh directory; a ManualClock; the default configuration.
namespace msgx::test {

class IntakeFixture : public ::testing::Test {
protected:
    // 2024-03-18T07:00:00Z (15:00 in Asia/Shanghai).
    static Clock::time_point start();

    void SetUp() override;
    void TearDown() override;

    // Inserts a CMINMSGS row with this id into the SQLite mailbox as the upstream would.
    void addRow(storage::MailboxId id, const std::optional<std::string>& status = std::string("VALID"));
    // "<MSG>row <id></MSG>": the XML of a row added by addRow.
    static std::string xmlOf(storage::MailboxId id);
    // The PROC_STATE ids in id order.
    std::vector<storage::MailboxId> queued();
    storage::ProcessingRecord record(storage::MailboxId id);
    // The persisted inbox cursor (nullopt before the first write).
    std::optional<storage::InboxCursor> cursor();
    // DATE_PROCESSED (text, nullopt for NULL) and STATUS of a SQLite mailbox row.
    std::pair<std::optional<std::string>, std::optional<std::string>> mailboxMarks(storage::MailboxId id);
    // Commits message `id` (PENDING/0) to `state` with a back-fill intent writing `status`.
    void finish(storage::MailboxId id, storage::ProcessingState state,
                const std::string& status = "PROCESSED",
                std::optional<std::string> identityKey = std::nullopt);

    ManualClock clock_{start()};
    config::Config config_;
    std::unique_ptr<TempDir> dir_;
    std::unique_ptr<storage::OwnStore> store_;
    std::unique_ptr<storage::Mailbox> mailbox_;
    std::string mailboxPath_;
};

} // namespace msgx::test
