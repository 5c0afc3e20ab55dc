#include "msgx/config/EnvSubstitution.h"

#include "ConfigTestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>

using msgx::config::processEnv;
using msgx::config::substituteEnv;
using msgx::config::test::fakeEnv;

TEST(EnvSubstitution, ReplacesSetVariablesAnywhereInTheText) {
    const auto env = fakeEnv({{"HOST", "db1"}, {"PORT", "5433"}});
    const auto result = substituteEnv("host=${HOST} port=${PORT} dbname=msgx", env);
    EXPECT_TRUE(result.ok());
    EXPECT_EQ(result.value, "host=db1 port=5433 dbname=msgx");
}

TEST(EnvSubstitution, UsesTheDefaultWhenTheVariableIsUnsetOrEmpty) {
    EXPECT_EQ(substituteEnv("${VAR_DIR:-/var/lib/msgx}/msgx.db", fakeEnv()).value, "/var/lib/msgx/msgx.db");
    EXPECT_EQ(substituteEnv("${VAR_DIR:-/var/lib/msgx}/msgx.db", fakeEnv({{"VAR_DIR", ""}})).value,
              "/var/lib/msgx/msgx.db");
    EXPECT_EQ(substituteEnv("${VAR_DIR:-/var/lib/msgx}/msgx.db", fakeEnv({{"VAR_DIR", "/tmp/v"}})).value,
              "/tmp/v/msgx.db");
    EXPECT_EQ(substituteEnv("a${EMPTY_DEFAULT:-}b", fakeEnv()).value, "ab");
}

TEST(EnvSubstitution, ASetButEmptyVariableWithoutDefaultIsEmpty) {
    const auto result = substituteEnv("[${X}]", fakeEnv({{"X", ""}}));
    EXPECT_TRUE(result.ok());
    EXPECT_EQ(result.value, "[]");
}

TEST(EnvSubstitution, ReportsEveryUnsetVariableWithoutDefault) {
    const auto result = substituteEnv("${A}-${B:-b}-${C}", fakeEnv());
    EXPECT_FALSE(result.ok());
    EXPECT_EQ(result.unsetNames, (std::vector<std::string>{"A", "C"}));
    EXPECT_EQ(result.syntaxProblem, "");
}

TEST(EnvSubstitution, KeepsDollarsThatStartNoReferenceAndUnescapesDoubleDollarBrace) {
    const auto env = fakeEnv({{"X", "x"}});
    EXPECT_EQ(substituteEnv("pa$$word$", env).value, "pa$$word$");
    EXPECT_EQ(substituteEnv("$${X} is ${X}", env).value, "${X} is x");
}

TEST(EnvSubstitution, DoesNotSubstituteInsideValues) {
    const auto result = substituteEnv("${OUTER}", fakeEnv({{"OUTER", "${INNER}"}}));
    EXPECT_TRUE(result.ok());
    EXPECT_EQ(result.value, "${INNER}");
}

TEST(EnvSubstitution, RefusesMalformedReferences) {
    EXPECT_EQ(substituteEnv("host=${HOST", fakeEnv()).syntaxProblem,
              "unterminated ${ (a reference is ${NAME} or ${NAME:-default})");
    EXPECT_EQ(substituteEnv("${1X}", fakeEnv()).syntaxProblem,
              "malformed reference ${1X} (a reference is ${NAME} or ${NAME:-default}, NAME of letters, "
              "digits and _)");
    EXPECT_FALSE(substituteEnv("${X:default}", fakeEnv()).syntaxProblem.empty());
    EXPECT_FALSE(substituteEnv("${}", fakeEnv()).syntaxProblem.empty());
    EXPECT_FALSE(substituteEnv("${A B}", fakeEnv()).syntaxProblem.empty());
}

TEST(EnvSubstitution, ProcessEnvReadsTheProcessEnvironment) {
    const char* name = "MSGX_CONFIG_TEST_PROCESS_ENV";
    ::unsetenv(name);
    EXPECT_EQ(processEnv(name), std::nullopt);
    ::setenv(name, "from-process", 1);
    EXPECT_EQ(processEnv(name), "from-process");
    ::unsetenv(name);
}
