// Token files (docs/http.md "Tokens"): the operator of each token, comments and blanks, every
// refusal with its line and without the token, and the file mode check.
#include "msgx/http/TokenFile.h"

#include "TempDir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

using msgx::http::TokenFile;
using msgx::http::TokenFileError;

namespace {

const std::string kAlice = "alice-token-0123456789";
const std::string kBob = "bob-token-abcdefghijkl";

std::string refusal(const std::string& text) {
    try {
        (void)TokenFile::parse(text, "ops.tokens");
    } catch (const TokenFileError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST(TokenFile, EachTokenNamesItsOperatorAndNothingElseMatches) {
    const auto file = TokenFile::parse("# operators of the night shift\n"
                                       "\n"
                                       "alice " +
                                           kAlice +
                                           "\n"
                                           "  bob\t" +
                                           kBob + "  \r\n",
                                       "ops.tokens");
    EXPECT_EQ(file.size(), 2u);
    EXPECT_EQ(file.operatorFor(kAlice), "alice");
    EXPECT_EQ(file.operatorFor(kBob), "bob");
    EXPECT_EQ(file.operatorFor(""), std::nullopt);
    EXPECT_EQ(file.operatorFor(kAlice.substr(0, kAlice.size() - 1)), std::nullopt);
    EXPECT_EQ(file.operatorFor(kAlice + "x"), std::nullopt);
    EXPECT_EQ(file.operatorFor("alice"), std::nullopt);
}

TEST(TokenFile, RefusalsNameTheLineAndNeverTheToken) {
    EXPECT_EQ(refusal("alice short\n"),
              "ops.tokens line 1: the token of alice must be 16..512 printable characters without blanks");
    EXPECT_EQ(refusal("\nali ce " + kAlice + "\n"),
              "ops.tokens line 2: the token of ali must be 16..512 printable characters without blanks");
    EXPECT_EQ(refusal("al!ce " + kAlice + "\n"),
              "ops.tokens line 1: the operator name must be 1..64 letters, digits or ._@-");
    EXPECT_EQ(refusal("alice " + kAlice + "\nalice " + kBob + "\n"),
              "ops.tokens line 2: operator alice is named twice");
    const std::string shared = refusal("alice " + kAlice + "\nbob " + kAlice + "\n");
    EXPECT_EQ(shared, "ops.tokens line 2: the token of bob is also another operator's token");
    EXPECT_EQ(shared.find(kAlice), std::string::npos);
}

TEST(TokenFile, AFileOthersCanReadIsRefused) {
    const msgx::test::TempDir dir;
    const auto path = dir.path() / "ops.tokens";
    std::ofstream(path) << "alice " << kAlice << "\n";
    std::filesystem::permissions(path, std::filesystem::perms::owner_read |
                                           std::filesystem::perms::owner_write |
                                           std::filesystem::perms::group_read);
    try {
        (void)TokenFile::load(path);
        FAIL() << "a group-readable token file was loaded";
    } catch (const TokenFileError& e) {
        EXPECT_NE(std::string(e.what()).find("readable or writable by group or others"), std::string::npos)
            << e.what();
    }
    std::filesystem::permissions(path,
                                 std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    EXPECT_EQ(TokenFile::load(path).operatorFor(kAlice), "alice");
    EXPECT_THROW((void)TokenFile::load(dir.path() / "absent"), TokenFileError);
}
