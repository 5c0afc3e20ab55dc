// White-box tests of the reader later configuration sections are built with (an internal header of
// msgx_core, hence the relative include).
#include "../../../core/config/src/ConfigReader.h"

#include "ConfigTestSupport.h"

#include <gtest/gtest.h>

using namespace std::chrono_literals;
using namespace msgx::config;
using namespace msgx::config::detail;
using msgx::config::test::fakeEnv;

namespace {

std::vector<std::string> texts(ConfigReader& reader) {
    std::vector<std::string> out;
    for (const ConfigError& e : reader.takeErrors()) {
        out.push_back(e.text());
    }
    return out;
}

ConfigReader readerFor(const std::string& yaml, std::map<std::string, std::string> env = {}) {
    return ConfigReader(YAML::Load(yaml), "r.yaml", fakeEnv(std::move(env)));
}

constexpr Range<std::uint64_t> kBodyLimit{1024, 10ULL << 20};

} // namespace

TEST(ConfigReader, ReadsSizesWithUnitAndRange) {
    ConfigReader reader = readerFor("http:\n"
                                    "  max-body: 10MB\n"
                                    "  small: 512KB\n"
                                    "  bare: 100\n"
                                    "  huge: 1GB\n");
    EXPECT_EQ(reader.size("http.max-body", 1, kBodyLimit), 10ULL << 20);
    EXPECT_EQ(reader.size("http.small", 1, kBodyLimit), 512ULL << 10);
    EXPECT_EQ(reader.size("http.bare", 7, kBodyLimit), 7U);
    EXPECT_EQ(reader.size("http.huge", 7, kBodyLimit), 7U);
    EXPECT_EQ(reader.size("http.absent", 42, kBodyLimit), 42U);
    EXPECT_EQ(texts(reader), (std::vector<std::string>{
                                 "http.bare: must be a size such as 512KB, 10MB or 1GB, got 100 (the unit is "
                                 "missing) (r.yaml line 4)",
                                 "http.huge: must be 1KB..10MB, got 1GB (r.yaml line 5)",
                             }));
}

TEST(ConfigReader, FailedTellsAnInvalidKeyFromAnAbsentOne) {
    ConfigReader reader = readerFor("a:\n  n: x\n");
    EXPECT_EQ(reader.integer("a.n", 3, {1, 5}), 3);
    EXPECT_EQ(reader.integer("a.m", 4, {1, 5}), 4);
    EXPECT_TRUE(reader.contains("a.n"));
    EXPECT_FALSE(reader.contains("a.m"));
    EXPECT_TRUE(reader.failed("a.n"));
    EXPECT_FALSE(reader.failed("a.m"));
}

TEST(ConfigReader, OnlyKeysNoReadDeclaredAreUnknown) {
    ConfigReader reader = readerFor("a:\n  read: 1\n  accepted: 2\n  other: 3\nb: {c: 1}\n");
    reader.integer("a.read", 0, {0, 9});
    reader.accept("a.accepted");
    reader.reportUnknownKeys();
    EXPECT_EQ(texts(reader), (std::vector<std::string>{
                                 "a.other: unknown key (r.yaml line 4)",
                                 "b: unknown key (r.yaml line 5)",
                             }));
}

TEST(ConfigReader, MissingAndFailPointAtTheNearestPresentSection) {
    ConfigReader reader = readerFor("x: 1\nsection:\n  inner:\n    other: 1\n");
    reader.missing("section.inner.needed", "for a reason");
    reader.missing("absent.needed");
    reader.fail("x", "must be liked, got 1");
    EXPECT_EQ(texts(reader),
              (std::vector<std::string>{
                  "x: must be liked, got 1 (r.yaml line 1)",
                  "section.inner.needed: required key is missing (for a reason) (r.yaml line 3)",
                  "absent.needed: required key is missing (r.yaml)",
              }));
}

TEST(ConfigReader, SameErrorIsRecordedOnce) {
    ConfigReader reader = readerFor("s: 5\n");
    reader.integer("s.a", 0, {0, 1});
    reader.integer("s.b", 0, {0, 1});
    reader.missing("s.c");
    EXPECT_EQ(texts(reader), (std::vector<std::string>{"s: must be a map of keys, got 5 (r.yaml line 1)"}));
}

TEST(ConfigReader, TextMapSubstitutesEveryValue) {
    ConfigReader reader = readerFor("m:\n  a.b: '${A}'\n  c: plain\n", {{"A", "from-env"}});
    EXPECT_EQ(reader.textMap("m"), (std::map<std::string, std::string>{{"a.b", "from-env"}, {"c", "plain"}}));
    EXPECT_TRUE(texts(reader).empty());
}

TEST(ConfigReader, LongValuesAreShortenedInErrors) {
    EXPECT_EQ(describeText(std::string(100, 'x')), std::string(80, 'x') + "...");
    EXPECT_EQ(describeText(""), "an empty value");
}
