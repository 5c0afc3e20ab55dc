#pragma once

#include "msgx/config/ValueFormats.h"
#include "msgx/storage/Backends.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// The validated configuration of msgexchange: one struct per section of the YAML file, one field
// per key (architecture.md §12, docs/configuration.md). The default member values are the one
// source of the defaults: the loader gives an absent key the value of a default-constructed Config
// (ConfigSections.cpp writes no default of its own), and a test holds docs/configuration.md's
// default column against them. A new key gets its default here and nowhere else. Two defaults are
// not a member value: store.migrate-on-start depends on the profile (true with embedded; the member
// holds production's false) and a dialect defaults to its backend's own. Keys without a default
// (profile, store.connect, mailbox.connect, delivery.targets, kafka.bootstrap) are filled in by the
// loader or refused by it.
namespace msgx::config {

using Milliseconds = std::chrono::milliseconds;

enum class Profile { Embedded, Production };
// The database kinds are storage's own (storage/Backends.h); the configuration chooses them.
using storage::DatabaseBackend;
using storage::SqlDialect;
enum class TargetType { Kafka, File };
enum class OnDead { Stop, Continue };
enum class LogLevel { Trace, Debug, Info, Warn, Error, Critical, Off };
enum class LogFormat { Text, Json };
// Which source may replace a reference class that both the admin API and AODB messages supply.
enum class RefreshPrecedence { AdminApi, Aodb };
// Where intake starts on a store that has never polled (pipeline.first-start, docs/operations.md
// "Cut-over"): Auto is Beginning on the embedded profile and Refuse on production.
enum class FirstStart { Auto, Beginning, AfterMaxId, LowestUnprocessed, Refuse };
// What a repeat of a bound identity with a different document is (pipeline.identity-conflict).
enum class IdentityConflict { Skip, Process };

// The spelling used in the YAML file ("production", "postgresql", "oracle", ...).
std::string_view name(Profile p);
using storage::name;
std::string_view name(TargetType t);
std::string_view name(OnDead o);
std::string_view name(LogLevel l);
std::string_view name(LogFormat f);
std::string_view name(RefreshPrecedence p);
std::string_view name(IdentityConflict c);
std::string_view name(FirstStart f);

using storage::nativeDialect;

struct StoreConfig {
    DatabaseBackend backend = DatabaseBackend::PostgreSql;
    SqlDialect dialect = SqlDialect::PostgreSql; // the backend's own dialect unless backend is ODBC
    std::string connect;                         // Poco Data connection string (required)
    int poolSize = 4;
    Milliseconds connectTimeout = std::chrono::seconds(5);
    bool migrateOnStart = false; // default: true with profile embedded, false with production
};

// The shared mailbox (CMINMSGS/COUTMSGS): DML only.
struct MailboxConfig {
    DatabaseBackend backend = DatabaseBackend::MySql;
    SqlDialect dialect = SqlDialect::MySql;
    std::string connect; // required
    std::string inboxTable = "CMINMSGS";
    std::string outboxTable = "COUTMSGS";
    std::vector<std::string> acceptStatus{"VALID"};

    // The STATUS value back-filled per terminal outcome.
    struct StatusMap {
        std::string succeeded = "PROCESSED";
        std::string skipped = "PROCESSED";
        std::string duplicate = "PROCESSED";
        std::string dead = "PROCESSED";
        bool operator==(const StatusMap&) const = default;
    } statusMap;

    std::string timeZone = "Asia/Shanghai"; // zone of the mailbox DATETIME columns
    bool createTables = false;              // only with profile embedded and a SQLite mailbox
};

// The retry schedule of one error class (pipeline.retry.<class>.*): what is not set is the general
// pipeline.max-attempts / pipeline.backoff (RetryPolicy resolves it).
struct RetryOverride {
    std::optional<int> maxAttempts;
    std::optional<std::vector<Milliseconds>> backoff;
};

struct PipelineConfig {
    Milliseconds pollInterval = std::chrono::seconds(1);
    int batchSize = 200;
    Milliseconds maxCommitDelay = std::chrono::seconds(5);
    Milliseconds compensationInterval = std::chrono::seconds(60);
    // The late-commit sweep (docs/pipeline.md "Late commits"): every sweepInterval it reads the next
    // sweepIdsPerRound mailbox ids below the head for rows nobody has processed, wrapping at the end.
    Milliseconds sweepInterval = std::chrono::minutes(5);
    int sweepIdsPerRound = 100000;
    int messagesPerTransaction = 50;
    int maxAttempts = 5;
    std::vector<Milliseconds> backoff{std::chrono::seconds(1), std::chrono::seconds(2),
                                      std::chrono::seconds(4), std::chrono::seconds(8),
                                      std::chrono::seconds(16)};
    Milliseconds backoffCap = std::chrono::seconds(60);
    Milliseconds headDeadline = std::chrono::minutes(10);
    // Per error class (docs/pipeline.md "Retries"): UNSUPPORTED holds the whole queue while it is
    // retried, so a site may give it fewer and shorter attempts than CODEC_ERROR or INFRA.
    RetryOverride unsupportedRetry;
    RetryOverride codecErrorRetry;
    RetryOverride infraRetry;
    // Case-insensitive TYPE-STYP glob patterns (* and ?), as written in the file.
    std::vector<std::string> ignore{"LDM-*", "REGN-*", "RSTA-*", "EROR-*"};
    bool identityDayBoundary = false;
    std::string businessTimeZone = "Asia/Shanghai";
    // An identity bound by a message that ended longer ago than this no longer makes a repeat a
    // duplicate (the upstream's SEQN wrapped or was reset); at least archive.retention + 1 day.
    Milliseconds identityWindow = std::chrono::hours(72);
    IdentityConflict identityConflict = IdentityConflict::Skip;
    FirstStart firstStart = FirstStart::Auto;
};

struct BackfillConfig {
    Milliseconds interval = std::chrono::seconds(30);
    Milliseconds backoff = std::chrono::seconds(30); // first retry delay; doubles up to backoffCap
    Milliseconds backoffCap = std::chrono::minutes(15);
};

struct ArchiveConfig {
    Milliseconds retention = std::chrono::hours(24);
    TimeOfDay at{3, 0}; // daily run time, wall clock in pipeline.business-time-zone
};

// Requests to AODB through COUTMSGS (architecture.md §7, mailbox.md §3, §4).
struct RequestsConfig {
    std::string sender = "VIEW";                         // META/SNDR of every request
    std::string rqfdRoutingId = "VIEWRQFD";              // ROUTINGID of a schedule request
    std::string rqrdRoutingId = "VIEWRQRD";              // ROUTINGID of a reference request
    Milliseconds rqfdTimeout = std::chrono::seconds(60); // from the confirmed send to EXPIRED
    Milliseconds rqrdTimeout = std::chrono::seconds(30);
    Milliseconds sendTimeout = std::chrono::minutes(10);  // REGISTERED but never sent: EXPIRED then
    Milliseconds checkInterval = std::chrono::seconds(1); // send, recover and expire every this often
    bool matchSeqnEcho = true;       // a RESP whose META/SEQN is an open request's SEQN matches it first
    bool dailySchedule = false;      // register an RQFD every day at dailyScheduleAt
    TimeOfDay dailyScheduleAt{4, 0}; // wall clock in pipeline.business-time-zone
    int dailyScheduleDays = 2;       // the window: today 00:00 to the end of today + days - 1
};

// The 23 reference types of reference.md §0 (the RTYPEs of REF_MASTER), sorted.
std::span<const std::string_view> referenceTypes();

// The REF_MASTER class (RTYPE) a refresh class replaces: the name itself for one of the 23
// reference types, SLST for ORMS_STAND, ABDG for ORMS_STAND_AIRBRIDGE (US-14); nullopt for any other
// name (names are upper case, as written in the file).
std::optional<std::string> refreshClassType(std::string_view className);

// One class of the admin-API reference refresh (docs/reference-refresh.md): where it is fetched and
// how a JSON record becomes a reference record.
struct RefreshClass {
    std::string rtype;                         // refreshClassType(name)
    std::string url;                           // http:// endpoint answering a JSON array of objects
    std::string key;                           // the JSON member giving RKEY
    std::map<std::string, std::string> fields; // reference field name -> JSON member
    bool operator==(const RefreshClass&) const = default;
};

// The periodic refresh of reference classes from the admin API (US-13, US-14, architecture.md §7).
struct RefreshConfig {
    Milliseconds interval = std::chrono::hours(1);       // every configured class is fetched this often
    Milliseconds timeout = std::chrono::seconds(10);     // connect + whole response, per class
    std::uint64_t maxDocumentSize = 50ULL * 1024 * 1024; // a larger body fails the class
    RefreshPrecedence precedence = RefreshPrecedence::AdminApi;
    bool inShadow = false;                       // shadow mode refreshes only when true (US-13.4)
    std::map<std::string, RefreshClass> classes; // by class name (GLST, ORMS_STAND, ...); none by default
};

struct LeaseConfig {
    Milliseconds period = std::chrono::seconds(10);
};

struct PluginsConfig {
    std::string dir = "/usr/lib/msgx/handlers";
    bool watch = false;
};

struct DeliveryTarget {
    TargetType type = TargetType::Kafka;
    std::string topic; // set when type is Kafka
    std::string path;  // set when type is File
    bool operator==(const DeliveryTarget&) const = default;
};

struct DeliveryConfig {
    std::map<std::string, DeliveryTarget> targets; // exactly "msg" and "schd" once loaded
    int maxAttempts = 5;
    std::vector<Milliseconds> backoff{std::chrono::seconds(1), std::chrono::seconds(2),
                                      std::chrono::seconds(4), std::chrono::seconds(8),
                                      std::chrono::seconds(16)};
    Milliseconds backoffCap = std::chrono::seconds(60);
    OnDead onDead = OnDead::Stop;
    Milliseconds schdFlushPeriod = std::chrono::seconds(3);
    int schdFlushLimit = 500;
};

struct KafkaConfig {
    std::string bootstrap; // required when a target has type kafka; else may be empty
    std::string clientId = "msgx";
    // Extra librdkafka properties. Never contains bootstrap.servers, client.id or a value that
    // weakens the forced producer settings (the loader refuses those).
    std::map<std::string, std::string> properties;
};

struct ControlConfig {
    std::string socket = "/run/msgx/msgxd.sock";
};

// The HTTP side of msgxd (docs/http.md): one listener, the compat endpoints, health and /ops.
struct HttpEndpoint {
    std::string host = "127.0.0.1"; // an IPv4 address, or an IPv6 one written [..] in the file
    int port = 8470;
    bool operator==(const HttpEndpoint&) const = default;
};
// As written in the file: "127.0.0.1:8470", "[::1]:8470".
std::string formatListen(const HttpEndpoint& endpoint);

struct HttpConfig {
    bool enabled = true;
    HttpEndpoint listen;
    int threads = 128;   // request threads (a slow client holds one until its timeout)
    int maxQueued = 256; // accepted connections waiting for a thread; more are closed at once
    Milliseconds headerTimeout = std::chrono::seconds(10); // the whole request head
    Milliseconds bodyTimeout = std::chrono::seconds(30);   // the whole body
    std::optional<std::string> compatTokenFile; // tokens for the compat endpoints; none: no token asked
    std::optional<std::string> opsTokenFile;    // tokens for /ops/*; none: /ops refuses every call
    int allFlightsLimit = 100000;               // GET /all/flights refuses a larger answer
    Milliseconds schdSyncWait = std::chrono::seconds(2); // POST /schd/sync waits this long for SENT
    std::string consoleDir = "/usr/share/msgx/console";  // the console's files, served at /console/
};

// Limits of what msgxd accepts from outside.
struct LimitsConfig {
    std::uint64_t maxDocumentSize = 10ULL * 1024 * 1024; // one message: the decoder and POST /cminmsgs/send
};

struct LogConfig {
    LogLevel level = LogLevel::Info;
    LogFormat format = LogFormat::Text;
    std::optional<std::string> file; // nullopt: standard error (written "stderr" or left out)
    int queue = 8192;
};

struct Config {
    Profile profile = Profile::Production;
    StoreConfig store;
    MailboxConfig mailbox;
    PipelineConfig pipeline;
    BackfillConfig backfill;
    ArchiveConfig archive;
    LeaseConfig lease;
    RequestsConfig requests;
    RefreshConfig refresh;
    bool shadow = false;
    PluginsConfig plugins;
    DeliveryConfig delivery;
    KafkaConfig kafka;
    ControlConfig control;
    HttpConfig http;
    LimitsConfig limits;
    LogConfig log;
};

} // namespace msgx::config
