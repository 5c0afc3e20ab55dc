#include "CrossKeyRules.h"

#include <array>

namespace msgx::config::detail {

namespace {

// The combination rule itself is storage's (storage::supportedDialects); this names the keys.
void checkDialect(ConfigReader& reader, const KeyPath& section, DatabaseBackend backend, SqlDialect dialect) {
    const KeyPath backendKey = section / "backend";
    const KeyPath dialectKey = section / "dialect";
    if (reader.failed(backendKey) || reader.failed(dialectKey)) {
        return;
    }
    const auto supported = storage::supportedDialects(backend);
    if (backend == DatabaseBackend::Odbc) {
        std::string odbcDialects;
        for (const SqlDialect d : supported) {
            odbcDialects += (odbcDialects.empty() ? "" : "|") + std::string(name(d));
        }
        if (!reader.contains(dialectKey)) {
            reader.missing(dialectKey, backendKey.text() + ": odbc needs one of " + odbcDialects);
        } else if (!storage::supportsDialect(backend, dialect)) {
            reader.fail(dialectKey, "must be one of " + odbcDialects + " with " + backendKey.text() +
                                        ": odbc, got " + std::string(name(dialect)));
        }
        return;
    }
    if (reader.contains(dialectKey) && !storage::supportsDialect(backend, dialect)) {
        reader.fail(dialectKey, "must be " + std::string(name(supported.front())) + " with " +
                                    backendKey.text() + ": " + std::string(name(backend)) +
                                    " (or be left out), got " + std::string(name(dialect)));
    }
}

// Production refuses every part that exists only for trying msgexchange out (architecture.md §9:
// fail fast without a real store, mailbox or Kafka), naming each offending key.
void checkProductionParts(ConfigReader& reader, const Config& config) {
    static const std::string kReal = "must be postgresql, mysql or odbc with profile: production, got sqlite";
    if (config.store.backend == DatabaseBackend::Sqlite && !reader.failed("store.backend")) {
        reader.fail("store.backend", kReal);
    }
    if (config.mailbox.backend == DatabaseBackend::Sqlite && !reader.failed("mailbox.backend")) {
        reader.fail("mailbox.backend", kReal);
    }
    for (const auto& [targetName, target] : config.delivery.targets) {
        if (target.type == TargetType::File) {
            reader.fail(KeyPath("delivery.targets") / targetName / "type",
                        "must be kafka with profile: production, got file");
        }
    }
    if (config.mailbox.createTables) {
        reader.fail("mailbox.create-tables",
                    "must be false with profile: production (the shared mailbox is never created), got true");
    }
}

void checkCreateTables(ConfigReader& reader, const Config& config) {
    if (!config.mailbox.createTables || reader.failed("mailbox.backend")) {
        return;
    }
    if (config.mailbox.backend != DatabaseBackend::Sqlite) {
        reader.fail("mailbox.create-tables",
                    "must be false unless mailbox.backend is sqlite (msgexchange never creates tables in a "
                    "real mailbox), got true");
    }
}

void checkKafkaBootstrap(ConfigReader& reader, const Config& config) {
    bool anyKafkaTarget = false;
    for (const auto& [targetName, target] : config.delivery.targets) {
        anyKafkaTarget = anyKafkaTarget || target.type == TargetType::Kafka;
    }
    if (anyKafkaTarget && !reader.contains("kafka.bootstrap")) {
        reader.missing("kafka.bootstrap", "a delivery target has type: kafka");
    }
}

struct ForcedProperty {
    std::string_view name;
    std::array<std::string_view, 2> allowed; // an empty entry allows nothing more
    std::string_view expected;
};

// The producer settings msgexchange forces (architecture.md §6), under their names and aliases.
constexpr std::array<ForcedProperty, 5> kForcedProperties{{
    {"acks", {"all", "-1"}, "all or -1"},
    {"request.required.acks", {"all", "-1"}, "all or -1"},
    {"enable.idempotence", {"true", ""}, "true"},
    {"max.in.flight.requests.per.connection", {"1", ""}, "1"},
    {"max.in.flight", {"1", ""}, "1"},
}};

// Properties that have their own configuration key.
struct OwnKeyProperty {
    std::string_view name;
    std::string_view key;
};
constexpr std::array<OwnKeyProperty, 3> kOwnKeyProperties{{
    {"bootstrap.servers", "kafka.bootstrap"},
    {"metadata.broker.list", "kafka.bootstrap"},
    {"client.id", "kafka.client-id"},
}};

// Properties that bound a send: librdkafka reads 0 as "wait forever", which would let a target
// hang without ever reporting its records unavailable.
constexpr std::array<std::string_view, 2> kSendTimeoutProperties{"message.timeout.ms", "delivery.timeout.ms"};

bool isPositiveInteger(const std::string& text) {
    return !text.empty() && text.size() <= 10 && text.find_first_not_of("0123456789") == std::string::npos &&
           text.find_first_not_of('0') != std::string::npos;
}

void checkKafkaProperties(ConfigReader& reader, const Config& config) {
    for (const auto& [property, value] : config.kafka.properties) {
        const KeyPath key = KeyPath("kafka.properties") / property;
        for (const OwnKeyProperty& own : kOwnKeyProperties) {
            if (property == own.name) {
                reader.fail(key, "must be left out: use " + std::string(own.key));
            }
        }
        for (const std::string_view timeout : kSendTimeoutProperties) {
            if (property == timeout && !isPositiveInteger(value)) {
                reader.fail(key, "must be a positive number of milliseconds (0 would let a send wait "
                                 "forever), got " +
                                     describeText(value));
            }
        }
        if (property == "transactional.id") {
            // A transactional producer fails every produce outside a transaction, and msgexchange
            // never begins one: delivery is at-least-once with a stable event id to de-duplicate on.
            reader.fail(key, "must be left out: msgexchange does not use Kafka transactions");
        }
        for (const ForcedProperty& forced : kForcedProperties) {
            if (property != forced.name) {
                continue;
            }
            const bool allowed = !value.empty() && (value == forced.allowed[0] || value == forced.allowed[1]);
            if (!allowed) {
                reader.fail(key, "must be " + std::string(forced.expected) +
                                     " (forced by msgexchange), got " + describeText(value));
            }
        }
    }
}

// Beyond loopback whoever reaches the port could inject into the mailbox: the compat endpoints must
// then ask for a token (docs/security.md), and a document of the largest size must fit the body
// budget.
void checkHttp(ConfigReader& reader, const Config& config) {
    const HttpConfig& http = config.http;
    if (!http.enabled || reader.failed("http.listen") || reader.failed("http.enabled")) {
        return;
    }
    if (!isLoopbackAddress(http.listen.host) && !http.compatTokenFile) {
        reader.missing("http.compat-token-file",
                       "http.listen " + formatListen(http.listen) +
                           " is not a loopback address: the compat endpoints need a "
                           "token there");
    }
    if (http.bodyBudget < config.limits.maxDocumentSize && !reader.failed("http.body-budget") &&
        !reader.failed("limits.max-document-size")) {
        reader.fail("http.body-budget", "must be at least limits.max-document-size (" +
                                            formatSize(config.limits.maxDocumentSize) + "), got " +
                                            formatSize(http.bodyBudget));
    }
}

} // namespace

// The purge of history.retention must not take a row the identity de-duplication still reads: a
// message's identity is looked up in PROC_STATE_HST for pipeline.identity-window after it ended, and
// it reaches history archive.retention after its receive time.
void checkHistoryRetention(ConfigReader& reader, const Config& config) {
    if (reader.failed("history.retention") || reader.failed("pipeline.identity-window") ||
        reader.failed("archive.retention")) {
        return;
    }
    const Milliseconds least = config.pipeline.identityWindow + config.archive.retention;
    if (config.history.retention < least) {
        reader.fail("history.retention", "must be at least pipeline.identity-window + archive.retention (" +
                                             formatDuration(least) + "), got " +
                                             formatDuration(config.history.retention));
    }
}

void checkCrossKeyRules(ConfigReader& reader, Config& config) {
    checkDialect(reader, "store", config.store.backend, config.store.dialect);
    checkDialect(reader, "mailbox", config.mailbox.backend, config.mailbox.dialect);
    if (!reader.failed("profile")) {
        if (config.profile == Profile::Production) {
            checkProductionParts(reader, config);
        } else {
            checkCreateTables(reader, config);
        }
    }
    checkKafkaBootstrap(reader, config);
    checkKafkaProperties(reader, config);
    checkHistoryRetention(reader, config);
    checkHttp(reader, config);
}

} // namespace msgx::config::detail
