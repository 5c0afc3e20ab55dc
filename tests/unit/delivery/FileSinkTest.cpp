// The JSON-lines sink: the line format, appending in order, creating parent directories, and
// that a failed write acks nothing and leaves no partial line.
#include "msgx/delivery/FileSink.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using msgx::delivery::DeliveryRecord;
using msgx::delivery::FileSink;
using msgx::delivery::SendResult;
using Status = SendResult::Status;

namespace {

DeliveryRecord record(std::int64_t id, std::optional<std::int64_t> key, std::optional<std::string> value,
                      std::optional<std::int64_t> source = 42, std::string type = "flight-update") {
    DeliveryRecord r;
    r.eventId = id;
    r.target = "msg";
    r.eventType = std::move(type);
    r.key = key;
    r.value = std::move(value);
    r.sourceId = source;
    return r;
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

} // namespace

TEST(FileSinkLine, HasTheDocumentedFieldsInTheDocumentedOrder) {
    EXPECT_EQ(FileSink::line(record(7, 1001, R"({"schemaVersion":1,"eventId":7})")),
              R"({"eventId":7,"target":"msg","type":"flight-update","key":1001,"sourceId":42,)"
              R"("headers":{"msgx-event-id":"7","msgx-source-id":"42","msgx-event-type":"flight-update"},)"
              R"("value":{"schemaVersion":1,"eventId":7}})");
}

TEST(FileSinkLine, WritesNullForATombstoneAndForUnknownKeyAndSource) {
    EXPECT_EQ(FileSink::line(record(8, std::nullopt, std::nullopt, std::nullopt, "flight-delete")),
              R"({"eventId":8,"target":"msg","type":"flight-delete","key":null,"sourceId":null,)"
              R"("headers":{"msgx-event-id":"8","msgx-event-type":"flight-delete"},"value":null})");
}

TEST(FileSinkLine, EscapesTextAndKeepsTheLineOnOneLine) {
    const std::string line = FileSink::line(record(9, 1, "{\"a\":\n1}", 1, "odd\"type\\\x01"));
    EXPECT_NE(line.find(R"("type":"odd\"type\\\u0001")"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
}

TEST(FileSink, AppendsOneLinePerRecordInOrderAndAcksEach) {
    const msgx::test::TempDir dir;
    const auto path = dir.path() / "events" / "deeper" / "msg.jsonl"; // parents do not exist yet
    FileSink sink(path);

    const std::vector<DeliveryRecord> first{record(1, 10, "{}"), record(2, 11, std::nullopt)};
    const std::vector<DeliveryRecord> second{record(3, 10, R"({"x":1})")};
    EXPECT_EQ(sink.send(first), (std::vector<SendResult>{{}, {}}));
    EXPECT_EQ(sink.send(second), (std::vector<SendResult>{{}}));

    EXPECT_EQ(readFile(path), FileSink::line(first[0]) + "\n" + FileSink::line(first[1]) + "\n" +
                                  FileSink::line(second[0]) + "\n");
    EXPECT_TRUE(sink.health().healthy);
    EXPECT_EQ(sink.describe(), "file " + path.string());
}

TEST(FileSink, AWriteErrorAcksNothingAndNamesTheCause) {
    FileSink sink("/dev/full"); // every write fails with ENOSPC
    const std::vector<SendResult> results = sink.send({record(1, 1, "{}"), record(2, 2, "{}")});
    ASSERT_EQ(results.size(), 2U);
    for (const SendResult& result : results) {
        EXPECT_EQ(result.status, Status::Unavailable);
        EXPECT_NE(result.error.find("cannot write /dev/full: No space left on device"), std::string::npos)
            << result.error;
    }
    EXPECT_FALSE(sink.health().healthy);
    EXPECT_NE(sink.health().problem.find("No space left on device"), std::string::npos);
}

TEST(FileSink, AParentThatIsAFileMakesTheBatchUnavailableAndTheFileUntouched) {
    const msgx::test::TempDir dir;
    std::ofstream(dir.path() / "plain") << "not a directory";
    FileSink sink(dir.path() / "plain" / "msg.jsonl");
    const std::vector<SendResult> results = sink.send({record(1, 1, "{}")});
    ASSERT_EQ(results.size(), 1U);
    EXPECT_EQ(results[0].status, Status::Unavailable);
    EXPECT_NE(results[0].error.find("cannot create directory"), std::string::npos) << results[0].error;
    EXPECT_EQ(readFile(dir.path() / "plain"), "not a directory");
}

TEST(FileSink, RecoversOnceTheFileCanBeWrittenAgain) {
    const msgx::test::TempDir dir;
    const auto blocker = dir.path() / "out";
    std::ofstream(blocker) << "x";
    FileSink sink(blocker / "msg.jsonl");
    EXPECT_EQ(sink.send({record(1, 1, "{}")})[0].status, Status::Unavailable);
    std::filesystem::remove(blocker);
    EXPECT_EQ(sink.send({record(1, 1, "{}")})[0].status, Status::Acked);
    EXPECT_TRUE(sink.health().healthy);
    EXPECT_EQ(readFile(blocker / "msg.jsonl"), FileSink::line(record(1, 1, "{}")) + "\n");
}

// Issue 18 (5): a crash between write() and the truncation of a failed batch leaves a line without
// its '\n'; the next append must not glue a record onto it.
TEST(FileSink, ALineCutShortByACrashIsRemovedBeforeTheNextAppend) {
    const msgx::test::TempDir dir;
    const auto path = dir.path() / "msg.jsonl";
    const std::string complete = FileSink::line(record(1, 1, "{}")) + "\n";
    const std::string cut = FileSink::line(record(2, 2, R"({"x":1})")).substr(0, 25);
    std::ofstream(path, std::ios::binary) << complete << cut;
    FileSink sink(path);
    EXPECT_EQ(sink.send({record(2, 2, R"({"x":1})")})[0].status, Status::Acked);
    EXPECT_EQ(readFile(path), complete + FileSink::line(record(2, 2, R"({"x":1})")) + "\n");

    // Only a cut line: nothing complete is left before the new one.
    std::ofstream(path, std::ios::binary | std::ios::trunc) << cut;
    EXPECT_EQ(sink.send({record(3, 3, "{}")})[0].status, Status::Acked);
    EXPECT_EQ(readFile(path), FileSink::line(record(3, 3, "{}")) + "\n");
}

TEST(FileSink, AnEmptyBatchWritesNothing) {
    const msgx::test::TempDir dir;
    FileSink sink(dir.path() / "msg.jsonl");
    EXPECT_TRUE(sink.send({}).empty());
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "msg.jsonl"));
}
