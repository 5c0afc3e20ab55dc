// CMINMSGS reads above a watermark and over a range, max(ID), idempotent back-fill in the
// mailbox's time zone, the compat insert and the COUTMSGS insert.
#include "MailboxSuite.h"

#include <gmock/gmock.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

namespace msgx::test {
namespace {

using namespace std::chrono;
using storage::MailboxRow;
using storage::Timestamp;

// 2024-03-18 15:15:00 in Asia/Shanghai.
Timestamp quarterPastSevenUtc() {
    return time_point_cast<Timestamp::duration>(sys_days{2024y / 3 / 18} + 7h + 15min);
}

std::vector<storage::MailboxId> idsOf(const std::vector<MailboxRow>& rows) {
    std::vector<storage::MailboxId> ids;
    for (const auto& row : rows) {
        ids.push_back(row.id);
    }
    return ids;
}

TEST_P(MailboxSuite, ReadsRowsAboveTheWatermarkInIdOrderWithStatusAndReceiveTime) {
    auto& inbox = mailbox_->inbox();
    EXPECT_FALSE(inbox.maxId());
    // As the upstream writes them (mailbox.md §1.5), one not VALID and one without receive time.
    const std::string table = tables_.inbox;
    execute("INSERT INTO " + table +
            " (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES"
            " ('  <MSG>1</MSG>\n', '2024-03-18 15:15:00', 'VALID')");
    execute("INSERT INTO " + table +
            " (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES"
            " ('<MSG>2</MSG>', '2024-03-18 15:15:01', 'INVALID')");
    execute("INSERT INTO " + table + " (CMINMSGS_CLOB_MSG, CMINMSGS_STATUS) VALUES ('<MSG>3</MSG>', NULL)");

    const auto all = inbox.readAbove(0, 10);
    ASSERT_EQ(all.size(), 3u);
    EXPECT_EQ(all[0].xml, "<MSG>1</MSG>");
    EXPECT_EQ(all[0].status, "VALID");
    EXPECT_EQ(all[0].receivedAt, quarterPastSevenUtc());
    EXPECT_EQ(all[1].status, "INVALID");
    EXPECT_EQ(all[1].receivedAt, quarterPastSevenUtc() + 1s);
    EXPECT_FALSE(all[2].status);
    EXPECT_FALSE(all[2].receivedAt);

    EXPECT_EQ(idsOf(inbox.readAbove(all[0].id, 1)), std::vector<storage::MailboxId>{all[1].id});
    EXPECT_TRUE(inbox.readAbove(all[2].id, 10).empty());
    EXPECT_EQ(idsOf(inbox.readRange(all[1].id, all[2].id)),
              (std::vector<storage::MailboxId>{all[1].id, all[2].id}));
    EXPECT_EQ(inbox.maxId(), all[2].id);
}

TEST_P(MailboxSuite, BackfillWritesLocalTimeAndStatusAndRepeatingItChangesNothing) {
    auto& inbox = mailbox_->inbox();
    const auto id = inbox.insert("<MSG/>", quarterPastSevenUtc(), "VALID");
    const std::string where = " FROM " + tables_.inbox + " WHERE CMINMSGS_ID = " + std::to_string(id);
    const auto asText = [&](const std::string& column) {
        return queryText(GetParam() == MailboxBackend::Sqlite
                             ? "SELECT " + column + where
                             : "SELECT DATE_FORMAT(" + column + ", '%Y-%m-%d %H:%i:%s')" + where);
    };
    EXPECT_EQ(asText("CMINMSGS_DATE_RECEIVED"), "2024-03-18 15:15:00");

    inbox.backfill(id, quarterPastSevenUtc() + 30min + 250ms, "PROCESSED");
    inbox.backfill(id, quarterPastSevenUtc() + 30min + 250ms, "PROCESSED");
    EXPECT_EQ(asText("CMINMSGS_DATE_PROCESSED"), "2024-03-18 15:45:00");
    EXPECT_EQ(queryText("SELECT CMINMSGS_STATUS" + where), "PROCESSED");
    EXPECT_EQ(inbox.readRange(id, id).at(0).status, "PROCESSED");
}

TEST_P(MailboxSuite, BackfillOfManyRowsWritesEachItsOwnValues) {
    auto& inbox = mailbox_->inbox();
    std::vector<storage::MailboxMark> marks;
    for (int i = 0; i < 3; ++i) {
        const auto id = inbox.insert("<MSG/>", quarterPastSevenUtc(), "VALID");
        marks.push_back({id, quarterPastSevenUtc() + std::chrono::minutes(i), i == 1 ? "DEAD" : "PROCESSED"});
    }
    const auto untouched = inbox.insert("<MSG/>", quarterPastSevenUtc(), "VALID");
    inbox.backfillAll(marks);
    inbox.backfillAll(marks); // idempotent
    const auto processedText = [&](storage::MailboxId id) {
        const std::string where = " FROM " + tables_.inbox + " WHERE CMINMSGS_ID = " + std::to_string(id);
        return queryText(GetParam() == MailboxBackend::Sqlite
                             ? "SELECT CMINMSGS_DATE_PROCESSED" + where
                             : "SELECT DATE_FORMAT(CMINMSGS_DATE_PROCESSED, '%Y-%m-%d %H:%i:%s')" + where);
    };
    const std::vector<std::string> expectedTimes = {"2024-03-18 15:15:00", "2024-03-18 15:16:00",
                                                    "2024-03-18 15:17:00"};
    for (std::size_t i = 0; i < marks.size(); ++i) {
        EXPECT_EQ(inbox.readRange(marks[i].id, marks[i].id).at(0).status, marks[i].status) << i;
        EXPECT_EQ(processedText(marks[i].id), expectedTimes[i]) << i;
    }
    EXPECT_EQ(inbox.readRange(untouched, untouched).at(0).status, "VALID");
}

// A backlog's round: rows sharing their values are written several per statement (chunks of 50,
// the last one short), the others one by one; rows between them that are not in the round stay as
// they were.
TEST_P(MailboxSuite, BackfillOfARoundWritesEachGroupOfEqualValuesAndLeavesTheRowsBetweenAlone) {
    auto& inbox = mailbox_->inbox();
    std::vector<storage::MailboxMark> marks;
    std::vector<storage::MailboxId> untouched;
    for (int i = 0; i < 130; ++i) {
        const auto id = inbox.insert("<MSG/>", quarterPastSevenUtc(), "VALID");
        if (i % 40 == 39) {
            untouched.push_back(id); // 3 rows inside the round's id range
            continue;
        }
        // 111 rows PROCESSED at 15:16 (chunks of 50, 50, 11), 12 DEAD at 15:16, 3 PROCESSED at
        // 15:17 and one alone (PROCESSED at 15:18).
        const bool dead = i % 10 == 5 && i < 120;
        const int minute = i == 129 ? 3 : i >= 126 ? 2 : 1;
        marks.push_back(
            {id, quarterPastSevenUtc() + std::chrono::minutes(minute), dead ? "DEAD" : "PROCESSED"});
    }
    ASSERT_EQ(marks.size(), 127u);
    inbox.backfillAll(marks);
    const auto processedText = [&](storage::MailboxId id) {
        const std::string where = " FROM " + tables_.inbox + " WHERE CMINMSGS_ID = " + std::to_string(id);
        return queryText(GetParam() == MailboxBackend::Sqlite
                             ? "SELECT CMINMSGS_DATE_PROCESSED" + where
                             : "SELECT DATE_FORMAT(CMINMSGS_DATE_PROCESSED, '%Y-%m-%d %H:%i:%s')" + where);
    };
    std::map<std::string, int> byValues;
    for (const auto& mark : marks) {
        const auto row = inbox.readRange(mark.id, mark.id).at(0);
        EXPECT_EQ(row.status, mark.status) << mark.id;
        const std::string time = processedText(mark.id);
        ++byValues[time + " " + mark.status];
    }
    EXPECT_EQ(byValues, (std::map<std::string, int>{{"2024-03-18 15:16:00 DEAD", 12},
                                                    {"2024-03-18 15:16:00 PROCESSED", 111},
                                                    {"2024-03-18 15:17:00 PROCESSED", 3},
                                                    {"2024-03-18 15:18:00 PROCESSED", 1}}));
    for (const auto id : untouched) {
        EXPECT_EQ(inbox.readRange(id, id).at(0).status, "VALID") << id;
        EXPECT_EQ(
            queryText("SELECT CASE WHEN CMINMSGS_DATE_PROCESSED IS NULL THEN 'unmarked' ELSE 'marked' END"
                      " FROM " +
                      tables_.inbox + " WHERE CMINMSGS_ID = " + std::to_string(id)),
            "unmarked")
            << id;
    }
}

// Issue 17: what a cut-over and the late-commit sweep read, and the back-fill of a backlog skip that
// never writes over another consumer's mark.
TEST_P(MailboxSuite, UnprocessedRowsAreFoundByRangeAndStatusAndOnlyUnmarkedRowsAreMarked) {
    auto& inbox = mailbox_->inbox();
    const auto marked = inbox.insert("<MSG/>", quarterPastSevenUtc(), "VALID");
    const auto invalid = inbox.insert("<MSG/>", quarterPastSevenUtc(), "INVALID");
    const auto open = inbox.insert("<MSG/>", quarterPastSevenUtc(), "VALID");
    const auto other = inbox.insert("<MSG/>", quarterPastSevenUtc(), "RETRY");
    inbox.backfill(marked, quarterPastSevenUtc(), "LEGACY");
    using Ids = std::vector<storage::MailboxId>;
    EXPECT_EQ(inbox.unprocessedIds(marked, other, {"VALID"}), (Ids{open}));
    EXPECT_EQ(inbox.unprocessedIds(marked, other, {"RETRY", "VALID"}), (Ids{open, other}));
    EXPECT_EQ(inbox.unprocessedIds(other + 1, other + 100, {"VALID"}), Ids{});
    EXPECT_EQ(inbox.lowestUnprocessed({"VALID"}), open);
    EXPECT_EQ(inbox.lowestUnprocessed({"VALID", "INVALID"}), invalid);
    EXPECT_EQ(inbox.lowestUnprocessed({"NONE"}), std::nullopt);

    const auto later = quarterPastSevenUtc() + 1h;
    EXPECT_EQ(inbox.backfillUnmarked({{marked, later, "PROCESSED"}, {open, later, "PROCESSED"}}), 1);
    EXPECT_EQ(inbox.readRange(marked, marked).at(0).status, "LEGACY") << "another consumer's mark is kept";
    EXPECT_EQ(inbox.readRange(open, open).at(0).status, "PROCESSED");
    EXPECT_EQ(inbox.backfillUnmarked({{open, later + 1h, "SKIPPED"}}), 0) << "marked once";
    EXPECT_EQ(inbox.readRange(open, open).at(0).status, "PROCESSED");
    EXPECT_EQ(inbox.unprocessedIds(marked, other, {"VALID"}), Ids{});
}

TEST_P(MailboxSuite, CompatInsertsReturnTheirNewIds) {
    auto& inbox = mailbox_->inbox();
    const auto first = inbox.insert("<MSG>a</MSG>", quarterPastSevenUtc(), "VALID");
    const auto second = inbox.insert("<MSG>航班 \xF0\x9F\x9B\xAB</MSG>", quarterPastSevenUtc(), "VALID");
    EXPECT_GT(second, first);
    const auto rows = inbox.readAbove(first - 1, 10);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].id, second);
    EXPECT_EQ(rows[1].xml, "<MSG>航班 \xF0\x9F\x9B\xAB</MSG>");
    EXPECT_EQ(inbox.maxId(), second);
}

TEST_P(MailboxSuite, DocumentsLongerThanTheReadHeadAreReadWhole) {
    // MySQL reads the first 16,384 characters with the row and a longer document whole afterwards
    // (MailboxStatements.h); every length around that boundary must come back byte for byte.
    const std::string plane1 = "\xF0\x9F\x9B\xAB"; // one character, four bytes
    const auto document = [&](std::size_t characters, const std::string& fill) {
        std::string body;
        const std::size_t inner = characters - std::string("<MSG></MSG>").size();
        for (std::size_t i = 0; i < inner; ++i) {
            body += (i % 7 == 3) ? fill : std::string("x");
        }
        return "<MSG>" + body + "</MSG>";
    };
    const std::vector<std::string> documents = {document(16383, plane1),
                                                document(16384, plane1),
                                                document(16385, plane1),
                                                document(16385, "航"),
                                                "<MSG>" + std::string(2 * 1024 * 1024, 'y') + "</MSG>",
                                                "<MSG>short</MSG>"};
    auto& inbox = mailbox_->inbox();
    std::vector<storage::MailboxId> ids;
    for (const auto& xml : documents) {
        ids.push_back(inbox.insert(xml, quarterPastSevenUtc(), "VALID"));
    }

    const auto above = inbox.readAbove(ids.front() - 1, 10);
    const auto range = inbox.readRange(ids.front(), ids.back());
    ASSERT_EQ(above.size(), documents.size());
    ASSERT_EQ(range.size(), documents.size());
    for (std::size_t i = 0; i < documents.size(); ++i) {
        EXPECT_EQ(above[i].id, ids[i]);
        EXPECT_EQ(above[i].xml.size(), documents[i].size()) << i;
        EXPECT_TRUE(above[i].xml == documents[i]) << i;
        EXPECT_TRUE(range[i].xml == documents[i]) << i;
        EXPECT_EQ(above[i].status, "VALID") << i;
        EXPECT_EQ(above[i].receivedAt, quarterPastSevenUtc()) << i;
    }
}

TEST_P(MailboxSuite, OutboundRowsAreWrittenLikeTheLegacyConsumerDid) {
    std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><MSG><META><TYPE>RQFD</TYPE></META>";
    xml += std::string(3000, 'x') + "</MSG>"; // longer than 255 bytes: the ODBC CLOB path
    const auto first = mailbox_->outbox().insert({xml, "VIEWRQFD", quarterPastSevenUtc()});
    const auto second = mailbox_->outbox().insert({"<MSG/>", "VIEWRQRD", quarterPastSevenUtc()});
    EXPECT_GT(second, first);
    const std::string where = " FROM " + tables_.outbox + " WHERE COUTMSGS_ID = " + std::to_string(first);
    EXPECT_EQ(queryText("SELECT COUTMSGS_CLOB_MSG" + where), xml);
    EXPECT_EQ(queryText("SELECT ROUTINGID" + where), "VIEWRQFD");
    EXPECT_EQ(queryText("SELECT CAST(COUTMSGS_TRUEFALS_GROUP + COUTMSGS_FINAL_GROUP_IND + COUTMSGS_ACK_REQD +"
                        " COUTMSGS_ACK_RESEND_TIMES + COUTMSGS_ENCRYPT + COUTMSGS_ERROR AS CHAR)" +
                        where),
              "0");
    EXPECT_EQ(
        queryText(
            "SELECT CAST(COUNT(*) AS CHAR)" + where +
            " AND COUTMSGS_DATE_SENT IS NULL AND COUTMSGS_NO_MESSAGES IS NULL AND COUTMSGS_GROUP_ID IS NULL"),
        "1");
}

// Issue 17 (7): what is wrong with the mailbox is said at start, naming it.
TEST_P(MailboxSuite, SchemaProblemsNameAMissingTableAMissingColumnAndAStatusValueTooLong) {
    const std::vector<std::string> statuses{"SUCCESS", "SKIPPED", "DUPLICATE", "DEAD"};
    EXPECT_EQ(mailbox_->schemaProblems(statuses), std::vector<std::string>{}) << "the documented layout";

    storage::MailboxTables wrong = tables_;
    wrong.inbox = "cminmsgs_not_there";
    const auto missing = storage::Mailbox::open(settings_, wrong)->schemaProblems(statuses);
    ASSERT_EQ(missing.size(), 1u);
    EXPECT_THAT(missing[0],
                ::testing::HasSubstr("the table cminmsgs_not_there (mailbox.inbox-table) does not exist"));
    EXPECT_THAT(missing[0], ::testing::HasSubstr("case sensitively"));

    execute("ALTER TABLE " + tables_.inbox + " DROP COLUMN CMINMSGS_DATE_PROCESSED");
    const auto column = mailbox_->schemaProblems(statuses);
    ASSERT_EQ(column.size(), 1u);
    EXPECT_EQ(column[0],
              "the table " + tables_.inbox +
                  " (mailbox.inbox-table) has no column CMINMSGS_DATE_PROCESSED (mailbox.md lists the "
                  "columns msgx reads and writes)");

    if (GetParam() != MailboxBackend::Sqlite) { // SQLite keeps no declared length
        execute("ALTER TABLE " + tables_.inbox + " ADD COLUMN CMINMSGS_DATE_PROCESSED DATETIME NULL");
        const auto tooLong = mailbox_->schemaProblems({"SUCCESS", "PROCESSED_BY_MSGEXCHANGE"});
        ASSERT_EQ(tooLong.size(), 1u);
        EXPECT_EQ(tooLong[0],
                  "the status value 'PROCESSED_BY_MSGEXCHANGE' (mailbox.status-map) is 24 characters, "
                  "more than CMINMSGS_STATUS holds (20)");
    }
}

// The start-up check must not read the text columns: Poco's MySQL connector allocates a result
// buffer of a column's declared size, 64 MiB for a MEDIUMTEXT, and msgxd's peak RSS was that
// buffer (make soak: VmHWM 89 MB at start, RSS 26 MB right after). The peak is reset
// (/proc/self/clear_refs 5) and must stay far below one such buffer.
TEST_P(MailboxSuite, SchemaCheckDoesNotAllocateATextColumnsDeclaredSize) {
    const auto kilobytes = [](const std::string& field) {
        std::ifstream in("/proc/self/status");
        for (std::string line; std::getline(in, line);) {
            if (line.rfind(field + ":", 0) == 0) {
                return std::atol(line.c_str() + field.size() + 1);
            }
        }
        return -1L;
    };
    (void)mailbox_->schemaProblems({"SUCCESS"}); // sessions and statements made once
    std::ofstream("/proc/self/clear_refs") << "5";
    const long before = kilobytes("VmRSS");
    ASSERT_GT(before, 0);
    EXPECT_EQ(mailbox_->schemaProblems({"SUCCESS", "SKIPPED", "DUPLICATE", "DEAD"}),
              std::vector<std::string>{});
    const long peakGrowth = kilobytes("VmHWM") - before;
    EXPECT_LT(peakGrowth, 16 * 1024) << "the schema check raised the peak RSS by " << peakGrowth << " kB";
}

TEST_P(MailboxSuite, OnlyTheEmbeddedSqliteMailboxMayCreateTables) {
    if (GetParam() == MailboxBackend::Sqlite) {
        EXPECT_NO_THROW(mailbox_->createTablesIfAbsent());
    } else {
        EXPECT_THROW(mailbox_->createTablesIfAbsent(), std::logic_error);
    }
}

} // namespace
} // namespace msgx::test
