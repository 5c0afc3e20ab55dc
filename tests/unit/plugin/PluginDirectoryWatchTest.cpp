// plugins.watch: what counts as a change of the plugins directory and when it is reported.
#include "msgx/plugin/PluginDirectoryWatch.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace msgx::plugin {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& file, const std::string& content) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << content;
}

TEST(PluginDirectoryWatch, AnUnchangedDirectoryIsNeverReported) {
    msgx::test::TempDir dir;
    write(dir.path() / "flop-stnd.so", "one");
    PluginDirectoryWatch watch(dir.path());
    EXPECT_FALSE(watch.changedSinceLoad());
    EXPECT_FALSE(watch.changedSinceLoad());
}

TEST(PluginDirectoryWatch, ANewPluginIsReportedOnceTwoChecksAgreeAndThenOnlyOnce) {
    msgx::test::TempDir dir;
    PluginDirectoryWatch watch(dir.path());
    write(dir.path() / "flop-gtdt.so", "partial");
    EXPECT_FALSE(watch.changedSinceLoad()) << "first sight of a new listing: the copy may still be running";
    write(dir.path() / "flop-gtdt.so", "partial and the rest");
    EXPECT_FALSE(watch.changedSinceLoad()) << "the size changed between checks: still being written";
    EXPECT_TRUE(watch.changedSinceLoad());
    EXPECT_FALSE(watch.changedSinceLoad());
}

TEST(PluginDirectoryWatch, AReplacedOrRemovedPluginIsAChangeAndOtherFilesAreNot) {
    msgx::test::TempDir dir;
    write(dir.path() / "flop-stnd.so", "v1");
    PluginDirectoryWatch watch(dir.path());
    write(dir.path() / "README.txt", "not a plugin");
    EXPECT_FALSE(watch.changedSinceLoad());
    EXPECT_FALSE(watch.changedSinceLoad());

    // Replaced the safe way (new inode under the same name).
    write(dir.path() / "flop-stnd.so.tmp", "v2 longer");
    fs::rename(dir.path() / "flop-stnd.so.tmp", dir.path() / "flop-stnd.so");
    EXPECT_FALSE(watch.changedSinceLoad());
    EXPECT_TRUE(watch.changedSinceLoad());

    fs::remove(dir.path() / "flop-stnd.so");
    EXPECT_FALSE(watch.changedSinceLoad());
    EXPECT_TRUE(watch.changedSinceLoad());
}

TEST(PluginDirectoryWatch, AMissingDirectoryIsNoChangeUntilItAppears) {
    msgx::test::TempDir dir;
    const fs::path plugins = dir.path() / "later";
    PluginDirectoryWatch watch(plugins);
    EXPECT_FALSE(watch.changedSinceLoad());
    fs::create_directories(plugins);
    EXPECT_FALSE(watch.changedSinceLoad()) << "an empty directory lists what a missing one did";
    write(plugins / "flop-stnd.so", "x");
    EXPECT_FALSE(watch.changedSinceLoad());
    EXPECT_TRUE(watch.changedSinceLoad());
}

} // namespace
} // namespace msgx::plugin
