// Issue 17 (3): the identity rules of a repeat (docs/pipeline.md "Identity") on a real store: the
// window (just inside: a duplicate; just outside: the old holder releases the key and the repeat
// binds it under the unique index), a different document (content-differs, skip or process) and
// the business-day scope of pipeline.identity-day-boundary.
#include "PumpSuite.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using storage::ProcessingState;
using namespace std::chrono_literals;

// A TEST-SET of the scripted handler with DTTM `dttm` (PumpSuite::setAttribute's DTTM is fixed).
std::string setAttributeAt(long seqn, const std::string& dttm, sdk::Flid flid, const std::string& value) {
    std::string xml = PumpSuite::setAttribute(seqn, flid, "currentStand", value);
    const std::string fixed = "<DTTM>20240318150000</DTTM>";
    xml.replace(xml.find(fixed), fixed.size(), "<DTTM>" + dttm + "</DTTM>");
    return xml;
}

TEST_P(PumpSuite, ARepeatJustInsideTheIdentityWindowIsADuplicateAndJustOutsideItIsANewMessage) {
    config_.pipeline.identityWindow = 48h;
    const auto holder = processHolder(1, setAttribute(7, 700501, "currentStand", "107"));
    ASSERT_TRUE(holder);
    const auto& identity = holder->identity;
    const auto ended = holder->ended;

    clock_.set(ended + 48h - 1s);
    enqueue(2, setAttribute(7, 700501, "currentStand", "107"));
    ASSERT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(2).state, ProcessingState::Skipped);
    EXPECT_EQ(record(2).note, "duplicate-of:1");

    clock_.set(ended + 48h);
    enqueue(3, setAttribute(7, 700501, "currentStand", "109"));
    ASSERT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(3).state, ProcessingState::Succeeded) << record(3).note.value_or("");
    EXPECT_EQ(record(3).identityKey, identity) << "the repeat binds the released identity";
    EXPECT_EQ(record(1).identityKey, std::nullopt) << "released: the unique index holds one holder";
    EXPECT_EQ(record(1).state, ProcessingState::Succeeded) << "the old holder is otherwise untouched";
    EXPECT_EQ(flight(700501)->text("currentStand"), "109");

    // The new holder counts from its own end: a repeat right after it is a duplicate of it.
    enqueue(4, setAttribute(7, 700501, "currentStand", "109"));
    ASSERT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(4).note, "duplicate-of:3");
}

// The holder was archived (PROC_STATE_HST) before the window passed: inside the window its archived
// row still makes a repeat a duplicate (US-11.3), outside it the archived row releases the key.
TEST_P(PumpSuite, AnArchivedHolderKeepsItsIdentityInsideTheWindowAndReleasesItOutside) {
    config_.pipeline.identityWindow = 72h;
    const auto holder = processHolder(1, setAttribute(17, 700511, "currentStand", "107"));
    ASSERT_TRUE(holder);
    const auto& identity = holder->identity;
    const auto ended = holder->ended;
    realStore_->backfill().markDone(1);
    for (const char* target : {"msg", "schd"}) { // delivered: nothing keeps it in PROC_STATE
        const auto due = realStore_->events().nextDue(target, 0, 100);
        if (!due.empty()) {
            realStore_->events().markSent(target, 0, due.back().id);
        }
    }
    clock_.set(ended + 25h);
    ASSERT_EQ(realStore_->archive().archiveBefore(clock_.now() - 24h, 100).messages, 1);
    ASSERT_FALSE(realStore_->processing().find(1).has_value());

    clock_.set(ended + 72h - 1s);
    enqueue(2, setAttribute(17, 700511, "currentStand", "107"));
    ASSERT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(2).note, "duplicate-of:1") << "the archived holder still holds it";

    clock_.set(ended + 72h);
    enqueue(3, setAttribute(17, 700511, "currentStand", "109"));
    ASSERT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(3).state, ProcessingState::Succeeded) << record(3).note.value_or("");
    EXPECT_EQ(record(3).identityKey, identity);
    const auto archived = realStore_->processing().findAnywhere(1);
    ASSERT_TRUE(archived.has_value());
    EXPECT_EQ(archived->identityKey, std::nullopt) << "the archived row released it";
    EXPECT_EQ(archived->state, ProcessingState::Succeeded);
}

TEST_P(PumpSuite, ARepeatWithAnotherDocumentIsADuplicateMarkedContentDiffers) {
    enqueue(1, setAttribute(8, 700502, "currentStand", "107"));
    ASSERT_EQ(runUntilQuiet(), 1);
    enqueue(2, setAttribute(8, 700502, "currentStand", "108"));
    enqueue(3, setAttribute(8, 700502, "currentStand", "107"));

    EXPECT_EQ(runUntilQuiet(), 2);

    EXPECT_EQ(record(2).state, ProcessingState::Skipped);
    EXPECT_EQ(record(2).note, "duplicate-of:1 content-differs");
    EXPECT_EQ(record(2).backfillState, storage::BackfillState::Due);
    EXPECT_EQ(record(3).note, "duplicate-of:1") << "byte-identical: a plain duplicate";
    EXPECT_EQ(flight(700502)->text("currentStand"), "107");
}

TEST_P(PumpSuite, IdentityConflictProcessHandlesAnotherDocumentAsANewMessage) {
    config_.pipeline.identityConflict = config::IdentityConflict::Process;
    enqueue(1, setAttribute(9, 700503, "currentStand", "107"));
    ASSERT_EQ(runUntilQuiet(), 1);
    enqueue(2, setAttribute(9, 700503, "currentStand", "108")); // another step: the store's holder
    ASSERT_EQ(runUntilQuiet(), 1);
    enqueue(3, setAttribute(9, 700503, "currentStand", "109")); // the same batch as 4
    enqueue(4, setAttribute(9, 700503, "currentStand", "107"));
    EXPECT_EQ(runUntilQuiet(), 2);

    EXPECT_EQ(record(2).state, ProcessingState::Succeeded);
    EXPECT_EQ(record(2).identityKey, std::nullopt) << "processed without the identity 1 holds";
    EXPECT_EQ(record(3).state, ProcessingState::Succeeded);
    EXPECT_EQ(record(4).state, ProcessingState::Skipped);
    EXPECT_EQ(record(4).note, "duplicate-of:1") << "the same document as the holder";
    EXPECT_EQ(flight(700503)->text("currentStand"), "109");
}

TEST_P(PumpSuite, WithTheDayBoundaryASeqnIsUniquePerBusinessDay) {
    config_.pipeline.identityDayBoundary = true;
    enqueue(1, setAttributeAt(5, "20240318235959", 700504, "107"));
    enqueue(2, setAttributeAt(5, "20240319000000", 700504, "108"));
    enqueue(3, setAttributeAt(5, "20240319120000", 700504, "109"));

    EXPECT_EQ(runUntilQuiet(), 3);

    EXPECT_EQ(record(1).state, ProcessingState::Succeeded);
    EXPECT_THAT(record(1).identityKey.value_or(""), ::testing::EndsWith("|5|2024-03-18"));
    EXPECT_EQ(record(2).state, ProcessingState::Succeeded) << "another business day";
    EXPECT_THAT(record(2).identityKey.value_or(""), ::testing::EndsWith("|5|2024-03-19"));
    EXPECT_EQ(record(3).state, ProcessingState::Skipped);
    EXPECT_EQ(record(3).note, "duplicate-of:2 content-differs");
}

TEST_P(PumpSuite, WithoutTheDayBoundaryTheSameSeqnOnAnotherDayIsARepeat) {
    enqueue(1, setAttributeAt(6, "20240318235959", 700505, "107"));
    enqueue(2, setAttributeAt(6, "20240319000000", 700505, "108"));

    EXPECT_EQ(runUntilQuiet(), 2);

    EXPECT_EQ(record(2).note, "duplicate-of:1 content-differs");
}

// An upstream that sends messages again: the first repeat of a committed message is found by the
// batch's commit (refused, committed alone); from then on the pump reads the holders of a batch's
// identities before deciding, so a repeat and the new messages after it commit together (before
// that, each repeat cost a commit of its own and the flight view: ~50 msgs/s for a day sent again).
TEST_P(PumpSuite, OnceARepeatWasRefusedTheNextBatchesFindTheirRepeatsBeforeDeciding) {
    enqueue(1, setAttribute(21, 700521, "currentStand", "107"));
    enqueue(2, setAttribute(22, 700521, "gate", "B12"));
    ASSERT_EQ(pump().step().finished, 2);

    enqueue(3, setAttribute(21, 700521, "currentStand", "107"));
    enqueue(4, setAttribute(22, 700521, "gate", "B12"));
    enqueue(5, setAttribute(25, 700521, "gate", "B14"));
    clock_.advance(config_.pipeline.pollInterval + 1ms); // past the front read with the last commit
    EXPECT_EQ(pump().step().finished, 1) << "the first repeat is found by the commit";
    EXPECT_EQ(record(3).note, "duplicate-of:1");
    EXPECT_EQ(record(4).state, ProcessingState::Pending);

    EXPECT_EQ(pump().step().finished, 2) << "the repeat is known before deciding: one commit for both";
    EXPECT_EQ(record(4).state, ProcessingState::Skipped);
    EXPECT_EQ(record(4).note, "duplicate-of:2");
    EXPECT_EQ(record(5).state, ProcessingState::Succeeded);
    EXPECT_EQ(flight(700521)->text("gate"), "B14");
    EXPECT_EQ(flight(700521)->text("currentStand"), "107");

    // Identities read before deciding follow the same rules as those the commit finds: a changed
    // document is content-differs.
    enqueue(6, setAttribute(25, 700521, "gate", "B16"));
    enqueue(7, setAttribute(27, 700521, "gate", "B18"));
    clock_.advance(config_.pipeline.pollInterval + 1ms);
    EXPECT_EQ(pump().step().finished, 2);
    EXPECT_EQ(record(6).note, "duplicate-of:5 content-differs");
    EXPECT_EQ(flight(700521)->text("gate"), "B18");
}

// A holder read before deciding that ended longer ago than pipeline.identity-window releases its
// identity, and the repeat is processed as a new message that binds it (as when the commit finds it).
TEST_P(PumpSuite, AHolderReadBeforeDecidingOutsideTheWindowReleasesItsIdentityToTheRepeat) {
    config_.pipeline.identityWindow = 48h;
    const auto holder = processHolder(1, setAttribute(31, 700531, "currentStand", "107"));
    ASSERT_TRUE(holder);
    const auto ended = holder->ended;
    clock_.set(ended + 47h);
    enqueue(2, setAttribute(32, 700531, "gate", "B12"));
    ASSERT_EQ(runUntilQuiet(), 1);

    clock_.set(ended + 48h);
    enqueue(3, setAttribute(32, 700531, "gate", "B12"));         // inside message 2's window
    enqueue(4, setAttribute(31, 700531, "currentStand", "109")); // outside message 1's
    EXPECT_EQ(pump().step().finished, 1) << "message 3 is found by the commit";
    EXPECT_EQ(record(3).note, "duplicate-of:2");

    EXPECT_EQ(pump().step().finished, 1);
    EXPECT_EQ(record(4).state, ProcessingState::Succeeded) << record(4).note.value_or("");
    EXPECT_EQ(record(4).identityKey, holder->identity);
    EXPECT_EQ(record(1).identityKey, std::nullopt);
    EXPECT_EQ(flight(700531)->text("currentStand"), "109");
}

} // namespace
} // namespace msgx::test
