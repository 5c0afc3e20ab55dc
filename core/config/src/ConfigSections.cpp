#include "ConfigSections.h"

#include "msgx/codec/Ascii.h"
#include "msgx/codec/ReferenceTypes.h"

#include <algorithm>
#include <chrono>
#include <map>

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
constexpr Range<milliseconds> kSweepInterval{1s, 24h};
constexpr Range<int> kSweepIdsPerRound{1000, 10000000};
constexpr Range<int> kMessagesPerTransaction{1, 1000};
constexpr Range<int> kMaxAttempts{1, 100};
constexpr Range<milliseconds> kRetryDelay{10ms, 1h}; // each backoff step (milliseconds for tests)
constexpr Range<milliseconds> kBackoffCap{10ms, 24h};
constexpr Range<std::size_t> kBackoffSteps{1, 100};
constexpr Range<milliseconds> kHeadDeadline{1s, 24h};
constexpr Range<std::size_t> kIgnoreCount{0, 1000};
constexpr Range<milliseconds> kBackfillInterval{100ms, 1h};
constexpr Range<milliseconds> kArchiveRetention{24h, 7 * 24h};
constexpr Range<milliseconds> kIdentityWindow{1h, 365 * 24h};
constexpr Range<milliseconds> kHistoryAfter{12h, 90 * 24h};
constexpr Range<milliseconds> kReviveWithin{0h, 365 * 24h};
constexpr Range<milliseconds> kHistoryRetention{24h, 3650 * 24h};
constexpr Range<milliseconds> kLeasePeriod{1s, 10min};
constexpr Range<milliseconds> kSchdFlushPeriod{100ms, 1h};
constexpr Range<int> kSchdFlushLimit{1, 100000};
constexpr Range<int> kLogQueue{64, 1048576};
constexpr Range<milliseconds> kRequestTimeout{1s, 24h};
constexpr Range<milliseconds> kRequestCheckInterval{100ms, 1min};
constexpr Range<int> kScheduleDays{1, 31};
constexpr Range<milliseconds> kRefreshInterval{1min, 7 * 24h};
constexpr Range<milliseconds> kRefreshTimeout{100ms, 5min};
constexpr Range<std::uint64_t> kMaxDocumentSize{1024, 1024ULL * 1024 * 1024}; // 1KB..1GB
constexpr Range<int> kHttpThreads{1, 256};
constexpr Range<int> kHttpMaxQueued{1, 10000};
constexpr Range<milliseconds> kHttpHeaderTimeout{100ms, 5min};
constexpr Range<milliseconds> kHttpBodyTimeout{100ms, 30min};
constexpr Range<int> kAllFlightsLimit{1, 10000000};
constexpr Range<milliseconds> kSchdSyncWait{0ms, 30s};
constexpr Range<std::size_t> kAllowedCount{0, 100};
constexpr Range<int> kCompatRateLimit{0, 100000};
constexpr Range<int> kCompatRateBurst{1, 100000};
constexpr Range<std::uint64_t> kBodyBudget{1024, 64ULL * 1024 * 1024 * 1024}; // 1KB..64GB
constexpr Range<int> kUnknownKeyLabels{0, 10000};

constexpr std::size_t kMaxUnixSocketPath = 107; // sizeof(sockaddr_un::sun_path) - 1

using codec::isAsciiDigit;
using codec::isAsciiLetter;

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

bool isSender(std::string_view s) {
    return !s.empty() && s.size() <= 4 &&
           std::all_of(s.begin(), s.end(), [](char c) { return isAsciiLetter(c) || isAsciiDigit(c); });
}

bool isRoutingId(std::string_view s) {
    return !s.empty() && s.size() <= 23 && std::all_of(s.begin(), s.end(), [](char c) {
        return isAsciiLetter(c) || isAsciiDigit(c) || c == '_';
    });
}

bool isSocketPath(std::string_view s) {
    return s.size() <= kMaxUnixSocketPath;
}

// http.listen: HOST:PORT with an IPv4 address or a bracketed IPv6 one ([::1]:8470), port 0..65535
// (0: a free port the system chooses, logged at start; for tests). Names are refused: what the
// daemon binds to must not depend on a resolver at start.
std::optional<HttpEndpoint> parseListen(std::string_view s) {
    const std::size_t colon = s.rfind(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == s.size() || s.size() - colon - 1 > 5) {
        return std::nullopt;
    }
    std::string_view host = s.substr(0, colon);
    const std::string_view port = s.substr(colon + 1);
    if (!std::all_of(port.begin(), port.end(), isAsciiDigit)) {
        return std::nullopt;
    }
    const int portNumber = std::stoi(std::string(port));
    if (portNumber > 65535) {
        return std::nullopt;
    }
    if (host.front() == '[') {
        if (host.back() != ']' || host.size() < 4) {
            return std::nullopt;
        }
        host = host.substr(1, host.size() - 2);
        const bool v6 = std::all_of(host.begin(), host.end(), [](char c) {
            return isAsciiDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == ':' ||
                   c == '.';
        });
        if (!v6 || host.find(':') == std::string_view::npos) {
            return std::nullopt;
        }
    } else {
        int parts = 0;
        std::size_t start = 0;
        while (start <= host.size()) {
            const std::size_t dot = std::min(host.find('.', start), host.size());
            const std::string_view part = host.substr(start, dot - start);
            if (part.empty() || part.size() > 3 || !std::all_of(part.begin(), part.end(), isAsciiDigit) ||
                std::stoi(std::string(part)) > 255) {
                return std::nullopt;
            }
            ++parts;
            start = dot + 1;
        }
        if (parts != 4) {
            return std::nullopt;
        }
    }
    return HttpEndpoint{std::string(host), portNumber};
}

bool isListenAddress(std::string_view s) {
    return parseListen(s).has_value();
}

// A DNS name label by label: letters, digits and '-', not at a label's ends.
bool isHostName(std::string_view s) {
    if (s.empty() || s.size() > 253) {
        return false;
    }
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t dot = std::min(s.find('.', start), s.size());
        const std::string_view label = s.substr(start, dot - start);
        const bool ok = !label.empty() && label.size() <= 63 && label.front() != '-' && label.back() != '-' &&
                        std::all_of(label.begin(), label.end(),
                                    [](char c) { return isAsciiLetter(c) || isAsciiDigit(c) || c == '-'; });
        if (!ok) {
            return false;
        }
        start = dot + 1;
    }
    return true;
}

// http://host[:port] or https://host[:port]: what a browser sends as Origin, nothing after it.
bool isOrigin(std::string_view s) {
    std::string_view rest;
    if (s.starts_with("http://")) {
        rest = s.substr(7);
    } else if (s.starts_with("https://")) {
        rest = s.substr(8);
    } else {
        return false;
    }
    const std::size_t colon = rest.rfind(':');
    if (colon != std::string_view::npos) {
        const std::string_view port = rest.substr(colon + 1);
        if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), isAsciiDigit) ||
            std::stoi(std::string(port)) < 1 || std::stoi(std::string(port)) > 65535) {
            return false;
        }
        rest = rest.substr(0, colon);
    }
    return isHostName(rest);
}

constexpr TextFormat kTableName{"a table name (letters, digits and _, optionally SCHEMA.TABLE)", isTableName};
constexpr TextFormat kIgnorePattern{"a TYPE-STYP pattern such as LDM-* (letters, digits, _, * and ?)",
                                    isIgnorePattern};
constexpr TextFormat kKafkaTopic{"a Kafka topic name (1..249 of letters, digits, . _ and -)", isKafkaTopic};
constexpr TextFormat kSocketPath{"a Unix socket path of at most 107 bytes", isSocketPath};
constexpr TextFormat kStatusValue{"a non-empty STATUS value"};
constexpr TextFormat kSender{"1..4 letters or digits (META/SNDR)", isSender};
constexpr TextFormat kRoutingId{"1..23 letters, digits or _ (COUTMSGS ROUTINGID)", isRoutingId};
constexpr TextFormat kListenAddress{
    "HOST:PORT with an IPv4 address or [IPv6], port 0..65535 (e.g. 127.0.0.1:8470)", isListenAddress};
constexpr TextFormat kJsonMember{"the name of a JSON member"};
constexpr TextFormat kHostName{"a host name without a port (letters, digits, - and .)", isHostName};
constexpr TextFormat kOrigin{"an origin http://host[:port] or https://host[:port] (no path, lower case)",
                             isOrigin};

// How log.file names standard error, which Config holds as "no file".
constexpr std::string_view kStandardError = "stderr";

// The one source of every default: an absent key keeps the value a default-constructed Config
// holds (Config.h's member initializers), so the reads below pass defaults().<field> and never a
// literal of their own. The exceptions are written where they are read: store.migrate-on-start
// depends on the profile, and the dialects follow their backends.
const Config& defaults() {
    static const Config kDefaults{};
    return kDefaults;
}

void readProfile(ConfigReader& reader, Config& config) {
    config.profile = reader.requiredChoice<Profile>("profile", kProfiles).value_or(defaults().profile);
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
    const StoreConfig& fallback = defaults().store;
    readDatabase(reader, "store", fallback.backend, store.backend, store.dialect);
    store.connect = reader.requiredText("store.connect").value_or(fallback.connect);
    store.poolSize = reader.integer("store.pool-size", fallback.poolSize, kPoolSize);
    store.connectTimeout = reader.duration("store.connect-timeout", fallback.connectTimeout, kConnectTimeout);
    // Profile-dependent (docs/configuration.md, Profiles): embedded migrates by default, production
    // (Config{}'s false) leaves it to `msgxctl migrate`.
    store.migrateOnStart = reader.boolean("store.migrate-on-start", config.profile == Profile::Embedded);
}

void readMailbox(ConfigReader& reader, Config& config) {
    MailboxConfig& mailbox = config.mailbox;
    const MailboxConfig& fallback = defaults().mailbox;
    readDatabase(reader, "mailbox", fallback.backend, mailbox.backend, mailbox.dialect);
    mailbox.connect = reader.requiredText("mailbox.connect").value_or(fallback.connect);
    mailbox.inboxTable = reader.text("mailbox.inbox-table", fallback.inboxTable, kTableName);
    mailbox.outboxTable = reader.text("mailbox.outbox-table", fallback.outboxTable, kTableName);
    mailbox.acceptStatus =
        reader.textList("mailbox.accept-status", fallback.acceptStatus, kStatusValue, kAcceptStatusCount);
    const MailboxConfig::StatusMap& status = fallback.statusMap;
    mailbox.statusMap.succeeded = reader.text("mailbox.status-map.succeeded", status.succeeded, kStatusValue);
    mailbox.statusMap.skipped = reader.text("mailbox.status-map.skipped", status.skipped, kStatusValue);
    mailbox.statusMap.duplicate = reader.text("mailbox.status-map.duplicate", status.duplicate, kStatusValue);
    mailbox.statusMap.dead = reader.text("mailbox.status-map.dead", status.dead, kStatusValue);
    mailbox.timeZone = reader.timeZone("mailbox.time-zone", fallback.timeZone);
    mailbox.createTables = reader.boolean("mailbox.create-tables", fallback.createTables);
}

void readPipeline(ConfigReader& reader, Config& config) {
    PipelineConfig& p = config.pipeline;
    const PipelineConfig& fallback = defaults().pipeline;
    p.pollInterval = reader.duration("pipeline.poll-interval", fallback.pollInterval, kPollInterval);
    p.batchSize = reader.integer("pipeline.batch-size", fallback.batchSize, kBatchSize);
    p.maxCommitDelay = reader.duration("pipeline.max-commit-delay", fallback.maxCommitDelay, kMaxCommitDelay);
    p.compensationInterval = reader.duration("pipeline.compensation-interval", fallback.compensationInterval,
                                             kCompensationInterval);
    p.sweepInterval = reader.duration("pipeline.sweep-interval", fallback.sweepInterval, kSweepInterval);
    p.sweepIdsPerRound =
        reader.integer("pipeline.sweep-ids-per-round", fallback.sweepIdsPerRound, kSweepIdsPerRound);
    p.messagesPerTransaction = reader.integer("pipeline.messages-per-transaction",
                                              fallback.messagesPerTransaction, kMessagesPerTransaction);
    p.maxAttempts = reader.integer("pipeline.max-attempts", fallback.maxAttempts, kMaxAttempts);
    p.backoff = reader.durationList("pipeline.backoff", fallback.backoff, kRetryDelay, kBackoffSteps);
    p.backoffCap = reader.duration("pipeline.backoff-cap", fallback.backoffCap, kBackoffCap);
    p.headDeadline = reader.duration("pipeline.head-deadline", fallback.headDeadline, kHeadDeadline);
    const auto retry = [&](const std::string& errorClass) {
        const KeyPath base = KeyPath("pipeline.retry") / errorClass;
        RetryOverride schedule;
        if (reader.contains(base / "max-attempts")) {
            schedule.maxAttempts = reader.integer(base / "max-attempts", p.maxAttempts, kMaxAttempts);
        }
        if (reader.contains(base / "backoff")) {
            schedule.backoff = reader.durationList(base / "backoff", p.backoff, kRetryDelay, kBackoffSteps);
        }
        return schedule;
    };
    p.unsupportedRetry = retry("unsupported");
    p.codecErrorRetry = retry("codec-error");
    p.infraRetry = retry("infra");
    p.ignore = reader.textList("pipeline.ignore", fallback.ignore, kIgnorePattern, kIgnoreCount);
    p.identityDayBoundary = reader.boolean("pipeline.identity-day-boundary", fallback.identityDayBoundary);
    p.businessTimeZone = reader.timeZone("pipeline.business-time-zone", fallback.businessTimeZone);
    p.identityWindow = reader.duration("pipeline.identity-window", fallback.identityWindow, kIdentityWindow);
    p.firstStart = reader.choice<FirstStart>("pipeline.first-start", fallback.firstStart, kFirstStarts);
    p.identityConflict = reader.choice<IdentityConflict>("pipeline.identity-conflict",
                                                         fallback.identityConflict, kIdentityConflicts);
}

void readBackfill(ConfigReader& reader, Config& config) {
    const BackfillConfig& fallback = defaults().backfill;
    config.backfill.interval = reader.duration("backfill.interval", fallback.interval, kBackfillInterval);
    config.backfill.backoff = reader.duration("backfill.backoff", fallback.backoff, kRetryDelay);
    config.backfill.backoffCap = reader.duration("backfill.backoff-cap", fallback.backoffCap, kBackoffCap);
}

void readArchiveAndLease(ConfigReader& reader, Config& config) {
    config.archive.retention =
        reader.duration("archive.retention", defaults().archive.retention, kArchiveRetention);
    // De-duplication must outlive the archive move by a day (US-11.3): a repeat that comes while its
    // first message moves to PROC_STATE_HST is still found there.
    const Milliseconds least = config.archive.retention + std::chrono::hours(24);
    if (config.pipeline.identityWindow < least && !reader.failed("pipeline.identity-window")) {
        reader.fail("pipeline.identity-window", "must be at least archive.retention + 1d (" +
                                                    formatDuration(least) + "), got " +
                                                    formatDuration(config.pipeline.identityWindow));
    }
    config.archive.at = reader.timeOfDay("archive.at", defaults().archive.at);
    config.history.retention =
        reader.duration("history.retention", defaults().history.retention, kHistoryRetention);
    config.lease.period = reader.duration("lease.period", defaults().lease.period, kLeasePeriod);
}

void readFlights(ConfigReader& reader, Config& config) {
    const FlightsConfig& fallback = defaults().flights;
    config.flights.historyAfter =
        reader.durationOrOff("flights.history-after", fallback.historyAfter, kHistoryAfter);
    config.flights.reviveWithin =
        reader.duration("flights.revive-within", fallback.reviveWithin, kReviveWithin);
}

void readRequests(ConfigReader& reader, Config& config) {
    RequestsConfig& r = config.requests;
    const RequestsConfig& fallback = defaults().requests;
    r.sender = reader.text("requests.sender", fallback.sender, kSender);
    r.rqfdRoutingId = reader.text("requests.rqfd-routing-id", fallback.rqfdRoutingId, kRoutingId);
    r.rqrdRoutingId = reader.text("requests.rqrd-routing-id", fallback.rqrdRoutingId, kRoutingId);
    r.rqfdTimeout = reader.duration("requests.rqfd-timeout", fallback.rqfdTimeout, kRequestTimeout);
    r.rqrdTimeout = reader.duration("requests.rqrd-timeout", fallback.rqrdTimeout, kRequestTimeout);
    r.sendTimeout = reader.duration("requests.send-timeout", fallback.sendTimeout, kRequestTimeout);
    r.checkInterval =
        reader.duration("requests.check-interval", fallback.checkInterval, kRequestCheckInterval);
    r.matchSeqnEcho = reader.boolean("requests.match-seqn-echo", fallback.matchSeqnEcho);
    r.dailySchedule = reader.boolean("requests.daily-schedule", fallback.dailySchedule);
    r.dailyScheduleAt = reader.timeOfDay("requests.daily-schedule-at", fallback.dailyScheduleAt);
    r.dailyScheduleDays =
        reader.integer("requests.daily-schedule-days", fallback.dailyScheduleDays, kScheduleDays);
}

bool startsWithNoCase(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), s.begin(),
                      [](char a, char b) { return codec::toAsciiLower(a) == codec::toAsciiLower(b); });
}

// Why `url` is not an http:// URL the admin-API client can fetch; empty when it is one:
// http://host[:port][/path][?query], no blanks or control characters.
std::string httpUrlProblem(std::string_view url) {
    if (startsWithNoCase(url, "https://")) {
        return "https is not supported: msgexchange is built without Poco NetSSL (use http://, e.g. "
               "through a local TLS-terminating proxy)";
    }
    if (!startsWithNoCase(url, "http://")) {
        return "the scheme must be http://";
    }
    if (std::any_of(url.begin(), url.end(),
                    [](char c) { return static_cast<unsigned char>(c) <= ' ' || c == '\x7f'; })) {
        return "blanks and control characters are not allowed";
    }
    const std::string_view rest = url.substr(7);
    const std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
    if (authority.find('@') != std::string_view::npos) {
        return "user information (user:password@) is not allowed";
    }
    const std::size_t colon = authority.rfind(':');
    const std::string_view host = authority.substr(0, colon);
    if (host.empty()) {
        return "the host is missing";
    }
    if (colon != std::string_view::npos) {
        const std::string_view port = authority.substr(colon + 1);
        const bool digits =
            !port.empty() && port.size() <= 5 && std::all_of(port.begin(), port.end(), isAsciiDigit);
        if (!digits || std::stoi(std::string(port)) < 1 || std::stoi(std::string(port)) > 65535) {
            return "the port must be 1..65535";
        }
    }
    return {};
}

// "ABDG ABNR ... VIPS".
std::string referenceTypeList() {
    std::string out;
    for (const std::string_view type : codec::kReferenceTypes) {
        out += (out.empty() ? "" : " ") + std::string(type);
    }
    return out;
}

// refresh.classes.<name>: {url, key, fields}. `rtypes` holds the classes read so far by RTYPE, to
// refuse a second endpoint for one class.
void readRefreshClass(ConfigReader& reader, Config& config, const std::string& className,
                      std::map<std::string, std::string>& rtypes) {
    const KeyPath base = KeyPath("refresh.classes") / className;
    const std::optional<std::string> rtype = refreshClassType(className);
    if (!rtype) {
        const std::string upper = codec::toAsciiUpper(className);
        const std::string hint =
            refreshClassType(upper) ? " (class names are upper case: " + upper + ")" : "";
        reader.fail(base, "unknown class" + hint + ": a class is one of the 23 reference types (" +
                              referenceTypeList() +
                              "), ORMS_STAND (stored as SLST) or ORMS_STAND_AIRBRIDGE (stored as ABDG)");
        return;
    }
    RefreshClass entry;
    entry.rtype = *rtype;
    const KeyPath urlKey = base / "url";
    entry.url = reader.requiredText(urlKey).value_or("");
    if (!entry.url.empty()) {
        const std::string problem = httpUrlProblem(entry.url);
        if (!problem.empty()) {
            reader.fail(urlKey, "must be an http:// URL (" + problem + "), got " + describeText(entry.url));
        }
    }
    entry.key = reader.requiredText(base / "key", kJsonMember).value_or("");
    const KeyPath fieldsKey = base / "fields";
    if (!reader.contains(fieldsKey)) {
        reader.missing(fieldsKey);
    }
    entry.fields = reader.textMap(fieldsKey);
    for (const auto& [field, member] : entry.fields) {
        if (member.empty()) {
            reader.fail(fieldsKey / field, "must name a JSON member, got an empty value");
        }
    }
    if (reader.contains(fieldsKey) && entry.fields.empty() && !reader.failed(fieldsKey)) {
        reader.fail(fieldsKey, "must map at least one reference field onto a JSON member, got none");
    }
    const auto [held, first] = rtypes.emplace(entry.rtype, className);
    if (!first) {
        reader.fail(base, "is stored as " + entry.rtype + ", like refresh.classes." + held->second +
                              ": a class is refreshed from one endpoint only");
        return;
    }
    config.refresh.classes.emplace(className, std::move(entry));
}

void readRefresh(ConfigReader& reader, Config& config) {
    RefreshConfig& r = config.refresh;
    const RefreshConfig& fallback = defaults().refresh;
    r.interval = reader.duration("refresh.interval", fallback.interval, kRefreshInterval);
    r.timeout = reader.duration("refresh.timeout", fallback.timeout, kRefreshTimeout);
    r.maxDocumentSize = reader.size("refresh.max-document-size", fallback.maxDocumentSize, kMaxDocumentSize);
    r.precedence =
        reader.choice<RefreshPrecedence>("refresh.precedence", fallback.precedence, kRefreshPrecedences);
    r.inShadow = reader.boolean("refresh.in-shadow", fallback.inShadow);
    r.classes = fallback.classes;
    std::map<std::string, std::string> rtypes;
    for (const std::string& className : reader.mapNames("refresh.classes")) {
        readRefreshClass(reader, config, className, rtypes);
    }
}

void readShadowAndPlugins(ConfigReader& reader, Config& config) {
    config.shadow = reader.boolean("shadow", defaults().shadow);
    config.plugins.dir = reader.text("plugins.dir", defaults().plugins.dir);
    config.plugins.watch = reader.boolean("plugins.watch", defaults().plugins.watch);
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
    const DeliveryConfig& fallback = defaults().delivery;
    readTarget(reader, config, "msg");
    readTarget(reader, config, "schd");
    d.maxAttempts = reader.integer("delivery.max-attempts", fallback.maxAttempts, kMaxAttempts);
    d.backoff = reader.durationList("delivery.backoff", fallback.backoff, kRetryDelay, kBackoffSteps);
    d.backoffCap = reader.duration("delivery.backoff-cap", fallback.backoffCap, kBackoffCap);
    d.onDead = reader.choice<OnDead>("delivery.on-dead", fallback.onDead, kOnDead);
    d.schdFlushPeriod =
        reader.duration("delivery.schd-flush-period", fallback.schdFlushPeriod, kSchdFlushPeriod);
    d.schdFlushLimit = reader.integer("delivery.schd-flush-limit", fallback.schdFlushLimit, kSchdFlushLimit);
}

void readKafka(ConfigReader& reader, Config& config) {
    // Required only with a kafka target: CrossKeyRules.
    config.kafka.bootstrap = reader.text("kafka.bootstrap").value_or(defaults().kafka.bootstrap);
    config.kafka.clientId = reader.text("kafka.client-id", defaults().kafka.clientId);
    config.kafka.properties = reader.textMap("kafka.properties");
}

void readControlAndLog(ConfigReader& reader, Config& config) {
    const LogConfig& fallback = defaults().log;
    config.control.socket = reader.text("control.socket", defaults().control.socket, kSocketPath);
    config.log.level = reader.choice<LogLevel>("log.level", fallback.level, kLogLevels);
    config.log.format = reader.choice<LogFormat>("log.format", fallback.format, kLogFormats);
    const std::string file = reader.text("log.file", fallback.file.value_or(std::string(kStandardError)));
    config.log.file = file == kStandardError ? std::nullopt : std::optional<std::string>(file);
    config.log.queue = reader.integer("log.queue", fallback.queue, kLogQueue);
}

void readHttpAndLimits(ConfigReader& reader, Config& config) {
    HttpConfig& h = config.http;
    const HttpConfig& fallback = defaults().http;
    h.enabled = reader.boolean("http.enabled", fallback.enabled);
    h.listen = parseListen(reader.text("http.listen", formatListen(fallback.listen), kListenAddress))
                   .value_or(fallback.listen);
    h.threads = reader.integer("http.threads", fallback.threads, kHttpThreads);
    h.maxQueued = reader.integer("http.max-queued", fallback.maxQueued, kHttpMaxQueued);
    h.headerTimeout = reader.duration("http.header-timeout", fallback.headerTimeout, kHttpHeaderTimeout);
    h.bodyTimeout = reader.duration("http.body-timeout", fallback.bodyTimeout, kHttpBodyTimeout);
    h.compatTokenFile = reader.text("http.compat-token-file");
    h.opsTokenFile = reader.text("http.ops-token-file");
    h.allFlightsLimit = reader.integer("http.all-flights-limit", fallback.allFlightsLimit, kAllFlightsLimit);
    h.schdSyncWait = reader.duration("http.schd-sync-wait", fallback.schdSyncWait, kSchdSyncWait);
    h.consoleDir = reader.text("http.console-dir", fallback.consoleDir);
    h.allowedHosts = reader.textList("http.allowed-hosts", fallback.allowedHosts, kHostName, kAllowedCount);
    h.allowedOrigins =
        reader.textList("http.allowed-origins", fallback.allowedOrigins, kOrigin, kAllowedCount);
    h.compatRateLimit = reader.integer("http.compat-rate-limit", fallback.compatRateLimit, kCompatRateLimit);
    h.compatRateBurst = reader.integer("http.compat-rate-burst", fallback.compatRateBurst, kCompatRateBurst);
    h.bodyBudget = reader.size("http.body-budget", fallback.bodyBudget, kBodyBudget);
    const LimitsConfig& limits = defaults().limits;
    config.limits.maxDocumentSize =
        reader.size("limits.max-document-size", limits.maxDocumentSize, kMaxDocumentSize);
    config.limits.unknownKeyLabels =
        reader.integer("limits.unknown-key-labels", limits.unknownKeyLabels, kUnknownKeyLabels);
}

} // namespace

void readConfigSections(ConfigReader& reader, Config& config) {
    readProfile(reader, config); // first: store.migrate-on-start's default depends on it
    readStore(reader, config);
    readMailbox(reader, config);
    readPipeline(reader, config);
    readBackfill(reader, config);
    readArchiveAndLease(reader, config);
    readFlights(reader, config);
    readRequests(reader, config);
    readRefresh(reader, config);
    readShadowAndPlugins(reader, config);
    readDelivery(reader, config);
    readKafka(reader, config);
    readControlAndLog(reader, config);
    readHttpAndLimits(reader, config);
}

} // namespace msgx::config::detail
