// The admin-API HTTP client against the in-process fake admin API (tests/support/FakeAdminApi):
// a good answer, a status other than 200, a server that never answers (the client's timeout, real
// network time), a body cut off before its Content-Length, a body over the size limit (with and
// without Content-Length), a refused connection.
#include "msgx/pipeline/reference/AdminApiClient.h"

#include "FakeAdminApi.h"

#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace msgx::pipeline {
namespace {

using namespace std::chrono_literals;
using test::FakeAdminApi;
using testing::HasSubstr;

constexpr std::uint64_t kLimit = 4096;

// One fake for the whole suite: stopping a Poco server takes a quarter of a second.
class AdminApiClient : public testing::Test {
protected:
    static void SetUpTestSuite() { api_ = std::make_unique<FakeAdminApi>(); }
    static void TearDownTestSuite() { api_.reset(); }
    static std::unique_ptr<FakeAdminApi> api_;
    FakeAdminApi& api = *api_;
};
std::unique_ptr<FakeAdminApi> AdminApiClient::api_;

using Client = pipeline::AdminApiClient;

TEST_F(AdminApiClient, ReturnsTheWholeBodyOfA200) {
    std::string body = "[";
    for (int i = 0; i < 2000; ++i) { // larger than one read
        body += (i == 0 ? "" : ",") + std::string(R"({"gateCode":"G)") + std::to_string(i) + "\"}";
    }
    body += "]";
    api.answerJson("/gates", body);
    const Client client(2s, 1024 * 1024);

    const AdminApiAnswer answer = client.get(api.url("/gates?active=true"));

    ASSERT_TRUE(answer.ok) << answer.problem;
    EXPECT_EQ(answer.body, body);
    EXPECT_EQ(api.hits("/gates"), 1);
}

TEST_F(AdminApiClient, AChunkedBodyIsReadWhole) {
    api.answerChunked("/chunked-gates", R"([{"gateCode":"B12"}])");
    const AdminApiAnswer answer = Client(2s, kLimit).get(api.url("/chunked-gates"));
    ASSERT_TRUE(answer.ok) << answer.problem;
    EXPECT_EQ(answer.body, R"([{"gateCode":"B12"}])");
}

TEST_F(AdminApiClient, AStatusOtherThan200FailsWithTheStatus) {
    api.answerStatus("/failing", 500, "database down");
    EXPECT_EQ(Client(2s, kLimit).get(api.url("/failing")).problem, "HTTP status 500 (Internal Server Error)");
    EXPECT_EQ(Client(2s, kLimit).get(api.url("/api/unknown")).problem, "HTTP status 404 (Not Found)");
}

TEST_F(AdminApiClient, AServerThatNeverAnswersFailsAfterTheTimeout) {
    api.neverAnswer("/silent");
    const auto started = std::chrono::steady_clock::now();

    const AdminApiAnswer answer = Client(300ms, kLimit).get(api.url("/silent"));

    const auto took = std::chrono::steady_clock::now() - started;
    EXPECT_FALSE(answer.ok);
    EXPECT_EQ(answer.problem, "no complete answer within 300ms");
    EXPECT_GE(took, 250ms);
    EXPECT_LT(took, 3s) << "the timeout bounds the whole answer";
}

TEST_F(AdminApiClient, ABodyCutOffBeforeItsContentLengthFails) {
    const std::string batch = R"([{"gateCode":"B12"},{"gateCode":"B13"},{"gateCode":"B14"}])"; // 58 bytes
    api.sendHalf("/half", batch);
    const AdminApiAnswer answer = Client(2s, kLimit).get(api.url("/half"));
    EXPECT_FALSE(answer.ok);
    EXPECT_EQ(batch.size(), 58u);
    EXPECT_EQ(answer.problem, "the body was cut off: 29 of 58 bytes received before the connection closed");
}

TEST_F(AdminApiClient, ABodyOverTheLimitFailsWhetherContentLengthSaysSoOrNot) {
    const std::string big = "[\"" + std::string(kLimit, 'x') + "\"]";
    api.answerJson("/with-length", big);
    api.answerChunked("/chunked", big);
    const Client client(2s, kLimit);

    EXPECT_EQ(client.get(api.url("/with-length")).problem,
              "the body is larger than refresh.max-document-size 4KB (Content-Length 4100)");
    EXPECT_EQ(client.get(api.url("/chunked")).problem,
              "the body is larger than refresh.max-document-size 4KB");
    api.answerJson("/exact", std::string(kLimit, ' '));
    EXPECT_TRUE(client.get(api.url("/exact")).ok) << "exactly the limit is allowed";
}

TEST_F(AdminApiClient, ARefusedConnectionFailsWithTheReason) {
    std::uint16_t port = 0;
    {
        const Poco::Net::ServerSocket probe(Poco::Net::SocketAddress("127.0.0.1", 0));
        port = probe.address().port();
    } // closed: nothing listens there now
    const AdminApiAnswer answer =
        Client(2s, kLimit).get("http://127.0.0.1:" + std::to_string(port) + "/api/gates");
    EXPECT_FALSE(answer.ok);
    EXPECT_THAT(answer.problem, HasSubstr("Connection refused"));
}

} // namespace
} // namespace msgx::pipeline
