// The HTTP API of msgxd end to end on the embedded profile (issue 15 acceptance, the contract of
// docs/http.md): a real msgxd with its listener on a free port, a real HTTP client, every endpoint
// and every status this profile can produce. Each test starts its
// own site; the fixture checks at the end that every /ops call left its access-log line, that no
// token is in the log, and that every answer validates against docs/openapi.yaml.
#include "DaemonProcess.h"
#include "E2eSupport.h"
#include "HttpContractFixture.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>

namespace msgx::test::http {
namespace {

using namespace std::chrono_literals;
using namespace Poco::Data::Keywords;
using json::JsonValue;

constexpr std::size_t kLimit = 64 * 1024; // limits.max-document-size of these sites
const std::string kLimitYaml = "  max-document-size: 64KB\n";

class HttpContract : public HttpSiteTest {
protected:
    static SiteOptions limited() {
        SiteOptions options;
        options.limitsYaml = kLimitYaml;
        return options;
    }
    Poco::Data::Session store() const {
        storage::registerPocoConnectors();
        return Poco::Data::Session("SQLite", (varDir() / "msgx.db").string());
    }
    Poco::Data::Session mailbox() const {
        storage::registerPocoConnectors();
        return Poco::Data::Session("SQLite", (varDir() / "mailbox.db").string());
    }
    std::string mailboxText(std::int64_t id) const {
        auto session = mailbox();
        std::vector<std::string> texts;
        std::vector<std::string> statuses;
        session << "SELECT CMINMSGS_CLOB_MSG, CMINMSGS_STATUS FROM CMINMSGS WHERE CMINMSGS_ID = ?", use(id),
            into(texts), into(statuses), now;
        if (texts.size() != 1) {
            return "<no row " + std::to_string(id) + ">";
        }
        return statuses[0] + "|" + texts[0];
    }
};

// What the pipeline stores of a mailbox text: the mailbox spec trims the XML text (leading and
// trailing white space) when it is read.
std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    return first == std::string::npos ? "" : text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string sampleDay(const std::string& name) {
    return readFile(kSourceDir / "etc" / "sample-day" / name);
}

std::string firstLineOf(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    return line;
}

// --- POST /cminmsgs/send --------------------------------------------------------------------------

TEST_F(HttpContract, InjectStoresTheBodyOfEachXmlMediaTypeAndThePipelineProcessesIt) {
    start(limited());
    const std::vector<std::string> types{"text/xml",
                                         "application/xml",
                                         "text/plain",
                                         "text/xml; charset=UTF-8",
                                         "application/xml; charset=us-ascii",
                                         "TEXT/PLAIN; Charset=utf8"};
    std::vector<std::pair<std::int64_t, std::string>> sent;
    std::int64_t last = 0;
    for (std::size_t i = 0; i < types.size(); ++i) {
        const std::string body =
            flopStand(715001 + static_cast<std::int64_t>(i), 88010001, 201 + static_cast<int>(i));
        const Answer answer = inject(body, types[i]);
        ASSERT_EQ(answer.status, 200) << types[i] << ": " << answer.describe();
        const JsonValue value = answer.json();
        EXPECT_EQ(text(value, "is_success"), "true");
        const std::int64_t id = integer(value, "body");
        EXPECT_GT(id, last) << "each insert answers its own, new mailbox id";
        last = id;
        sent.emplace_back(id, body);
    }
    // The mailbox rows hold exactly the bodies, with the status this site's poller takes.
    for (const auto& [id, body] : sent) {
        // Inserted VALID (the status this site's poller takes); once processed, the back-fill may
        // already have marked it PROCESSED.
        const std::string row = mailboxText(id);
        EXPECT_TRUE(row == "VALID|" + body || row == "PROCESSED|" + body)
            << "mailbox row " << id << ": " << row;
    }
    EXPECT_EQ(mailboxRows(), static_cast<std::int64_t>(sent.size()));
    // The poller picks them up like any other row; the stored message is what was sent.
    for (const auto& [id, body] : sent) {
        const JsonValue message = waitForMessage(id);
        EXPECT_EQ(text(message, "state"), "SUCCEEDED") << renderJson(message);
        EXPECT_EQ(text(message, "key"), "FLOP-STND");
        EXPECT_EQ(text(message, "rawXml"), trimmed(body)) << "the text the mailbox row holds, read trimmed";
        EXPECT_EQ(integer(message, "id"), id);
    }
}

TEST_F(HttpContract, TheCompatTokenIsRequiredWhenItsFileIsSet) {
    start(limited());
    const std::string body = flopStand(716001, 88010002, 301);
    const auto before = mailboxRows();
    Answer none = call("/cminmsgs/send", {"POST", "/cminmsgs/send", body, "text/xml", std::nullopt, {}});
    EXPECT_EQ(none.status, 401) << none.describe();
    EXPECT_EQ(none.errCode(), "UNAUTHORIZED");
    EXPECT_EQ(none.header("www-authenticate"), "Bearer");
    Answer basic =
        call("/cminmsgs/send",
             {"POST", "/cminmsgs/send", body, "text/xml", std::nullopt, {{"Authorization", "Basic YTpi"}}});
    EXPECT_EQ(basic.status, 401) << "not of the form Bearer <token>: " << basic.describe();
    Answer wrong = call("/cminmsgs/send", {"POST", "/cminmsgs/send", body, "text/xml", kWrongToken, {}});
    EXPECT_EQ(wrong.status, 403) << wrong.describe();
    EXPECT_EQ(wrong.errCode(), "FORBIDDEN");
    Answer opsToken = call("/cminmsgs/send", {"POST", "/cminmsgs/send", body, "text/xml", kOpsToken, {}});
    EXPECT_EQ(opsToken.status, 403) << "an /ops token is no compat token: " << opsToken.describe();
    // The token is checked before the media type.
    Answer jsonType =
        call("/cminmsgs/send", {"POST", "/cminmsgs/send", body, "application/json", std::nullopt, {}});
    EXPECT_EQ(jsonType.status, 401) << jsonType.describe();
    EXPECT_EQ(mailboxRows(), before) << "a refused call stores nothing";

    Answer flights =
        call("/all/flights", {"GET", "/all/flights", std::nullopt, std::nullopt, std::nullopt, {}});
    EXPECT_EQ(flights.status, 401) << flights.describe();
    Answer flightsWrong =
        call("/all/flights", {"GET", "/all/flights", std::nullopt, std::nullopt, kWrongToken, {}});
    EXPECT_EQ(flightsWrong.status, 403) << flightsWrong.describe();
    Answer sync = call("/schd/sync", {"POST",
                                      "/schd/sync",
                                      R"({"start":"2024-06-11 00:00","end":"2024-06-12 23:59"})",
                                      "application/json",
                                      std::nullopt,
                                      {}});
    EXPECT_EQ(sync.status, 401) << sync.describe();
    Answer syncWrong = call("/schd/sync", {"POST",
                                           "/schd/sync",
                                           R"({"start":"2024-06-11 00:00","end":"2024-06-12 23:59"})",
                                           "application/json",
                                           kWrongToken,
                                           {}});
    EXPECT_EQ(syncWrong.status, 403) << syncWrong.describe();

    Answer ok = inject(body);
    EXPECT_EQ(ok.status, 200) << ok.describe();
    EXPECT_EQ(mailboxRows(), before + 1);
}

TEST_F(HttpContract, InjectRefusesEveryBodyThatIsNoSafeWellFormedUtf8XmlAndStoresNothing) {
    start(limited());
    const std::string valid = flopStand(717001, 88010003, 401);
    const std::string passwd = firstLineOf("/etc/passwd");
    ASSERT_FALSE(passwd.empty());
    const std::string xxe =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE MSG [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
        "<MSG><META><SNDR>&xxe;</SNDR><SEQN>717002</SEQN></META></MSG>\n";
    std::string laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n";
    for (int i = 1; i <= 9; ++i) {
        laughs += "<!ENTITY lol" + std::to_string(i) + " \"";
        for (int j = 0; j < 10; ++j) {
            laughs += i == 1 ? "&lol;" : "&lol" + std::to_string(i - 1) + ";";
        }
        laughs += "\">\n";
    }
    laughs += "]>\n<MSG><META><SNDR>&lol9;</SNDR></META></MSG>\n";

    struct Case {
        std::string name;
        std::optional<std::string> contentType;
        std::string body;
        int status;
        std::string code;
    };
    const std::vector<Case> cases{
        {"charset gbk", "text/xml; charset=gbk", valid, 415, "UNSUPPORTED_MEDIA_TYPE"},
        {"charset ISO-8859-1", "text/xml; charset=ISO-8859-1", valid, 415, "UNSUPPORTED_MEDIA_TYPE"},
        {"application/json", "application/json", valid, 415, "UNSUPPORTED_MEDIA_TYPE"},
        {"text/html", "text/html", valid, 415, "UNSUPPORTED_MEDIA_TYPE"},
        {"no Content-Type", std::nullopt, valid, 415, "UNSUPPORTED_MEDIA_TYPE"},
        {"0 bytes", "text/xml", "", 400, "EMPTY_BODY"},
        {"whitespace only", "text/xml", " \r\n\t \n", 400, "EMPTY_BODY"},
        {"bytes ff fe", "text/xml", "<MSG>\xff\xfe</MSG>", 400, "NOT_UTF8"},
        {"overlong /", "text/xml", "<MSG>\xc0\xaf</MSG>", 400, "NOT_UTF8"},
        {"UTF-16 surrogate", "text/xml", "<MSG>\xed\xa0\x80</MSG>", 400, "NOT_UTF8"},
        {"cut sequence", "text/xml", "<MSG>\xe4\xb8</MSG>", 400, "NOT_UTF8"},
        {"not UTF-8 and not well-formed: UTF-8 first", "text/xml", "<MSG>\xff", 400, "NOT_UTF8"},
        {"unclosed element", "text/xml", "<MSG><META></MSG>", 400, "NOT_WELL_FORMED"},
        {"no XML at all", "text/plain", "hello", 400, "NOT_WELL_FORMED"},
        {"two roots", "text/xml", "<MSG/><MSG/>", 400, "NOT_WELL_FORMED"},
        {"the sample day's malformed message", "text/xml", sampleDay("06-malformed.xml"), 400,
         "NOT_WELL_FORMED"},
        {"XXE", "text/xml", xxe, 400, "DTD_REFUSED"},
        {"billion laughs", "application/xml", laughs, 400, "DTD_REFUSED"},
        {"a DOCTYPE without entities", "text/xml", "<!DOCTYPE MSG>\n<MSG/>", 400, "DTD_REFUSED"},
    };
    const auto before = mailboxRows();
    for (const auto& c : cases) {
        const Answer answer =
            call("/cminmsgs/send", {"POST", "/cminmsgs/send", c.body, c.contentType, kCompatToken, {}});
        EXPECT_EQ(answer.status, c.status) << c.name << ": " << answer.describe();
        EXPECT_EQ(answer.errCode(), c.code) << c.name << ": " << answer.describe();
        EXPECT_EQ(text(answer.json(), "is_success"), "false") << c.name;
        EXPECT_EQ(answer.body.find(passwd), std::string::npos) << c.name << ": the answer holds /etc/passwd";
        EXPECT_EQ(answer.body.find("lollollol"), std::string::npos) << c.name << ": an entity was expanded";
    }
    EXPECT_EQ(mailboxRows(), before) << "a refused body is never stored";
}

TEST_F(HttpContract, ABodyOverTheSizeLimitIs413ByContentLengthAndWhileReadingAChunkedBody) {
    start(limited());
    const auto before = mailboxRows();
    const std::string auth = "Authorization: Bearer " + kCompatToken + "\r\n";

    // Only the head: the answer comes without a byte of the body read.
    const Answer byLength =
        callRaw("/cminmsgs/send", "POST", "/cminmsgs/send",
                rawRequest("POST", "/cminmsgs/send",
                           auth + "Content-Type: text/xml\r\nContent-Length: " + std::to_string(kLimit + 1) +
                               "\r\n"));
    EXPECT_EQ(byLength.status, 413) << byLength.describe();
    EXPECT_EQ(byLength.errCode(), "TOO_LARGE");
    // The media type is checked before the size.
    const Answer typeFirst =
        callRaw("/cminmsgs/send", "POST", "/cminmsgs/send",
                rawRequest("POST", "/cminmsgs/send",
                           auth + "Content-Type: text/html\r\nContent-Length: " + std::to_string(kLimit + 1) +
                               "\r\n"));
    EXPECT_EQ(typeFirst.status, 415) << typeFirst.describe();
    // A whole body one byte over the limit, through the client.
    std::string over = flopStand(718001, 88010004, 501);
    over += std::string(kLimit + 1 - over.size(), ' ');
    const Answer whole = inject(over);
    EXPECT_EQ(whole.status, 413) << whole.describe();
    // A chunked body that never ends.
    std::size_t sentBytes = 0;
    const Answer endless =
        endlessChunkedBody(port_,
                           "POST /cminmsgs/send HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth +
                               "Content-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n",
                           sentBytes);
    ASSERT_EQ(endless.status, 413) << endless.describe();
    responses_->add("POST", "/cminmsgs/send", endless);
    EXPECT_EQ(endless.errCode(), "TOO_LARGE");
    std::cout << "[ endless chunked body ] " << sentBytes << " bytes sent before the 413 arrived\n";
    EXPECT_GT(sentBytes, kLimit) << "refused while reading, after the limit passed";
    // The JSON endpoints have the same limit.
    const Answer syncOver = callRaw("/schd/sync", "POST", "/schd/sync",
                                    rawRequest("POST", "/schd/sync",
                                               auth + "Content-Type: application/json\r\nContent-Length: " +
                                                   std::to_string(kLimit + 1) + "\r\n"));
    EXPECT_EQ(syncOver.status, 413) << syncOver.describe();
    EXPECT_EQ(mailboxRows(), before) << "nothing over the limit is stored";

    // At the limit exactly, and a small chunked body: accepted, stored and processed.
    std::string atLimit = flopStand(718002, 88010004, 502);
    atLimit += std::string(kLimit - atLimit.size(), ' ');
    const std::int64_t atLimitId = injectOk(atLimit);
    const std::string small = flopStand(718003, 88010004, 503);
    char size[16];
    std::snprintf(size, sizeof size, "%zx", small.size() - 10);
    const Answer chunked =
        callRaw("/cminmsgs/send", "POST", "/cminmsgs/send",
                rawRequest("POST", "/cminmsgs/send",
                           auth + "Content-Type: text/xml\r\nTransfer-Encoding: chunked\r\n",
                           std::string(size) + "\r\n" + small.substr(0, small.size() - 10) + "\r\na\r\n" +
                               small.substr(small.size() - 10) + "\r\n0\r\n\r\n"));
    ASSERT_EQ(chunked.status, 200) << chunked.describe();
    const std::int64_t chunkedId = integer(chunked.json(), "body");
    EXPECT_EQ(mailboxRows(), before + 2);
    const JsonValue atLimitMessage = waitForMessage(atLimitId);
    EXPECT_EQ(text(atLimitMessage, "state"), "SUCCEEDED") << "the decoder takes a document at the limit too";
    EXPECT_EQ(text(atLimitMessage, "rawXml"), trimmed(atLimit));
    const JsonValue chunkedMessage = waitForMessage(chunkedId);
    EXPECT_EQ(text(chunkedMessage, "rawXml"), trimmed(small));
}

// A request that is not HTTP at all is answered by Poco before any endpoint sees it: a bare 400
// without a JSON body (docs/http.md "Every answer"), so it is not in the responses file. A request
// line with a blank in its target is 400 BAD_REQUEST in JSON (Poco would take the rest for the
// version and echo it), and an unreadable Content-Length stores nothing. A chunked body with broken
// framing is 400, one without its last chunk is not taken as whole: neither is stored.
TEST_F(HttpContract, AMalformedRequestIs400AndStoresNothing) {
    start(limited());
    const auto before = mailboxRows();
    const std::string auth = "Authorization: Bearer " + kCompatToken + "\r\n";
    const Answer garbage = rawExchange(port_, "GARBAGE\r\n\r\n");
    EXPECT_EQ(garbage.status, 400) << garbage.describe();
    const Answer space =
        callRaw("*", "GET", "/health/ready", "GET /health/re ady HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(space.status, 400) << space.describe();
    EXPECT_EQ(space.errCode(), "BAD_REQUEST") << "a blank in the request target: " << space.describe();
    const Answer length =
        rawExchange(port_, rawRequest("POST", "/cminmsgs/send",
                                      auth + "Content-Type: text/xml\r\nContent-Length: abc\r\n",
                                      flopStand(723000, 88050001, 800)));
    EXPECT_NE(length.status, 200) << "Content-Length: abc: " << length.describe();
    EXPECT_EQ(mailboxRows(), before) << "a malformed request stores nothing";
}

TEST_F(HttpContract, AChunkedBodyWithBrokenFramingOrWithoutItsLastChunkIsNeverStored) {
    start(limited());
    const auto before = mailboxRows();
    const std::string auth = "Authorization: Bearer " + kCompatToken + "\r\n";
    const std::string xml = flopStand(723001, 88050001, 801);
    // A whole well-formed document in the first chunk, then a chunk-size line that is no number.
    char size[16];
    std::snprintf(size, sizeof size, "%zx", xml.size());
    const std::string chunkedHead = auth + "Content-Type: text/xml\r\nTransfer-Encoding: chunked\r\n";
    const Answer badFraming = callRaw("/cminmsgs/send", "POST", "/cminmsgs/send",
                                      rawRequest("POST", "/cminmsgs/send", chunkedHead,
                                                 std::string(size) + "\r\n" + xml + "\r\nzz\r\n\r\n"));
    EXPECT_EQ(badFraming.status, 400) << "broken chunked framing: " << badFraming.describe();
    EXPECT_EQ(badFraming.errCode(), "BAD_REQUEST") << badFraming.describe();
    // The same first chunk, then the client ends its side: the last chunk never comes.
    const Answer cut =
        rawExchange(port_,
                    rawRequest("POST", "/cminmsgs/send", chunkedHead,
                               std::string(size) + "\r\n" + flopStand(723002, 88050001, 802) + "\r\n"),
                    std::chrono::seconds(30), true);
    if (cut.status != 0) {
        responses_->add("POST", "/cminmsgs/send", cut);
    }
    EXPECT_NE(cut.status, 200) << "a chunked body without its last chunk is incomplete: " << cut.describe();
    EXPECT_EQ(mailboxRows(), before) << "an incomplete or malformed request stores nothing";
}

// --- POST /schd/sync ------------------------------------------------------------------------------

TEST_F(HttpContract, ScheduleSyncRegistersAnRqfdWritesItToCoutmsgsAndRefusesABadWindow) {
    start(limited());
    const auto sync = [&](const std::optional<std::string>& body, const std::optional<std::string>& type) {
        return call("/schd/sync", {"POST", "/schd/sync", body.value_or(""), type, kCompatToken, {}});
    };
    const Answer sent =
        sync(R"({"start": "2024-06-11 00:00", "end": "2024-06-12 23:59"})", "application/json");
    ASSERT_EQ(sent.status, 200) << sent.describe();
    const JsonValue value = sent.json();
    EXPECT_EQ(text(value, "is_success"), "true");
    const JsonValue* body = value.find("body");
    ASSERT_NE(body, nullptr);
    EXPECT_EQ(text(*body, "state"), "SENT") << "written within http.schd-sync-wait: " << renderJson(value);
    EXPECT_EQ(text(*body, "written_to_coutmsgs"), "true");
    EXPECT_EQ(text(*body, "stdb"), "11JUN240000");
    EXPECT_EQ(text(*body, "stde"), "12JUN242359");
    EXPECT_EQ(text(*body, "note"), "written to COUTMSGS; the schedule is not updated until AODB answers");
    const std::string seqn = text(*body, "seqn");
    EXPECT_TRUE(std::regex_match(seqn, std::regex("[0-9]{6}"))) << seqn;
    const std::int64_t coutmsgsId = integer(*body, "coutmsgs_id");
    EXPECT_GT(integer(*body, "request_id"), 0);

    // The row in COUTMSGS is the RQFD document of mailbox.md §4.3 with that SEQN and window.
    auto outbox = mailbox();
    std::vector<Poco::Int64> ids;
    std::vector<std::string> documents;
    std::vector<std::string> routing;
    outbox << "SELECT COUTMSGS_ID, COUTMSGS_CLOB_MSG, ROUTINGID FROM COUTMSGS ORDER BY COUTMSGS_ID",
        into(ids), into(documents), into(routing), now;
    ASSERT_EQ(ids.size(), 1U) << "one request, one COUTMSGS row";
    EXPECT_EQ(ids[0], coutmsgsId);
    EXPECT_EQ(routing[0], "VIEWRQFD");
    EXPECT_TRUE(std::regex_match(
        documents[0],
        std::regex(
            "<\\?xml version=\"1.0\" encoding=\"UTF-8\"\\?><MSG [^>]*><META><SNDR>VIEW</SNDR><SEQN>" + seqn +
            "</SEQN><DTTM>[0-9]{14}</DTTM><TYPE>RQFD</TYPE><STYP>NONE</STYP></META><RQFD><STDB>11JUN240000</"
            "STDB><STDE>12JUN242359</STDE></RQFD></MSG>")))
        << documents[0];

    struct Case {
        std::string name;
        std::string body;
        std::optional<std::string> type;
        int status;
        std::string code;
    };
    const std::vector<Case> cases{
        {"end missing", R"({"start": "2024-06-11 00:00"})", "application/json", 400, "BAD_WINDOW"},
        {"start missing", R"({"end": "2024-06-11 10:00"})", "application/json", 400, "BAD_WINDOW"},
        {"start empty", R"({"start": "", "end": "2024-06-11 10:00"})", "application/json", 400, "BAD_WINDOW"},
        {"start a number", R"({"start": 202406110000, "end": "2024-06-11 10:00"})", "application/json", 400,
         "BAD_WINDOW"},
        {"24:00", R"({"start": "2024-06-11 00:00", "end": "2024-06-11 24:00"})", "application/json", 400,
         "BAD_WINDOW"},
        {"one-digit hour", R"({"start": "2024-06-11 3:00", "end": "2024-06-11 10:00"})", "application/json",
         400, "BAD_WINDOW"},
        {"12-hour with AM", R"({"start": "2024-06-11 03:00 AM", "end": "2024-06-11 10:00"})",
         "application/json", 400, "BAD_WINDOW"},
        {"30 February", R"({"start": "2024-02-30 00:00", "end": "2024-03-01 10:00"})", "application/json",
         400, "BAD_WINDOW"},
        {"start == end", R"({"start": "2024-06-11 10:00", "end": "2024-06-11 10:00"})", "application/json",
         400, "BAD_WINDOW"},
        {"start after end", R"({"start": "2024-06-12 10:00", "end": "2024-06-11 10:00"})", "application/json",
         400, "BAD_WINDOW"},
        {"40 days", R"({"start": "2024-06-01 00:00", "end": "2024-07-11 00:00"})", "application/json", 400,
         "BAD_WINDOW"},
        {"31 days and a minute", R"({"start": "2024-06-01 00:00", "end": "2024-07-02 00:01"})",
         "application/json", 400, "BAD_WINDOW"},
        {"text/plain", R"({"start": "2024-06-11 00:00", "end": "2024-06-12 23:59"})", "text/plain", 415,
         "UNSUPPORTED_MEDIA_TYPE"},
        {"no Content-Type", R"({"start": "2024-06-11 00:00", "end": "2024-06-12 23:59"})", std::nullopt, 415,
         "UNSUPPORTED_MEDIA_TYPE"},
        {"not JSON", R"({"start": "2024-06-11 00:00",)", "application/json", 400, "BAD_REQUEST"},
        {"a JSON array", R"(["2024-06-11 00:00", "2024-06-12 23:59"])", "application/json", 400,
         "BAD_REQUEST"},
    };
    for (const auto& c : cases) {
        const Answer answer = sync(c.body, c.type);
        EXPECT_EQ(answer.status, c.status) << c.name << ": " << answer.describe();
        EXPECT_EQ(answer.errCode(), c.code) << c.name << ": " << answer.describe();
    }
    // 31 days exactly is the longest window.
    const Answer longest =
        sync(R"({"start": "2024-06-01 00:00", "end": "2024-07-02 00:00"})", "application/json");
    EXPECT_EQ(longest.status, 200) << longest.describe();
    EXPECT_EQ(text(*longest.json().find("body"), "stde"), "02JUL240000");

    Poco::Int64 rows = 0;
    outbox << "SELECT COUNT(*) FROM COUTMSGS", into(rows), now;
    EXPECT_EQ(rows, 2) << "only the two accepted requests were written";
}

TEST_F(HttpContract, ScheduleSyncIsRefused409InShadowMode) {
    SiteOptions options;
    options.extraYaml = "shadow: true\n";
    start(options);
    const Answer answer = call("/schd/sync", {"POST",
                                              "/schd/sync",
                                              R"({"start": "2024-06-11 00:00", "end": "2024-06-12 23:59"})",
                                              "application/json",
                                              kCompatToken,
                                              {}});
    EXPECT_EQ(answer.status, 409) << answer.describe();
    EXPECT_EQ(answer.errCode(), "REQUESTS_OFF");
    auto outbox = mailbox();
    Poco::Int64 rows = 0;
    outbox << "SELECT COUNT(*) FROM COUTMSGS", into(rows), now;
    EXPECT_EQ(rows, 0) << "nothing written to COUTMSGS";
    Poco::Int64 requests = 0;
    auto session = store();
    session << "SELECT COUNT(*) FROM REQ_TRACK", into(requests), now;
    EXPECT_EQ(requests, 0) << "nothing registered";
}

// A token file msgxd must not use stops the start, naming the file and never a token.
TEST(HttpTokenFiles, AFileOthersCanReadADuplicateTokenOrAShortTokenIsRefusedAtStart) {
    struct Case {
        std::string name;
        std::string text;
        unsigned mode;
        std::string logged;
    };
    const std::vector<Case> cases{
        {"mode 0644", "alice " + kOpsToken + "\n", 0644, "chmod 600"},
        {"the same token twice", "alice " + kOpsToken + "\nbob " + kOpsToken + "\n", 0600,
         "also another operator's"},
        {"the same operator twice", "alice " + kOpsToken + "\nalice " + kCompatToken + "\n", 0600,
         "named twice"},
        {"a token of 15 characters", "alice " + kOpsToken.substr(0, 15) + "\n", 0600, "16..512"},
        {"a bad operator name", "al ice " + kOpsToken + "\n", 0600, "line 1"},
    };
    for (const auto& c : cases) {
        TempDir dir;
        const auto file = dir.path() / "ops-tokens";
        std::ofstream(file) << c.text;
        std::filesystem::permissions(file, static_cast<std::filesystem::perms>(c.mode));
        EmbeddedSite::Options options;
        options.editConfig = [&](std::string config) {
            return config + "http:\n  listen: 127.0.0.1:0\n  ops-token-file: " + file.string() + "\n";
        };
        EmbeddedSite site(options);
        DaemonProcess daemon(kMsgxdBin, site.config(), site.logFile(), site.environment());
        daemon.start();
        EXPECT_TRUE(waitUntil([&] { return !daemon.running(); }, 60s)) << c.name << ": msgxd started";
        const std::string log = daemon.log();
        EXPECT_EQ(log.find("http: listening"), std::string::npos) << c.name;
        EXPECT_NE(log.find(file.string()), std::string::npos) << c.name << ": the file is named:\n" << log;
        EXPECT_NE(log.find(c.logged), std::string::npos) << c.name << ":\n" << log;
        EXPECT_EQ(log.find(kOpsToken.substr(0, 15)), std::string::npos) << c.name << ": a token in the log";
        EXPECT_EQ(log.find(kCompatToken), std::string::npos) << c.name << ": a token in the log";
    }
}

// --- GET /all/flights -----------------------------------------------------------------------------

TEST_F(HttpContract, AllFlightsAnswersTheLiveMasterFlightsOfTheStoreByFlid) {
    start({});
    const Answer empty =
        call("/all/flights", {"GET", "/all/flights", std::nullopt, std::nullopt, kCompatToken, {}});
    ASSERT_EQ(empty.status, 200) << empty.describe();
    EXPECT_EQ(empty.body, "[]") << "an empty store";

    // The sample day through the HTTP inject, a code-share flight of 880302 and a deleted flight.
    std::vector<std::int64_t> ids;
    for (const auto& name :
         {"01-abdg-dnld.xml", "02-slst-dnld.xml", "03-schd-adft-turnaround.xml", "04-flop-stnd.xml",
          "05-flop-psdt.xml", "07-flop-stnd.xml", "08-unsupported.xml"}) {
        ids.push_back(injectOk(sampleDay(name)));
    }
    const Answer malformed = inject(sampleDay("06-malformed.xml"));
    EXPECT_EQ(malformed.errCode(), "NOT_WELL_FORMED") << "the HTTP inject refuses what the mailbox took";
    ids.push_back(injectOk(
        readFile(kSourceDir / "handlers/schd/add/golden/shared-flight-updates-master-list/message.xml")));
    ids.push_back(injectOk(scheduleFlights(719001, 88020001, 3)));
    ids.push_back(
        injectOk("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>719002</"
                 "SEQN><DTTM>20240612100000</DTTM><TYPE>FLOP</TYPE><STYP>FDEL</STYP></META><FLOP><FLID>"
                 "88020002</FLID><FDEL/></FLOP></MSG>\n"));
    for (const auto id : ids) {
        (void)waitForMessage(id);
    }

    const Answer answer =
        call("/all/flights", {"GET", "/all/flights", std::nullopt, std::nullopt, kCompatToken, {}});
    ASSERT_EQ(answer.status, 200) << answer.describe();
    EXPECT_EQ(answer.header("transfer-encoding"), "chunked") << "streamed";
    const JsonValue flights = answer.json();
    ASSERT_EQ(flights.kind(), JsonValue::Kind::Array) << answer.body;

    std::vector<std::int64_t> flids;
    std::map<std::int64_t, JsonValue> attributes;
    for (const auto& flight : flights.items()) {
        const std::int64_t flid = integer(flight, "flid");
        flids.push_back(flid);
        ASSERT_NE(flight.find("attributes"), nullptr) << renderJson(flight);
        ASSERT_NE(flight.find("lists"), nullptr) << renderJson(flight);
        EXPECT_EQ(flight.find("attributes")->kind(), JsonValue::Kind::Object);
        EXPECT_EQ(flight.find("lists")->kind(), JsonValue::Kind::Object);
        EXPECT_EQ(flight.find("attributes")->find("masterFlid"), nullptr)
            << "a shared flight: " << renderJson(flight);
        attributes[flid] = *flight.find("attributes");
    }
    EXPECT_TRUE(std::is_sorted(flids.begin(), flids.end()) &&
                std::adjacent_find(flids.begin(), flids.end()) == flids.end())
        << "ascending FLID, each once";

    // The same set as the store's live master flights, with the store's attributes.
    auto session = store();
    std::vector<Poco::Int64> live;
    std::vector<std::string> stored;
    session << "SELECT FLID, ATTRIBUTES FROM FLIGHT WHERE DELETED = 0 AND MAID IS NULL ORDER BY FLID",
        into(live), into(stored), now;
    EXPECT_EQ(flids, std::vector<std::int64_t>(live.begin(), live.end()));
    for (std::size_t i = 0; i < live.size(); ++i) {
        if (attributes.contains(live[i])) {
            EXPECT_EQ(json::withSortedKeys(attributes[live[i]]),
                      json::withSortedKeys(json::parseJson(stored[i], "FLIGHT.ATTRIBUTES")))
                << "flight " << live[i];
        }
    }
    const std::set<std::int64_t> served(flids.begin(), flids.end());
    for (const auto flid : {880301, 880302, 88020001, 88020003}) {
        EXPECT_TRUE(served.contains(flid)) << flid;
    }
    EXPECT_FALSE(served.contains(880377)) << "the code-share flight of 880302";
    EXPECT_FALSE(served.contains(88020002)) << "the deleted flight";
    Poco::Int64 shared = 0;
    session << "SELECT COUNT(*) FROM FLIGHT WHERE FLID = 880377 AND MAID = 880302", into(shared), now;
    EXPECT_EQ(shared, 1) << "the store has the shared flight the answer leaves out";
}

TEST_F(HttpContract, AllFlightsRefusesMoreLiveFlightsThanTheLimitInsteadOfCuttingTheList) {
    SiteOptions options;
    options.httpYaml = "  all-flights-limit: 2\n";
    start(options);
    const std::int64_t first = injectOk(scheduleFlights(720001, 88100001, 2));
    ASSERT_EQ(text(waitForMessage(first), "state"), "SUCCEEDED");
    // A code-share flight of 88100002 is no live master flight: it does not count.
    const std::int64_t shared = injectOk(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>720003</SEQN><DTTM>"
        "20240612094000</DTTM><TYPE>SCHD</TYPE><STYP>ADD</STYP></META><SCHD><RECS>1</"
        "RECS><FLTR><FLID>88100009</FLID>"
        "<ALCD>CA</ALCD><FLNO>CA1234</FLNO><MVIN>D</MVIN><SODT>12JUN241000</SODT><FLTY>J</FLTY><FLIN>D</FLIN>"
        "<ACFT>320</ACFT><CSOP>3U</CSOP><CSFT>3U5002</CSFT><MAID>88100002</MAID></FLTR></SCHD></MSG>\n");
    ASSERT_EQ(text(waitForMessage(shared), "state"), "SUCCEEDED");
    const Answer atLimit =
        call("/all/flights", {"GET", "/all/flights", std::nullopt, std::nullopt, kCompatToken, {}});
    ASSERT_EQ(atLimit.status, 200) << atLimit.describe();
    EXPECT_EQ(atLimit.json().items().size(), 2U) << "the limit itself is served";

    const std::int64_t more = injectOk(scheduleFlights(720002, 88101001, 1));
    ASSERT_EQ(text(waitForMessage(more), "state"), "SUCCEEDED");
    const Answer over =
        call("/all/flights", {"GET", "/all/flights", std::nullopt, std::nullopt, kCompatToken, {}});
    EXPECT_EQ(over.status, 500) << over.describe();
    EXPECT_EQ(over.errCode(), "FLIGHTS_OVER_LIMIT");
    EXPECT_EQ(over.body.find("\"flid\""), std::string::npos) << "no flight is sent before the refusal";
}

// --- routing, paths, health -----------------------------------------------------------------------

TEST_F(HttpContract, UnknownPathsAre404OtherMethods405AndUnsafePaths400BeforeAnyToken) {
    start({});
    struct Case {
        std::string method;
        std::string target;
        std::string route;
        int status;
        std::string code;
        std::string bearer;
    };
    const std::vector<Case> cases{
        {"POST", "/kafka/topics/x/msgs", "*", 404, "NOT_FOUND", kCompatToken},
        {"GET", "/flights/migrate", "*", 404, "NOT_FOUND", kCompatToken},
        {"GET", "/nothing/here", "*", 404, "NOT_FOUND", ""},
        {"GET", "/ops/nothing", "*", 404, "NOT_FOUND", kOpsToken},
        {"GET", "/ops/nothing", "*", 404, "NOT_FOUND", ""},
        {"GET", "/cminmsgs/send", "/cminmsgs/send", 405, "METHOD_NOT_ALLOWED", kCompatToken},
        {"DELETE", "/ops/messages", "/ops/messages", 405, "METHOD_NOT_ALLOWED", kOpsToken},
        {"GET", "/ops/replay/apply", "/ops/replay/apply", 405, "METHOD_NOT_ALLOWED", ""},
        {"GET", "/ops/../health", "*", 400, "BAD_PATH", ""},
        {"GET", "/ops/%2e%2e/health", "*", 400, "BAD_PATH", kOpsToken},
        {"GET", "/ops/%2E%2E/health", "*", 400, "BAD_PATH", ""},
        {"GET", "//health", "*", 400, "BAD_PATH", ""},
        {"GET", "/health/live/", "*", 404, "NOT_FOUND", ""}, // a trailing / is another path
        {"GET", "/health/./live", "*", 400, "BAD_PATH", ""},
        {"GET", "/health%00", "*", 400, "BAD_PATH", ""},
        {"GET", "/ops%5cstatus", "*", 400, "BAD_PATH", kOpsToken},
        {"GET", "/cminmsgs/../ops/status", "*", 400, "BAD_PATH", kOpsToken},
    };
    for (const auto& c : cases) {
        const std::string auth = c.bearer.empty() ? "" : "Authorization: Bearer " + c.bearer + "\r\n";
        const Answer answer =
            callRaw(c.route, c.method, c.target, rawRequest(c.method, c.target, auth), c.bearer);
        EXPECT_EQ(answer.status, c.status) << c.method << ' ' << c.target << ": " << answer.describe();
        EXPECT_EQ(answer.errCode(), c.code) << c.method << ' ' << c.target << ": " << answer.describe();
        if (c.status == 405) {
            EXPECT_EQ(answer.header("allow"),
                      c.target == "/cminmsgs/send" || c.target == "/ops/replay/apply" ? "POST" : "GET")
                << c.target;
        }
    }
}

// Issue 46 item 6 on the real daemon (docs/security.md): a cross-site browser POST and a rebinding
// Host are refused and store nothing, a path with %0a is 400 and its access line stays one line (the
// fixture holds the daemon's ops lines against the calls), and each compat call is one INFO line
// naming the peer and the token's name.
TEST_F(HttpContract, CrossSiteAndRebindingCallsAreRefusedAndEveryCompatCallIsLogged) {
    start(limited());
    const auto before = mailboxRows();
    const std::string auth = "Authorization: Bearer " + kCompatToken + "\r\n";
    const std::string xml = flopStand(716101, 88010003, 302);
    const Answer crossSite = callRaw(
        "/cminmsgs/send", "POST", "/cminmsgs/send",
        rawRequest("POST", "/cminmsgs/send",
                   auth + "Origin: http://evil.example\r\nContent-Type: text/plain\r\nContent-Length: " +
                       std::to_string(xml.size()) + "\r\n",
                   xml));
    EXPECT_EQ(crossSite.status, 403) << crossSite.describe();
    EXPECT_EQ(crossSite.errCode(), "CROSS_SITE") << crossSite.describe();
    const Answer rebound = callRaw(
        "/all/flights", "GET", "/all/flights",
        "GET /all/flights HTTP/1.1\r\nHost: evil.example:" + std::to_string(port_) + "\r\n" + auth + "\r\n");
    EXPECT_EQ(rebound.status, 403) << rebound.describe();
    EXPECT_EQ(rebound.errCode(), "HOST_NOT_ALLOWED") << rebound.describe();
    const std::string forged =
        "/ops/"
        "x%0a2026-01-01T00:00:00.000Z%20info%20%20ops:%20operator=alice%20action=replay-apply%20status=200";
    const Answer controlPath = callRaw("*", "GET", forged, rawRequest("GET", forged));
    EXPECT_EQ(controlPath.status, 400) << controlPath.describe();
    EXPECT_EQ(controlPath.errCode(), "BAD_PATH") << controlPath.describe();
    EXPECT_EQ(mailboxRows(), before) << "a refused call stores nothing";

    const Answer ok = inject(xml);
    ASSERT_EQ(ok.status, 200) << ok.describe();
    EXPECT_GE(daemon_->waitForLog("action=inject status=200", std::chrono::seconds(10)), 0);
    const std::string log = daemon_->log();
    EXPECT_NE(log.find(" info  compat: peer=127.0.0.1:"), std::string::npos) << log;
    EXPECT_NE(log.find("token=- action=inject status=403 CROSS_SITE"), std::string::npos) << log;
    EXPECT_NE(log.find("token=- action=all-flights status=403 HOST_NOT_ALLOWED"), std::string::npos) << log;
    EXPECT_NE(log.find("token=gateway action=inject status=200 mailbox id " +
                       std::to_string(integer(ok.json(), "body"))),
              std::string::npos)
        << log;
}

TEST_F(HttpContract, HealthIsLiveAndReadyWithEveryCheckOk) {
    start({});
    const Answer live =
        call("/health/live", {"GET", "/health/live", std::nullopt, std::nullopt, std::nullopt, {}});
    ASSERT_EQ(live.status, 200) << live.describe();
    EXPECT_EQ(text(live.json(), "live"), "true");
    const auto version = runSubprocess({kMsgxdBin, "--version"}, std::chrono::seconds(30));
    EXPECT_EQ("msgxd " + text(live.json(), "version") + "\n", version.out)
        << "the version msgxd --version prints";
    for (const std::string target : {"/health/ready", "/health"}) {
        const Answer ready = call(target, {"GET", target, std::nullopt, std::nullopt, std::nullopt, {}});
        ASSERT_EQ(ready.status, 200) << target << ": " << ready.describe();
        const JsonValue value = ready.json();
        EXPECT_EQ(text(value, "ready"), "true");
        const JsonValue* checks = value.find("checks");
        ASSERT_NE(checks, nullptr);
        for (const auto& name : {"store", "mailbox", "lease"}) {
            EXPECT_EQ(text(*checks->find(name), "ok"), "true") << target << ' ' << name;
        }
        EXPECT_EQ(text(*checks->find("lease"), "role"), "writer");
        const JsonValue* delivery = checks->find("delivery");
        ASSERT_NE(delivery, nullptr);
        EXPECT_EQ(delivery->keys(), (std::vector<std::string>{"msg", "schd"}));
        for (const auto& item : delivery->items()) {
            EXPECT_EQ(text(item, "ok"), "true");
            EXPECT_EQ(text(item, "held"), "false");
        }
    }
}

// --- /ops ------------------------------------------------------------------------------------------

TEST_F(HttpContract, OpsNeedsABearerTokenOfTheOpsFile) {
    start({});
    struct Route {
        std::string route;
        std::string method;
        std::string target;
    };
    const std::vector<Route> routes{
        {"/ops/messages", "GET", "/ops/messages"},
        {"/ops/messages/{id}", "GET", "/ops/messages/1"},
        {"/ops/replay/preview", "POST", "/ops/replay/preview"},
        {"/ops/replay/apply", "POST", "/ops/replay/apply"},
        {"/ops/plugins", "GET", "/ops/plugins"},
        {"/ops/plugins/reload", "POST", "/ops/plugins/reload"},
        {"/ops/targets", "GET", "/ops/targets"},
        {"/ops/targets/{target}/retry", "POST", "/ops/targets/msg/retry"},
        {"/ops/targets/{target}/skip", "POST", "/ops/targets/msg/skip"},
        {"/ops/status", "GET", "/ops/status"},
    };
    const std::string body = R"({"ids": [1], "reason": "should never run"})";
    for (const auto& r : routes) {
        const std::optional<std::string> payload =
            r.method == "POST" ? std::optional<std::string>(body) : std::nullopt;
        const std::optional<std::string> type =
            r.method == "POST" ? std::optional<std::string>("application/json") : std::nullopt;
        const Answer none = call(r.route, {r.method, r.target, payload, type, std::nullopt, {}});
        EXPECT_EQ(none.status, 401) << r.target << ": " << none.describe();
        EXPECT_EQ(none.errCode(), "UNAUTHORIZED");
        EXPECT_EQ(none.header("www-authenticate"), "Bearer") << r.target;
        const Answer wrong = call(r.route, {r.method, r.target, payload, type, kWrongToken, {}});
        EXPECT_EQ(wrong.status, 403) << r.target << ": " << wrong.describe();
        EXPECT_EQ(wrong.errCode(), "FORBIDDEN");
    }
    const Answer compat =
        call("/ops/status", {"GET", "/ops/status", std::nullopt, std::nullopt, kCompatToken, {}});
    EXPECT_EQ(compat.status, 403) << "a compat token is no operator token: " << compat.describe();
    const Answer empty = call(
        "/ops/status",
        {"GET", "/ops/status", std::nullopt, std::nullopt, std::nullopt, {{"Authorization", "Bearer "}}});
    EXPECT_EQ(empty.status, 401) << empty.describe();
    const Answer basic = call("/ops/status", {"GET",
                                              "/ops/status",
                                              std::nullopt,
                                              std::nullopt,
                                              std::nullopt,
                                              {{"Authorization", "Basic " + kOpsToken}}});
    EXPECT_EQ(basic.status, 401) << basic.describe();
    const Answer lowerCase = call("/ops/status", {"GET",
                                                  "/ops/status",
                                                  std::nullopt,
                                                  std::nullopt,
                                                  std::nullopt,
                                                  {{"Authorization", "bearer " + kOpsToken}}});
    EXPECT_EQ(lowerCase.status, 200) << "the scheme is case-insensitive: " << lowerCase.describe();
    expectedOps_.back() = opsLine("alice", "status", lowerCase.status);
    const Answer prefix = call(
        "/ops/status",
        {"GET", "/ops/status", std::nullopt, std::nullopt, kOpsToken.substr(0, kOpsToken.size() - 1), {}});
    EXPECT_EQ(prefix.status, 403) << "a token without its last character: " << prefix.describe();
    // The refused replay above changed nothing.
    Poco::Int64 audits = 0;
    auto session = store();
    session << "SELECT COUNT(*) FROM OPS_AUDIT", into(audits), now;
    EXPECT_EQ(audits, 0);
}

TEST_F(HttpContract, OpsMessagesQueriesByStateClassTimeAndPagesById) {
    start({});
    // Two flights, two stand changes on them (SUCCEEDED with msg events), then, later, a FLOP-ONBL
    // no plugin serves (UNSUPPORTED until it is DEAD EXHAUSTED) and a well-formed non-message
    // (DEAD MALFORMED).
    const std::int64_t flights = injectOk(scheduleFlights(721001, 88030001, 2));
    const std::int64_t stand1 = injectOk(flopStand(721002, 88030001, 601));
    const std::int64_t stand2 = injectOk(flopStand(721003, 88030002, 602));
    for (const auto id : {flights, stand1, stand2}) {
        EXPECT_EQ(text(waitForMessage(id), "state"), "SUCCEEDED");
    }
    const std::int64_t unsupported = injectOk(sampleDay("08-unsupported.xml"));
    const std::int64_t notAMessage = injectOk("<?xml version=\"1.0\"?>\n<NOTAMSG><X>1</X></NOTAMSG>\n");
    const JsonValue dead = waitForMessage(unsupported);
    EXPECT_EQ(text(dead, "state"), "DEAD") << renderJson(dead);
    const JsonValue malformed = waitForMessage(notAMessage);
    EXPECT_EQ(text(malformed, "state"), "DEAD") << renderJson(malformed);
    EXPECT_EQ(text(malformed, "errorClass"), "MALFORMED") << "stored by the inject, refused by the pipeline";
    const std::vector<std::int64_t> all{flights, stand1, stand2, unsupported, notAMessage};

    const auto idsOf = [](const Answer& answer) {
        std::vector<std::int64_t> ids;
        const JsonValue value = answer.json();
        const JsonValue* list = value.kind() == JsonValue::Kind::Object ? value.find("messages") : nullptr;
        if (list != nullptr) {
            for (const auto& m : list->items()) {
                ids.push_back(integer(m, "id"));
            }
        }
        return ids;
    };
    const auto list = [&](const std::string& query) {
        return ops("/ops/messages", "GET", "/ops/messages" + query);
    };
    const Answer everything = list("");
    ASSERT_EQ(everything.status, 200) << everything.describe();
    EXPECT_EQ(idsOf(everything), all);
    EXPECT_EQ(text(everything.json(), "next_after"), "null") << "the page is not full";

    // One message: its state, attempts, events and XML.
    const Answer one = ops("/ops/messages/{id}", "GET", "/ops/messages/" + std::to_string(stand1));
    ASSERT_EQ(one.status, 200) << one.describe();
    const JsonValue message = one.json();
    EXPECT_EQ(text(message, "rawXml"), trimmed(flopStand(721002, 88030001, 601)));
    EXPECT_EQ(text(message, "identity"), "AODB|FLOP|STND|721002");
    EXPECT_EQ(text(message, "errorClass"), "null");
    ASSERT_NE(message.find("events"), nullptr);
    const auto& events = message.find("events")->items();
    ASSERT_FALSE(events.empty()) << "a stand change publishes a msg event: " << renderJson(message);
    EXPECT_EQ(text(events[0], "target"), "msg");
    EXPECT_EQ(integer(events[0], "flid"), 88030001);

    // Filters.
    EXPECT_EQ(idsOf(list("?state=SUCCEEDED")), (std::vector<std::int64_t>{flights, stand1, stand2}));
    EXPECT_EQ(idsOf(list("?state=dead")), (std::vector<std::int64_t>{unsupported, notAMessage}));
    EXPECT_EQ(idsOf(list("?class=MALFORMED")), (std::vector<std::int64_t>{notAMessage}));
    EXPECT_EQ(idsOf(list("?state=DEAD&class=" + text(dead, "errorClass"))),
              (std::vector<std::int64_t>{unsupported}));
    EXPECT_TRUE(idsOf(list("?state=PENDING")).empty());
    EXPECT_EQ(idsOf(list("?after=" + std::to_string(stand2))),
              (std::vector<std::int64_t>{unsupported, notAMessage}));

    // The enqueue window: from inclusive, to exclusive, against the enqueuedAt the API shows.
    std::map<std::int64_t, std::int64_t> enqueued;
    std::map<std::int64_t, std::string> enqueuedText;
    const JsonValue everythingJson = everything.json();
    for (const auto& m : everythingJson.find("messages")->items()) {
        enqueued[integer(m, "id")] = epochMicros(text(m, "enqueuedAt"));
        enqueuedText[integer(m, "id")] = text(m, "enqueuedAt");
    }
    const std::string boundary = enqueuedText[unsupported];
    std::vector<std::int64_t> fromExpected;
    std::vector<std::int64_t> toExpected;
    for (const auto id : all) {
        (enqueued[id] >= enqueued[unsupported] ? fromExpected : toExpected).push_back(id);
    }
    EXPECT_EQ(idsOf(list("?from=" + boundary)), fromExpected) << "from " << boundary;
    EXPECT_EQ(idsOf(list("?to=" + boundary)), toExpected) << "to " << boundary;
    EXPECT_EQ(idsOf(list("?from=2020-01-01T00:00:00Z&to=2099-01-01T00:00:00.5Z")), all);
    EXPECT_TRUE(idsOf(list("?to=2020-01-01T00:00:00Z")).empty());

    // Paging: a full page names its last id; the pages together are everything, once.
    std::vector<std::int64_t> paged;
    std::string after = "0";
    for (int page = 0; page < 10; ++page) {
        const Answer answer = list("?limit=2&after=" + after);
        ASSERT_EQ(answer.status, 200) << answer.describe();
        const auto ids = idsOf(answer);
        paged.insert(paged.end(), ids.begin(), ids.end());
        const std::string next = text(answer.json(), "next_after");
        if (ids.size() == 2) {
            EXPECT_EQ(next, std::to_string(ids.back())) << "a full page";
        } else {
            EXPECT_EQ(next, "null") << "a page that is not full";
        }
        if (next == "null") {
            break;
        }
        after = next;
    }
    EXPECT_EQ(paged, all);
    EXPECT_EQ(idsOf(list("?limit=1000")), all);

    // Bad values.
    for (const std::string query :
         {"?state=BOGUS", "?class=NOPE", "?from=yesterday", "?from=2026-12-01T18:09:47",
          "?to=2026-12-01%2018:09:47Z", "?from=2026-13-01T00:00:00Z", "?limit=0", "?limit=1001", "?limit=ten",
          "?after=-1", "?after=1.5", "?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z",
          "?state=DEAD&state=FAILED"}) {
        const Answer answer = list(query);
        EXPECT_EQ(answer.status, 400) << query << ": " << answer.describe();
        EXPECT_EQ(answer.errCode(), "BAD_REQUEST") << query;
    }
    const Answer unknown = ops("/ops/messages/{id}", "GET", "/ops/messages/999999");
    EXPECT_EQ(unknown.status, 404) << unknown.describe();
    EXPECT_EQ(unknown.errCode(), "NOT_FOUND");
    for (const std::string id : {"abc", "0", "-3"}) {
        const Answer bad = ops("/ops/messages/{id}", "GET", "/ops/messages/" + id);
        EXPECT_EQ(bad.status, 400) << id << ": " << bad.describe();
        EXPECT_EQ(bad.errCode(), "BAD_REQUEST") << id;
    }
}

TEST_F(HttpContract, OpsMessagesTakesStateAndClassNamesInAnyCase) {
    start({});
    for (const std::string query : {"?state=dead", "?state=Succeeded", "?class=malformed", "?class=Exhausted",
                                    "?state=failed&class=infra"}) {
        const Answer answer = ops("/ops/messages", "GET", "/ops/messages" + query);
        EXPECT_EQ(answer.status, 200)
            << "the contract: state/class names any case; " << query << ": " << answer.describe();
    }
}

// A JSON body cut short: the error answer must itself be JSON (UTF-8), naming the problem.
TEST_F(HttpContract, TheAnswerToACutJsonBodyIs400BadRequestInValidJson) {
    start({});
    for (const std::string route : {"/ops/replay/preview", "/ops/replay/apply", "/schd/sync"}) {
        const Answer answer = call(route, {"POST",
                                           route,
                                           R"({"ids": [1)",
                                           "application/json",
                                           route == "/schd/sync" ? kCompatToken : kOpsToken,
                                           {}});
        EXPECT_EQ(answer.status, 400) << route << ": " << answer.describe();
        EXPECT_TRUE(answer.isJson()) << route << ": the body is no JSON text: " << answer.describe();
        EXPECT_EQ(answer.errCode(), "BAD_REQUEST") << route;
    }
}

TEST_F(HttpContract, OpsReplayPluginsTargetsAndStatus) {
    start({});
    const std::int64_t flight = injectOk(scheduleFlights(722000, 88040001, 1));
    const std::int64_t done = injectOk(flopStand(722001, 88040001, 701));
    const std::int64_t unsupported = injectOk(sampleDay("08-unsupported.xml"));
    const std::int64_t notAMessage = injectOk("<?xml version=\"1.0\"?>\n<NOTAMSG/>\n");
    EXPECT_EQ(text(waitForMessage(flight), "state"), "SUCCEEDED");
    EXPECT_EQ(text(waitForMessage(done), "state"), "SUCCEEDED");
    const JsonValue deadBefore = waitForMessage(unsupported);
    ASSERT_EQ(text(deadBefore, "state"), "DEAD") << renderJson(deadBefore);
    ASSERT_EQ(text(waitForMessage(notAMessage), "errorClass"), "MALFORMED");

    // Preview: one eligible, the others refused with their reason; nothing changes.
    const std::string ids = "[" + std::to_string(unsupported) + ", " + std::to_string(notAMessage) + ", " +
                            std::to_string(done) + ", 999999]";
    const Answer preview =
        ops("/ops/replay/preview", "POST", "/ops/replay/preview", R"({"ids": )" + ids + "}");
    ASSERT_EQ(preview.status, 200) << preview.describe();
    const JsonValue plan = preview.json();
    EXPECT_EQ(integer(plan, "eligible"), 1);
    std::map<std::int64_t, JsonValue> candidates;
    for (const auto& c : plan.find("candidates")->items()) {
        candidates[integer(c, "id")] = c;
    }
    ASSERT_EQ(candidates.size(), 4U) << renderJson(plan);
    EXPECT_EQ(text(candidates[unsupported], "eligible"), "true");
    EXPECT_NE(text(candidates[unsupported], "change"), "null");
    EXPECT_EQ(text(candidates[notAMessage], "eligible"), "false");
    EXPECT_NE(text(candidates[notAMessage], "refusal"), "null");
    EXPECT_EQ(text(candidates[done], "eligible"), "false");
    EXPECT_EQ(text(candidates[999999], "state"), "null") << "an id the store does not know";
    const Answer byClass = ops("/ops/replay/preview", "POST", "/ops/replay/preview",
                               R"({"class": ")" + text(deadBefore, "errorClass") + R"(", "limit": 10})");
    ASSERT_EQ(byClass.status, 200) << byClass.describe();
    ASSERT_EQ(byClass.json().find("candidates")->items().size(), 1U) << byClass.body;
    EXPECT_EQ(integer(byClass.json().find("candidates")->items()[0], "id"), unsupported);
    const Answer unchanged = ops("/ops/messages/{id}", "GET", "/ops/messages/" + std::to_string(unsupported));
    EXPECT_EQ(text(unchanged.json(), "state"), "DEAD") << "a preview changes nothing";
    EXPECT_EQ(text(unchanged.json(), "updatedAt"), text(deadBefore, "updatedAt"));

    struct Case {
        std::string route;
        std::string body;
        std::optional<std::string> type;
        int status;
        std::string code;
    };
    const std::vector<Case> refused{
        {"/ops/replay/preview", R"({"class": "MALFORMED"})", "application/json", 400, "BAD_REQUEST"},
        {"/ops/replay/preview", "{}", "application/json", 400, "BAD_REQUEST"},
        {"/ops/replay/preview", R"({"ids": [1], "class": "INFRA"})", "application/json", 400, "BAD_REQUEST"},
        {"/ops/replay/preview", R"({"ids": []})", "application/json", 400, "BAD_REQUEST"},
        {"/ops/replay/preview", R"({"ids": ["1"]})", "application/json", 400, "BAD_REQUEST"},
        {"/ops/replay/preview", R"({"ids": [1]})", "text/plain", 415, "UNSUPPORTED_MEDIA_TYPE"},
        {"/ops/replay/apply", R"({"ids": )" + ids + "}", "application/json", 400, "REASON_REQUIRED"},
        {"/ops/replay/apply", R"({"ids": )" + ids + R"(, "reason": "  "})", "application/json", 400,
         "REASON_REQUIRED"},
        {"/ops/replay/apply", R"({"ids": )" + ids + R"(, "reason": 7})", "application/json", 400,
         "REASON_REQUIRED"},
        {"/ops/replay/apply", R"({"ids": [1], "reason": "x"})", std::nullopt, 415, "UNSUPPORTED_MEDIA_TYPE"},
    };
    for (const auto& c : refused) {
        const Answer answer = call(c.route, {"POST", c.route, c.body, c.type, kOpsToken, {}});
        EXPECT_EQ(answer.status, c.status) << c.route << ' ' << c.body << ": " << answer.describe();
        EXPECT_EQ(answer.errCode(), c.code) << c.route << ' ' << c.body;
    }

    // Apply: the UNSUPPORTED one replayed, the MALFORMED one refused with its reason, audited.
    const Answer apply =
        ops("/ops/replay/apply", "POST", "/ops/replay/apply",
            R"({"ids": [)" + std::to_string(unsupported) + ", " + std::to_string(notAMessage) +
                R"(], "reason": "T15 contract test: plugin deployed"})");
    ASSERT_EQ(apply.status, 200) << apply.describe();
    const JsonValue outcome = apply.json();
    EXPECT_EQ(json::renderCompactJson(*outcome.find("replayed")), "[" + std::to_string(unsupported) + "]");
    ASSERT_EQ(outcome.find("refused")->items().size(), 1U) << apply.body;
    EXPECT_EQ(integer(outcome.find("refused")->items()[0], "id"), notAMessage);
    EXPECT_FALSE(text(outcome.find("refused")->items()[0], "reason").empty());
    auto session = store();
    std::vector<std::string> actors;
    std::vector<std::string> actions;
    std::vector<std::string> details;
    session << "SELECT ACTOR, ACTION, DETAIL FROM OPS_AUDIT ORDER BY AUDIT_ID", into(actors), into(actions),
        into(details), now;
    ASSERT_EQ(actors.size(), 1U) << "one audit row: only the apply writes one";
    EXPECT_EQ(actors[0], "http:alice");
    EXPECT_EQ(actions[0], "replay");
    EXPECT_NE(details[0].find("T15 contract test: plugin deployed"), std::string::npos) << details[0];
    // The pipeline takes the replayed message again (and, still without a plugin, ends it DEAD again).
    EXPECT_TRUE(waitUntil(
        [&] {
            const Answer again =
                ops("/ops/messages/{id}", "GET", "/ops/messages/" + std::to_string(unsupported));
            return text(again.json(), "state") == "DEAD" &&
                   epochMicros(text(again.json(), "updatedAt")) > epochMicros(text(deadBefore, "updatedAt"));
        },
        60s))
        << "the replayed message was not processed again";
    const Answer malformedAfter =
        ops("/ops/messages/{id}", "GET", "/ops/messages/" + std::to_string(notAMessage));
    EXPECT_EQ(text(malformedAfter.json(), "errorClass"), "MALFORMED");

    // Plugins.
    const Answer plugins = ops("/ops/plugins", "GET", "/ops/plugins");
    ASSERT_EQ(plugins.status, 200) << plugins.describe();
    const JsonValue pluginList = plugins.json();
    const JsonValue* loaded = pluginList.find("plugins");
    ASSERT_NE(loaded, nullptr) << plugins.body;
    std::set<std::string> names;
    for (const auto& p : loaded->items()) {
        names.insert(text(p, "name"));
    }
    EXPECT_TRUE(names.contains("flop-stnd")) << plugins.body.substr(0, 500);
    EXPECT_FALSE(names.contains("flop-onbl"));
    const Answer reload = ops("/ops/plugins/reload", "POST", "/ops/plugins/reload");
    ASSERT_EQ(reload.status, 200) << reload.describe();
    EXPECT_NE(reload.json().find("summary"), nullptr) << reload.body.substr(0, 500);
    EXPECT_EQ(text(reload.json(), "problem"), "null");

    // Targets and their release.
    EXPECT_TRUE(waitUntil(
        [&] {
            const JsonValue targets = ops("/ops/targets", "GET", "/ops/targets").json();
            const JsonValue* list =
                targets.kind() == JsonValue::Kind::Object ? targets.find("targets") : nullptr;
            return list != nullptr && list->items().size() == 2 &&
                   integer(list->items()[0], "pending") == 0 && integer(list->items()[0], "sent") >= 1;
        },
        30s))
        << "the msg event of the stand change is delivered";
    const Answer targets = ops("/ops/targets", "GET", "/ops/targets");
    ASSERT_EQ(targets.status, 200) << targets.describe();
    const JsonValue targetList = targets.json();
    ASSERT_NE(targetList.find("targets"), nullptr) << targets.body;
    const auto& list = targetList.find("targets")->items();
    ASSERT_EQ(list.size(), 2U) << targets.body;
    EXPECT_EQ(text(list[0], "target"), "msg");
    EXPECT_EQ(text(list[1], "target"), "schd");
    for (const auto& t : list) {
        EXPECT_EQ(text(t, "held"), "false");
        EXPECT_EQ(text(t, "heldBy"), "null");
        EXPECT_EQ(integer(t, "dead"), 0);
    }
    const Answer retry = ops("/ops/targets/{target}/retry", "POST", "/ops/targets/msg/retry");
    ASSERT_EQ(retry.status, 200) << retry.describe();
    EXPECT_EQ(json::renderCompactJson(retry.json()), R"({"target":"msg","action":"retry","released":0})");
    const Answer skip = ops("/ops/targets/{target}/skip", "POST", "/ops/targets/schd/skip", "{}");
    ASSERT_EQ(skip.status, 200) << skip.describe();
    EXPECT_EQ(json::renderCompactJson(skip.json()), R"({"target":"schd","action":"skip","released":0})");
    for (const std::string action : {"retry", "skip"}) {
        const Answer unknownTarget =
            ops("/ops/targets/{target}/" + action, "POST", "/ops/targets/kafka/" + action);
        EXPECT_EQ(unknownTarget.status, 404) << unknownTarget.describe();
        EXPECT_EQ(unknownTarget.errCode(), "NOT_FOUND");
    }
    const Answer textBody = call("/ops/targets/{target}/retry",
                                 {"POST", "/ops/targets/msg/retry", "please", "text/plain", kOpsToken, {}});
    EXPECT_EQ(textBody.status, 415) << textBody.describe();
    const Answer notEmpty =
        call("/ops/targets/{target}/retry",
             {"POST", "/ops/targets/msg/retry", "[1]", "application/json", kOpsToken, {}});
    EXPECT_EQ(notEmpty.status, 400) << notEmpty.describe();

    // Status: the counts the messages above left.
    const Answer status = ops("/ops/status", "GET", "/ops/status");
    ASSERT_EQ(status.status, 200) << status.describe();
    const JsonValue value = status.json();
    EXPECT_EQ(text(*value.find("pipeline"), "writer"), "true");
    EXPECT_EQ(integer(value, "unfinished"), 0);
    std::map<std::string, std::int64_t> counts;
    for (const auto& c : value.find("counts")->items()) {
        counts[text(c, "state") + "/" + text(c, "errorClass")] += integer(c, "count");
    }
    EXPECT_EQ(counts["SUCCEEDED/null"], 2) << status.body;
    EXPECT_EQ(counts["DEAD/MALFORMED"], 1) << status.body;
    EXPECT_EQ(counts["DEAD/" + text(deadBefore, "errorClass")], 1) << status.body;
}

} // namespace
} // namespace msgx::test::http
