// `msgxctl migrate` as an operator runs it: the real binary, a configuration file, an embedded
// SQLite store. Applies everything once, nothing the second time, and refuses an edited migration.
#include "EmbeddedConfig.h"
#include "Subprocess.h"
#include "TempDir.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#ifndef MSGX_MSGXCTL_BIN
#error "MSGX_MSGXCTL_BIN must be defined (tests/integration/storage/CMakeLists.txt)"
#endif

namespace msgx::test {
namespace {

using namespace std::chrono_literals;
using testing::HasSubstr;

std::filesystem::path writeConfig(const TempDir& dir) {
    return sqliteConfigIn(dir.path());
}

SubprocessResult migrate(const std::filesystem::path& config, const std::filesystem::path& migrations) {
    return runSubprocess(
        {MSGX_MSGXCTL_BIN, "migrate", "--config", config.string(), "--migrations", migrations.string()}, 60s);
}

TEST(MsgxctlMigrate, AppliesOnceThenNothingAndRefusesAnEditedMigration) {
    TempDir dir;
    const auto config = writeConfig(dir);
    const auto migrations = dir.path() / "migrations";
    std::filesystem::copy(std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations", migrations,
                          std::filesystem::copy_options::recursive);

    const auto first = migrate(config, migrations);
    EXPECT_EQ(first.exitCode, 0) << first.err;
    EXPECT_THAT(first.out,
                HasSubstr("migrated from version 0 to 13: V1__schema_version V2__processing_state"));

    const auto second = migrate(config, migrations);
    EXPECT_EQ(second.exitCode, 0) << second.err;
    EXPECT_THAT(second.out, HasSubstr("is at version 13; nothing to apply"));

    std::ofstream(migrations / "sqlite" / "V2__processing_state.sql", std::ios::app) << "-- edited\n";
    const auto edited = migrate(config, migrations);
    EXPECT_EQ(edited.exitCode, 1);
    EXPECT_THAT(edited.err, HasSubstr("V2__processing_state"));
    EXPECT_THAT(edited.err, HasSubstr("must never be edited"));
}

TEST(MsgxctlMigrate, AnInvalidConfigurationOrMissingFolderIsAUsageError) {
    TempDir dir;
    std::ofstream(dir.path() / "bad.yaml") << "profile: embedded\nstore: {backend: nosuch}\n";
    EXPECT_EQ(migrate(dir.path() / "bad.yaml", dir.path()).exitCode, 2);
    EXPECT_EQ(migrate(writeConfig(dir), dir.path() / "absent").exitCode, 2);
}

} // namespace
} // namespace msgx::test
