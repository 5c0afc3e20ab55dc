// The real msgxd binary, started as `make run` starts it: configuration check, start on the
// embedded profile, reload signal, clean stop on SIGTERM.
#include "EmbeddedConfig.h"
#include "ReadUntil.h"
#include "Subprocess.h"
#include "TempDir.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <istream>
#include <signal.h>
#include <string>
#include <vector>

namespace {

const std::string kMsgxd = MSGX_MSGXD_BIN;
const std::string kSource = MSGX_SOURCE_DIR;

// Runs msgxd through env(1), so the variables a site must set can be removed for the child.
msgx::test::SubprocessResult runMsgxd(const std::vector<std::string>& msgxdArgs,
                                      const std::vector<std::string>& unset = {}) {
    std::vector<std::string> argv{"env"};
    for (const auto& name : unset) {
        argv.insert(argv.end(), {"-u", name});
    }
    argv.push_back(kMsgxd);
    argv.insert(argv.end(), msgxdArgs.begin(), msgxdArgs.end());
    return msgx::test::runSubprocess(argv, std::chrono::seconds(60));
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
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
    const auto r = msgx::test::runSubprocess(
        {"env", "MSGX_STORE_CONNECT=host=db port=5432 dbname=msgx user=msgx",
         "MSGX_MAILBOX_CONNECT=host=mb;port=3306;db=aodbinterface;user=m;password=p",
         "MSGX_KAFKA_BOOTSTRAP=k1:9092,k2:9092", kMsgxd, "--config", kSource + "/etc/msgx.yaml", "--check"},
        std::chrono::seconds(60));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "is valid: profile production, store postgresql, mailbox mysql")) << r.out;
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

// Issue 17 (7): a wrong mailbox table name is a refused start that names it, not a warning
// repeated every second.
TEST(MsgxdStart, AMailboxTableThatDoesNotExistRefusesTheStartNamingIt) {
    msgx::test::TempDir dir;
    const auto file = dir.path() / "wrong-table.yaml";
    {
        std::ofstream f(file);
        f << "profile: embedded\n"
             "store: {backend: sqlite, connect: "
          << (dir.path() / "store.db").string()
          << "}\n"
             "mailbox: {backend: sqlite, connect: "
          << (dir.path() / "mailbox.db").string()
          << ", inbox-table: cminmsgs, create-tables: false}\n"
             "delivery:\n"
             "  targets:\n"
             "    msg: {type: file, path: "
          << (dir.path() / "msg.jsonl").string()
          << "}\n    schd: {type: file, path: " << (dir.path() / "schd.jsonl").string() << "}\n"
          << "control: {socket: " << (dir.path() / "control.sock").string() << "}\n"
          << "log: {file: " << (dir.path() / "msgxd.log").string() << "}\n"
          << "http: {enabled: false}\n";
    }
    const auto r = runMsgxd({"--config", file.string()});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_TRUE(contains(r.err,
                         "msgxd: cannot start: mailbox: the table cminmsgs (mailbox.inbox-table) does not "
                         "exist"))
        << r.err;
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
                                  msgx::test::embeddedConfigOnFreePort(dir.path()).string()};
    Poco::Pipe err;
    auto handle = Poco::Process::launch("/usr/bin/env", args, nullptr, nullptr, &err);
    Poco::PipeInputStream errStream(err);

    const auto startLog = msgx::test::readUntil(errStream, "started: profile embedded");
    ASSERT_TRUE(contains(startLog, "msgxd 0.")) << startLog;
    // The embedded profile creates its SQLite mailbox tables and migrates the own store on start.
    const auto readyLog = msgx::test::readUntil(errStream, "control socket");
    EXPECT_TRUE(contains(readyLog, "mailbox tables CMINMSGS and COUTMSGS are present")) << readyLog;
    EXPECT_TRUE(contains(readyLog, "own store at schema version")) << readyLog;
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "msgx.db"));
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "mailbox.db"));

    ASSERT_EQ(::kill(handle.id(), SIGHUP), 0);
    msgx::test::readUntil(errStream, "SIGHUP received");

    ASSERT_EQ(::kill(handle.id(), SIGTERM), 0);
    const auto stopLog = msgx::test::readUntil(errStream, "msgxd stopped");
    EXPECT_TRUE(contains(stopLog, "Terminated received: stopping")) << stopLog;
    EXPECT_EQ(handle.wait(), 0);
}
