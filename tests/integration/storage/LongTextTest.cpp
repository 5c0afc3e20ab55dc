// Long text columns come back whole from every read (storage/src/sql/LongText.h): MySQL reads the
// first 16,384 characters of each and the longer values again by key; the other backends read them
// whole at once. Values of 16,384 characters (the longest not cut) and 16,385 (the shortest cut), in
// three-byte characters so that a head counted in bytes instead of characters would show.
#include "StoreSuite.h"

#include <gmock/gmock.h>

#include <chrono>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using storage::MailboxId;

constexpr std::size_t kHead = 16384;

// `characters` characters: a '<tag>' prefix, then 航 (three bytes in UTF-8) and a digit in turn.
std::string longValue(const std::string& tag, std::size_t characters) {
    std::string value = "<" + tag + ">";
    std::size_t count = value.size();
    for (std::size_t i = 0; count < characters; ++i, ++count) {
        value += i % 2 == 0 ? std::string("航") : std::to_string(i % 10);
    }
    return value;
}

// As JSON (ATTRIBUTES, ITEM and PAYLOAD hold JSON documents): `characters` characters in all.
std::string longJson(const std::string& tag, std::size_t characters) {
    return R"({"v":")" + longValue(tag, characters - 8) + R"("})";
}

std::size_t characters(const std::string& utf8) {
    std::size_t count = 0;
    for (const unsigned char c : utf8) {
        count += (c & 0xC0) != 0x80 ? 1 : 0;
    }
    return count;
}

TEST_P(StoreSuite, LongTextsOfMessagesComeBackWholeFromEveryRead) {
    auto& queue = store().processing();
    std::vector<storage::NewMessage> messages;
    for (const MailboxId id : {MailboxId{1}, MailboxId{2}, MailboxId{3}}) {
        storage::NewMessage message;
        message.mailboxId = id;
        message.rawXml = longValue("MSG" + std::to_string(id), id == 1 ? kHead : kHead + id * 1000);
        message.receivedAt = clock_.now();
        message.mailboxStatus = "VALID";
        messages.push_back(message);
    }
    ASSERT_EQ(characters(messages[0].rawXml), kHead);
    ASSERT_EQ(characters(messages[1].rawXml), kHead + 2000);
    ASSERT_EQ(queue.enqueue(messages, std::nullopt).size(), 3U);

    ASSERT_TRUE(queue.head());
    EXPECT_EQ(queue.head()->rawXml, messages[0].rawXml);
    const auto next = queue.nextUnfinished(1, 10);
    ASSERT_EQ(next.size(), 2U);
    EXPECT_EQ(next[0].rawXml, messages[1].rawXml);
    EXPECT_EQ(next[1].rawXml, messages[2].rawXml);
    const auto listed = queue.list({}, 0, 10);
    ASSERT_EQ(listed.size(), 3U);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(listed[i].rawXml, messages[i].rawXml) << "row " << i + 1;
    }

    // A DEAD message's error and note, long; read by find() and by a batch's front read.
    auto dead = succeeded(2);
    dead.outcome.state = storage::ProcessingState::Dead;
    dead.outcome.errorClass = ErrorClass::Malformed;
    dead.outcome.lastError = longValue("error", kHead + 1);
    dead.outcome.note = longValue("note", kHead + 7);
    storage::QueueFront front;
    ASSERT_TRUE(queue.commitAllAndReadFront({dead}, 10, front).applied);
    ASSERT_TRUE(front.head);
    EXPECT_EQ(front.head->rawXml, messages[0].rawXml);
    ASSERT_EQ(front.next.size(), 1U);
    EXPECT_EQ(front.next[0].rawXml, messages[2].rawXml);
    const auto found = queue.find(2);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->rawXml, messages[1].rawXml);
    EXPECT_EQ(found->lastError, dead.outcome.lastError);
    EXPECT_EQ(found->note, dead.outcome.note);

    // Archived: read from PROC_STATE_HST.
    auto skipped = succeeded(3);
    skipped.outcome.state = storage::ProcessingState::Skipped;
    skipped.outcome.backfillStatus.reset();
    ASSERT_TRUE(queue.commit(skipped).applied);
    clock_.advance(25h);
    ASSERT_EQ(store().archive().archiveBefore(clock_.now() - 24h, 100).messages, 1);
    EXPECT_FALSE(queue.find(3));
    const auto archived = queue.findAnywhere(3);
    ASSERT_TRUE(archived);
    EXPECT_EQ(archived->rawXml, messages[2].rawXml);
}

TEST_P(StoreSuite, LongTextsOfFlightsEventsReferencesAndTheAuditComeBackWhole) {
    enqueue(1);
    auto commit = succeeded(1);
    storage::FlightWrite flight;
    flight.flid = 10;
    flight.keys.flno = "F10";
    flight.attributesJson = longJson("attributes", kHead + 1);
    flight.lists = {{"delays", {longJson("item0", kHead), longJson("item1", kHead + 100)}}};
    storage::FlightWrite shared;
    shared.flid = 11;
    shared.keys.maid = 10;
    shared.attributesJson = longJson("shared", kHead + 3);
    commit.flights = {flight, shared};
    commit.events = {{"msg", 10, longJson("event0", kHead + 1)}, {"msg", 10, longJson("event1", kHead)}};
    commit.references = {{storage::ReferenceChange::Kind::Upsert, "GLST", "G1", longJson("gate", kHead + 50),
                          "test", std::nullopt}};
    ASSERT_TRUE(store().processing().commit(commit).applied);

    auto& flights = store().flights();
    EXPECT_EQ(flights.byFlid(10)->attributesJson, flight.attributesJson);
    EXPECT_EQ(flights.detailLists(10), flight.lists);
    ASSERT_EQ(flights.sharedFlightsOf(10).size(), 1U);
    EXPECT_EQ(flights.sharedFlightsOf(10)[0].attributesJson, shared.attributesJson);
    const auto batch = flights.byFlidsWithRelated({10}, {10});
    ASSERT_EQ(batch.size(), 2U);
    EXPECT_EQ(batch[0].first.attributesJson, flight.attributesJson);
    EXPECT_EQ(batch[0].second, flight.lists);
    EXPECT_EQ(batch[1].first.attributesJson, shared.attributesJson);

    auto& events = store().events();
    const auto due = events.nextDue("msg", 0, 10);
    ASSERT_EQ(due.size(), 2U);
    EXPECT_EQ(due[0].payloadJson, commit.events[0].payloadJson);
    EXPECT_EQ(due[1].payloadJson, commit.events[1].payloadJson);
    EXPECT_EQ(events.head("msg", 0)->payloadJson, commit.events[0].payloadJson);
    const std::string error = longValue("kafka", kHead + 9);
    events.markDead({due[0].id}, error);
    const auto deadEvent = events.find(due[0].id);
    ASSERT_TRUE(deadEvent);
    EXPECT_EQ(deadEvent->payloadJson, commit.events[0].payloadJson);
    EXPECT_EQ(deadEvent->lastError, error);
    EXPECT_EQ(events.newestDead("msg")->lastError, error);
    const auto bySource = events.bySources({1});
    ASSERT_EQ(bySource.size(), 2U);
    EXPECT_EQ(bySource[1].payloadJson, commit.events[1].payloadJson);
    const auto listed = events.list("msg", std::nullopt, 0, 10);
    ASSERT_EQ(listed.size(), 2U);
    EXPECT_EQ(listed[0].payloadJson, commit.events[0].payloadJson);

    EXPECT_EQ(store().references().find("GLST", "G1")->itemJson, commit.references[0].itemJson);
    ASSERT_EQ(store().references().listClass("GLST").size(), 1U);
    EXPECT_EQ(store().references().listClass("GLST")[0].itemJson, commit.references[0].itemJson);

    const std::string detail = longValue("detail", kHead + 2);
    store().audit().record("operator", "replay", detail);
    const auto audit = store().audit().recent(1);
    ASSERT_EQ(audit.size(), 1U);
    EXPECT_EQ(audit[0].detail, detail);
}

} // namespace
} // namespace msgx::test
