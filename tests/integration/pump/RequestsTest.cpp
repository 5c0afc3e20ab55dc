// Issue 14: requests to AODB and the RESP guard against real servers: a PostgreSQL or MariaDB own
// store (REQ_TRACK, the SEQN counter) and a MariaDB COUTMSGS, the shipped snapshot handlers, time
// from a ManualClock (2024-03-18T07:00:00Z = 15:00 in Asia/Shanghai).
#include "PumpSuite.h"
#include "RequireEnv.h"
#include "UniqueName.h"
#include "msgx/config/StorageSettings.h"
#include "msgx/golden/OfflineDecision.h"
#include "msgx/pipeline/requests/RequestCoordinator.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>

#include <filesystem>
#include <regex>
#include <thread>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;
using pipeline::RequestCoordinator;
using storage::ProcessingState;
using storage::RequestState;
using testing::HasSubstr;

std::string golden(const std::string& handler, const std::string& sample) {
    return golden::readTextFile(std::filesystem::path(MSGX_SOURCE_DIR) / "handlers" / handler / "golden" /
                                sample / "message.xml");
}

// The schedule.md §1.1 daily download (3 flights) as a RESP with its own SEQN and DTTM.
std::string scheduleResponse(long seqn, const std::string& dttm) {
    std::string xml = golden("schd/dnld", "sample-daily-download");
    xml = std::regex_replace(xml, std::regex("<STYP>DNLD</STYP>"), "<STYP>RESP</STYP>");
    xml = std::regex_replace(xml, std::regex("<SEQN>[0-9]+</SEQN>"),
                             "<SEQN>" + std::to_string(seqn) + "</SEQN>");
    return std::regex_replace(xml, std::regex("<DTTM>[0-9]+</DTTM>"), "<DTTM>" + dttm + "</DTTM>");
}

// A REGN-RESP: the golden REGN-DNLD of two registrations, answering at `dttm`.
std::string registrationResponse(long seqn, const std::string& dttm) {
    std::string xml =
        golden::readTextFile(std::filesystem::path(MSGX_SOURCE_DIR) / "handlers" / "ref" / "regn" /
                             "golden-unignored" / "dnld-replaces-class" / "message.xml");
    xml = std::regex_replace(xml, std::regex("<STYP>DNLD</STYP>"), "<STYP>RESP</STYP>");
    xml = std::regex_replace(xml, std::regex("<SEQN>[0-9]+</SEQN>"),
                             "<SEQN>" + std::to_string(seqn) + "</SEQN>");
    return std::regex_replace(xml, std::regex("<DTTM>[0-9]+</DTTM>"), "<DTTM>" + dttm + "</DTTM>");
}

class Requests : public PumpSuite {
protected:
    void SetUp() override {
        PumpSuite::SetUp();
        connect_ = requireEnv("MSGX_TEST_MAILBOX");
        storage::registerPocoConnectors();
        config_.mailbox.outboxTable = uniqueName("COUTMSGS");
        {
            Poco::Data::Session admin("MySQL", connect_);
            admin << "CREATE TABLE " + config_.mailbox.outboxTable + " LIKE COUTMSGS", now;
        }
        created_ = true;
        storage::DatabaseSettings settings;
        settings.role = "mailbox";
        settings.backend = storage::DatabaseBackend::MySql;
        settings.dialect = storage::SqlDialect::MySql;
        settings.connect = connect_;
        settings.poolSize = 2;
        mailbox_ = storage::Mailbox::open(settings, config::mailboxTables(config_.mailbox));
    }
    void TearDown() override {
        coordinator_.reset();
        mailbox_.reset();
        if (created_) {
            Poco::Data::Session admin("MySQL", connect_);
            admin << "DROP TABLE " + config_.mailbox.outboxTable, now;
        }
        PumpSuite::TearDown();
    }

    RequestCoordinator& coordinator() {
        if (!coordinator_) {
            coordinator_ = std::make_unique<RequestCoordinator>(
                *realStore_, config_.shadow ? nullptr : &mailbox_->outbox(), clock_,
                pipeline::RequestSettings::of(config_));
        }
        return *coordinator_;
    }
    std::vector<storage::OutboundRow> outbox() { return mailbox_->outbox().readAbove(0, 1000); }
    storage::TrackedRequest request(storage::RequestId id) { return *realStore_->requests().find(id); }
    int openOfKind(const storage::RequestKind& kind) {
        int open = 0;
        for (const auto& r : realStore_->requests().open()) {
            open += r.kind == kind ? 1 : 0;
        }
        return open;
    }

    std::string connect_;
    bool created_ = false;
    std::unique_ptr<storage::Mailbox> mailbox_;
    std::unique_ptr<RequestCoordinator> coordinator_;
};

TEST_P(Requests, AReferenceRequestIsWrittenExactlyAsMailboxMdSaysAndTimesOutAfter30s) {
    const auto registered = coordinator().registerReference("test", "glst");
    EXPECT_EQ(registered.state, RequestState::Registered);
    EXPECT_TRUE(outbox().empty()) << "registration alone writes nothing into COUTMSGS";

    coordinator().tick();

    const auto rows = outbox();
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].routingId, "VIEWRQRD");
    EXPECT_EQ(
        rows[0].xml,
        R"(<?xml version="1.0" encoding="UTF-8"?><MSG xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" )"
        R"(xsi:noNamespaceSchemaLocation="unisysaodbsis.xsd"><META><SNDR>VIEW</SNDR><SEQN>000001</SEQN>)"
        R"(<DTTM>20240318150000</DTTM><TYPE>RQRD</TYPE><STYP>GLST</STYP></META><RQRD><RTYP>GLST</RTYP>)"
        R"(</RQRD></MSG>)");
    auto sent = request(registered.id);
    EXPECT_EQ(sent.state, RequestState::Sent);
    EXPECT_EQ(sent.outboxId, rows[0].id);
    EXPECT_EQ(sent.expiresAt, clock_.now() + 30s);

    clock_.advance(29s);
    coordinator().tick();
    EXPECT_EQ(request(registered.id).state, RequestState::Sent);
    clock_.advance(1s);
    coordinator().tick();
    EXPECT_EQ(request(registered.id).state, RequestState::Expired);
    EXPECT_EQ(request(registered.id).outcome, "timeout");
    EXPECT_EQ(outbox().size(), 1u) << "an expired request is never resent";
}

TEST_P(Requests, TheSeqnCounterLivesInTheStoreAndANewRequestExpiresTheOpenOneOfItsKind) {
    const auto first = coordinator().registerReference("test", "GLST");
    coordinator().tick();
    const auto other = coordinator().registerReference("test", "SLST");
    const auto second = coordinator().registerReference("test", "GLST");
    EXPECT_EQ(request(first.id).state, RequestState::Expired);
    EXPECT_EQ(request(first.id).outcome, "superseded by request " + std::to_string(second.id));
    EXPECT_EQ(request(other.id).state, RequestState::Registered) << "another kind is not touched";

    coordinator_.reset(); // a restart: the counter continues from the store
    coordinator().tick();
    const auto rows = outbox();
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_THAT(rows[1].xml, HasSubstr("<SEQN>000002</SEQN>"));
    EXPECT_THAT(rows[2].xml, HasSubstr("<SEQN>000003</SEQN>"));
    EXPECT_EQ(openOfKind({"RQRD", "GLST"}), 1);
}

TEST_P(Requests, ConcurrentRegistrationsNeverLeaveTwoOpenRequestsOfAKind) {
    coordinator(); // built before the threads share it
    std::vector<std::jthread> threads;
    std::atomic<int> failures{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 10; ++i) {
                try {
                    coordinator_->registerSchedule("thread");
                } catch (const std::exception&) {
                    ++failures;
                }
            }
        });
    }
    threads.clear();
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(openOfKind({"RQFD", "NONE"}), 1);
    EXPECT_EQ(realStore_->requests().ofKind({"RQFD", "NONE"}, 100).size(), 40u);
}

TEST_P(Requests, AMatchedRespAppliesAndCompletesItsRequestInTheSameCommit) {
    const auto sent = coordinator().registerSchedule("test", "06MAR240000", "08MAR242359");
    coordinator().tick();
    EXPECT_THAT(outbox().at(0).xml,
                HasSubstr("<TYPE>RQFD</TYPE><STYP>NONE</STYP></META><RQFD><STDB>06MAR240000"
                          "</STDB><STDE>08MAR242359</STDE></RQFD>"));
    EXPECT_EQ(outbox().at(0).routingId, "VIEWRQFD");
    clock_.advance(5s);
    enqueue(1, scheduleResponse(90001, "20240318150004"));

    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(1).state, ProcessingState::Succeeded) << record(1).lastError.value_or("");
    EXPECT_THAT(record(1).note.value_or(""),
                HasSubstr("answers request " + std::to_string(sent.id) + " (DTTM not before the send)"));
    EXPECT_EQ(request(sent.id).state, RequestState::Done);
    EXPECT_EQ(request(sent.id).answeredBy, 1);
    EXPECT_TRUE(flight(880301).has_value());
    EXPECT_TRUE(flight(880302).has_value());
}

// The default ignore rule REGN-* skips REGN messages before routing, but never a RESP that answers
// an open request of ours: otherwise every RQRD-REGN would expire unanswered.
TEST_P(Requests, TheRespToOurOwnRegnRequestIsAppliedDespiteTheDefaultIgnoreRule) {
    ASSERT_THAT(config_.pipeline.ignore, testing::Contains("REGN-*"));
    const auto sent = coordinator().registerReference("test", "regn");
    coordinator().tick();
    clock_.advance(5s);
    enqueue(1, registrationResponse(92001, "20240318150004"));

    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(1).state, ProcessingState::Succeeded) << record(1).note.value_or("");
    EXPECT_THAT(record(1).note.value_or(""), HasSubstr("answers request " + std::to_string(sent.id)));
    EXPECT_EQ(request(sent.id).state, RequestState::Done);

    // A RESP that answers nothing open (the request is DONE now) is ignored like any REGN message.
    enqueue(2, registrationResponse(92002, "20240318150006"));
    EXPECT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(2).state, ProcessingState::Skipped);
    EXPECT_EQ(record(2).note, "ignored:REGN-*");
}

TEST_P(Requests, ARespWhoseSeqnEchoesTheRequestMatchesItWhateverItsDttm) {
    const auto sent = coordinator().registerSchedule("test");
    coordinator().tick();
    const int seqn = request(sent.id).document->seqn;
    enqueue(1, scheduleResponse(seqn, "20240318140000")); // an hour before the send

    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_THAT(record(1).note.value_or(""), HasSubstr("(SEQN echo)"));
    EXPECT_EQ(request(sent.id).state, RequestState::Done);
}

TEST_P(Requests, LateUnmatchedExpiredAndSecondRespsChangeNothing) {
    enqueue(1, scheduleResponse(91001, "20240318150000")); // nothing was ever requested
    EXPECT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(1).state, ProcessingState::Skipped);
    EXPECT_EQ(record(1).note, "late-resp:no RQFD request was ever sent");

    const auto sent = coordinator().registerSchedule("test");
    coordinator().tick();
    enqueue(2, scheduleResponse(91002, "20240318145959")); // answers something older
    EXPECT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(2).state, ProcessingState::Skipped);
    EXPECT_THAT(record(2).note.value_or(""),
                HasSubstr("late-resp:its DTTM 2024-03-18T06:59:59Z is before request"));

    enqueue(3, scheduleResponse(91003, "20240318150001"));
    EXPECT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(request(sent.id).state, RequestState::Done);
    enqueue(4, scheduleResponse(91004, "20240318150002")); // a second answer to the same request
    EXPECT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(4).state, ProcessingState::Skipped);
    EXPECT_THAT(record(4).note.value_or(""), HasSubstr("was already answered by message 3"));

    const auto timedOut = coordinator().registerSchedule("test");
    coordinator().tick();
    clock_.advance(61s);
    coordinator().tick();
    EXPECT_EQ(request(timedOut.id).state, RequestState::Expired);
    enqueue(5, scheduleResponse(91005, "20240318150100"));
    EXPECT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(5).state, ProcessingState::Skipped);
    EXPECT_THAT(record(5).note.value_or(""), HasSubstr("expired (timeout)"));

    enqueue(6, scheduleResponse(91003, "20240318150001")); // the same identity as message 3
    EXPECT_EQ(runUntilQuiet(), 1);
    EXPECT_EQ(record(6).note, "duplicate-of:3");
    // Only message 3 wrote flights: one upsert event per flight of the pack.
    EXPECT_EQ(events("msg").size(), 3u);
}

TEST_P(Requests, InShadowModeARespAppliesLikeADnldAndNoRequestIsWritten) {
    config_.shadow = true;
    EXPECT_THROW(coordinator().registerReference("test", "GLST"), pipeline::RequestRefused);
    coordinator().tick();
    enqueue(1, scheduleResponse(92001, "20240318150000"));

    EXPECT_EQ(runUntilQuiet(), 1);

    EXPECT_EQ(record(1).state, ProcessingState::Succeeded);
    EXPECT_THAT(record(1).note.value_or(""), HasSubstr("shadow-unmatched"));
    EXPECT_TRUE(flight(880301).has_value());
    EXPECT_TRUE(outbox().empty());
    EXPECT_TRUE(realStore_->requests().recent(10).empty());
}

TEST_P(Requests, TheDailyScheduleRequestIsRegisteredOnceADayAtItsLocalTime) {
    config_.requests.dailySchedule = true;
    config_.requests.dailyScheduleAt = {16, 30}; // 08:30Z
    coordinator().tick();
    EXPECT_TRUE(realStore_->requests().recent(10).empty()) << "15:00 local: not due yet";

    clock_.advance(90min); // 16:30 local
    coordinator().tick();
    auto requests = realStore_->requests().recent(10);
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests[0].origin, "schedule");
    EXPECT_EQ(requests[0].windowFrom, "18MAR240000");
    EXPECT_EQ(requests[0].windowTo, "19MAR242359");
    coordinator().tick();
    EXPECT_EQ(outbox().size(), 1u) << "registered, then sent at the next tick";

    clock_.advance(4h);
    coordinator().tick();
    EXPECT_EQ(realStore_->requests().recent(10).size(), 1u) << "once a day";

    clock_.advance(20h); // 16:30 local the next day
    coordinator().tick();
    requests = realStore_->requests().recent(10);
    ASSERT_EQ(requests.size(), 2u);
    EXPECT_EQ(requests[0].windowFrom, "19MAR240000");
}

TEST_P(Requests, ADecisionsOutboundRequestIsRegisteredAndWritten) {
    pump().setOutboundRegistrar([this](const std::string& origin, const sdk::OutboundRequest& r) {
        coordinator().registerOutbound(origin, r);
    });
    enqueue(1,
            scripted("SET", 1,
                     "<FLID>500102</FLID><NAME>currentStand</NAME><VALUE>107</VALUE><OUTB>RQRD-ABDG</OUTB>"));

    EXPECT_EQ(runUntilQuiet(), 1);
    coordinator().tick();

    const auto requests = realStore_->requests().recent(10);
    ASSERT_EQ(requests.size(), 1u);
    EXPECT_EQ(requests[0].origin, "message 1");
    EXPECT_EQ(requests[0].kind, (storage::RequestKind{"RQRD", "ABDG"}));
    EXPECT_EQ(requests[0].state, RequestState::Sent);
    ASSERT_EQ(outbox().size(), 1u);
    EXPECT_THAT(outbox()[0].xml, HasSubstr("<RQRD><RTYP>ABDG</RTYP></RQRD>"));
}

// The crash window: the document was inserted into COUTMSGS but REQ_TRACK never heard of it. The
// next tick (of a new coordinator, as after a restart) finds the document above the recorded
// outbox id and marks the request SENT without a second insert.
TEST_P(Requests, AnInsertInterruptedBeforeTheTrackUpdateIsRecoveredWithoutAResend) {
    // Someone else's row, inserted before ours: never mistaken for it.
    mailbox_->outbox().insert({"<MSG>other</MSG>", "OTHER", clock_.now()});
    const auto registered = coordinator().registerReference("test", "TLST");
    auto& tracker = realStore_->requests();
    storage::PreparedDocument document;
    document.seqn = tracker.nextSeqn();
    document.dttm = std::chrono::floor<std::chrono::seconds>(clock_.now());
    document.routingId = "VIEWRQRD";
    document.xml = "<MSG>RQRD TLST " + std::to_string(document.seqn) + "</MSG>";
    document.outboxAbove = mailbox_->outbox().maxId();
    ASSERT_TRUE(tracker.prepare(registered.id, document));
    const auto inserted = mailbox_->outbox().insert({document.xml, document.routingId, clock_.now()});
    mailbox_->outbox().insert({"<MSG>later</MSG>", "OTHER", clock_.now()});
    // -- crash here: markSent never ran --

    coordinator_.reset();
    clock_.advance(10s);
    coordinator().tick();

    EXPECT_EQ(outbox().size(), 3u) << "no second insert";
    const auto recovered = request(registered.id);
    EXPECT_EQ(recovered.state, RequestState::Sent);
    EXPECT_EQ(recovered.outboxId, inserted);
    EXPECT_EQ(recovered.expiresAt, clock_.now() + 30s);
    clock_.advance(30s);
    coordinator().tick();
    EXPECT_EQ(request(registered.id).state, RequestState::Expired);
}

TEST_P(Requests, ARegisteredRequestThatCannotBeSentExpiresAfterTheSendTimeout) {
    const auto registered = coordinator().registerReference("test", "BLST");
    {
        Poco::Data::Session admin("MySQL", connect_);
        admin << "DROP TABLE " + config_.mailbox.outboxTable, now; // the mailbox refuses every insert
    }
    created_ = false;
    coordinator().tick();
    EXPECT_EQ(request(registered.id).state, RequestState::Registered);
    clock_.advance(10min);
    coordinator().tick();
    EXPECT_EQ(request(registered.id).state, RequestState::Expired);
    EXPECT_EQ(request(registered.id).outcome, "not sent within the send timeout");
}

TEST_P(Requests, UnknownTypesAndBadWindowsAreRefusedWithTheReason) {
    EXPECT_THROW(coordinator().registerReference("test", "SCHS"), pipeline::RequestRefused);
    try {
        coordinator().registerSchedule("test", "13APR240000", "12APR242359");
        FAIL() << "a window that ends before it starts must be refused";
    } catch (const pipeline::RequestRefused& e) {
        EXPECT_THAT(e.what(), HasSubstr("starts (13APR240000) after it ends (12APR242359)"));
    }
    EXPECT_THROW(coordinator().registerSchedule("test", "13APR24", "14APR240000"), pipeline::RequestRefused);
    EXPECT_TRUE(realStore_->requests().recent(10).empty());
}

// Snapshots through the pipeline on the server store: a valid pack, one bad record (nothing
// written), an equal resend (no event).
TEST_P(Requests, ASnapshotIsAppliedWholeOrNotAtAll) {
    enqueue(1, golden("schd/dnld", "empty-mandatory-element-rejects-whole-pack"));
    enqueue(2, golden("schd/dnld", "sample-daily-download"));
    std::string resend = golden("schd/dnld", "sample-daily-download");
    resend = std::regex_replace(resend, std::regex("<SEQN>[0-9]+</SEQN>"), "<SEQN>93003</SEQN>");
    enqueue(3, resend);

    EXPECT_EQ(runUntilQuiet(), 3);

    EXPECT_EQ(record(1).state, ProcessingState::Skipped);
    EXPECT_THAT(record(1).note.value_or(""), HasSubstr("rejected:record 2: ACFT is empty"));
    EXPECT_EQ(record(2).state, ProcessingState::Succeeded);
    EXPECT_EQ(record(3).state, ProcessingState::Succeeded);
    EXPECT_EQ(events("msg").size(), 3u) << "three flights created by message 2, nothing by the resend";
    for (const auto& event : events("msg")) {
        EXPECT_EQ(event.sourceId, 2);
    }
    EXPECT_TRUE(flight(880377).has_value());
}

// PSDT needs the stand->airbridge view; with no ABDG class stored it fails INFRA and is retried.
TEST_P(Requests, PsdtWithNoStoredAirbridgeClassFailsInfraNeverAnEmptyMap) {
    enqueue(1, golden("schd/adft", "create-turnaround-pair")); // creates 880301
    std::string message = golden("flop/psdt", "arrival-normal");
    message = std::regex_replace(message, std::regex("<FLID>64300120</FLID>"), "<FLID>880301</FLID>");
    enqueue(2, message);

    runUntilQuiet();

    const auto psdt = record(2);
    EXPECT_EQ(psdt.state, ProcessingState::Failed);
    EXPECT_EQ(psdt.errorClass, ErrorClass::Infra);
    EXPECT_THAT(psdt.lastError.value_or(""), HasSubstr("stand-airbridge map not loaded"));
}

} // namespace

INSTANTIATE_TEST_SUITE_P(Servers, Requests, ::testing::Values(StoreBackend::Postgres, StoreBackend::MySql),
                         [](const auto& param) {
                             return std::string(param.param == StoreBackend::Postgres ? "Postgres"
                                                                                      : "MariaDb");
                         });

} // namespace msgx::test
