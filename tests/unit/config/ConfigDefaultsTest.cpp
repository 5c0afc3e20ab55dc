#include "ConfigTestSupport.h"

#include <gtest/gtest.h>

using namespace std::chrono_literals;
using namespace msgx::config;
using msgx::config::test::fakeEnv;
using msgx::config::test::minimalEmbedded;
using msgx::config::test::minimalProduction;

namespace {
const std::vector<Milliseconds> kDefaultBackoff{1s, 2s, 4s, 8s, 16s};
}

// Every field of a configuration that sets only the required keys has the default of
// architecture.md §12 (compared with literals, not with Config{}, so a wrong default fails here).
TEST(ConfigDefaults, MinimalEmbeddedConfigHasTheDocumentedDefaults) {
    const Config c = parseConfig(minimalEmbedded(), "embedded.yaml", fakeEnv());

    EXPECT_EQ(c.profile, Profile::Embedded);

    EXPECT_EQ(c.store.backend, DatabaseBackend::Sqlite);
    EXPECT_EQ(c.store.dialect, SqlDialect::Sqlite);
    EXPECT_EQ(c.store.connect, "/tmp/msgx/msgx.db");
    EXPECT_EQ(c.store.poolSize, 4);
    EXPECT_EQ(c.store.connectTimeout, 5s);
    EXPECT_TRUE(c.store.migrateOnStart);

    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::Sqlite);
    EXPECT_EQ(c.mailbox.dialect, SqlDialect::Sqlite);
    EXPECT_EQ(c.mailbox.connect, "/tmp/msgx/mailbox.db");
    EXPECT_EQ(c.mailbox.inboxTable, "CMINMSGS");
    EXPECT_EQ(c.mailbox.outboxTable, "COUTMSGS");
    EXPECT_EQ(c.mailbox.acceptStatus, (std::vector<std::string>{"VALID"}));
    EXPECT_EQ(c.mailbox.statusMap.succeeded, "PROCESSED");
    EXPECT_EQ(c.mailbox.statusMap.skipped, "PROCESSED");
    EXPECT_EQ(c.mailbox.statusMap.duplicate, "PROCESSED");
    EXPECT_EQ(c.mailbox.statusMap.dead, "PROCESSED");
    EXPECT_EQ(c.mailbox.timeZone, "Asia/Shanghai");
    EXPECT_FALSE(c.mailbox.createTables);

    EXPECT_EQ(c.pipeline.pollInterval, 1s);
    EXPECT_EQ(c.pipeline.batchSize, 200);
    EXPECT_EQ(c.pipeline.maxCommitDelay, 5s);
    EXPECT_EQ(c.pipeline.compensationInterval, 60s);
    EXPECT_EQ(c.pipeline.messagesPerTransaction, 50);
    EXPECT_EQ(c.pipeline.maxAttempts, 5);
    EXPECT_EQ(c.pipeline.backoff, kDefaultBackoff);
    EXPECT_EQ(c.pipeline.backoffCap, 60s);
    EXPECT_EQ(c.pipeline.headDeadline, 10min);
    EXPECT_EQ(c.pipeline.ignore, (std::vector<std::string>{"LDM-*", "REGN-*", "RSTA-*", "EROR-*"}));
    EXPECT_FALSE(c.pipeline.identityDayBoundary);
    EXPECT_EQ(c.pipeline.businessTimeZone, "Asia/Shanghai");

    EXPECT_EQ(c.backfill.interval, 30s);
    EXPECT_EQ(c.backfill.backoff, 30s);
    EXPECT_EQ(c.backfill.backoffCap, 15min);

    EXPECT_EQ(c.archive.retention, 24h);
    EXPECT_EQ(c.archive.at, (TimeOfDay{3, 0}));

    EXPECT_EQ(c.lease.period, 10s);
    EXPECT_FALSE(c.shadow);
    EXPECT_EQ(c.plugins.dir, "/usr/lib/msgx/handlers");
    EXPECT_FALSE(c.plugins.watch);

    ASSERT_EQ(c.delivery.targets.size(), 2U);
    EXPECT_EQ(c.delivery.targets.at("msg"), (DeliveryTarget{TargetType::File, "", "/tmp/msgx/msg.jsonl"}));
    EXPECT_EQ(c.delivery.targets.at("schd"), (DeliveryTarget{TargetType::File, "", "/tmp/msgx/schd.jsonl"}));
    EXPECT_EQ(c.delivery.maxAttempts, 5);
    EXPECT_EQ(c.delivery.backoff, kDefaultBackoff);
    EXPECT_EQ(c.delivery.backoffCap, 60s);
    EXPECT_EQ(c.delivery.onDead, OnDead::Stop);
    EXPECT_EQ(c.delivery.schdFlushPeriod, 3s);
    EXPECT_EQ(c.delivery.schdFlushLimit, 500);

    EXPECT_EQ(c.kafka.bootstrap, "");
    EXPECT_EQ(c.kafka.clientId, "msgx");
    EXPECT_TRUE(c.kafka.properties.empty());

    EXPECT_EQ(c.control.socket, "/run/msgx/msgxd.sock");

    EXPECT_EQ(c.log.level, LogLevel::Info);
    EXPECT_EQ(c.log.format, LogFormat::Text);
    EXPECT_EQ(c.log.file, std::nullopt);
    EXPECT_EQ(c.log.queue, 8192);
}

TEST(ConfigDefaults, ProductionDefaultsToNoMigrationOnStartAndNativeDialects) {
    const Config c = parseConfig(minimalProduction(), "prod.yaml", fakeEnv());
    EXPECT_EQ(c.profile, Profile::Production);
    EXPECT_FALSE(c.store.migrateOnStart);
    EXPECT_EQ(c.store.backend, DatabaseBackend::PostgreSql);
    EXPECT_EQ(c.store.dialect, SqlDialect::PostgreSql);
    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::MySql);
    EXPECT_EQ(c.mailbox.dialect, SqlDialect::MySql);
    EXPECT_EQ(c.kafka.bootstrap, "broker1:9092,broker2:9092");
    EXPECT_EQ(c.delivery.targets.at("msg"), (DeliveryTarget{TargetType::Kafka, "msgx.msg", ""}));
    EXPECT_EQ(c.delivery.targets.at("schd"), (DeliveryTarget{TargetType::Kafka, "msgx.schd", ""}));
}

TEST(ConfigDefaults, BackendsDefaultToPostgresqlStoreAndMysqlMailbox) {
    const Config c =
        parseConfig("profile: production\n"
                    "store: {connect: x}\n"
                    "mailbox: {connect: y}\n"
                    "delivery: {targets: {msg: {type: kafka, topic: m}, schd: {type: kafka, topic: s}}}\n"
                    "kafka: {bootstrap: b:9092}\n",
                    "t.yaml", fakeEnv());
    EXPECT_EQ(c.store.backend, DatabaseBackend::PostgreSql);
    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::MySql);
}

TEST(ConfigDefaults, EveryKeyCanBeSetAndIsReadIntoItsField) {
    const std::string yaml =
        "profile: embedded\n"
        "store:\n"
        "  backend: odbc\n"
        "  dialect: postgresql\n"
        "  connect: DSN=x\n"
        "  pool-size: 64\n"
        "  connect-timeout: 5m\n"
        "  migrate-on-start: false\n"
        "mailbox:\n"
        "  backend: mysql\n"
        "  dialect: mysql\n"
        "  connect: host=m\n"
        "  inbox-table: ciims.CMINMSGS\n"
        "  outbox-table: COUT_2\n"
        "  accept-status: [VALID, OK]\n"
        "  status-map: {succeeded: SUCCESS, skipped: SKIPPED, duplicate: DUPLICATE, dead: DEAD}\n"
        "  time-zone: UTC\n"
        "  create-tables: false\n"
        "pipeline:\n"
        "  poll-interval: 50ms\n"
        "  batch-size: 10000\n"
        "  max-commit-delay: 0s\n"
        "  compensation-interval: 1d\n"
        "  messages-per-transaction: 1000\n"
        "  max-attempts: 100\n"
        "  backoff: [100ms, 1h]\n"
        "  backoff-cap: 1d\n"
        "  head-deadline: 1s\n"
        "  retry:\n"
        "    unsupported: {max-attempts: 2, backoff: [250ms]}\n"
        "    codec-error: {max-attempts: 7}\n"
        "  ignore: []\n"
        "  identity-day-boundary: true\n"
        "  identity-window: 9d\n"
        "  identity-conflict: process\n"
        "  business-time-zone: Europe/Berlin\n"
        "backfill: {interval: 100ms, backoff: 1h, backoff-cap: 100ms}\n"
        "archive: {retention: 7d, at: \"23:59\"}\n"
        "lease: {period: 10m}\n"
        "shadow: true\n"
        "plugins: {dir: /opt/h, watch: true}\n"
        "delivery:\n"
        "  targets:\n"
        "    msg: {type: kafka, topic: a.b_c-d}\n"
        "    schd: {type: file, path: /x/schd.jsonl}\n"
        "  max-attempts: 1\n"
        "  backoff: [3s]\n"
        "  backoff-cap: 2h\n"
        "  on-dead: continue\n"
        "  schd-flush-period: 1h\n"
        "  schd-flush-limit: 100000\n"
        "kafka:\n"
        "  bootstrap: k:9092\n"
        "  client-id: msgx-2\n"
        "  properties: {compression.type: lz4, linger.ms: 5, acks: all}\n"
        "control: {socket: /tmp/s.sock}\n"
        "log: {level: off, format: json, file: /var/log/msgx.log, queue: 64}\n";
    const Config c = parseConfig(yaml, "all.yaml", fakeEnv());
    EXPECT_EQ(c.store.backend, DatabaseBackend::Odbc);
    EXPECT_EQ(c.store.dialect, SqlDialect::PostgreSql);
    EXPECT_EQ(c.store.connect, "DSN=x");
    EXPECT_EQ(c.store.poolSize, 64);
    EXPECT_EQ(c.store.connectTimeout, 5min);
    EXPECT_FALSE(c.store.migrateOnStart);
    EXPECT_EQ(c.mailbox.inboxTable, "ciims.CMINMSGS");
    EXPECT_EQ(c.mailbox.outboxTable, "COUT_2");
    EXPECT_EQ(c.mailbox.acceptStatus, (std::vector<std::string>{"VALID", "OK"}));
    EXPECT_EQ(c.mailbox.statusMap, (MailboxConfig::StatusMap{"SUCCESS", "SKIPPED", "DUPLICATE", "DEAD"}));
    EXPECT_EQ(c.mailbox.timeZone, "UTC");
    EXPECT_EQ(c.pipeline.pollInterval, 50ms);
    EXPECT_EQ(c.pipeline.batchSize, 10000);
    EXPECT_EQ(c.pipeline.maxCommitDelay, 0ms);
    EXPECT_EQ(c.pipeline.compensationInterval, 24h);
    EXPECT_EQ(c.pipeline.messagesPerTransaction, 1000);
    EXPECT_EQ(c.pipeline.maxAttempts, 100);
    EXPECT_EQ(c.pipeline.backoff, (std::vector<Milliseconds>{100ms, 1h}));
    EXPECT_EQ(c.pipeline.backoffCap, 24h);
    EXPECT_EQ(c.pipeline.headDeadline, 1s);
    EXPECT_EQ(c.pipeline.unsupportedRetry.maxAttempts, 2);
    EXPECT_EQ(c.pipeline.unsupportedRetry.backoff, (std::vector<Milliseconds>{250ms}));
    // A class key left out is the general key (RetryPolicy resolves it).
    EXPECT_EQ(c.pipeline.codecErrorRetry.maxAttempts, 7);
    EXPECT_EQ(c.pipeline.codecErrorRetry.backoff, std::nullopt);
    EXPECT_EQ(c.pipeline.infraRetry.maxAttempts, std::nullopt);
    EXPECT_EQ(c.pipeline.infraRetry.backoff, std::nullopt);
    EXPECT_TRUE(c.pipeline.ignore.empty());
    EXPECT_TRUE(c.pipeline.identityDayBoundary);
    EXPECT_EQ(c.pipeline.businessTimeZone, "Europe/Berlin");
    EXPECT_EQ(c.pipeline.identityWindow, 9 * 24h);
    EXPECT_EQ(c.pipeline.identityConflict, IdentityConflict::Process);
    EXPECT_EQ(c.backfill.interval, 100ms);
    EXPECT_EQ(c.backfill.backoff, 1h);
    EXPECT_EQ(c.backfill.backoffCap, 100ms);
    EXPECT_EQ(c.archive.retention, 7 * 24h);
    EXPECT_EQ(c.archive.at, (TimeOfDay{23, 59}));
    EXPECT_EQ(c.lease.period, 10min);
    EXPECT_TRUE(c.shadow);
    EXPECT_EQ(c.plugins.dir, "/opt/h");
    EXPECT_TRUE(c.plugins.watch);
    EXPECT_EQ(c.delivery.targets.at("msg"), (DeliveryTarget{TargetType::Kafka, "a.b_c-d", ""}));
    EXPECT_EQ(c.delivery.targets.at("schd"), (DeliveryTarget{TargetType::File, "", "/x/schd.jsonl"}));
    EXPECT_EQ(c.delivery.maxAttempts, 1);
    EXPECT_EQ(c.delivery.backoff, (std::vector<Milliseconds>{3s}));
    EXPECT_EQ(c.delivery.backoffCap, 2h);
    EXPECT_EQ(c.delivery.onDead, OnDead::Continue);
    EXPECT_EQ(c.delivery.schdFlushPeriod, 1h);
    EXPECT_EQ(c.delivery.schdFlushLimit, 100000);
    EXPECT_EQ(c.kafka.bootstrap, "k:9092");
    EXPECT_EQ(c.kafka.clientId, "msgx-2");
    EXPECT_EQ(c.kafka.properties, (std::map<std::string, std::string>{
                                      {"acks", "all"}, {"compression.type", "lz4"}, {"linger.ms", "5"}}));
    EXPECT_EQ(c.control.socket, "/tmp/s.sock");
    EXPECT_EQ(c.log.level, LogLevel::Off);
    EXPECT_EQ(c.log.format, LogFormat::Json);
    EXPECT_EQ(c.log.file, "/var/log/msgx.log");
    EXPECT_EQ(c.log.queue, 64);
}

TEST(ConfigDefaults, EnumNamesAreTheFileSpellings) {
    EXPECT_EQ(name(Profile::Production), "production");
    EXPECT_EQ(name(DatabaseBackend::Odbc), "odbc");
    EXPECT_EQ(name(SqlDialect::Oracle), "oracle");
    EXPECT_EQ(name(TargetType::File), "file");
    EXPECT_EQ(name(OnDead::Continue), "continue");
    EXPECT_EQ(name(LogLevel::Warn), "warn");
    EXPECT_EQ(name(LogFormat::Json), "json");
    EXPECT_EQ(nativeDialect(DatabaseBackend::MySql), SqlDialect::MySql);
    EXPECT_EQ(nativeDialect(DatabaseBackend::Odbc), std::nullopt);
}

TEST(ConfigDefaults, EnvironmentReferencesWorkInEveryScalarKind) {
    const Config c = parseConfig(
        minimalEmbedded("pipeline:\n"
                        "  batch-size: ${BATCH}\n"
                        "  poll-interval: ${POLL:-250ms}\n"
                        "  ignore:\n"
                        "    - ${IGNORED}-*\n"
                        "plugins: {watch: '${WATCH:-false}'}\n"
                        "kafka: {properties: {linger.ms: '${LINGER}'}}\n"),
        "env.yaml", fakeEnv({{"BATCH", "17"}, {"IGNORED", "LDM"}, {"WATCH", "true"}, {"LINGER", "20"}}));
    EXPECT_EQ(c.pipeline.batchSize, 17);
    EXPECT_EQ(c.pipeline.pollInterval, 250ms);
    EXPECT_EQ(c.pipeline.ignore, (std::vector<std::string>{"LDM-*"}));
    EXPECT_TRUE(c.plugins.watch);
    EXPECT_EQ(c.kafka.properties.at("linger.ms"), "20");
}
