#include "EnvFile.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>

using msgx::test::readEnvFile;
using msgx::test::TempDir;

namespace {

std::filesystem::path writeFile(const TempDir& dir, const std::string& content) {
    auto path = dir.path() / "env.sh";
    std::ofstream(path) << content;
    return path;
}

} // namespace

TEST(EnvFile, ReadsExportedSingleQuotedValues) {
    TempDir dir;
    const auto path =
        writeFile(dir, "# written by msgx-services\n"
                       "export MSGX_TEST_PG='host=127.0.0.1 port=20001 options=-cTimeZone=UTC'\n"
                       "\n"
                       "export MSGX_TEST_ODBC_PG='Driver={X};Pwd=a'\\''b;'\n"
                       "export EMPTY=''\n");
    const auto variables = readEnvFile(path);
    ASSERT_EQ(variables.size(), 3u);
    EXPECT_EQ(variables.at("MSGX_TEST_PG"), "host=127.0.0.1 port=20001 options=-cTimeZone=UTC");
    EXPECT_EQ(variables.at("MSGX_TEST_ODBC_PG"), "Driver={X};Pwd=a'b;");
    EXPECT_EQ(variables.at("EMPTY"), "");
}

TEST(EnvFile, RejectsLinesThatAreNotExports) {
    TempDir dir;
    EXPECT_THROW(readEnvFile(writeFile(dir, "MSGX_TEST_PG=x\n")), std::runtime_error);
    EXPECT_THROW(readEnvFile(writeFile(dir, "export MSGX_TEST_PG='unterminated\n")), std::runtime_error);
    EXPECT_THROW(readEnvFile(dir.path() / "missing.sh"), std::runtime_error);
}
