// The plugin host against purpose-built plugins: the handshake refusals, key conflicts, newer
// versions replacing older ones, hot add and removal, and handler exceptions.
#include "msgx/plugin/PluginHost.h"

#include "TestPlugins.h"
#include "msgx/model/InMemoryViews.h"
#include "msgx/pipeline/routing/MessageRouting.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <unistd.h>

namespace msgx::plugin {
namespace {

namespace fs = std::filesystem;
using test::PluginsDir;

// The note the echo plugin writes: "echo <version> <key>".
std::string echoNote(const PluginHost& host, const std::string& key) {
    const auto lease = host.acquire(key);
    if (!lease) {
        return "<no handler>";
    }
    const model::InMemoryFlightView flights({});
    const model::InMemoryReferenceView references({});
    const auto zone = codec::TimeZone::utc();
    const sdk::HandlerContext context{std::chrono::sys_seconds{}, zone, references};
    const auto dash = key.find('-');
    const auto decision = pipeline::invokeHandler(
        *lease, context, flights, test::messageFor(key.substr(0, dash), key.substr(dash + 1)));
    return decision.notes.empty() ? "<no note>" : decision.notes.front();
}

// The reason the host gives for refusing `file` (by file name), "" when it was not refused.
std::string refusalOf(const ReloadReport& report, const std::string& fileName) {
    for (const auto& refusal : report.refused) {
        if (refusal.file.filename() == fileName) {
            return refusal.reason;
        }
    }
    return "";
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(PluginHost, LoadsAPluginAndRoutesItsKeysToIt) {
    PluginsDir dir;
    dir.add("echo-1.0.0");
    PluginHost host(dir.path());
    const auto report = host.reload();
    ASSERT_EQ(report.loaded.size(), 1u) << report.summaryLine();
    EXPECT_EQ(report.loaded[0].name, "test-echo");
    EXPECT_EQ(report.loaded[0].version, "1.0.0");
    EXPECT_EQ(report.loaded[0].keys, (std::vector<std::string>{"TEST-ECHO", "TEST-ECHO2"}));
    EXPECT_EQ(echoNote(host, "TEST-ECHO"), "echo 1.0.0 TEST-ECHO");
    EXPECT_EQ(echoNote(host, "TEST-ECHO2"), "echo 1.0.0 TEST-ECHO2");
    EXPECT_FALSE(host.acquire("TEST-OTHER").has_value());
}

TEST(PluginHost, RefusesAWrongAbiVersion) {
    PluginsDir dir;
    dir.add("wrong-abi");
    PluginHost host(dir.path());
    const auto report = host.reload();
    EXPECT_TRUE(report.loaded.empty());
    EXPECT_TRUE(contains(refusalOf(report, "wrong-abi.so"), "ABI version 999, this host speaks 1"))
        << refusalOf(report, "wrong-abi.so");
    EXPECT_FALSE(host.acquire("TEST-BROKEN").has_value());
}

TEST(PluginHost, RefusesAnotherCompilerOrStandardLibrary) {
    PluginsDir dir;
    dir.add("wrong-tag");
    PluginHost host(dir.path());
    const auto reason = refusalOf(host.reload(), "wrong-tag.so");
    EXPECT_TRUE(contains(reason, "built with 'c++ 4.8.5; libstdc++ 4/20150623', this host with")) << reason;
}

TEST(PluginHost, RefusesASharedObjectWithoutTheEntrySymbol) {
    PluginsDir dir;
    dir.add("no-entry-symbol");
    PluginHost host(dir.path());
    const auto reason = refusalOf(host.reload(), "no-entry-symbol.so");
    EXPECT_TRUE(contains(reason, "has no entry symbol msgx_plugin_descriptor_v1")) << reason;
}

TEST(PluginHost, RefusesAFileThatIsNotASharedObject) {
    PluginsDir dir;
    std::ofstream(dir.path() / "garbage.so") << "not an ELF file";
    fs::permissions(dir.path() / "garbage.so", fs::perms::group_write | fs::perms::others_write,
                    fs::perm_options::remove); // whatever the umask: refused as no ELF file
    PluginHost host(dir.path());
    const auto reason = refusalOf(host.reload(), "garbage.so");
    EXPECT_TRUE(contains(reason, "cannot be loaded:")) << reason;
}

TEST(PluginHost, RefusesAPluginWhoseFactoryThrows) {
    PluginsDir dir;
    dir.add("throwing-factory");
    PluginHost host(dir.path());
    const auto reason = refusalOf(host.reload(), "throwing-factory.so");
    EXPECT_TRUE(
        contains(reason, "test-throwing 1.0.0 failed to create its handler: reference map file missing"))
        << reason;
    EXPECT_FALSE(host.acquire("TEST-THROW").has_value());
}

TEST(PluginHost, RefusesAVersionThatIsNotSemverAndAKeyThatIsNotTypeDashStyp) {
    PluginsDir dir;
    dir.add("wrong-version");
    dir.add("wrong-key");
    PluginHost host(dir.path());
    const auto report = host.reload();
    EXPECT_TRUE(
        contains(refusalOf(report, "wrong-version.so"), "has version '1.0', expected MAJOR.MINOR.PATCH"));
    EXPECT_TRUE(contains(refusalOf(report, "wrong-key.so"), "declares key 'flop_stnd', expected TYPE-STYP"));
}

TEST(PluginHost, RefusesAPluginDeclaringAKeyAnotherPluginServes) {
    PluginsDir dir;
    dir.add("echo-1.0.0");
    dir.add("other-same-key");
    PluginHost host(dir.path());
    const auto report = host.reload();
    ASSERT_EQ(report.loaded.size(), 1u);
    EXPECT_EQ(report.loaded[0].name, "test-echo");
    EXPECT_TRUE(contains(
        refusalOf(report, "other-same-key.so"),
        "plugin test-other 1.0.0 refused: key TEST-ECHO is already served by plugin test-echo 1.0.0"))
        << refusalOf(report, "other-same-key.so");
    // Refused whole: its other key is not served either.
    EXPECT_FALSE(host.acquire("TEST-OTHER").has_value());
}

TEST(PluginHost, AServedPluginKeepsItsKeyWhenANewcomerClaimsIt) {
    PluginsDir dir;
    dir.add("echo-1.0.0", "z-echo.so"); // sorts after the newcomer, so order alone would not decide
    PluginHost host(dir.path());
    host.reload();
    dir.add("other-same-key", "a-other.so");
    const auto report = host.reload();
    EXPECT_EQ(report.unchanged.size(), 1u);
    EXPECT_TRUE(contains(refusalOf(report, "a-other.so"), "already served by plugin test-echo"));
    EXPECT_EQ(echoNote(host, "TEST-ECHO"), "echo 1.0.0 TEST-ECHO");
}

TEST(PluginHost, TheNewestOfSeveralVersionsWinsAtTheFirstScan) {
    PluginsDir dir;
    dir.add("echo-1.1.0");
    dir.add("echo-1.10.0");
    dir.add("echo-1.0.0");
    PluginHost host(dir.path());
    const auto report = host.reload();
    ASSERT_EQ(report.loaded.size(), 1u);
    EXPECT_EQ(report.loaded[0].version, "1.10.0"); // numeric, not text, comparison
    EXPECT_TRUE(contains(refusalOf(report, "echo-1.0.0.so"),
                         "plugin test-echo 1.0.0 is not the newest: test-echo 1.10.0"));
    EXPECT_EQ(echoNote(host, "TEST-ECHO"), "echo 1.10.0 TEST-ECHO");
}

TEST(PluginHost, ANewerVersionAddedLaterReplacesTheOlderOne) {
    PluginsDir dir;
    dir.add("echo-1.0.0");
    PluginHost host(dir.path());
    host.reload();
    dir.add("echo-1.1.0");
    const auto report = host.reload();
    ASSERT_EQ(report.replaced.size(), 1u) << report.summaryLine();
    EXPECT_EQ(report.replaced[0].before.version, "1.0.0");
    EXPECT_EQ(report.replaced[0].after.version, "1.1.0");
    EXPECT_EQ(echoNote(host, "TEST-ECHO"), "echo 1.1.0 TEST-ECHO");
}

TEST(PluginHost, AFileReplacedInPlaceIsLoadedAgain) {
    PluginsDir dir;
    dir.add("echo-1.0.0", "echo.so");
    PluginHost host(dir.path());
    host.reload();
    dir.replace("echo.so", "echo-1.1.0");
    const auto report = host.reload();
    ASSERT_EQ(report.replaced.size(), 1u) << report.summaryLine();
    EXPECT_EQ(echoNote(host, "TEST-ECHO"), "echo 1.1.0 TEST-ECHO");
}

TEST(PluginHost, AnUnchangedDirectoryChangesNothing) {
    PluginsDir dir;
    dir.add("echo-1.0.0");
    PluginHost host(dir.path());
    host.reload();
    const auto before = host.snapshot()->pluginFor("TEST-ECHO");
    const auto report = host.reload();
    EXPECT_EQ(report.unchanged.size(), 1u);
    EXPECT_EQ(host.snapshot()->pluginFor("TEST-ECHO"), before); // the same loaded plugin, not reloaded
}

TEST(PluginHost, AKeyWithoutHandlerIsServedAfterTheReloadThatAddsOne) {
    // A message FAILED(UNSUPPORTED) succeeds on its retry once a plugin for its key is present.
    PluginsDir dir;
    PluginHost host(dir.path());
    host.reload();
    const model::InMemoryFlightView flights({});
    const model::InMemoryReferenceView references({});
    const auto zone = codec::TimeZone::utc();
    const sdk::HandlerContext context{std::chrono::sys_seconds{}, zone, references};
    const pipeline::IgnoreRules noRules({});
    const std::string xml = "<MSG><META><SNDR>AODB</SNDR><SEQN>7</SEQN><DTTM>20240101000000</DTTM>"
                            "<TYPE>TEST</TYPE><STYP>ECHO</STYP></META></MSG>";
    const auto first = pipeline::routeMessage(xml, noRules, host, context, flights);
    EXPECT_EQ(first.decision.outcome, sdk::Decision::Outcome::Fail);
    EXPECT_EQ(first.decision.errorClass, ErrorClass::Unsupported);
    EXPECT_EQ(first.decision.reason, "no handler serves TEST-ECHO");

    dir.add("echo-1.0.0");
    host.reload();
    const auto retry = pipeline::routeMessage(xml, noRules, host, context, flights);
    EXPECT_EQ(retry.decision.outcome, sdk::Decision::Outcome::Apply);
    ASSERT_TRUE(retry.handler.has_value());
    EXPECT_EQ(retry.handler->name, "test-echo");
}

TEST(PluginHost, ARemovedFileUnloadsItsPlugin) {
    PluginsDir dir;
    dir.add("echo-1.0.0");
    PluginHost host(dir.path());
    host.reload();
    dir.remove("echo-1.0.0.so");
    const auto report = host.reload();
    ASSERT_EQ(report.removed.size(), 1u);
    EXPECT_FALSE(host.acquire("TEST-ECHO").has_value());
}

TEST(PluginHost, AMissingDirectoryKeepsWhatIsLoaded) {
    PluginsDir dir;
    dir.add("echo-1.0.0");
    PluginHost host(dir.path());
    host.reload();
    PluginHost missing(dir.path() / "nope");
    const auto report = missing.reload();
    ASSERT_TRUE(report.problem.has_value());
    EXPECT_TRUE(contains(*report.problem, "cannot be read")) << *report.problem;
    EXPECT_EQ(echoNote(host, "TEST-ECHO"), "echo 1.0.0 TEST-ECHO");
}

// Whoever may write into the plugins folder runs code as msgxd (docs/security.md): a folder or a
// file that group or others may write is refused with the reason, like a token file others may read.
TEST(PluginHost, RefusesAFolderOrAFileThatGroupOrOthersMayWrite) {
    PluginsDir dir;
    const auto file = dir.add("echo-1.0.0");
    fs::permissions(dir.path(), fs::perms::group_write | fs::perms::others_write, fs::perm_options::add);
    PluginHost host(dir.path());
    const auto open = host.reload();
    ASSERT_TRUE(open.problem.has_value()) << open.summaryLine();
    EXPECT_TRUE(contains(*open.problem, "is writable by group or others")) << *open.problem;
    EXPECT_TRUE(contains(*open.problem, "chmod go-w")) << *open.problem;
    EXPECT_FALSE(host.acquire("TEST-ECHO").has_value());

    fs::permissions(dir.path(), fs::perms::group_write | fs::perms::others_write, fs::perm_options::remove);
    fs::permissions(file, fs::perms::group_write, fs::perm_options::add);
    dir.add("throwing-decide");
    const auto report = host.reload();
    EXPECT_FALSE(report.problem.has_value());
    EXPECT_TRUE(contains(refusalOf(report, "echo-1.0.0.so"), "is writable by group or others"))
        << refusalOf(report, "echo-1.0.0.so");
    EXPECT_FALSE(host.acquire("TEST-ECHO").has_value());
    EXPECT_EQ(report.loaded.size(), 1u) << "the other file is loaded: " << report.summaryLine();
}

// A file another user owns could be changed by that user: refused like a writable one. Changing a
// file's owner needs root, so the suite shows it when it runs as root (as CI does).
TEST(PluginHost, RefusesAFileAnotherUserOwns) {
    if (::geteuid() != 0) {
        GTEST_SKIP() << "chown needs root";
    }
    PluginsDir dir;
    const auto file = dir.add("echo-1.0.0");
    ASSERT_EQ(::chown(file.c_str(), 65534, 65534), 0);
    PluginHost host(dir.path());
    const auto reason = refusalOf(host.reload(), "echo-1.0.0.so");
    EXPECT_TRUE(contains(reason, "is owned by uid 65534, not by root or msgxd's user (uid 0)")) << reason;
    EXPECT_FALSE(host.acquire("TEST-ECHO").has_value());
}

// A link to a file elsewhere is checked where it leads: the target and the folder holding it.
TEST(PluginHost, RefusesALinkToAFileInAFolderOthersMayWrite) {
    PluginsDir dir;
    msgx::test::TempDir elsewhere;
    fs::copy_file(fs::path(MSGX_TEST_PLUGINS_DIR) / "echo-1.0.0.so", elsewhere.path() / "echo.so");
    fs::permissions(elsewhere.path(), fs::perms::others_write, fs::perm_options::add);
    fs::create_symlink(elsewhere.path() / "echo.so", dir.path() / "echo.so");
    PluginHost host(dir.path());
    const auto report = host.reload();
    EXPECT_TRUE(contains(refusalOf(report, "echo.so"), "is writable by group or others"))
        << refusalOf(report, "echo.so") << " / " << report.summaryLine();
    EXPECT_FALSE(host.acquire("TEST-ECHO").has_value());
}

// The folder a replaced file is opened through is made fresh by mkdtemp: a name another local user
// could take first (/tmp/msgx-plugin-aliases-<pid>) neither blocks the reload nor is used.
TEST(PluginHost, TheAliasFolderIsNotAPredictableName) {
    PluginsDir dir;
    dir.add("echo-1.0.0", "echo.so");
    PluginHost host(dir.path());
    host.reload();
    const fs::path squatted =
        fs::temp_directory_path() / ("msgx-plugin-aliases-" + std::to_string(::getpid()));
    std::ofstream(squatted) << "taken by another user\n";
    dir.replace("echo.so", "echo-1.1.0");
    const auto report = host.reload();
    std::error_code ignored;
    fs::remove(squatted, ignored);
    ASSERT_EQ(report.replaced.size(), 1u) << report.summaryLine() << " " << refusalOf(report, "echo.so");
    EXPECT_EQ(echoNote(host, "TEST-ECHO"), "echo 1.1.0 TEST-ECHO");
}

TEST(PluginHost, ALeaseKeepsItsPluginLoadedAcrossAReplacement) {
    PluginsDir dir;
    dir.add("echo-1.0.0", "echo.so");
    PluginHost host(dir.path());
    host.reload();
    const auto lease = host.acquire("TEST-ECHO");
    ASSERT_TRUE(lease.has_value());
    dir.replace("echo.so", "echo-1.1.0");
    host.reload();
    // The message in flight still runs the old code; the next one gets the new plugin.
    EXPECT_EQ(lease->plugin().summary().version, "1.0.0");
    const model::InMemoryFlightView flights({});
    const model::InMemoryReferenceView references({});
    const auto zone = codec::TimeZone::utc();
    const sdk::HandlerContext context{std::chrono::sys_seconds{}, zone, references};
    EXPECT_EQ(
        pipeline::invokeHandler(*lease, context, flights, test::messageFor("TEST", "ECHO")).notes.front(),
        "echo 1.0.0 TEST-ECHO");
    EXPECT_EQ(echoNote(host, "TEST-ECHO"), "echo 1.1.0 TEST-ECHO");
}

TEST(PluginHost, AnExceptionFromDecideIsFailedInfra) {
    PluginsDir dir;
    dir.add("throwing-decide");
    PluginHost host(dir.path());
    host.reload();
    const auto lease = host.acquire("TEST-BUG");
    ASSERT_TRUE(lease.has_value());
    const model::InMemoryFlightView flights({});
    const model::InMemoryReferenceView references({});
    const auto zone = codec::TimeZone::utc();
    const sdk::HandlerContext context{std::chrono::sys_seconds{}, zone, references};
    const auto decision = pipeline::invokeHandler(*lease, context, flights, test::messageFor("TEST", "BUG"));
    EXPECT_EQ(decision.outcome, sdk::Decision::Outcome::Fail);
    EXPECT_EQ(decision.errorClass, ErrorClass::Infra);
    EXPECT_TRUE(contains(decision.reason, "handler test-throwing-decide 1.0.0")) << decision.reason;
    EXPECT_TRUE(contains(decision.reason, "threw: bug in the rule")) << decision.reason;
}

} // namespace
} // namespace msgx::plugin
