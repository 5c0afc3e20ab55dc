// The real msgxd with its plugin host and control socket: `msgxctl plugins list|reload` against the
// running daemon, hot add of a handler, a refused plugin after SIGHUP, and the socket removed on stop.
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

namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

msgx::test::SubprocessResult msgxctl(const std::vector<std::string>& args) {
    std::vector<std::string> argv{MSGX_MSGXCTL_BIN};
    argv.insert(argv.end(), args.begin(), args.end());
    return msgx::test::runSubprocess(argv, std::chrono::seconds(60));
}

TEST(MsgxdPlugins, ListReloadAndSighupThroughTheRunningDaemon) {
    msgx::test::TempDir dir;
    const fs::path plugins = dir.path() / "plugins";
    fs::create_directories(plugins);
    const std::string socket = (dir.path() / "msgxd.sock").string();
    std::vector<std::string> args{"MSGX_VAR_DIR=" + dir.path().string(),
                                  "MSGX_RUN_DIR=" + dir.path().string(),
                                  "MSGX_PLUGINS_DIR=" + plugins.string(),
                                  MSGX_MSGXD_BIN,
                                  "--config",
                                  msgx::test::embeddedConfigOnFreePort(dir.path()).string()};
    Poco::Pipe err;
    auto daemon = Poco::Process::launch("/usr/bin/env", args, nullptr, nullptr, &err);
    Poco::PipeInputStream errStream(err);
    msgx::test::readUntil(errStream, "control socket " + socket + " ready");

    // Nothing loaded yet.
    auto list = msgxctl({"plugins", "list", "--socket", socket});
    ASSERT_EQ(list.exitCode, 0) << list.err;
    EXPECT_TRUE(contains(list.out, "\"plugins\": []")) << list.out;

    // Hot add: drop a handler in, reload through the socket.
    fs::copy_file(fs::path(MSGX_HANDLERS_DIR) / "flop-stnd.so", plugins / "flop-stnd.so");
    const auto reload = msgxctl({"plugins", "reload", "--socket", socket});
    ASSERT_EQ(reload.exitCode, 0) << reload.err << reload.out;
    EXPECT_TRUE(
        contains(reload.out, "\"summary\": \"1 loaded, 0 replaced, 0 unchanged, 0 removed, 0 refused\""))
        << reload.out;
    msgx::test::readUntil(errStream, "plugin flop-stnd 1.0.0 loaded from");
    list = msgxctl({"plugins", "list", "--socket", socket});
    EXPECT_TRUE(contains(list.out, "\"keys\": [\"FLOP-STND\"]")) << list.out;

    // SIGHUP rescans too; a broken plugin is refused with its reason, the good one stays.
    fs::copy_file(fs::path(MSGX_TEST_PLUGINS_DIR) / "wrong-abi.so", plugins / "wrong-abi.so");
    ASSERT_EQ(::kill(daemon.id(), SIGHUP), 0);
    const auto refusal = msgx::test::readUntil(errStream, "refused: ABI version 999");
    EXPECT_TRUE(contains(refusal, "wrong-abi.so")) << refusal;
    list = msgxctl({"plugins", "list", "--socket", socket});
    EXPECT_TRUE(contains(list.out, "\"name\": \"flop-stnd\"")) << list.out;
    EXPECT_TRUE(contains(list.out, "ABI version 999, this host speaks 1")) << list.out;

    ASSERT_EQ(::kill(daemon.id(), SIGTERM), 0);
    msgx::test::readUntil(errStream, "msgxd stopped");
    EXPECT_EQ(daemon.wait(), 0);
    EXPECT_FALSE(fs::exists(socket));

    // Without a daemon: a clear failure, exit 1.
    const auto noDaemon = msgxctl({"plugins", "list", "--socket", socket});
    EXPECT_EQ(noDaemon.exitCode, 1);
    EXPECT_TRUE(contains(noDaemon.err, "no daemon listens on")) << noDaemon.err;
}

TEST(MsgxctlPlugins, ListWithDirShowsWhatTheHostWouldLoadWithoutADaemon) {
    const auto list = msgxctl({"plugins", "list", "--dir", MSGX_HANDLERS_DIR});
    ASSERT_EQ(list.exitCode, 0) << list.err;
    for (const char* name : {"flop-stnd", "flop-psdt", "schd-adft", "ref-abdg", "ref-slst"}) {
        EXPECT_TRUE(contains(list.out, std::string("\"name\": \"") + name + "\"")) << name << "\n"
                                                                                   << list.out;
    }
}

TEST(MsgxctlDecode, UsageErrorsExitTwoAndMalformedInputStillGivesADecision) {
    msgx::test::TempDir dir;
    const auto missing =
        msgxctl({"decode", "--plugins", MSGX_HANDLERS_DIR, (dir.path() / "nope.xml").string()});
    EXPECT_EQ(missing.exitCode, 2);
    const fs::path bad = dir.path() / "bad.xml";
    std::ofstream(bad) << "<MSG><META><TYPE>FLOP</TYPE></META></MSG>";
    const auto malformed = msgxctl({"decode", "--plugins", MSGX_HANDLERS_DIR, bad.string()});
    EXPECT_EQ(malformed.exitCode, 0) << malformed.err;
    EXPECT_TRUE(contains(malformed.out, "\"error_class\": \"MALFORMED\"")) << malformed.out;
    const fs::path ignored = dir.path() / "regn.xml";
    std::ofstream(ignored) << "<MSG><META><SNDR>AODB</SNDR><SEQN>1</SEQN><DTTM>20240101000000</DTTM>"
                              "<TYPE>REGN</TYPE><STYP>UPD</STYP></META></MSG>";
    const auto skipped = msgxctl({"decode", "--plugins", MSGX_HANDLERS_DIR, ignored.string()});
    EXPECT_EQ(skipped.exitCode, 0) << skipped.err;
    EXPECT_TRUE(contains(skipped.out, "\"reason\": \"ignored:REGN-*\"")) << skipped.out;
}

} // namespace
