#include "ConfigTestSupport.h"
#include "TempDir.h"

#include <gtest/gtest.h>

#include <fstream>

using namespace msgx::config;
using msgx::config::test::errorTexts;
using msgx::config::test::fakeEnv;
using msgx::config::test::minimalEmbedded;

using Texts = std::vector<std::string>;

// minimalEmbedded(extra): `extra` starts on line 15 of test.yaml.

TEST(ConfigErrors, OutOfRangeIntegerNamesKeyRangeValueFileAndLine) {
    const std::string yaml =
        "profile: embedded\n"
        "store:\n"
        "  backend: sqlite\n"
        "  connect: /tmp/s.db\n"
        "mailbox:\n"
        "  backend: sqlite\n"
        "  connect: /tmp/m.db\n"
        "delivery:\n"
        "  targets: {msg: {type: file, path: /tmp/m}, schd: {type: file, path: /tmp/s}}\n"
        "pipeline:\n"
        "  batch-size: 100\n"
        "  max-attempts: 0\n";
    EXPECT_EQ(errorTexts(yaml, {}, "etc/x.yaml"),
              Texts{"pipeline.max-attempts: must be 1..100, got 0 (etc/x.yaml line 12)"});
}

// Issue 17 (3): de-duplication must outlive the archive move by a day.
TEST(ConfigErrors, AnIdentityWindowShorterThanTheArchiveRetentionPlusADayIsRefused) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  identity-window: 2d\narchive:\n  retention: 2d\n")),
              Texts{"pipeline.identity-window: must be at least archive.retention + 1d (3d), got 2d "
                    "(test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  identity-window: 3d\narchive:\n  retention: 2d\n")),
              Texts{});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  identity-conflict: merge\n")).size(), 1u);
}

// Issue 44 (4): the purge of history never takes a row the identity de-duplication still reads.
TEST(ConfigErrors, AHistoryRetentionShorterThanTheIdentityWindowPlusTheArchiveRetentionIsRefused) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  identity-window: 10d\narchive:\n  retention: 2d\n"
                                         "history:\n  retention: 11d\n")),
              Texts{"history.retention: must be at least pipeline.identity-window + archive.retention (12d), "
                    "got 11d (test.yaml line 20)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  identity-window: 10d\narchive:\n  retention: 2d\n"
                                         "history:\n  retention: 12d\n")),
              Texts{});
    // The default (400d) is far above the defaults' 3d + 1d; one wrong key is reported once.
    EXPECT_EQ(errorTexts(minimalEmbedded("history:\n  retention: 0d\n")),
              Texts{"history.retention: must be 1d..3650d, got 0d (test.yaml line 16)"});
}

TEST(ConfigErrors, OutOfRangeValuesOfEveryNumericKind) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  batch-size: 10001\n")),
              Texts{"pipeline.batch-size: must be 1..10000, got 10001 (test.yaml line 16)"});
    EXPECT_EQ(
        errorTexts(minimalEmbedded("pipeline:\n  batch-size: 99999999999999999999999\n")),
        Texts{"pipeline.batch-size: must be 1..10000, got 99999999999999999999999 (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  poll-interval: 10ms\n")),
              Texts{"pipeline.poll-interval: must be 50ms..1h, got 10ms (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("archive:\n  retention: 12h\n")),
              Texts{"archive.retention: must be 1d..7d, got 12h (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("archive:\n  retention: 8d\n")),
              Texts{"archive.retention: must be 1d..7d, got 8d (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("lease:\n  period: 11m\n")),
              Texts{"lease.period: must be 1s..10m, got 11m (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("log:\n  queue: 63\n")),
              Texts{"log.queue: must be 64..1048576, got 63 (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  backoff:\n    - 1s\n    - 2h\n")),
              Texts{"pipeline.backoff[1]: must be 10ms..1h, got 2h (test.yaml line 18)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  backoff: []\n")),
              Texts{"pipeline.backoff: must have 1..100 entries, got 0 (test.yaml line 16)"});
}

TEST(ConfigErrors, UnknownKeySuggestsTheClosestKnownKey) {
    EXPECT_EQ(
        errorTexts(minimalEmbedded("pipeline:\n  max-attempt: 5\n")),
        Texts{"pipeline.max-attempt: unknown key (did you mean pipeline.max-attempts?) (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipline:\n  max-attempts: 5\n")),
              Texts{"pipline: unknown key (did you mean pipeline?) (test.yaml line 15)"});
}

TEST(ConfigErrors, UnknownKeyFarFromEveryKnownKeyHasNoSuggestion) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  colour: blue\n")),
              Texts{"pipeline.colour: unknown key (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("telemetry: {}\n")),
              Texts{"telemetry: unknown key (test.yaml line 15)"});
}

TEST(ConfigErrors, UnknownKeysInsideMapsAndTargets) {
    const std::string yaml = "profile: embedded\n"
                             "store: {backend: sqlite, connect: /tmp/s.db}\n"
                             "mailbox:\n"
                             "  backend: sqlite\n"
                             "  connect: /tmp/m.db\n"
                             "  status-map: {succeeded: OK, dead: DEAD, failed: FAILED}\n"
                             "delivery:\n"
                             "  targets:\n"
                             "    msg: {type: file, path: /tmp/m, fsync: true}\n"
                             "    schd: {type: file, path: /tmp/s}\n"
                             "    shadow-msg: {type: file, path: /tmp/x}\n";
    EXPECT_EQ(errorTexts(yaml), (Texts{
                                    "mailbox.status-map.failed: unknown key (test.yaml line 6)",
                                    "delivery.targets.msg.fsync: unknown key (test.yaml line 9)",
                                    "delivery.targets.shadow-msg: unknown key (test.yaml line 11)",
                                }));
}

TEST(ConfigErrors, WrongTypes) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  batch-size: {a: 1}\n")),
              Texts{"pipeline.batch-size: must be an integer, got a map (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  batch-size: abc\n")),
              Texts{"pipeline.batch-size: must be an integer, got abc (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  batch-size: 1.5\n")),
              Texts{"pipeline.batch-size: must be an integer, got 1.5 (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("plugins:\n  watch: yes\n")),
              Texts{"plugins.watch: must be true or false, got yes (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("plugins:\n  watch: True\n")),
              Texts{"plugins.watch: must be true or false, got True (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  poll-interval: [1s]\n")),
              Texts{"pipeline.poll-interval: must be a duration such as 250ms, 5s, 10m, 2h or 1d, got a list "
                    "(test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  backoff: 5s\n")),
              Texts{"pipeline.backoff: must be a list of durations, got 5s (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("kafka:\n  properties: [acks]\n")),
              Texts{"kafka.properties: must be a map of name: value, got a list (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("kafka:\n  properties: {linger.ms: [5]}\n")),
              Texts{"kafka.properties.linger.ms: must be a value, got a list (test.yaml line 16)"});
}

TEST(ConfigErrors, EmptyValueIsNotADefault) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  batch-size:\n")),
              Texts{"pipeline.batch-size: must be an integer, got an empty value (test.yaml line 16)"});
    EXPECT_EQ(
        errorTexts(minimalEmbedded("pipeline:\n  ignore:\n")),
        Texts{"pipeline.ignore: must be a list of a TYPE-STYP pattern such as LDM-* (letters, digits, _, * "
              "and ?), got an empty value (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("plugins:\n  dir: ''\n")),
              Texts{"plugins.dir: must be a non-empty text, got an empty value (test.yaml line 16)"});
}

TEST(ConfigErrors, SectionWithoutKeysIsEmptyButASectionThatIsNoMapIsOneError) {
    EXPECT_EQ(errorTexts(minimalEmbedded("kafka:\nlog:\n")), Texts{});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline: 5\n")),
              Texts{"pipeline: must be a map of keys, got 5 (test.yaml line 15)"});
    EXPECT_EQ(
        errorTexts("profile: embedded\nstore: [sqlite]\nmailbox: {backend: sqlite, connect: /m}\n"
                   "delivery: {targets: {msg: {type: file, path: /a}, schd: {type: file, path: /b}}}\n"),
        Texts{"store: must be a map of keys, got a list (test.yaml line 2)"});
}

TEST(ConfigErrors, DurationWithoutUnitSaysTheUnitIsMissing) {
    EXPECT_EQ(
        errorTexts(minimalEmbedded("pipeline:\n  poll-interval: 5\n")),
        Texts{
            "pipeline.poll-interval: must be a duration such as 250ms, 5s, 10m, 2h or 1d, got 5 (the unit is "
            "missing) (test.yaml line 16)"});
    EXPECT_EQ(
        errorTexts(minimalEmbedded("backfill:\n  backoff: 30 s\n")),
        Texts{
            "backfill.backoff: must be a duration such as 250ms, 5s, 10m, 2h or 1d, got 30 s (test.yaml line "
            "16)"});
    EXPECT_EQ(
        errorTexts(minimalEmbedded("backfill:\n  backoff: 30sec\n")),
        Texts{
            "backfill.backoff: must be a duration such as 250ms, 5s, 10m, 2h or 1d, got 30sec (unknown unit "
            "sec) (test.yaml line 16)"});
}

TEST(ConfigErrors, MissingRequiredKeysOfAnEmptyFileHaveNoLine) {
    EXPECT_EQ(errorTexts(""), (Texts{
                                  "profile: required key is missing (test.yaml)",
                                  "store.connect: required key is missing (test.yaml)",
                                  "mailbox.connect: required key is missing (test.yaml)",
                                  "delivery.targets.msg: required key is missing (test.yaml)",
                                  "delivery.targets.schd: required key is missing (test.yaml)",
                              }));
    EXPECT_EQ(errorTexts("# nothing but a comment\n").size(), 5U);
}

TEST(ConfigErrors, MissingKeyPointsAtItsSection) {
    const std::string yaml = "profile: production\n"
                             "store:\n"
                             "  backend: postgresql\n"
                             "mailbox:\n"
                             "  connect: host=m\n"
                             "delivery:\n"
                             "  targets:\n"
                             "    msg: {type: kafka}\n"
                             "    schd:\n"
                             "      topic: s\n";
    EXPECT_EQ(errorTexts(yaml),
              (Texts{
                  "store.connect: required key is missing (test.yaml line 2)",
                  "delivery.targets.msg.topic: required key is missing (test.yaml line 8)",
                  "delivery.targets.schd.type: required key is missing (test.yaml line 9)",
                  "kafka.bootstrap: required key is missing (a delivery target has type: kafka) (test.yaml)",
              }));
}

TEST(ConfigErrors, BadEnumValueListsTheAllowedOnes) {
    EXPECT_EQ(errorTexts("profile: staging\n").front(),
              "profile: must be one of embedded|production, got staging (test.yaml line 1)");
    EXPECT_EQ(errorTexts(minimalEmbedded("log:\n  level: verbose\n  format: xml\n")),
              (Texts{
                  "log.level: must be one of trace|debug|info|warn|error|critical|off, got verbose "
                  "(test.yaml line 16)",
                  "log.format: must be one of text|json, got xml (test.yaml line 17)",
              }));
    EXPECT_EQ(errorTexts("profile: embedded\n"
                         "store: {backend: oracle, connect: x}\n"
                         "mailbox: {backend: sqlite, connect: /m}\n"
                         "delivery:\n"
                         "  on-dead: retry\n"
                         "  targets: {msg: {type: file, path: /a}, schd: {type: s3, path: /b}}\n"),
              (Texts{
                  "store.backend: must be one of postgresql|mysql|odbc|sqlite, got oracle (test.yaml line 2)",
                  "delivery.on-dead: must be one of stop|continue, got retry (test.yaml line 5)",
                  "delivery.targets.schd.type: must be one of kafka|file, got s3 (test.yaml line 6)",
              }));
}

TEST(ConfigErrors, OtherValueFormats) {
    EXPECT_EQ(
        errorTexts(minimalEmbedded("pipeline:\n  business-time-zone: Asia/Beijing\n")),
        Texts{"pipeline.business-time-zone: must be a time zone such as UTC or Asia/Shanghai (a file under "
              "/usr/share/zoneinfo), got Asia/Beijing (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("archive:\n  at: '3:00'\n")),
              Texts{"archive.at: must be a time of day HH:MM (00:00..23:59), got 3:00 (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("control:\n  socket: /" + std::string(107, 's') + "\n")),
              Texts{"control.socket: must be a Unix socket path of at most 107 bytes, got /" +
                    std::string(79, 's') + "... (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  ignore: [LDM-*, LDM, 'A B-*']\n")),
              (Texts{
                  "pipeline.ignore[1]: must be a TYPE-STYP pattern such as LDM-* (letters, digits, _, * and "
                  "?), got LDM "
                  "(test.yaml line 16)",
                  "pipeline.ignore[2]: must be a TYPE-STYP pattern such as LDM-* (letters, digits, _, * and "
                  "?), got A "
                  "B-* (test.yaml line 16)",
              }));
}

TEST(ConfigErrors, TableNamesAndTopicsAreChecked) {
    const std::string yaml = "profile: embedded\n"
                             "store: {backend: sqlite, connect: /s}\n"
                             "mailbox:\n"
                             "  backend: sqlite\n"
                             "  connect: /m\n"
                             "  inbox-table: CMINMSGS; DROP TABLE X\n"
                             "  outbox-table: a.b.c\n"
                             "delivery:\n"
                             "  targets: {msg: {type: file, path: /a}, schd: {type: file, path: /b}}\n";
    EXPECT_EQ(
        errorTexts(yaml),
        (Texts{
            "mailbox.inbox-table: must be a table name (letters, digits and _, optionally SCHEMA.TABLE), got "
            "CMINMSGS; DROP TABLE X (test.yaml line 6)",
            "mailbox.outbox-table: must be a table name (letters, digits and _, optionally SCHEMA.TABLE), "
            "got "
            "a.b.c (test.yaml line 7)",
        }));
    EXPECT_EQ(
        errorTexts("profile: embedded\n"
                   "store: {backend: sqlite, connect: /s}\n"
                   "mailbox: {backend: sqlite, connect: /m}\n"
                   "delivery:\n"
                   "  targets: {msg: {type: kafka, topic: 'msg topic'}, schd: {type: file, path: /b}}\n"
                   "kafka: {bootstrap: k:9092}\n"),
        Texts{
            "delivery.targets.msg.topic: must be a Kafka topic name (1..249 of letters, digits, . _ and -), "
            "got msg topic (test.yaml line 5)"});
}

TEST(ConfigErrors, YamlSyntaxErrorIsTheOnlyErrorAndHasItsLine) {
    EXPECT_EQ(errorTexts("profile: embedded\n"
                         "store:\n"
                         "  backend: sqlite\n"
                         "    connect: x\n"),
              Texts{"YAML syntax error: illegal map value (test.yaml line 4)"});
    EXPECT_EQ(errorTexts("profile: embedded\n"
                         "pipeline:\n"
                         "  backoff: [1s, 2s\n"
                         "lease: {}\n"),
              Texts{"YAML syntax error: end of sequence flow not found (test.yaml line 4)"});
}

TEST(ConfigErrors, TheFileMustBeOneMapDocument) {
    EXPECT_EQ(errorTexts("profile: embedded\n---\nprofile: production\n"),
              Texts{"must be one YAML document, got 2 (test.yaml line 3)"});
    EXPECT_EQ(errorTexts("- profile\n"),
              Texts{"must be a map of sections (profile:, store:, ...), got a list (test.yaml line 1)"});
    EXPECT_EQ(
        errorTexts("just text\n"),
        Texts{"must be a map of sections (profile:, store:, ...), got a single value (test.yaml line 1)"});
}

TEST(ConfigErrors, UnsetEnvironmentVariableNamesVariableAndKey) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  batch-size: ${MSGX_BATCH}\n")),
              Texts{"pipeline.batch-size: environment variable MSGX_BATCH is not set (test.yaml line 16)"});
    EXPECT_EQ(
        errorTexts(minimalEmbedded("pipeline:\n  ignore:\n    - LDM-*\n    - ${MSGX_TYPE}-${MSGX_STYP}\n")),
        (Texts{
            "pipeline.ignore[1]: environment variable MSGX_TYPE is not set (test.yaml line 18)",
            "pipeline.ignore[1]: environment variable MSGX_STYP is not set (test.yaml line 18)",
        }));
    EXPECT_EQ(
        errorTexts(minimalEmbedded("kafka:\n  properties:\n    sasl.password: ${MSGX_SASL}\n")),
        Texts{
            "kafka.properties.sasl.password: environment variable MSGX_SASL is not set (test.yaml line 17)"});
}

TEST(ConfigErrors, EnvironmentValueIsValidatedLikeAWrittenOne) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  batch-size: ${MSGX_BATCH}\n"), {{"MSGX_BATCH", "0"}}),
              Texts{"pipeline.batch-size: must be 1..10000, got 0 (test.yaml line 16)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("plugins:\n  dir: ${MSGX_DIR}\n"), {{"MSGX_DIR", ""}}),
              Texts{"plugins.dir: must be a non-empty text, got an empty value (test.yaml line 16)"});
}

TEST(ConfigErrors, MalformedReferenceIsAnError) {
    EXPECT_EQ(
        errorTexts(minimalEmbedded("plugins:\n  dir: ${MSGX_DIR/x\n")),
        Texts{
            "plugins.dir: unterminated ${ (a reference is ${NAME} or ${NAME:-default}) (test.yaml line 16)"});
}

TEST(ConfigErrors, DuplicateKeyIsAnError) {
    EXPECT_EQ(errorTexts(minimalEmbedded("pipeline:\n  batch-size: 5\n  batch-size: 6\n")),
              Texts{"pipeline.batch-size: duplicate key (first at line 16) (test.yaml line 17)"});
    EXPECT_EQ(errorTexts(minimalEmbedded("profile: production\n")),
              Texts{"profile: duplicate key (first at line 1) (test.yaml line 15)"});
}

TEST(ConfigErrors, AllErrorsOfAFileAreReportedInFileOrder) {
    const std::string yaml = "profile: embedded\n"                // 1
                             "log:\n"                             // 2
                             "  level: loud\n"                    // 3
                             "store:\n"                           // 4
                             "  backend: sqlite\n"                // 5
                             "  connect: /s\n"                    // 6
                             "  pool-size: 0\n"                   // 7
                             "mailbox: {backend: sqlite}\n"       // 8
                             "pipeline:\n"                        // 9
                             "  poll-interval: 2\n"               // 10
                             "  max-attempts: 101\n"              // 11
                             "  identity-day-boundary: no\n"      // 12
                             "  unknown: 1\n"                     // 13
                             "delivery:\n"                        // 14
                             "  targets:\n"                       // 15
                             "    msg: {type: file, path: /m}\n"; // 16
    EXPECT_EQ(errorTexts(yaml),
              (Texts{
                  "log.level: must be one of trace|debug|info|warn|error|critical|off, got loud "
                  "(test.yaml line 3)",
                  "store.pool-size: must be 1..64, got 0 (test.yaml line 7)",
                  "mailbox.connect: required key is missing (test.yaml line 8)",
                  "pipeline.poll-interval: must be a duration such as 250ms, 5s, 10m, 2h or 1d, "
                  "got 2 (the unit is missing) (test.yaml line 10)",
                  "pipeline.max-attempts: must be 1..100, got 101 (test.yaml line 11)",
                  "pipeline.identity-day-boundary: must be true or false, got no (test.yaml line 12)",
                  "pipeline.unknown: unknown key (test.yaml line 13)",
                  "delivery.targets.schd: required key is missing (test.yaml line 15)",
              }));
}

TEST(ConfigErrors, ConfigInvalidCarriesTheErrorsAndListsThemInWhat) {
    try {
        parseConfig(minimalEmbedded("pipeline:\n  batch-size: 0\n  max-attempts: 0\n"), "a.yaml", fakeEnv());
        FAIL() << "expected ConfigInvalid";
    } catch (const ConfigInvalid& invalid) {
        ASSERT_EQ(invalid.errors().size(), 2U);
        EXPECT_EQ(invalid.errors()[0],
                  (ConfigError{"pipeline.batch-size", "must be 1..10000, got 0", "a.yaml", 16}));
        EXPECT_EQ(std::string(invalid.what()),
                  "2 configuration errors:\n"
                  "  pipeline.batch-size: must be 1..10000, got 0 (a.yaml line 16)\n"
                  "  pipeline.max-attempts: must be 1..100, got 0 (a.yaml line 17)");
    }
}

TEST(ConfigErrors, ErrorTextLeavesOutAnEmptyKeyAndAMissingLine) {
    EXPECT_EQ((ConfigError{"", "cannot read the file: Permission denied", "/etc/msgx/msgx.yaml", 0}).text(),
              "cannot read the file: Permission denied (/etc/msgx/msgx.yaml)");
    EXPECT_EQ((ConfigError{"k", "m", "f", 3}).text(), "k: m (f line 3)");
}

TEST(ConfigErrors, UnreadableFileIsOneErrorWithTheSystemReason) {
    try {
        loadConfigFile("/nonexistent-msgx-dir/msgx.yaml", fakeEnv());
        FAIL() << "expected ConfigInvalid";
    } catch (const ConfigInvalid& invalid) {
        ASSERT_EQ(invalid.errors().size(), 1U);
        EXPECT_EQ(invalid.errors()[0].text(),
                  "cannot read the file: No such file or directory (/nonexistent-msgx-dir/msgx.yaml)");
    }
    msgx::test::TempDir dir;
    try {
        loadConfigFile(dir.path().string(), fakeEnv());
        FAIL() << "expected ConfigInvalid";
    } catch (const ConfigInvalid& invalid) {
        ASSERT_EQ(invalid.errors().size(), 1U);
        EXPECT_EQ(invalid.errors()[0].text(),
                  "cannot read the file: Is a directory (" + dir.path().string() + ")");
    }
}

TEST(ConfigErrors, LoadConfigFileNamesThePathAsGiven) {
    msgx::test::TempDir dir;
    const std::string path = (dir.path() / "site.yaml").string();
    std::ofstream(path) << minimalEmbedded("lease:\n  period: 0s\n");
    try {
        loadConfigFile(path, fakeEnv());
        FAIL() << "expected ConfigInvalid";
    } catch (const ConfigInvalid& invalid) {
        ASSERT_EQ(invalid.errors().size(), 1U);
        EXPECT_EQ(invalid.errors()[0].text(), "lease.period: must be 1s..10m, got 0s (" + path + " line 16)");
    }
    std::ofstream(path) << minimalEmbedded();
    EXPECT_EQ(loadConfigFile(path, fakeEnv()).profile, Profile::Embedded);
}
