#include "ConfigTestSupport.h"

#include <gtest/gtest.h>

using namespace msgx::config;
using msgx::config::test::errorTexts;
using msgx::config::test::fakeEnv;
using msgx::config::test::minimalEmbedded;
using msgx::config::test::minimalProduction;

using Texts = std::vector<std::string>;

namespace {

// A configuration with the given store and mailbox sections (each a flow map) and file targets.
std::string withDatabases(const std::string& profile, const std::string& store, const std::string& mailbox) {
    return "profile: " + profile + "\n" +                                                        // 1
           "store: " + store + "\n" +                                                            // 2
           "mailbox: " + mailbox + "\n" +                                                        // 3
           "delivery: {targets: {msg: {type: file, path: /a}, schd: {type: file, path: /b}}}\n"; // 4
}

// The errors of a production configuration whose kafka.properties hold only `property: value`
// (on line 8).
Texts kafkaPropertyErrors(const std::string& property, const std::string& value) {
    return errorTexts("profile: production\n"   // 1
                      "store: {connect: x}\n"   // 2
                      "mailbox: {connect: y}\n" // 3
                      "delivery: {targets: {msg: {type: kafka, topic: m}, schd: {type: kafka, topic: s}}}\n"
                      "kafka:\n"              // 5
                      "  bootstrap: k:9092\n" // 6
                      "  properties:\n"       // 7
                      "    " +
                      property + ": '" + value + "'\n"); // 8
}

} // namespace

TEST(ProductionProfile, RefusesEveryEmbeddedPartNamingEachKey) {
    const std::string yaml = "profile: production\n"          // 1
                             "store:\n"                       // 2
                             "  backend: sqlite\n"            // 3
                             "  connect: /var/lib/msgx.db\n"  // 4
                             "mailbox:\n"                     // 5
                             "  backend: sqlite\n"            // 6
                             "  connect: /var/lib/mbx.db\n"   // 7
                             "  create-tables: true\n"        // 8
                             "delivery:\n"                    // 9
                             "  targets:\n"                   // 10
                             "    msg:\n"                     // 11
                             "      type: file\n"             // 12
                             "      path: /tmp/msg.jsonl\n"   // 13
                             "    schd:\n"                    // 14
                             "      type: file\n"             // 15
                             "      path: /tmp/schd.jsonl\n"; // 16
    EXPECT_EQ(
        errorTexts(yaml, {}, "etc/x.yaml"),
        (Texts{
            "store.backend: must be postgresql, mysql or odbc with profile: production, got sqlite "
            "(etc/x.yaml line 3)",
            "mailbox.backend: must be postgresql, mysql or odbc with profile: production, got sqlite "
            "(etc/x.yaml line 6)",
            "mailbox.create-tables: must be false with profile: production (the shared mailbox is never "
            "created), got true (etc/x.yaml line 8)",
            "delivery.targets.msg.type: must be kafka with profile: production, got file (etc/x.yaml line "
            "12)",
            "delivery.targets.schd.type: must be kafka with profile: production, got file (etc/x.yaml line "
            "15)",
        }));
}

TEST(ProductionProfile, RefusesASingleFileTargetOrSqliteStoreAlone) {
    const std::string oneFileTarget = "profile: production\n"
                                      "store: {connect: x}\n"
                                      "mailbox: {connect: y}\n"
                                      "delivery:\n"
                                      "  targets:\n"
                                      "    msg: {type: kafka, topic: m}\n"
                                      "    schd: {type: file, path: /s}\n"
                                      "kafka: {bootstrap: 'k:9092'}\n";
    EXPECT_EQ(errorTexts(oneFileTarget), Texts{"delivery.targets.schd.type: must be kafka with profile: "
                                               "production, got file (test.yaml line 7)"});
    EXPECT_EQ(
        errorTexts("profile: production\n"
                   "store: {backend: '${MSGX_STORE_BACKEND}', connect: x}\n"
                   "mailbox: {connect: y}\n"
                   "delivery: {targets: {msg: {type: kafka, topic: m}, schd: {type: kafka, topic: s}}}\n"
                   "kafka: {bootstrap: 'k:9092'}\n",
                   {{"MSGX_STORE_BACKEND", "sqlite"}}),
        Texts{"store.backend: must be postgresql, mysql or odbc with profile: production, got sqlite "
              "(test.yaml "
              "line 2)"});
}

TEST(ProductionProfile, RefusesUnsetEnvironmentValues) {
    EXPECT_EQ(errorTexts(minimalProduction("log: {file: '${MSGX_LOG_FILE}'}\n")),
              Texts{"log.file: environment variable MSGX_LOG_FILE is not set (test.yaml line 17)"});
}

TEST(ProductionProfile, IsNotCheckedWhenTheProfileItselfIsWrong) {
    EXPECT_EQ(
        errorTexts(withDatabases("prod", "{backend: sqlite, connect: /s}", "{backend: sqlite, connect: /m}")),
        Texts{"profile: must be one of embedded|production, got prod (test.yaml line 1)"});
}

TEST(CreateTables, IsAllowedWithEmbeddedProfileAndSqliteMailbox) {
    const Config c = parseConfig(withDatabases("embedded", "{backend: sqlite, connect: /s}",
                                               "{backend: sqlite, connect: /m, create-tables: true}"),
                                 "t.yaml", fakeEnv());
    EXPECT_TRUE(c.mailbox.createTables);
}

TEST(CreateTables, IsRefusedForARealMailboxEvenWhenEmbedded) {
    EXPECT_EQ(errorTexts(withDatabases("embedded", "{backend: sqlite, connect: /s}",
                                       "{backend: mysql, connect: host=m, create-tables: true}")),
              Texts{"mailbox.create-tables: must be false unless mailbox.backend is sqlite (msgexchange "
                    "never creates "
                    "tables in a real mailbox), got true (test.yaml line 3)"});
    // The default backend of the mailbox is mysql.
    EXPECT_EQ(errorTexts(withDatabases("embedded", "{backend: sqlite, connect: /s}",
                                       "{connect: m, create-tables: true}"))
                  .size(),
              1U);
}

TEST(Dialect, OdbcRequiresOneOfPostgresqlMysqlOracle) {
    EXPECT_EQ(errorTexts(withDatabases("embedded", "{backend: odbc, connect: DSN=x}",
                                       "{backend: sqlite, connect: /m}")),
              Texts{"store.dialect: required key is missing (store.backend: odbc needs one of "
                    "postgresql|mysql|oracle) "
                    "(test.yaml line 2)"});
    EXPECT_EQ(
        errorTexts(withDatabases("embedded", "{backend: odbc, dialect: sqlite, connect: DSN=x}",
                                 "{backend: sqlite, connect: /m}")),
        Texts{"store.dialect: must be one of postgresql|mysql|oracle with store.backend: odbc, got sqlite "
              "(test.yaml line 2)"});
    EXPECT_EQ(
        errorTexts(withDatabases("embedded", "{backend: sqlite, connect: /s}",
                                 "{backend: odbc, dialect: db2, connect: DSN=m}")),
        Texts{"mailbox.dialect: must be one of postgresql|mysql|oracle|sqlite, got db2 (test.yaml line 3)"});
}

TEST(Dialect, OdbcTakesTheConfiguredDialect) {
    const Config c = parseConfig(withDatabases("embedded", "{backend: odbc, dialect: oracle, connect: DSN=x}",
                                               "{backend: odbc, dialect: mysql, connect: DSN=m}"),
                                 "t.yaml", fakeEnv());
    EXPECT_EQ(c.store.backend, DatabaseBackend::Odbc);
    EXPECT_EQ(c.store.dialect, SqlDialect::Oracle);
    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::Odbc);
    EXPECT_EQ(c.mailbox.dialect, SqlDialect::MySql);
}

TEST(Dialect, OtherBackendsMayOnlyRepeatTheirOwnDialect) {
    const Config c = parseConfig(withDatabases("embedded", "{backend: mysql, dialect: mysql, connect: h}",
                                               "{backend: sqlite, dialect: sqlite, connect: /m}"),
                                 "t.yaml", fakeEnv());
    EXPECT_EQ(c.store.dialect, SqlDialect::MySql);
    EXPECT_EQ(c.mailbox.dialect, SqlDialect::Sqlite);
    EXPECT_EQ(
        errorTexts(withDatabases("embedded", "{backend: postgresql, dialect: oracle, connect: h}",
                                 "{backend: sqlite, connect: /m}")),
        Texts{"store.dialect: must be postgresql with store.backend: postgresql (or be left out), got oracle "
              "(test.yaml line 2)"});
    EXPECT_EQ(
        errorTexts(
            withDatabases("embedded", "{backend: sqlite, connect: /s}", "{dialect: postgresql, connect: m}")),
        Texts{"mailbox.dialect: must be mysql with mailbox.backend: mysql (or be left out), got postgresql "
              "(test.yaml line 3)"});
}

TEST(Dialect, IsNotCheckedAgainstABackendThatIsItselfWrong) {
    EXPECT_EQ(
        errorTexts(withDatabases("embedded", "{backend: oracl, dialect: oracle, connect: h}",
                                 "{backend: sqlite, connect: /m}")),
        Texts{"store.backend: must be one of postgresql|mysql|odbc|sqlite, got oracl (test.yaml line 2)"});
}

TEST(KafkaBootstrap, IsRequiredOnlyWithAKafkaTarget) {
    EXPECT_EQ(errorTexts("profile: embedded\n"
                         "store: {backend: sqlite, connect: /s}\n"
                         "mailbox: {backend: sqlite, connect: /m}\n"
                         "delivery: {targets: {msg: {type: file, path: /a}, schd: {type: kafka, topic: s}}}\n"
                         "kafka: {client-id: x}\n"),
              Texts{"kafka.bootstrap: required key is missing (a delivery target has type: kafka) (test.yaml "
                    "line 5)"});
    EXPECT_EQ(parseConfig(minimalEmbedded(), "t.yaml", fakeEnv()).kafka.bootstrap, "");
}

TEST(Targets, KafkaAndFileTargetsTakeOnlyTheirOwnDestination) {
    EXPECT_EQ(errorTexts("profile: embedded\n"
                         "store: {backend: sqlite, connect: /s}\n"
                         "mailbox: {backend: sqlite, connect: /m}\n"
                         "delivery:\n"
                         "  targets:\n"
                         "    msg: {type: kafka, topic: m, path: /m}\n"
                         "    schd: {type: file, path: /s, topic: s}\n"
                         "kafka: {bootstrap: 'k:1'}\n"),
              (Texts{
                  "delivery.targets.msg.path: must be left out with type: kafka (a kafka target has a topic) "
                  "(test.yaml line 6)",
                  "delivery.targets.schd.topic: must be left out with type: file (a file target has a path) "
                  "(test.yaml line 7)",
              }));
}

TEST(KafkaProperties, WeakeningTheForcedProducerSettingsIsRefused) {
    const std::string yaml =
        "profile: production\n"   // 1
        "store: {connect: x}\n"   // 2
        "mailbox: {connect: y}\n" // 3
        "delivery: {targets: {msg: {type: kafka, topic: m}, schd: {type: kafka, topic: s}}}\n"
        "kafka:\n"                                       // 5
        "  bootstrap: k:9092\n"                          // 6
        "  properties:\n"                                // 7
        "    acks: 1\n"                                  // 8
        "    request.required.acks: 0\n"                 // 9
        "    enable.idempotence: false\n"                // 10
        "    max.in.flight.requests.per.connection: 5\n" // 11
        "    max.in.flight: 2\n"                         // 12
        "    bootstrap.servers: other:9092\n"            // 13
        "    client.id: other\n"                         // 14
        "    compression.type: lz4\n";                   // 15
    EXPECT_EQ(
        errorTexts(yaml),
        (Texts{
            "kafka.properties.acks: must be all or -1 (forced by msgexchange), got 1 (test.yaml line 8)",
            "kafka.properties.request.required.acks: must be all or -1 (forced by msgexchange), got 0 "
            "(test.yaml line 9)",
            "kafka.properties.enable.idempotence: must be true (forced by msgexchange), got false "
            "(test.yaml line 10)",
            "kafka.properties.max.in.flight.requests.per.connection: must be 1 (forced by msgexchange), got "
            "5 "
            "(test.yaml line 11)",
            "kafka.properties.max.in.flight: must be 1 (forced by msgexchange), got 2 (test.yaml line 12)",
            "kafka.properties.bootstrap.servers: must be left out: use kafka.bootstrap (test.yaml line 13)",
            "kafka.properties.client.id: must be left out: use kafka.client-id (test.yaml line 14)",
        }));
}

TEST(KafkaProperties, AcksBelowAllIsRefused) {
    EXPECT_EQ(
        kafkaPropertyErrors("acks", "0"),
        Texts{"kafka.properties.acks: must be all or -1 (forced by msgexchange), got 0 (test.yaml line 8)"});
    EXPECT_EQ(
        kafkaPropertyErrors("acks", "1"),
        Texts{"kafka.properties.acks: must be all or -1 (forced by msgexchange), got 1 (test.yaml line 8)"});
}

TEST(KafkaProperties, RequestRequiredAcksBelowAllIsRefused) {
    EXPECT_EQ(
        kafkaPropertyErrors("request.required.acks", "1"),
        Texts{"kafka.properties.request.required.acks: must be all or -1 (forced by msgexchange), got 1 "
              "(test.yaml line 8)"});
}

TEST(KafkaProperties, DisabledIdempotenceIsRefused) {
    EXPECT_EQ(kafkaPropertyErrors("enable.idempotence", "false"),
              Texts{"kafka.properties.enable.idempotence: must be true (forced by msgexchange), got false "
                    "(test.yaml line 8)"});
}

TEST(KafkaProperties, MoreThanOneRequestInFlightIsRefused) {
    EXPECT_EQ(kafkaPropertyErrors("max.in.flight.requests.per.connection", "2"),
              Texts{"kafka.properties.max.in.flight.requests.per.connection: must be 1 (forced by "
                    "msgexchange), got 2 (test.yaml line 8)"});
}

TEST(KafkaProperties, MoreThanOneRequestInFlightUnderTheAliasIsRefused) {
    EXPECT_EQ(
        kafkaPropertyErrors("max.in.flight", "5"),
        Texts{"kafka.properties.max.in.flight: must be 1 (forced by msgexchange), got 5 (test.yaml line 8)"});
}

TEST(KafkaProperties, AnUnboundedMessageTimeoutIsRefused) {
    EXPECT_EQ(
        kafkaPropertyErrors("message.timeout.ms", "0"),
        Texts{"kafka.properties.message.timeout.ms: must be a positive number of milliseconds (0 would let "
              "a send wait forever), got 0 (test.yaml line 8)"});
    EXPECT_EQ(kafkaPropertyErrors("message.timeout.ms", "30s").size(), 1U);
}

TEST(KafkaProperties, AnUnboundedDeliveryTimeoutIsRefused) {
    EXPECT_EQ(
        kafkaPropertyErrors("delivery.timeout.ms", "0"),
        Texts{"kafka.properties.delivery.timeout.ms: must be a positive number of milliseconds (0 would let "
              "a send wait forever), got 0 (test.yaml line 8)"});
}

TEST(KafkaProperties, ATransactionalIdIsRefused) {
    EXPECT_EQ(kafkaPropertyErrors("transactional.id", "msgx-1"),
              Texts{"kafka.properties.transactional.id: must be left out: msgexchange does not use Kafka "
                    "transactions (test.yaml line 8)"});
}

TEST(KafkaProperties, ABoundedMessageTimeoutIsAccepted) {
    EXPECT_EQ(kafkaPropertyErrors("message.timeout.ms", "45000"), Texts{});
}

TEST(KafkaProperties, RepeatingTheForcedValuesAndOtherSettingsAreAccepted) {
    const std::string yaml =
        "profile: production\n"
        "store: {connect: x}\n"
        "mailbox: {connect: y}\n"
        "delivery: {targets: {msg: {type: kafka, topic: m}, schd: {type: kafka, topic: s}}}\n"
        "kafka:\n"
        "  bootstrap: k:9092\n"
        "  properties:\n"
        "    acks: all\n"
        "    enable.idempotence: true\n"
        "    max.in.flight.requests.per.connection: 1\n"
        "    linger.ms: 5\n";
    const Config accepted = parseConfig(yaml, "t.yaml", fakeEnv());
    EXPECT_EQ(accepted.kafka.properties, (std::map<std::string, std::string>{
                                             {"acks", "all"},
                                             {"enable.idempotence", "true"},
                                             {"linger.ms", "5"},
                                             {"max.in.flight.requests.per.connection", "1"},
                                         }));
}

TEST(MigrateOnStart, DefaultFollowsTheProfileAndCanBeSet) {
    EXPECT_TRUE(parseConfig(minimalEmbedded(), "t.yaml", fakeEnv()).store.migrateOnStart);
    EXPECT_FALSE(parseConfig(minimalProduction(), "t.yaml", fakeEnv()).store.migrateOnStart);
    const std::string embeddedNoMigrate =
        withDatabases("embedded", "{backend: sqlite, connect: /s, migrate-on-start: false}",
                      "{backend: sqlite, connect: /m}");
    EXPECT_FALSE(parseConfig(embeddedNoMigrate, "t.yaml", fakeEnv()).store.migrateOnStart);
    const std::string productionMigrate =
        "profile: production\n"
        "store: {connect: x, migrate-on-start: true}\n"
        "mailbox: {connect: y}\n"
        "delivery: {targets: {msg: {type: kafka, topic: m}, schd: {type: kafka, "
        "topic: s}}}\n"
        "kafka: {bootstrap: 'k:9092'}\n";
    EXPECT_TRUE(parseConfig(productionMigrate, "t.yaml", fakeEnv()).store.migrateOnStart);
}
