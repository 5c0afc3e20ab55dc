// The real msgxd binary, started as `make run` starts it: configuration check, start on the
// embedded profile, reload signal, clean stop on SIGTERM.
#include "TempDir.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <Poco/StreamCopier.h>

#include <gtest/gtest.h>

#include <fstream>
#include <istream>
#include <signal.h>
#include <string>
#include <vector>

namespace {

const std::string kMsgxd = MSGX_MSGXD_BIN;
const std::string kSource = MSGX_SOURCE_DIR;

struct Finished {
    int exitCode;
    std::string out;
    std::string err;
};

// Runs msgxd through env(1), so the variables a site must set can be removed for the child.
Finished runMsgxd(const std::vector<std::string>& msgxdArgs, const std::vector<std::string>& unset = {}) {
    std::vector<std::string> args;
    for (const auto& name : unset) {
        args.insert(args.end(), {"-u", name});
    }
    args.push_back(kMsgxd);
    args.insert(args.end(), msgxdArgs.begin(), msgxdArgs.end());
    Poco::Pipe out;
    Poco::Pipe err;
    auto handle = Poco::Process::launch("/usr/bin/env", args, nullptr, &out, &err);
    Poco::PipeInputStream outStream(out);
    Poco::PipeInputStream errStream(err);
    Finished result{0, {}, {}};
    Poco::StreamCopier::copyToString(outStream, result.out);
    Poco::StreamCopier::copyToString(errStream, result.err);
    result.exitCode = handle.wait();
    return result;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Reads the child's stderr line by line until a line contains `marker`; returns everything read.
std::string readUntil(std::istream& in, const std::string& marker) {
    std::string seen;
    std::string line;
    while (std::getline(in, line)) {
        seen += line + '\n';
        if (contains(line, marker)) {
            return seen;
        }
    }
    ADD_FAILURE() << "msgxd closed stderr before logging '" << marker << "'; it wrote:\n" << seen;
    return seen;
}

} // namespace

TEST(MsgxdCheck, EmbeddedProfileIsValid) {
    const auto r = runMsgxd({"--config", kSource + "/etc/msgx.embedded.yaml", "--check"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "is valid: profile embedded, store sqlite, mailbox sqlite")) << r.out;
}

TEST(MsgxdCheck, ProductionTemplateNamesTheValuesASiteMustSet) {
    const auto r = runMsgxd({"--config", kSource + "/etc/msgx.yaml", "--check"},
                            {"MSGX_STORE_CONNECT", "MSGX_MAILBOX_CONNECT", "MSGX_KAFKA_BOOTSTRAP"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(contains(r.err, "store.connect:")) << r.err;
    EXPECT_TRUE(contains(r.err, "MSGX_STORE_CONNECT")) << r.err;
    EXPECT_TRUE(contains(r.err, "mailbox.connect:")) << r.err;
    EXPECT_TRUE(contains(r.err, "kafka.bootstrap:")) << r.err;
    EXPECT_TRUE(contains(r.err, "is invalid (3 errors)")) << r.err;
}

TEST(MsgxdCheck, ProductionTemplateIsValidOnceTheSiteValuesAreSet) {
    std::vector<std::string> args{"MSGX_STORE_CONNECT=host=db port=5432 dbname=msgx user=msgx",
                                  "MSGX_MAILBOX_CONNECT=host=mb;port=3306;db=aodbinterface;user=m;password=p",
                                  "MSGX_KAFKA_BOOTSTRAP=k1:9092,k2:9092",
                                  kMsgxd,
                                  "--config",
                                  kSource + "/etc/msgx.yaml",
                                  "--check"};
    Poco::Pipe out;
    auto handle = Poco::Process::launch("/usr/bin/env", args, nullptr, &out, nullptr);
    Poco::PipeInputStream outStream(out);
    std::string text;
    Poco::StreamCopier::copyToString(outStream, text);
    EXPECT_EQ(handle.wait(), 0) << text;
    EXPECT_TRUE(contains(text, "is valid: profile production, store postgresql, mailbox mysql")) << text;
}

TEST(MsgxdCheck, MissingFileIsAnErrorNamingThePath) {
    const auto r = runMsgxd({"--config", "/nonexistent/msgx.yaml", "--check"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(contains(r.err, "/nonexistent/msgx.yaml")) << r.err;
}

TEST(MsgxdCheck, UnknownKeyIsRejectedWithItsLine) {
    msgx::test::TempDir dir;
    const auto file = dir.path() / "bad.yaml";
    {
        std::ofstream f(file);
        f << "profile: embedded\n"
             "store: {backend: sqlite, connect: /tmp/x.db}\n"
             "mailbox: {backend: sqlite, connect: /tmp/m.db, create-tables: true}\n"
             "delivery:\n"
             "  targets:\n"
             "    msg: {type: file, path: /tmp/msg.jsonl}\n"
             "    schd: {type: file, path: /tmp/schd.jsonl}\n"
             "pipeline:\n"
             "  max-attempt: 3\n";
    }
    const auto r = runMsgxd({"--config", file.string(), "--check"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_TRUE(contains(r.err, "pipeline.max-attempt: unknown key")) << r.err;
    EXPECT_TRUE(contains(r.err, "line 9)")) << r.err;
}

TEST(MsgxdCheck, BadOptionIsAUsageError) {
    const auto r = runMsgxd({"--no-such-option"});
    EXPECT_EQ(r.exitCode, 2);
}

TEST(MsgxdRun, StartsOnEmbeddedProfileAndStopsCleanlyOnSigterm) {
    msgx::test::TempDir dir;
    std::vector<std::string> args{"MSGX_VAR_DIR=" + dir.path().string(),
                                  "MSGX_RUN_DIR=" + dir.path().string(),
                                  "MSGX_PLUGINS_DIR=" + dir.path().string(),
                                  kMsgxd,
                                  "--config",
                                  kSource + "/etc/msgx.embedded.yaml"};
    Poco::Pipe err;
    auto handle = Poco::Process::launch("/usr/bin/env", args, nullptr, nullptr, &err);
    Poco::PipeInputStream errStream(err);

    const auto startLog = readUntil(errStream, "started: profile embedded");
    ASSERT_TRUE(contains(startLog, "msgxd 0.")) << startLog;

    ASSERT_EQ(::kill(handle.id(), SIGHUP), 0);
    readUntil(errStream, "SIGHUP received");

    ASSERT_EQ(::kill(handle.id(), SIGTERM), 0);
    const auto stopLog = readUntil(errStream, "msgxd stopped");
    EXPECT_TRUE(contains(stopLog, "Terminated received: stopping")) << stopLog;
    EXPECT_EQ(handle.wait(), 0);
}
