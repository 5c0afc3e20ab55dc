// docs/configuration.md's key tables held against the loader: every documented default is what an
// absent key gets (in a file with only the required keys, in both profiles) and what a
// default-constructed Config holds, and every key the loader reads has a row. The docs are read
// from the source tree (MSGX_SOURCE_DIR), so editing either side alone fails here.
#include "../../../core/config/src/ConfigReader.h"
#include "../../../core/config/src/ConfigSections.h"
#include "ConfigTestSupport.h"
#include "msgx/config/ValueFormats.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

using namespace msgx::config;
using msgx::config::test::fakeEnv;

namespace {

const std::string kDocPath = std::string(MSGX_SOURCE_DIR) + "/docs/configuration.md";

// One row of a `| key | default | … |` table.
struct DocumentedKey {
    std::string key;
    std::string defaultCell; // as written, e.g. "`5s`", "—", "the backend's own"
    int line = 0;
};

std::string trim(std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
        return {};
    }
    const std::size_t last = s.find_last_not_of(" \t");
    return std::string(s.substr(first, last - first + 1));
}

// The cells of a markdown table row ("| a | b \| c |" -> "a", "b | c").
std::vector<std::string> cellsOf(const std::string& row) {
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < row.size(); ++i) { // row[0] is the leading '|'
        if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
            cell += '|';
            ++i;
        } else if (row[i] == '|') {
            cells.push_back(trim(cell));
            cell.clear();
        } else {
            cell += row[i];
        }
    }
    return cells;
}

std::string withoutBackticks(const std::string& s) {
    if (s.size() >= 2 && s.front() == '`' && s.back() == '`') {
        return s.substr(1, s.size() - 2);
    }
    return s;
}

// Every row of every table whose header is `| key | default | …`, in file order.
std::vector<DocumentedKey> documentedKeys() {
    std::ifstream in(kDocPath);
    EXPECT_TRUE(in) << "cannot read " << kDocPath;
    std::vector<DocumentedKey> out;
    std::string line;
    bool inKeyTable = false;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.empty() || line.front() != '|') {
            inKeyTable = false;
            continue;
        }
        const std::vector<std::string> cells = cellsOf(line);
        if (cells.size() >= 2 && cells[0] == "key" && cells[1] == "default") {
            inKeyTable = true;
        } else if (inKeyTable && !cells.empty() && cells[0].find_first_not_of("-: ") != std::string::npos) {
            out.push_back({withoutBackticks(cells.at(0)), cells.size() > 1 ? cells[1] : "", n});
        }
    }
    return out;
}

// How a default cell is written, so that spellings of one value compare equal (`60s` and `1m`).
enum class Written {
    Code,         // one code span, compared as text: `4`, `Asia/Shanghai`, `[VALID]`
    Duration,     // one code span holding a duration: `60s`
    DurationList, // one code span holding a list of durations: `[1s, 2s]`
    Prose,        // the whole cell as text: "the backend's own"
};

// The cell's value in one spelling, or a text that says why it has none.
std::string canonical(Written written, const std::string& cell) {
    if (written == Written::Prose) {
        return cell;
    }
    if (cell.size() < 2 || cell.front() != '`' || cell.back() != '`') {
        return "<not one code span: " + cell + ">";
    }
    const std::string inner = cell.substr(1, cell.size() - 2);
    auto duration = [](const std::string& text) {
        const ParseOutcome<Milliseconds> parsed = parseDuration(text);
        return parsed.value ? formatDuration(*parsed.value) : "<not a duration: " + text + ">";
    };
    switch (written) {
    case Written::Code:
        return inner;
    case Written::Duration:
        return duration(inner);
    case Written::DurationList: {
        if (inner.size() < 2 || inner.front() != '[' || inner.back() != ']') {
            return "<not a list: " + inner + ">";
        }
        std::string out = "[";
        std::istringstream entries(inner.substr(1, inner.size() - 2));
        std::string entry;
        for (bool first = true; std::getline(entries, entry, ','); first = false) {
            out += (first ? "" : ", ") + duration(trim(entry));
        }
        return out + "]";
    }
    case Written::Prose:
        break;
    }
    return cell;
}

std::string flag(bool b) {
    return b ? "true" : "false";
}
std::string durations(const std::vector<Milliseconds>& list) {
    std::string out = "[";
    for (std::size_t i = 0; i < list.size(); ++i) {
        out += (i == 0 ? "" : ", ") + formatDuration(list[i]);
    }
    return out + "]";
}
std::string texts(const std::vector<std::string>& list) {
    std::string out = "[";
    for (std::size_t i = 0; i < list.size(); ++i) {
        out += (i == 0 ? "" : ", ") + list[i];
    }
    return out + "]";
}
std::string textMap(const std::map<std::string, std::string>& map) {
    std::string out = "{";
    for (const auto& [name, value] : map) {
        out += (out.size() == 1 ? "" : ", ") + name + ": " + value;
    }
    return out + "}";
}
// pipeline.retry.<class>.*: documented as taking the general key's value when not set.
std::string sameAsAttempts(const RetryOverride& r) {
    return r.maxAttempts ? std::to_string(*r.maxAttempts) : "`pipeline.max-attempts`";
}
std::string sameAsBackoff(const RetryOverride& r) {
    return r.backoff ? durations(*r.backoff) : "`pipeline.backoff`";
}
std::string dialect(DatabaseBackend backend, SqlDialect d) {
    return nativeDialect(backend) == d ? "the backend's own" : "`" + std::string(name(d)) + "`";
}

// A documented default and the value it documents, in the canonical spelling of `written`.
struct Comparison {
    Written written;
    std::function<std::string(const Config&)> value;
};

// Every documented key with a default. A key added to docs/configuration.md without an entry here
// fails EveryDocumentedKeyIsCompared.
const std::map<std::string, Comparison>& comparisons() {
    using W = Written;
    static const std::map<std::string, Comparison> table{
        {"shadow", {W::Code, [](const Config& c) { return flag(c.shadow); }}},

        {"store.backend", {W::Code, [](const Config& c) { return std::string(name(c.store.backend)); }}},
        {"store.dialect",
         {W::Prose, [](const Config& c) { return dialect(c.store.backend, c.store.dialect); }}},
        {"store.pool-size", {W::Code, [](const Config& c) { return std::to_string(c.store.poolSize); }}},
        {"store.connect-timeout",
         {W::Duration, [](const Config& c) { return formatDuration(c.store.connectTimeout); }}},

        {"mailbox.backend", {W::Code, [](const Config& c) { return std::string(name(c.mailbox.backend)); }}},
        {"mailbox.dialect",
         {W::Prose, [](const Config& c) { return dialect(c.mailbox.backend, c.mailbox.dialect); }}},
        {"mailbox.inbox-table", {W::Code, [](const Config& c) { return c.mailbox.inboxTable; }}},
        {"mailbox.outbox-table", {W::Code, [](const Config& c) { return c.mailbox.outboxTable; }}},
        {"mailbox.accept-status", {W::Code, [](const Config& c) { return texts(c.mailbox.acceptStatus); }}},
        {"mailbox.status-map.succeeded",
         {W::Code, [](const Config& c) { return c.mailbox.statusMap.succeeded; }}},
        {"mailbox.status-map.skipped",
         {W::Code, [](const Config& c) { return c.mailbox.statusMap.skipped; }}},
        {"mailbox.status-map.duplicate",
         {W::Code, [](const Config& c) { return c.mailbox.statusMap.duplicate; }}},
        {"mailbox.status-map.dead", {W::Code, [](const Config& c) { return c.mailbox.statusMap.dead; }}},
        {"mailbox.time-zone", {W::Code, [](const Config& c) { return c.mailbox.timeZone; }}},
        {"mailbox.create-tables", {W::Code, [](const Config& c) { return flag(c.mailbox.createTables); }}},

        {"pipeline.poll-interval",
         {W::Duration, [](const Config& c) { return formatDuration(c.pipeline.pollInterval); }}},
        {"pipeline.batch-size",
         {W::Code, [](const Config& c) { return std::to_string(c.pipeline.batchSize); }}},
        {"pipeline.max-commit-delay",
         {W::Duration, [](const Config& c) { return formatDuration(c.pipeline.maxCommitDelay); }}},
        {"pipeline.compensation-interval",
         {W::Duration, [](const Config& c) { return formatDuration(c.pipeline.compensationInterval); }}},
        {"pipeline.sweep-interval",
         {W::Duration, [](const Config& c) { return formatDuration(c.pipeline.sweepInterval); }}},
        {"pipeline.sweep-ids-per-round",
         {W::Code, [](const Config& c) { return std::to_string(c.pipeline.sweepIdsPerRound); }}},
        {"pipeline.messages-per-transaction",
         {W::Code, [](const Config& c) { return std::to_string(c.pipeline.messagesPerTransaction); }}},
        {"pipeline.max-attempts",
         {W::Code, [](const Config& c) { return std::to_string(c.pipeline.maxAttempts); }}},
        {"pipeline.backoff",
         {W::DurationList, [](const Config& c) { return durations(c.pipeline.backoff); }}},
        {"pipeline.backoff-cap",
         {W::Duration, [](const Config& c) { return formatDuration(c.pipeline.backoffCap); }}},
        {"pipeline.head-deadline",
         {W::Duration, [](const Config& c) { return formatDuration(c.pipeline.headDeadline); }}},
        {"pipeline.retry.unsupported.max-attempts",
         {W::Prose, [](const Config& c) { return sameAsAttempts(c.pipeline.unsupportedRetry); }}},
        {"pipeline.retry.unsupported.backoff",
         {W::Prose, [](const Config& c) { return sameAsBackoff(c.pipeline.unsupportedRetry); }}},
        {"pipeline.retry.codec-error.max-attempts",
         {W::Prose, [](const Config& c) { return sameAsAttempts(c.pipeline.codecErrorRetry); }}},
        {"pipeline.retry.codec-error.backoff",
         {W::Prose, [](const Config& c) { return sameAsBackoff(c.pipeline.codecErrorRetry); }}},
        {"pipeline.retry.infra.max-attempts",
         {W::Prose, [](const Config& c) { return sameAsAttempts(c.pipeline.infraRetry); }}},
        {"pipeline.retry.infra.backoff",
         {W::Prose, [](const Config& c) { return sameAsBackoff(c.pipeline.infraRetry); }}},
        {"pipeline.ignore", {W::Code, [](const Config& c) { return texts(c.pipeline.ignore); }}},
        {"pipeline.identity-day-boundary",
         {W::Code, [](const Config& c) { return flag(c.pipeline.identityDayBoundary); }}},
        {"pipeline.business-time-zone",
         {W::Code, [](const Config& c) { return c.pipeline.businessTimeZone; }}},
        {"pipeline.first-start",
         {W::Code, [](const Config& c) { return std::string(name(c.pipeline.firstStart)); }}},
        {"pipeline.identity-window",
         {W::Duration, [](const Config& c) { return formatDuration(c.pipeline.identityWindow); }}},
        {"pipeline.identity-conflict",
         {W::Code, [](const Config& c) { return std::string(name(c.pipeline.identityConflict)); }}},

        {"backfill.interval",
         {W::Duration, [](const Config& c) { return formatDuration(c.backfill.interval); }}},
        {"backfill.backoff",
         {W::Duration, [](const Config& c) { return formatDuration(c.backfill.backoff); }}},
        {"backfill.backoff-cap",
         {W::Duration, [](const Config& c) { return formatDuration(c.backfill.backoffCap); }}},
        {"archive.retention",
         {W::Duration, [](const Config& c) { return formatDuration(c.archive.retention); }}},
        {"archive.at", {W::Code, [](const Config& c) { return formatTimeOfDay(c.archive.at); }}},
        {"flights.history-after",
         {W::Duration, [](const Config& c) { return formatDuration(*c.flights.historyAfter); }}},
        {"flights.revive-within",
         {W::Duration, [](const Config& c) { return formatDuration(c.flights.reviveWithin); }}},
        {"history.retention",
         {W::Duration, [](const Config& c) { return formatDuration(c.history.retention); }}},
        {"lease.period", {W::Duration, [](const Config& c) { return formatDuration(c.lease.period); }}},

        {"requests.sender", {W::Code, [](const Config& c) { return c.requests.sender; }}},
        {"requests.rqfd-routing-id", {W::Code, [](const Config& c) { return c.requests.rqfdRoutingId; }}},
        {"requests.rqrd-routing-id", {W::Code, [](const Config& c) { return c.requests.rqrdRoutingId; }}},
        {"requests.rqfd-timeout",
         {W::Duration, [](const Config& c) { return formatDuration(c.requests.rqfdTimeout); }}},
        {"requests.rqrd-timeout",
         {W::Duration, [](const Config& c) { return formatDuration(c.requests.rqrdTimeout); }}},
        {"requests.send-timeout",
         {W::Duration, [](const Config& c) { return formatDuration(c.requests.sendTimeout); }}},
        {"requests.check-interval",
         {W::Duration, [](const Config& c) { return formatDuration(c.requests.checkInterval); }}},
        {"requests.match-seqn-echo",
         {W::Code, [](const Config& c) { return flag(c.requests.matchSeqnEcho); }}},
        {"requests.daily-schedule",
         {W::Code, [](const Config& c) { return flag(c.requests.dailySchedule); }}},
        {"requests.daily-schedule-at",
         {W::Code, [](const Config& c) { return formatTimeOfDay(c.requests.dailyScheduleAt); }}},
        {"requests.daily-schedule-days",
         {W::Code, [](const Config& c) { return std::to_string(c.requests.dailyScheduleDays); }}},

        {"refresh.interval",
         {W::Duration, [](const Config& c) { return formatDuration(c.refresh.interval); }}},
        {"refresh.timeout", {W::Duration, [](const Config& c) { return formatDuration(c.refresh.timeout); }}},
        {"refresh.max-document-size",
         {W::Code, [](const Config& c) { return formatSize(c.refresh.maxDocumentSize); }}},
        {"refresh.precedence",
         {W::Code, [](const Config& c) { return std::string(name(c.refresh.precedence)); }}},
        {"refresh.in-shadow", {W::Code, [](const Config& c) { return flag(c.refresh.inShadow); }}},
        {"refresh.classes",
         {W::Code, [](const Config& c) { return c.refresh.classes.empty() ? "{}" : "<classes>"; }}},

        {"plugins.dir", {W::Code, [](const Config& c) { return c.plugins.dir; }}},
        {"plugins.watch", {W::Code, [](const Config& c) { return flag(c.plugins.watch); }}},
        {"control.socket", {W::Code, [](const Config& c) { return c.control.socket; }}},

        {"http.enabled", {W::Code, [](const Config& c) { return flag(c.http.enabled); }}},
        {"http.listen", {W::Code, [](const Config& c) { return formatListen(c.http.listen); }}},
        {"http.threads", {W::Code, [](const Config& c) { return std::to_string(c.http.threads); }}},
        {"http.max-queued", {W::Code, [](const Config& c) { return std::to_string(c.http.maxQueued); }}},
        {"http.header-timeout",
         {W::Duration, [](const Config& c) { return formatDuration(c.http.headerTimeout); }}},
        {"http.body-timeout",
         {W::Duration, [](const Config& c) { return formatDuration(c.http.bodyTimeout); }}},
        {"http.compat-token-file",
         {W::Prose, [](const Config& c) { return c.http.compatTokenFile.value_or("none"); }}},
        {"http.ops-token-file",
         {W::Prose, [](const Config& c) { return c.http.opsTokenFile.value_or("none"); }}},
        {"http.all-flights-limit",
         {W::Code, [](const Config& c) { return std::to_string(c.http.allFlightsLimit); }}},
        {"http.schd-sync-wait",
         {W::Duration, [](const Config& c) { return formatDuration(c.http.schdSyncWait); }}},
        {"http.console-dir", {W::Code, [](const Config& c) { return c.http.consoleDir; }}},
        {"http.allowed-hosts", {W::Code, [](const Config& c) { return texts(c.http.allowedHosts); }}},
        {"http.allowed-origins", {W::Code, [](const Config& c) { return texts(c.http.allowedOrigins); }}},
        {"http.compat-rate-limit",
         {W::Code, [](const Config& c) { return std::to_string(c.http.compatRateLimit); }}},
        {"http.compat-rate-burst",
         {W::Code, [](const Config& c) { return std::to_string(c.http.compatRateBurst); }}},
        {"http.body-budget", {W::Code, [](const Config& c) { return formatSize(c.http.bodyBudget); }}},
        {"limits.max-document-size",
         {W::Code, [](const Config& c) { return formatSize(c.limits.maxDocumentSize); }}},
        {"limits.unknown-key-labels",
         {W::Code, [](const Config& c) { return std::to_string(c.limits.unknownKeyLabels); }}},

        {"delivery.max-attempts",
         {W::Code, [](const Config& c) { return std::to_string(c.delivery.maxAttempts); }}},
        {"delivery.backoff",
         {W::DurationList, [](const Config& c) { return durations(c.delivery.backoff); }}},
        {"delivery.backoff-cap",
         {W::Duration, [](const Config& c) { return formatDuration(c.delivery.backoffCap); }}},
        {"delivery.on-dead", {W::Code, [](const Config& c) { return std::string(name(c.delivery.onDead)); }}},
        {"delivery.schd-flush-period",
         {W::Duration, [](const Config& c) { return formatDuration(c.delivery.schdFlushPeriod); }}},
        {"delivery.schd-flush-limit",
         {W::Code, [](const Config& c) { return std::to_string(c.delivery.schdFlushLimit); }}},

        {"kafka.client-id", {W::Code, [](const Config& c) { return c.kafka.clientId; }}},
        {"kafka.properties", {W::Code, [](const Config& c) { return textMap(c.kafka.properties); }}},

        {"log.level", {W::Code, [](const Config& c) { return std::string(name(c.log.level)); }}},
        {"log.format", {W::Code, [](const Config& c) { return std::string(name(c.log.format)); }}},
        {"log.file", {W::Code, [](const Config& c) { return c.log.file.value_or("stderr"); }}},
        {"log.queue", {W::Code, [](const Config& c) { return std::to_string(c.log.queue); }}},
    };
    return table;
}

// The keys documented with "—" (no default), each with the reason it has none.
const std::map<std::string, std::string> kRequiredKeys{
    {"profile", "required: which profile a site runs is never guessed"},
    {"store.connect", "required: the own store's connection string is site data"},
    {"mailbox.connect", "required: the mailbox's connection string is site data"},
    {"delivery.targets.msg", "required: where notifications go is site data"},
    {"delivery.targets.schd", "required: where the schedule push goes is site data"},
    {"kafka.bootstrap", "required when a target has type kafka, else empty (CrossKeyRules)"},
    {"refresh.classes.<name>.url", "required in each refresh class: the endpoint is site data"},
    {"refresh.classes.<name>.key", "required in each refresh class: the admin API's key member"},
    {"refresh.classes.<name>.fields", "required in each refresh class: the admin API's field names"},
};

// The key whose default depends on the profile (Profiles in the docs), written
// "`<embedded>` embedded, `<production>` production"; Config{} holds the production value.
const std::string kProfileDependentKey = "store.migrate-on-start";

// Only the required keys, nothing else: every other key takes its default.
const std::string kMinimalProduction = "profile: production\n"
                                       "store: {connect: host=db}\n"
                                       "mailbox: {connect: host=mbx}\n"
                                       "delivery:\n"
                                       "  targets:\n"
                                       "    msg: {type: kafka, topic: msgx.msg}\n"
                                       "    schd: {type: kafka, topic: msgx.schd}\n"
                                       "kafka: {bootstrap: broker:9092}\n";
const std::string kMinimalEmbedded = "profile: embedded\n"
                                     "store: {connect: /tmp/msgx.db}\n"
                                     "mailbox: {connect: /tmp/mailbox.db}\n"
                                     "delivery:\n"
                                     "  targets:\n"
                                     "    msg: {type: file, path: /tmp/msg.jsonl}\n"
                                     "    schd: {type: file, path: /tmp/schd.jsonl}\n";

std::string where(const DocumentedKey& row) {
    return "docs/configuration.md line " + std::to_string(row.line) + ", " + row.key;
}

} // namespace

TEST(DocumentedDefaults, EveryDocumentedDefaultIsWhatAnAbsentKeyGetsAndWhatConfigHolds) {
    const Config production = parseConfig(kMinimalProduction, "production.yaml", fakeEnv());
    const Config embedded = parseConfig(kMinimalEmbedded, "embedded.yaml", fakeEnv());
    const Config constructed{};
    const std::vector<DocumentedKey> rows = documentedKeys();
    ASSERT_FALSE(rows.empty()) << "no | key | default | table in " << kDocPath;

    for (const DocumentedKey& row : rows) {
        if (row.defaultCell == "—") {
            EXPECT_EQ(kRequiredKeys.count(row.key), 1U)
                << where(row) << " is documented without a default, but kRequiredKeys does not list it";
            continue;
        }
        if (row.key == kProfileDependentKey) {
            const std::string written = "`" + flag(embedded.store.migrateOnStart) + "` embedded, `" +
                                        flag(production.store.migrateOnStart) + "` production";
            EXPECT_EQ(row.defaultCell, written) << where(row) << ": the loader's defaults by profile";
            EXPECT_EQ(constructed.store.migrateOnStart, production.store.migrateOnStart)
                << "Config{} holds the production default of " << row.key;
            continue;
        }
        const auto comparison = comparisons().find(row.key);
        if (comparison == comparisons().end()) {
            ADD_FAILURE() << where(row) << " documents the default " << row.defaultCell
                          << " but nothing compares it: add it to comparisons()";
            continue;
        }
        const Comparison& c = comparison->second;
        const std::string documented = canonical(c.written, row.defaultCell);
        EXPECT_EQ(documented, c.value(production))
            << where(row) << ": documented default vs the loader (profile production, key absent)";
        EXPECT_EQ(documented, c.value(embedded))
            << where(row) << ": documented default vs the loader (profile embedded, key absent)";
        EXPECT_EQ(documented, c.value(constructed)) << where(row) << ": documented default vs Config{}";
    }
}

TEST(DocumentedDefaults, EveryComparedOrRequiredKeyHasExactlyOneRow) {
    std::map<std::string, int> rowsPerKey;
    for (const DocumentedKey& row : documentedKeys()) {
        ++rowsPerKey[row.key];
    }
    std::set<std::string> expected{kProfileDependentKey};
    for (const auto& [key, comparison] : comparisons()) {
        expected.insert(key);
    }
    for (const auto& [key, reason] : kRequiredKeys) {
        expected.insert(key);
    }
    for (const std::string& key : expected) {
        EXPECT_EQ(rowsPerKey[key], 1) << key << " must have exactly one row in docs/configuration.md";
    }
    for (const auto& [key, count] : rowsPerKey) {
        EXPECT_EQ(count, 1) << key << " has " << count << " rows in docs/configuration.md";
    }
}

TEST(DocumentedDefaults, EveryKeyTheLoaderReadsHasARow) {
    std::set<std::string> documented;
    for (const DocumentedKey& row : documentedKeys()) {
        documented.insert(row.key);
    }
    // One file target and one kafka target, so the reads of both target shapes are declared, and one
    // refresh class, so the reads of a class are.
    const std::string yaml = "profile: embedded\n"
                             "store: {connect: /tmp/msgx.db}\n"
                             "mailbox: {connect: /tmp/mailbox.db}\n"
                             "delivery:\n"
                             "  targets:\n"
                             "    msg: {type: file, path: /tmp/msg.jsonl}\n"
                             "    schd: {type: kafka, topic: msgx.schd}\n"
                             "kafka: {bootstrap: broker:9092}\n"
                             "refresh:\n"
                             "  classes:\n"
                             "    GLST: {url: 'http://admin/gates', key: code, fields: {GCOD: code}}\n";
    detail::ConfigReader reader(YAML::Load(yaml), "keys.yaml", fakeEnv());
    Config config;
    detail::readConfigSections(reader, config);
    EXPECT_TRUE(reader.takeErrors().empty());
    ASSERT_FALSE(reader.knownKeys().empty());

    const detail::KeyPath targets("delivery.targets");
    const detail::KeyPath refreshClasses("refresh.classes");
    bool classRead = false;
    for (const detail::KeyPath& key : reader.knownKeys()) {
        // A target's own keys (type, topic, path) are documented under its row; a refresh class's
        // keys as refresh.classes.<name>.<key>.
        detail::KeyPath row = key.parent().parent() == targets ? key.parent() : key;
        if (key.parent().parent() == refreshClasses) {
            row = refreshClasses / "<name>" / key.segments().back();
            classRead = true;
        }
        EXPECT_EQ(documented.count(row.text()), 1U)
            << "the loader reads " << key.text() << " but docs/configuration.md has no row " << row.text();
    }
    EXPECT_TRUE(classRead) << "the refresh class of the file was not read";
}
