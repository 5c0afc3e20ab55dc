#include "ConfigSections.h"

#include <chrono>

namespace msgx::config::detail {

using namespace std::chrono_literals;
using std::chrono::milliseconds;

namespace {

// ---- ranges (docs/configuration.md lists the same) ----
constexpr Range<int> kPoolSize{1, 64};
constexpr Range<milliseconds> kConnectTimeout{1s, 5min};
constexpr Range<std::size_t> kAcceptStatusCount{1, 100};
constexpr Range<milliseconds> kPollInterval{50ms, 1h};
constexpr Range<int> kBatchSize{1, 10000};
constexpr Range<milliseconds> kMaxCommitDelay{0ms, 1h};
constexpr Range<milliseconds> kCompensationInterval{1s, 24h};
constexpr Range<int> kMessagesPerTransaction{1, 1000};
constexpr Range<int> kMaxAttempts{1, 100};
constexpr Range<milliseconds> kRetryDelay{10ms, 1h}; // each backoff step (milliseconds for tests)
constexpr Range<milliseconds> kBackoffCap{10ms, 24h};
constexpr Range<std::size_t> kBackoffSteps{1, 100};
constexpr Range<milliseconds> kHeadDeadline{1s, 24h};
constexpr Range<std::size_t> kIgnoreCount{0, 1000};
constexpr Range<milliseconds> kBackfillInterval{100ms, 1h};
constexpr Range<milliseconds> kArchiveRetention{24h, 7 * 24h};
constexpr Range<milliseconds> kLeasePeriod{1s, 10min};
constexpr Range<milliseconds> kSchdFlushPeriod{100ms, 1h};
constexpr Range<int> kSchdFlushLimit{1, 100000};
constexpr Range<int> kLogQueue{64, 1048576};

constexpr std::size_t kMaxUnixSocketPath = 107; // sizeof(sockaddr_un::sun_path) - 1

bool isAsciiLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
bool isAsciiDigit(char c) {
    return c >= '0' && c <= '9';
}

// An SQL identifier that needs no quoting in any dialect, 1..64 characters.
bool isPlainIdentifier(std::string_view s) {
    if (s.empty() || s.size() > 64 || !(isAsciiLetter(s.front()) || s.front() == '_')) {
        return false;
    }
    for (char c : s) {
        if (!(isAsciiLetter(c) || isAsciiDigit(c) || c == '_')) {
            return false;
        }
    }
    return true;
}

// TABLE or SCHEMA.TABLE. Table names are put into SQL text, so nothing else is allowed.
bool isTableName(std::string_view s) {
    const std::size_t dot = s.find('.');
    if (dot == std::string_view::npos) {
        return isPlainIdentifier(s);
    }
    return isPlainIdentifier(s.substr(0, dot)) && isPlainIdentifier(s.substr(dot + 1));
}

bool isPatternPart(std::string_view s) {
    if (s.empty()) {
        return false;
    }
    for (char c : s) {
        if (!(isAsciiLetter(c) || isAsciiDigit(c) || c == '_' || c == '*' || c == '?')) {
            return false;
        }
    }
    return true;
}

// TYPE-STYP with * and ? as wildcards in either part.
bool isIgnorePattern(std::string_view s) {
    const std::size_t dash = s.find('-');
    return dash != std::string_view::npos && isPatternPart(s.substr(0, dash)) &&
           isPatternPart(s.substr(dash + 1));
}

// Kafka's own rule for topic names.
bool isKafkaTopic(std::string_view s) {
    if (s.empty() || s.size() > 249 || s == "." || s == "..") {
        return false;
    }
    for (char c : s) {
        if (!(isAsciiLetter(c) || isAsciiDigit(c) || c == '.' || c == '_' || c == '-')) {
            return false;
        }
    }
    return true;
}

bool isSocketPath(std::string_view s) {
    return s.size() <= kMaxUnixSocketPath;
}

constexpr TextFormat kTableName{"a table name (letters, digits and _, optionally SCHEMA.TABLE)", isTableName};
constexpr TextFormat kIgnorePattern{"a TYPE-STYP pattern such as LDM-* (letters, digits, _, * and ?)",
                                    isIgnorePattern};
constexpr TextFormat kKafkaTopic{"a Kafka topic name (1..249 of letters, digits, . _ and -)", isKafkaTopic};
constexpr TextFormat kSocketPath{"a Unix socket path of at most 107 bytes", isSocketPath};
constexpr TextFormat kStatusValue{"a non-empty STATUS value"};

void readProfile(ConfigReader& reader, Config& config) {
    config.profile = reader.requiredChoice<Profile>("profile", kProfiles).value_or(Profile::Production);
}

// The backend/dialect pair of the store or the mailbox; the dialect defaults to the backend's own.
// Whether an explicit dialect fits its backend is CrossKeyRules'.
void readDatabase(ConfigReader& reader, const KeyPath& section, DatabaseBackend defaultBackend,
                  DatabaseBackend& backend, SqlDialect& dialect) {
    backend = reader.choice<DatabaseBackend>(section / "backend", defaultBackend, kBackends);
    const std::optional<SqlDialect> explicitDialect =
        reader.choice<SqlDialect>(section / "dialect", kDialects);
    dialect = explicitDialect.value_or(nativeDialect(backend).value_or(SqlDialect::PostgreSql));
}

void readStore(ConfigReader& reader, Config& config) {
    StoreConfig& store = config.store;
    readDatabase(reader, "store", DatabaseBackend::PostgreSql, store.backend, store.dialect);
    store.connect = reader.requiredText("store.connect").value_or("");
    store.poolSize = reader.integer("store.pool-size", 4, kPoolSize);
    store.connectTimeout = reader.duration("store.connect-timeout", 5s, kConnectTimeout);
    store.migrateOnStart = reader.boolean("store.migrate-on-start", config.profile == Profile::Embedded);
}

void readMailbox(ConfigReader& reader, Config& config) {
    MailboxConfig& mailbox = config.mailbox;
    readDatabase(reader, "mailbox", DatabaseBackend::MySql, mailbox.backend, mailbox.dialect);
    mailbox.connect = reader.requiredText("mailbox.connect").value_or("");
    mailbox.inboxTable = reader.text("mailbox.inbox-table", "CMINMSGS", kTableName);
    mailbox.outboxTable = reader.text("mailbox.outbox-table", "COUTMSGS", kTableName);
    mailbox.acceptStatus =
        reader.textList("mailbox.accept-status", {"VALID"}, kStatusValue, kAcceptStatusCount);
    mailbox.statusMap.succeeded = reader.text("mailbox.status-map.succeeded", "PROCESSED", kStatusValue);
    mailbox.statusMap.skipped = reader.text("mailbox.status-map.skipped", "PROCESSED", kStatusValue);
    mailbox.statusMap.duplicate = reader.text("mailbox.status-map.duplicate", "PROCESSED", kStatusValue);
    mailbox.statusMap.dead = reader.text("mailbox.status-map.dead", "PROCESSED", kStatusValue);
    mailbox.timeZone = reader.timeZone("mailbox.time-zone", "Asia/Shanghai");
    mailbox.createTables = reader.boolean("mailbox.create-tables", false);
}

void readPipeline(ConfigReader& reader, Config& config) {
    PipelineConfig& p = config.pipeline;
    const std::vector<milliseconds> defaultBackoff{1s, 2s, 4s, 8s, 16s};
    p.pollInterval = reader.duration("pipeline.poll-interval", 1s, kPollInterval);
    p.batchSize = reader.integer("pipeline.batch-size", 200, kBatchSize);
    p.maxCommitDelay = reader.duration("pipeline.max-commit-delay", 5s, kMaxCommitDelay);
    p.compensationInterval = reader.duration("pipeline.compensation-interval", 60s, kCompensationInterval);
    p.messagesPerTransaction =
        reader.integer("pipeline.messages-per-transaction", 50, kMessagesPerTransaction);
    p.maxAttempts = reader.integer("pipeline.max-attempts", 5, kMaxAttempts);
    p.backoff = reader.durationList("pipeline.backoff", defaultBackoff, kRetryDelay, kBackoffSteps);
    p.backoffCap = reader.duration("pipeline.backoff-cap", 60s, kBackoffCap);
    p.headDeadline = reader.duration("pipeline.head-deadline", 10min, kHeadDeadline);
    p.ignore = reader.textList("pipeline.ignore", {"LDM-*", "REGN-*", "RSTA-*", "EROR-*"}, kIgnorePattern,
                               kIgnoreCount);
    p.identityDayBoundary = reader.boolean("pipeline.identity-day-boundary", false);
    p.businessTimeZone = reader.timeZone("pipeline.business-time-zone", "Asia/Shanghai");
}

void readBackfill(ConfigReader& reader, Config& config) {
    config.backfill.interval = reader.duration("backfill.interval", 30s, kBackfillInterval);
    config.backfill.backoff = reader.duration("backfill.backoff", 30s, kRetryDelay);
    config.backfill.backoffCap = reader.duration("backfill.backoff-cap", 15min, kBackoffCap);
}

void readArchiveAndLease(ConfigReader& reader, Config& config) {
    config.archive.retention = reader.duration("archive.retention", 24h, kArchiveRetention);
    config.archive.at = reader.timeOfDay("archive.at", TimeOfDay{3, 0});
    config.lease.period = reader.duration("lease.period", 10s, kLeasePeriod);
}

void readShadowAndPlugins(ConfigReader& reader, Config& config) {
    config.shadow = reader.boolean("shadow", false);
    config.plugins.dir = reader.text("plugins.dir", "/usr/lib/msgx/handlers");
    config.plugins.watch = reader.boolean("plugins.watch", false);
}

// delivery.targets.msg and .schd: {type: kafka, topic: T} or {type: file, path: P}. Other target
// names are unknown keys: nothing produces events for them.
void readTarget(ConfigReader& reader, Config& config, const std::string& name) {
    const KeyPath base = KeyPath("delivery.targets") / name;
    const KeyPath topicKey = base / "topic";
    const KeyPath pathKey = base / "path";
    if (!reader.contains(base)) {
        reader.missing(base);
        return;
    }
    const std::optional<TargetType> type = reader.requiredChoice<TargetType>(base / "type", kTargetTypes);
    if (!type) {
        reader.accept(topicKey);
        reader.accept(pathKey);
        return;
    }
    DeliveryTarget target;
    target.type = *type;
    if (*type == TargetType::Kafka) {
        target.topic = reader.requiredText(topicKey, kKafkaTopic).value_or("");
        if (reader.contains(pathKey)) {
            reader.fail(pathKey, "must be left out with type: kafka (a kafka target has a topic)");
        }
    } else {
        target.path = reader.requiredText(pathKey).value_or("");
        if (reader.contains(topicKey)) {
            reader.fail(topicKey, "must be left out with type: file (a file target has a path)");
        }
    }
    config.delivery.targets[name] = std::move(target);
}

void readDelivery(ConfigReader& reader, Config& config) {
    DeliveryConfig& d = config.delivery;
    const std::vector<milliseconds> defaultBackoff{1s, 2s, 4s, 8s, 16s};
    readTarget(reader, config, "msg");
    readTarget(reader, config, "schd");
    d.maxAttempts = reader.integer("delivery.max-attempts", 5, kMaxAttempts);
    d.backoff = reader.durationList("delivery.backoff", defaultBackoff, kRetryDelay, kBackoffSteps);
    d.backoffCap = reader.duration("delivery.backoff-cap", 60s, kBackoffCap);
    d.onDead = reader.choice<OnDead>("delivery.on-dead", OnDead::Stop, kOnDead);
    d.schdFlushPeriod = reader.duration("delivery.schd-flush-period", 3s, kSchdFlushPeriod);
    d.schdFlushLimit = reader.integer("delivery.schd-flush-limit", 500, kSchdFlushLimit);
}

void readKafka(ConfigReader& reader, Config& config) {
    // Required only with a kafka target: CrossKeyRules.
    config.kafka.bootstrap = reader.text("kafka.bootstrap").value_or("");
    config.kafka.clientId = reader.text("kafka.client-id", "msgx");
    config.kafka.properties = reader.textMap("kafka.properties");
}

void readControlAndLog(ConfigReader& reader, Config& config) {
    config.control.socket = reader.text("control.socket", "/run/msgx/msgxd.sock", kSocketPath);
    config.log.level = reader.choice<LogLevel>("log.level", LogLevel::Info, kLogLevels);
    config.log.format = reader.choice<LogFormat>("log.format", LogFormat::Text, kLogFormats);
    const std::string file = reader.text("log.file", "stderr");
    config.log.file = file == "stderr" ? std::nullopt : std::optional<std::string>(file);
    config.log.queue = reader.integer("log.queue", 8192, kLogQueue);
}

} // namespace

void readConfigSections(ConfigReader& reader, Config& config) {
    readProfile(reader, config); // first: store.migrate-on-start's default depends on it
    readStore(reader, config);
    readMailbox(reader, config);
    readPipeline(reader, config);
    readBackfill(reader, config);
    readArchiveAndLease(reader, config);
    readShadowAndPlugins(reader, config);
    readDelivery(reader, config);
    readKafka(reader, config);
    readControlAndLog(reader, config);
}

} // namespace msgx::config::detail
