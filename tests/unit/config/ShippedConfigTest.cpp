// The configuration files shipped in etc/, read from the source tree.
#include "ConfigTestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace std::chrono_literals;
using namespace msgx::config;
using msgx::config::test::fakeEnv;

namespace {

const std::string kEtc = std::string(MSGX_SOURCE_DIR) + "/etc";

std::string readFile(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// 1-based number of the first line of `path` containing `needle`; 0 when none does.
int lineContaining(const std::string& path, const std::string& needle) {
    std::istringstream in(readFile(path));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.find(needle) != std::string::npos) {
            return n;
        }
    }
    return 0;
}

std::vector<ConfigError> errorsOf(const std::string& path, std::map<std::string, std::string> env) {
    try {
        loadConfigFile(path, fakeEnv(std::move(env)));
    } catch (const ConfigInvalid& invalid) {
        return invalid.errors();
    }
    return {};
}

// The variables a file needs: every error of loading it without environment must be an unset
// variable; their names are returned.
std::set<std::string> requiredVariables(const std::string& path) {
    static const std::string prefix = "environment variable ";
    static const std::string suffix = " is not set";
    std::set<std::string> names;
    for (const ConfigError& e : errorsOf(path, {})) {
        const bool isUnsetVariable = e.message.starts_with(prefix) && e.message.ends_with(suffix);
        EXPECT_TRUE(isUnsetVariable) << e.text();
        if (isUnsetVariable) {
            names.insert(e.message.substr(prefix.size(), e.message.size() - prefix.size() - suffix.size()));
        }
    }
    return names;
}

std::map<std::string, std::string> valuesFor(const std::set<std::string>& names) {
    std::map<std::string, std::string> env;
    for (const std::string& name : names) {
        env[name] = "v-" + name;
    }
    return env;
}

} // namespace

TEST(ShippedConfig, ProductionTemplateWithoutEnvironmentListsExactlyTheSiteValues) {
    const std::string path = kEtc + "/msgx.yaml";
    const int storeLine = lineContaining(path, "connect: ${MSGX_STORE_CONNECT}");
    const int mailboxLine = lineContaining(path, "connect: ${MSGX_MAILBOX_CONNECT}");
    const int kafkaLine = lineContaining(path, "bootstrap: ${MSGX_KAFKA_BOOTSTRAP}");
    ASSERT_GT(storeLine, 0);
    ASSERT_GT(mailboxLine, storeLine);
    ASSERT_GT(kafkaLine, mailboxLine);

    std::vector<std::string> texts;
    for (const ConfigError& e : errorsOf(path, {})) {
        texts.push_back(e.text());
    }
    EXPECT_EQ(texts, (std::vector<std::string>{
                         "store.connect: environment variable MSGX_STORE_CONNECT is not set (" + path +
                             " line " + std::to_string(storeLine) + ")",
                         "mailbox.connect: environment variable MSGX_MAILBOX_CONNECT is not set (" + path +
                             " line " + std::to_string(mailboxLine) + ")",
                         "kafka.bootstrap: environment variable MSGX_KAFKA_BOOTSTRAP is not set (" + path +
                             " line " + std::to_string(kafkaLine) + ")",
                     }));
}

TEST(ShippedConfig, ProductionTemplateIsValidOnceTheSiteValuesAreSet) {
    const Config c =
        loadConfigFile(kEtc + "/msgx.yaml", fakeEnv({{"MSGX_STORE_CONNECT", "host=db1 port=5432 dbname=msgx"},
                                                     {"MSGX_MAILBOX_CONNECT", "host=mbx;port=3306;db=ciims"},
                                                     {"MSGX_KAFKA_BOOTSTRAP", "k1:9092,k2:9092"}}));
    EXPECT_EQ(c.profile, Profile::Production);
    EXPECT_EQ(c.store.backend, DatabaseBackend::PostgreSql);
    EXPECT_EQ(c.store.connect, "host=db1 port=5432 dbname=msgx");
    EXPECT_FALSE(c.store.migrateOnStart);
    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::MySql);
    EXPECT_EQ(c.mailbox.connect, "host=mbx;port=3306;db=ciims");
    EXPECT_FALSE(c.mailbox.createTables);
    EXPECT_EQ(c.delivery.targets.at("msg"), (DeliveryTarget{TargetType::Kafka, "msgx.msg", ""}));
    EXPECT_EQ(c.delivery.targets.at("schd"), (DeliveryTarget{TargetType::Kafka, "msgx.schd", ""}));
    EXPECT_EQ(c.kafka.bootstrap, "k1:9092,k2:9092");
    EXPECT_TRUE(c.kafka.properties.empty());
    // The template spells out several defaults; they must stay the defaults.
    EXPECT_EQ(c.pipeline.ignore, (std::vector<std::string>{"LDM-*", "REGN-*", "RSTA-*", "EROR-*"}));
    EXPECT_EQ(c.archive.at, (TimeOfDay{3, 0}));
    EXPECT_EQ(c.archive.retention, 24h);
    EXPECT_EQ(c.mailbox.statusMap, MailboxConfig::StatusMap{});
    EXPECT_EQ(c.log.file, std::nullopt);
}

TEST(ShippedConfig, ProductionTemplateTopicsCanBeMovedByEnvironment) {
    const Config c = loadConfigFile(kEtc + "/msgx.yaml", fakeEnv({{"MSGX_STORE_CONNECT", "s"},
                                                                  {"MSGX_MAILBOX_CONNECT", "m"},
                                                                  {"MSGX_KAFKA_BOOTSTRAP", "k:9092"},
                                                                  {"MSGX_TOPIC_MSG", "site.msg"},
                                                                  {"MSGX_TOPIC_SCHD", "site.schd"}}));
    EXPECT_EQ(c.delivery.targets.at("msg").topic, "site.msg");
    EXPECT_EQ(c.delivery.targets.at("schd").topic, "site.schd");
}

TEST(ShippedConfig, EmbeddedProfileIsValidWithoutEnvironment) {
    const Config c = loadConfigFile(kEtc + "/msgx.embedded.yaml", fakeEnv());
    EXPECT_EQ(c.profile, Profile::Embedded);
    EXPECT_EQ(c.store.backend, DatabaseBackend::Sqlite);
    EXPECT_EQ(c.store.connect, "/var/lib/msgx/msgx.db");
    EXPECT_TRUE(c.store.migrateOnStart);
    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::Sqlite);
    EXPECT_EQ(c.mailbox.connect, "/var/lib/msgx/mailbox.db");
    EXPECT_TRUE(c.mailbox.createTables);
    EXPECT_EQ(c.delivery.targets.at("msg"),
              (DeliveryTarget{TargetType::File, "", "/var/lib/msgx/outbox/msg.jsonl"}));
    EXPECT_EQ(c.delivery.targets.at("schd"),
              (DeliveryTarget{TargetType::File, "", "/var/lib/msgx/outbox/schd.jsonl"}));
    EXPECT_EQ(c.plugins.dir, "/usr/lib/msgx/handlers");
    EXPECT_EQ(c.control.socket, "/run/msgx/msgxd.sock");
    EXPECT_EQ(c.log.format, LogFormat::Text);
    EXPECT_EQ(c.log.file, std::nullopt);
}

TEST(ShippedConfig, EmbeddedProfileFollowsTheDirectoryVariablesOfMakeRun) {
    const Config c =
        loadConfigFile(kEtc + "/msgx.embedded.yaml", fakeEnv({{"MSGX_VAR_DIR", "/tmp/run/var"},
                                                              {"MSGX_RUN_DIR", "/tmp/run/run"},
                                                              {"MSGX_PLUGINS_DIR", "/src/build/handlers"}}));
    EXPECT_EQ(c.store.connect, "/tmp/run/var/msgx.db");
    EXPECT_EQ(c.mailbox.connect, "/tmp/run/var/mailbox.db");
    EXPECT_EQ(c.delivery.targets.at("msg").path, "/tmp/run/var/outbox/msg.jsonl");
    EXPECT_EQ(c.delivery.targets.at("schd").path, "/tmp/run/var/outbox/schd.jsonl");
    EXPECT_EQ(c.control.socket, "/tmp/run/run/msgxd.sock");
    EXPECT_EQ(c.plugins.dir, "/src/build/handlers");
}

TEST(ShippedConfig, PostgresqlSiteExample) {
    const std::string path = kEtc + "/sites/postgresql.yaml.example";
    const std::set<std::string> vars = requiredVariables(path);
    EXPECT_EQ(vars,
              (std::set<std::string>{"MSGX_KAFKA_BOOTSTRAP", "MSGX_MAILBOX_HOST", "MSGX_MAILBOX_PASSWORD",
                                     "MSGX_MAILBOX_USER", "MSGX_PG_HOST", "MSGX_PG_PASSWORD"}));
    const Config c = loadConfigFile(path, fakeEnv(valuesFor(vars)));
    EXPECT_EQ(c.profile, Profile::Production);
    EXPECT_EQ(c.store.backend, DatabaseBackend::PostgreSql);
    EXPECT_EQ(c.store.connect,
              "host=v-MSGX_PG_HOST port=5432 dbname=msgx user=msgx password=v-MSGX_PG_PASSWORD "
              "options=-cTimeZone=UTC");
    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::MySql);
    EXPECT_EQ(c.mailbox.connect, "host=v-MSGX_MAILBOX_HOST;port=3306;db=ciims;user=v-MSGX_MAILBOX_USER;"
                                 "password=v-MSGX_MAILBOX_PASSWORD");
    EXPECT_EQ(c.kafka.properties.at("compression.type"), "lz4");
}

TEST(ShippedConfig, MysqlSiteExample) {
    const std::string path = kEtc + "/sites/mysql.yaml.example";
    const std::set<std::string> vars = requiredVariables(path);
    EXPECT_EQ(vars,
              (std::set<std::string>{"MSGX_KAFKA_BOOTSTRAP", "MSGX_MAILBOX_HOST", "MSGX_MAILBOX_PASSWORD",
                                     "MSGX_MAILBOX_USER", "MSGX_STORE_HOST", "MSGX_STORE_PASSWORD"}));
    const Config c = loadConfigFile(path, fakeEnv(valuesFor(vars)));
    EXPECT_EQ(c.profile, Profile::Production);
    EXPECT_EQ(c.store.backend, DatabaseBackend::MySql);
    EXPECT_EQ(c.store.dialect, SqlDialect::MySql);
    EXPECT_EQ(c.store.connect,
              "host=v-MSGX_STORE_HOST;port=3306;db=msgx;user=msgx;password=v-MSGX_STORE_PASSWORD");
    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::MySql);
}

TEST(ShippedConfig, OdbcOracleSiteExample) {
    const std::string path = kEtc + "/sites/odbc-oracle.yaml.example";
    const std::set<std::string> vars = requiredVariables(path);
    EXPECT_EQ(vars,
              (std::set<std::string>{"MSGX_KAFKA_BOOTSTRAP", "MSGX_MAILBOX_HOST", "MSGX_MAILBOX_PASSWORD",
                                     "MSGX_MAILBOX_USER", "MSGX_ORACLE_PASSWORD", "MSGX_ORACLE_USER"}));
    const Config c = loadConfigFile(path, fakeEnv(valuesFor(vars)));
    EXPECT_EQ(c.profile, Profile::Production);
    EXPECT_EQ(c.store.backend, DatabaseBackend::Odbc);
    EXPECT_EQ(c.store.dialect, SqlDialect::Oracle);
    EXPECT_EQ(c.store.connect, "DSN=MSGX;UID=v-MSGX_ORACLE_USER;PWD=v-MSGX_ORACLE_PASSWORD");
    EXPECT_EQ(c.store.connectTimeout, 10s);
}

TEST(ShippedConfig, SqliteSiteExampleIsAnEmbeddedShadowRun) {
    const std::string path = kEtc + "/sites/sqlite.yaml.example";
    const std::set<std::string> vars = requiredVariables(path);
    EXPECT_EQ(vars,
              (std::set<std::string>{"MSGX_MAILBOX_HOST", "MSGX_MAILBOX_PASSWORD", "MSGX_MAILBOX_USER"}));
    const Config c = loadConfigFile(path, fakeEnv(valuesFor(vars)));
    EXPECT_EQ(c.profile, Profile::Embedded);
    EXPECT_TRUE(c.shadow);
    EXPECT_EQ(c.store.backend, DatabaseBackend::Sqlite);
    EXPECT_EQ(c.store.connect, "/var/lib/msgx/msgx.db");
    EXPECT_EQ(c.mailbox.backend, DatabaseBackend::MySql);
    EXPECT_FALSE(c.mailbox.createTables);
    EXPECT_EQ(c.delivery.targets.at("msg").type, TargetType::File);
}

// A configuration file added to etc/ must get its own test above.
TEST(ShippedConfig, EveryShippedConfigurationFileIsTested) {
    std::set<std::string> shipped;
    for (const std::string subdir : {"", "sites/"}) {
        for (const auto& entry : std::filesystem::directory_iterator(kEtc + "/" + subdir)) {
            const std::string name = entry.path().filename().string();
            if (entry.is_regular_file() && (name.ends_with(".yaml") || name.ends_with(".yaml.example"))) {
                shipped.insert(subdir + name);
            }
        }
    }
    EXPECT_EQ(shipped, (std::set<std::string>{"msgx.embedded.yaml", "msgx.yaml", "sites/mysql.yaml.example",
                                              "sites/odbc-oracle.yaml.example",
                                              "sites/postgresql.yaml.example", "sites/sqlite.yaml.example"}));
}
