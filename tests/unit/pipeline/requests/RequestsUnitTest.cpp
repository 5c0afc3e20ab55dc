// The request documents (mailbox.md §4.4) and the RESP matching rules (architecture.md §10 Q5)
// without a database: an in-memory RequestTracker holds the requests a test sets up.
#include "msgx/codec/Message.h"
#include "msgx/decoder/MessageDecoder.h"
#include "msgx/pipeline/requests/RequestDocuments.h"
#include "msgx/pipeline/requests/ResponseMatcher.h"

#include <gmock/gmock.h>

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using pipeline::ResponseMatch;
using storage::RequestState;
using storage::TrackedRequest;
using testing::HasSubstr;

// Only ofKind is used by the matcher; the rest is never called.
class MemoryRequests final : public storage::RequestTracker {
public:
    std::vector<TrackedRequest> requests; // newest first, as ofKind answers

    TrackedRequest registerRequest(const storage::RequestRegistration&) override { return {}; }
    int nextSeqn() override { return 0; }
    bool prepare(storage::RequestId, const storage::PreparedDocument&) override { return false; }
    bool markSent(storage::RequestId, storage::MailboxId, storage::Timestamp, storage::Timestamp) override {
        return false;
    }
    bool markDone(storage::RequestId, storage::MailboxId, storage::Timestamp) override { return false; }
    bool expire(storage::RequestId, const std::string&, storage::Timestamp) override { return false; }
    std::vector<TrackedRequest> open() override { return {}; }
    std::vector<TrackedRequest> ofKind(const storage::RequestKind& kind, int limit) override {
        std::vector<TrackedRequest> of;
        for (const auto& r : requests) {
            if (r.kind == kind && static_cast<int>(of.size()) < limit) {
                of.push_back(r);
            }
        }
        return of;
    }
    std::vector<TrackedRequest> recent(int) override { return requests; }
    std::optional<TrackedRequest> find(storage::RequestId) override { return std::nullopt; }
};

// 2024-03-18T07:00:00Z = 15:00:00 in Asia/Shanghai.
const storage::Timestamp kSentAt =
    storage::Timestamp(std::chrono::sys_days(std::chrono::March / 18 / 2024) + 7h);

TrackedRequest sent(storage::RequestId id, storage::RequestKind kind, int seqn, storage::Timestamp at) {
    TrackedRequest r;
    r.id = id;
    r.kind = std::move(kind);
    r.state = RequestState::Sent;
    r.document = storage::PreparedDocument{seqn, at, "<MSG/>", "VIEWRQFD", 0};
    r.sentAt = at + 700ms; // a send in the middle of a second
    r.expiresAt = at + 60s;
    return r;
}

codec::Message response(const std::string& type, const std::string& styp, const std::string& seqn,
                        const std::string& dttm) {
    auto decoded =
        codec::decodeMessage("<MSG><META><SNDR>AODB</SNDR><SEQN>" + seqn + "</SEQN><DTTM>" + dttm +
                             "</DTTM><TYPE>" + type + "</TYPE><STYP>" + styp + "</STYP></META></MSG>");
    return decoded.takeMessage();
}

class Matching : public ::testing::Test {
protected:
    ResponseMatch match(const codec::Message& message, storage::Timestamp arrivedAt = kSentAt + 5s,
                        bool echo = true) {
        return pipeline::matchResponse(requests_, message, arrivedAt, zone_, echo);
    }
    MemoryRequests requests_;
    codec::TimeZone zone_ = codec::TimeZone::load("Asia/Shanghai");
};

TEST(RequestDocuments, AnRqfdIsOneLineInTheOrderOfMailboxMdAndOmitsAMissingWindowEnd) {
    const auto local = std::chrono::local_days(std::chrono::April / 12 / 2024) + 9h + 17min + 2s;
    EXPECT_EQ(
        pipeline::requestDocument({"VIEW", 418, local, {"RQFD", "NONE"}, "12APR240000", "13APR242359"}),
        R"(<?xml version="1.0" encoding="UTF-8"?><MSG xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" )"
        R"(xsi:noNamespaceSchemaLocation="unisysaodbsis.xsd"><META><SNDR>VIEW</SNDR><SEQN>000418</SEQN>)"
        R"(<DTTM>20240412091702</DTTM><TYPE>RQFD</TYPE><STYP>NONE</STYP></META><RQFD><STDB>12APR240000</STDB>)"
        R"(<STDE>13APR242359</STDE></RQFD></MSG>)");
    EXPECT_THAT(pipeline::requestDocument({"VIEW", 1, local, {"RQFD", "NONE"}, "12APR240000", std::nullopt}),
                HasSubstr("<RQFD><STDB>12APR240000</STDB></RQFD>"));
}

TEST(RequestDocuments, AnRqrdNamesItsTypeTwiceAndTheSeqnWrapsAtAMillion) {
    const auto local = std::chrono::local_days(std::chrono::April / 12 / 2024) + 9h + 15min + 30s;
    EXPECT_THAT(pipeline::requestDocument({"VIEW", 417, local, {"RQRD", "GLST"}, std::nullopt, std::nullopt}),
                HasSubstr("<SEQN>000417</SEQN><DTTM>20240412091530</DTTM><TYPE>RQRD</TYPE><STYP>GLST</STYP>"
                          "</META><RQRD><RTYP>GLST</RTYP></RQRD></MSG>"));
    EXPECT_THAT(pipeline::requestDocument({"VIEW", 0, local, {"RQRD", "ABDG"}, std::nullopt, std::nullopt}),
                HasSubstr("<SEQN>000000</SEQN>"));
}

TEST(RequestDocuments, EveryOneOfTheTwentyThreeTypesIsRequestableAndNothingElse) {
    EXPECT_EQ(pipeline::requestableReferenceTypes().size(), 23u);
    for (const auto type : pipeline::requestableReferenceTypes()) {
        const auto kind = pipeline::requestKindAnswered(type);
        ASSERT_TRUE(kind.has_value()) << type;
        EXPECT_EQ(kind->name(), "RQRD-" + std::string(type));
    }
    EXPECT_EQ(pipeline::requestKindAnswered("schd")->name(), "RQFD");
    EXPECT_FALSE(pipeline::requestKindAnswered("SCHS").has_value());
    EXPECT_FALSE(pipeline::requestKindAnswered("FLOP").has_value());
    EXPECT_TRUE(pipeline::isRequestableReferenceType("regn"));
}

TEST_F(Matching, TheDttmIsComparedWithTheSendTimeInWholeSeconds) {
    requests_.requests = {sent(7, {"RQFD", "NONE"}, 418, kSentAt)};
    // 15:00:00 local: the same second as the send at 07:00:00.700Z.
    const auto same = match(response("SCHD", "RESP", "90001", "20240318150000"), kSentAt + 5s, false);
    EXPECT_EQ(same.kind, ResponseMatch::Kind::Matched);
    EXPECT_EQ(same.request, 7);
    const auto before = match(response("SCHD", "RESP", "90001", "20240318145959"), kSentAt + 5s, false);
    EXPECT_EQ(before.kind, ResponseMatch::Kind::Late);
    EXPECT_THAT(before.reason, HasSubstr("its DTTM 2024-03-18T06:59:59Z is before request 7 was sent"));
}

TEST_F(Matching, ASeqnEchoMatchesWhateverTheDttmUnlessEchoIsOff) {
    requests_.requests = {sent(7, {"RQRD", "GLST"}, 418, kSentAt)};
    const auto echoed = match(response("GLST", "resp", "000418", "20240318120000"));
    EXPECT_EQ(echoed.kind, ResponseMatch::Kind::Matched);
    EXPECT_EQ(echoed.reason, "SEQN echo");
    EXPECT_EQ(match(response("GLST", "RESP", "418", "20240318120000"), kSentAt + 5s, false).kind,
              ResponseMatch::Kind::Late);
}

TEST_F(Matching, ATimedOutRequestStillTakesARespThatArrivedBeforeItsDeadline) {
    auto request = sent(7, {"RQFD", "NONE"}, 418, kSentAt);
    request.state = RequestState::Expired;
    request.outcome = "timeout";
    requests_.requests = {request};
    const auto message = response("SCHD", "RESP", "90001", "20240318150030");
    EXPECT_EQ(match(message, kSentAt + 59s).kind, ResponseMatch::Kind::Matched) << "arrived in time";
    const auto late = match(message, kSentAt + 60s);
    EXPECT_EQ(late.kind, ResponseMatch::Kind::Late);
    EXPECT_EQ(late.reason, "request 7 (RQFD) expired (timeout)");
}

TEST_F(Matching, SupersededDoneAndUnsentRequestsNeverMatch) {
    auto superseded = sent(6, {"RQFD", "NONE"}, 417, kSentAt);
    superseded.state = RequestState::Expired;
    superseded.outcome = "superseded by request 7";
    auto unsent = sent(7, {"RQFD", "NONE"}, 418, kSentAt);
    unsent.state = RequestState::Registered;
    requests_.requests = {unsent, superseded};
    const auto message = response("SCHD", "RESP", "417", "20240318150010");
    const auto result = match(message);
    EXPECT_EQ(result.kind, ResponseMatch::Kind::Late);
    EXPECT_EQ(result.reason, "request 7 (RQFD) is not sent yet");

    auto done = sent(8, {"RQFD", "NONE"}, 419, kSentAt);
    done.state = RequestState::Done;
    done.answeredBy = 41;
    requests_.requests = {done};
    EXPECT_EQ(match(message).reason, "request 8 (RQFD) was already answered by message 41");
}

TEST_F(Matching, OnlyRespsOfARequestableTypeAreGuarded) {
    EXPECT_EQ(match(response("SCHD", "DNLD", "1", "20240318150000")).kind, ResponseMatch::Kind::NotGuarded);
    EXPECT_EQ(match(response("SCHS", "RESP", "1", "20240318150000")).kind, ResponseMatch::Kind::NotGuarded);
    const auto none = match(response("TLST", "RESP", "1", "20240318150000"));
    EXPECT_EQ(none.kind, ResponseMatch::Kind::Late);
    EXPECT_EQ(none.reason, "no RQRD-TLST request was ever sent");
}

} // namespace
} // namespace msgx::test
