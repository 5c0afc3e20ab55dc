#include "mailbox/MailboxStatements.h"
#include "mailbox/MailboxTime.h"
#include "mailbox/SqliteMailboxTables.h"
#include "msgx/log/Log.h"
#include "msgx/storage/Mailbox.h"
#include "repository/rows/IdChunks.h"
#include "repository/rows/LongTexts.h"
#include "session/SessionPool.h"
#include "sql/Dialect.h"
#include "sql/RowMapping.h"
#include "sql/Values.h"

#include <Poco/Data/Statement.h>

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

namespace msgx::storage {
namespace {

struct InboxRow {
    static constexpr const char* kWholeTexts = "mailbox.read-text"; // repository/rows/LongTexts.h
    Poco::Int64 id = 0;
    Poco::Nullable<std::string> status;
    LongText xml;
    Poco::Nullable<std::string> received;

    template <typename F>
    void longTexts(F& f) {
        f(xml);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const { return {Parameter::int64(id)}; }

    template <typename Columns>
    void columns(Columns& c) {
        c(id), c(status), c(xml), c(received);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::InboxRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

// What a unit of work on the mailbox needs; captured by value (never the pool, see SqlContext).
struct MailboxSql {
    std::shared_ptr<const StatementCatalog> sql;
    std::shared_ptr<const codec::TimeZone> zone;
    TextBinder text;

    [[nodiscard]] const std::string& operator[](std::string_view name) const { return (*sql)[name]; }
};

// What the mailbox adapters share.
struct MailboxContext {
    std::shared_ptr<SessionPool> pool;
    MailboxSql statements;
    std::string inboxTable;
    std::string outboxTable;
    SqlDialect dialect = SqlDialect::MySql;
};

std::string trimmed(const std::string& text) {
    const char* space = " \t\r\n\f\v";
    const std::size_t begin = text.find_first_not_of(space);
    if (begin == std::string::npos) {
        return {};
    }
    return text.substr(begin, text.find_last_not_of(space) - begin + 1);
}

std::vector<MailboxRow> rowsOf(const std::vector<InboxRow>& rows, const codec::TimeZone& zone) {
    std::vector<MailboxRow> out;
    out.reserve(rows.size());
    for (const auto& row : rows) {
        std::optional<Timestamp> received;
        if (!row.received.isNull()) {
            try {
                received = mailboxTimeToInstant(row.received.value(), zone);
            } catch (const std::invalid_argument& e) {
                // One row's unreadable time must not stop the whole read on every poll: the row is
                // taken without a receive time (its age is then counted from when it was queued).
                log::warn("mailbox row {}: CMINMSGS_DATE_RECEIVED {}; taken without a receive time", row.id,
                          e.what());
            }
        }
        out.push_back({row.id, optionalOf(row.status), trimmed(row.xml.text()), received});
    }
    return out;
}

MailboxId generatedId(Transaction& tx, const MailboxSql& ctx) {
    Poco::Int64 id = 0;
    tx.session() << ctx["mailbox.generated-id"], into(id), now;
    return id;
}

class SqlMailboxInbox final : public MailboxInbox {
public:
    explicit SqlMailboxInbox(MailboxContext context) : ctx_(std::move(context)) {}

    std::vector<MailboxRow> readAbove(MailboxId watermark, int limit) override {
        if (limit <= 0) {
            return {};
        }
        return ctx_.pool->transact("mailbox: read " + ctx_.inboxTable + " above " + std::to_string(watermark),
                                   [ctx = ctx_.statements, watermark, limit](Transaction& tx) {
                                       std::vector<InboxRow> rows;
                                       tx.session() << ctx["mailbox.read-above"], bindInt64(watermark),
                                           bindInt(limit), into(rows), now;
                                       completeLongTexts(tx, ctx, rows);
                                       return rowsOf(rows, *ctx.zone);
                                   });
    }

    bool hasRowsAbove(MailboxId watermark) override {
        return ctx_.pool->transact(
            "mailbox: look for " + ctx_.inboxTable + " rows above " + std::to_string(watermark),
            [ctx = ctx_.statements, watermark](Transaction& tx) {
                std::vector<Poco::Int64> ids;
                tx.session() << ctx["mailbox.first-id-above"], bindInt64(watermark), into(ids), now;
                return !ids.empty();
            });
    }

    std::vector<MailboxRow> readRange(MailboxId first, MailboxId last) override {
        return ctx_.pool->transact(
            "mailbox: read " + ctx_.inboxTable + " " + std::to_string(first) + ".." + std::to_string(last),
            [ctx = ctx_.statements, first, last](Transaction& tx) {
                std::vector<InboxRow> rows;
                tx.session() << ctx["mailbox.read-range"], bindInt64(first), bindInt64(last), into(rows), now;
                completeLongTexts(tx, ctx, rows);
                return rowsOf(rows, *ctx.zone);
            });
    }

    std::optional<MailboxId> lowestUnprocessed(const std::vector<std::string>& acceptStatus) override {
        return ctx_.pool->transact("mailbox: read the lowest unprocessed id of " + ctx_.inboxTable,
                                   [ctx = ctx_.statements, acceptStatus](Transaction& tx) {
                                       std::optional<MailboxId> lowest;
                                       for (const auto& status : acceptStatus) {
                                           Poco::Nullable<Poco::Int64> id;
                                           tx.session() << ctx["mailbox.lowest-unprocessed"],
                                               ctx.text.shortText(status), into(id), now;
                                           if (const auto found = optionalOf(id);
                                               found && (!lowest || *found < *lowest)) {
                                               lowest = found;
                                           }
                                       }
                                       return lowest;
                                   });
    }

    std::vector<MailboxId> unprocessedIds(MailboxId first, MailboxId last,
                                          const std::vector<std::string>& acceptStatus) override {
        return ctx_.pool->transact("mailbox: read the unprocessed ids " + std::to_string(first) + ".." +
                                       std::to_string(last) + " of " + ctx_.inboxTable,
                                   [ctx = ctx_.statements, first, last, acceptStatus](Transaction& tx) {
                                       std::vector<Poco::Int64> ids;
                                       std::vector<Poco::Nullable<std::string>> statuses;
                                       Statement select(tx.session());
                                       select << ctx["mailbox.unprocessed-in-range"], bindInt64(first),
                                           bindInt64(last), into(ids), into(statuses);
                                       select.execute();
                                       std::vector<MailboxId> accepted;
                                       for (std::size_t i = 0; i < ids.size(); ++i) {
                                           const auto status = optionalOf(statuses[i]);
                                           if (status && std::find(acceptStatus.begin(), acceptStatus.end(),
                                                                   *status) != acceptStatus.end()) {
                                               accepted.push_back(ids[i]);
                                           }
                                       }
                                       return accepted;
                                   });
    }

    std::int64_t backfillUnmarked(const std::vector<MailboxMark>& marks) override {
        if (marks.empty()) {
            return 0;
        }
        const auto rows = markValues(marks);
        return ctx_.pool->transact("mailbox: mark " + std::to_string(marks.size()) + " unmarked " +
                                       ctx_.inboxTable + " rows from " + std::to_string(marks.front().id),
                                   [ctx = ctx_.statements, rows](Transaction& tx) {
                                       // Counted by a read, not by the UPDATE's row count: the
                                       // MariaDB ODBC driver reports matched-or-not rows there.
                                       std::int64_t marked = 0;
                                       for (const auto& [id, values] : rows) {
                                           Poco::Int64 unmarked = 0;
                                           tx.session() << ctx["mailbox.is-unmarked"], bindInt64(id),
                                               into(unmarked), now;
                                           marked += unmarked;
                                           Statement update(tx.session());
                                           update << ctx["mailbox.backfill-unmarked"],
                                               ctx.text.shortText(values.first),
                                               ctx.text.shortText(values.second), bindInt64(id);
                                           update.execute();
                                       }
                                       return marked;
                                   });
    }

    std::optional<MailboxId> maxId() override {
        return ctx_.pool->transact("mailbox: read the largest id of " + ctx_.inboxTable,
                                   [ctx = ctx_.statements](Transaction& tx) {
                                       Poco::Nullable<Poco::Int64> id;
                                       tx.session() << ctx["mailbox.max-id"], into(id), now;
                                       return optionalOf(id);
                                   });
    }

    void backfill(MailboxId id, Timestamp processedAt, const std::string& status) override {
        const std::string processed = instantToMailboxTime(processedAt, *ctx_.statements.zone);
        ctx_.pool->transact("mailbox: back-fill " + ctx_.inboxTable + " " + std::to_string(id),
                            [ctx = ctx_.statements, id, processed, status](Transaction& tx) {
                                Statement update(tx.session());
                                update << ctx["mailbox.backfill"], ctx.text.shortText(processed),
                                    ctx.text.shortText(status), bindInt64(id);
                                update.execute();
                            });
    }

    // Rows that take the same values are written several per statement (mailbox.backfill-many, one
    // IN list of kIdsPerStatement ids, a short group repeating its last id): a round of a backlog shares one
    // or two DATE_PROCESSED seconds and a STATUS, and one statement per row (a prepare, an execute and a
    // close on MySQL) was most of what the back-fill cost both msgxd and the mailbox server
    // (docs/performance.md).
    void backfillAll(const std::vector<MailboxMark>& marks) override {
        if (marks.empty()) {
            return;
        }
        std::map<std::pair<std::string, std::string>, std::vector<std::int64_t>> idsByValues;
        for (const auto& [id, values] : markValues(marks)) {
            idsByValues[values].push_back(id);
        }
        ctx_.pool->transact("mailbox: back-fill " + std::to_string(marks.size()) + " " + ctx_.inboxTable +
                                " rows from " + std::to_string(marks.front().id),
                            [ctx = ctx_.statements, idsByValues](Transaction& tx) {
                                for (const auto& [values, ids] : idsByValues) {
                                    for (const auto& chunk : idChunks(ids)) {
                                        Statement update(tx.session());
                                        update << ctx["mailbox.backfill-many"];
                                        update.addBind(ctx.text.shortText(values.first));
                                        update.addBind(ctx.text.shortText(values.second));
                                        for (const std::int64_t id : chunk) {
                                            update.addBind(bindInt64(id));
                                        }
                                        update.execute();
                                    }
                                }
                            });
    }

    MailboxId insert(const std::string& xml, Timestamp receivedAt, const std::string& status) override {
        const std::string received = instantToMailboxTime(receivedAt, *ctx_.statements.zone);
        return ctx_.pool->transact("mailbox: insert into " + ctx_.inboxTable,
                                   [ctx = ctx_.statements, xml, received, status](Transaction& tx) {
                                       Statement insert(tx.session());
                                       insert << ctx["mailbox.insert-inbound"], ctx.text.longText(xml),
                                           ctx.text.shortText(received), ctx.text.shortText(status);
                                       insert.execute();
                                       return generatedId(tx, ctx);
                                   });
    }

private:
    // Each mark as the back-fill statements bind it: id, DATE_PROCESSED text in mailbox.time-zone,
    // STATUS.
    [[nodiscard]] std::vector<std::pair<MailboxId, std::pair<std::string, std::string>>>
    markValues(const std::vector<MailboxMark>& marks) const {
        std::vector<std::pair<MailboxId, std::pair<std::string, std::string>>> rows;
        for (const auto& mark : marks) {
            rows.push_back(
                {mark.id, {instantToMailboxTime(mark.processedAt, *ctx_.statements.zone), mark.status}});
        }
        return rows;
    }

    MailboxContext ctx_;
};

class SqlMailboxOutbox final : public MailboxOutbox {
public:
    explicit SqlMailboxOutbox(MailboxContext context) : ctx_(std::move(context)) {}

    MailboxId insert(const OutboundMessage& message) override {
        const std::string inserted = instantToMailboxTime(message.insertedAt, *ctx_.statements.zone);
        return ctx_.pool->transact("mailbox: insert into " + ctx_.outboxTable,
                                   [ctx = ctx_.statements, message, inserted](Transaction& tx) {
                                       Statement insert(tx.session());
                                       insert << ctx["mailbox.insert-outbound"],
                                           ctx.text.longText(message.xml), ctx.text.shortText(inserted),
                                           ctx.text.shortText(message.routingId);
                                       insert.execute();
                                       return generatedId(tx, ctx);
                                   });
    }

    MailboxId maxId() override {
        return ctx_.pool->transact("mailbox: read the largest id of " + ctx_.outboxTable,
                                   [ctx = ctx_.statements](Transaction& tx) {
                                       Poco::Nullable<Poco::Int64> id;
                                       tx.session() << ctx["mailbox.outbound-max-id"], into(id), now;
                                       return optionalOf(id).value_or(0);
                                   });
    }

    std::vector<OutboundRow> readAbove(MailboxId after, int limit) override {
        if (limit <= 0) {
            return {};
        }
        return ctx_.pool->transact(
            "mailbox: read " + ctx_.outboxTable + " above " + std::to_string(after),
            [ctx = ctx_.statements, after, limit](Transaction& tx) {
                std::vector<Poco::Int64> ids;
                std::vector<Poco::Nullable<std::string>> texts;
                std::vector<std::string> routing;
                tx.session() << ctx["mailbox.outbound-above"], bindInt64(after), bindInt(limit), into(ids),
                    into(texts), into(routing), now;
                std::vector<OutboundRow> rows;
                for (std::size_t i = 0; i < ids.size(); ++i) {
                    rows.push_back({ids[i], trimmed(optionalOf(texts[i]).value_or("")), routing[i]});
                }
                return rows;
            });
    }

private:
    MailboxContext ctx_;
};

class SqlMailbox final : public Mailbox {
public:
    SqlMailbox(MailboxContext context, DatabaseBackend backend)
        : ctx_(std::move(context)), backend_(backend), inbox_(ctx_), outbox_(ctx_) {}

    MailboxInbox& inbox() override { return inbox_; }
    MailboxOutbox& outbox() override { return outbox_; }

    void createTablesIfAbsent() override {
        if (backend_ != DatabaseBackend::Sqlite) {
            throw std::logic_error("mailbox.create-tables is only for an embedded SQLite mailbox; the " +
                                   std::string(name(backend_)) + " mailbox belongs to the upstream side");
        }
        ctx_.pool->transact(
            "mailbox: create the embedded mailbox tables",
            [statements = sqliteMailboxTables(ctx_.inboxTable, ctx_.outboxTable)](Transaction& tx) {
                for (const auto& statement : statements) {
                    tx.session() << statement, now;
                }
            });
    }

    std::vector<std::string> schemaProblems(const std::vector<std::string>& statusValues) override {
        // Reachable at all? Otherwise an InfraError, not a list of "missing" tables.
        ctx_.pool->transact("mailbox: connect", [](Transaction& tx) { tx.session() << "SELECT 1", now; });
        std::vector<std::string> problems;
        checkTable(ctx_.inboxTable, "mailbox.inbox-table", kInboxColumns, problems);
        checkTable(ctx_.outboxTable, "mailbox.outbox-table", kOutboxColumns, problems);
        if (problems.empty() && ctx_.dialect == SqlDialect::MySql) {
            checkStatusLength(statusValues, problems);
        }
        return problems;
    }

private:
    // The columns msgx reads or writes (mailbox.md §1, §2; MailboxStatements).
    static constexpr std::array<const char*, 5> kInboxColumns{"CMINMSGS_ID", "CMINMSGS_CLOB_MSG",
                                                              "CMINMSGS_DATE_RECEIVED",
                                                              "CMINMSGS_DATE_PROCESSED", "CMINMSGS_STATUS"};
    static constexpr std::array<const char*, 15> kOutboxColumns{"COUTMSGS_ID",
                                                                "COUTMSGS_CLOB_MSG",
                                                                "COUTMSGS_DATE_INSERTED",
                                                                "COUTMSGS_DATE_SENT",
                                                                "ROUTINGID",
                                                                "COUTMSGS_TRUEFALS_GROUP",
                                                                "COUTMSGS_NO_MESSAGES",
                                                                "COUTMSGS_GROUP_ORDER",
                                                                "COUTMSGS_GROUP_ID",
                                                                "COUTMSGS_FINAL_GROUP_IND",
                                                                "COUTMSGS_ACK_REQD",
                                                                "COUTMSGS_ACK_RESEND_TIMES",
                                                                "COUTMSGS_ACK_DATE_RECV",
                                                                "COUTMSGS_ENCRYPT",
                                                                "COUTMSGS_ERROR"};

    // True when `select` (no rows) runs; the table and column names are configuration checked by
    // isSafeTableName and constants, never message values.
    bool runs(const std::string& select) {
        try {
            ctx_.pool->transact("mailbox: check " + select,
                                [&select](Transaction& tx) { tx.session() << select, now; });
            return true;
        } catch (const std::exception&) {
            return false;
        }
    }

    template <std::size_t N>
    void checkTable(const std::string& table, const std::string& key,
                    const std::array<const char*, N>& columns, std::vector<std::string>& problems) {
        if (!runs("SELECT 1 FROM " + table + " WHERE 1 = 0")) {
            problems.push_back(
                "the table " + table + " (" + key +
                ") does not exist or cannot be read; MySQL on Linux compares table names case "
                "sensitively (the legacy DDL creates cminmsgs and coutmsgs in lower case): name "
                "it exactly as it was created");
            return;
        }
        // Each column through COUNT(column): it fails for a missing column just the same, but the
        // result is an integer. Selecting the MEDIUMTEXT columns themselves made Poco's MySQL
        // connector allocate a 64 MiB result buffer per text column at every start (the declared
        // 16 MiB characters x 4 bytes), msgxd's peak RSS (docs/performance.md, make soak).
        const auto probe = [](const char* column) { return "COUNT(" + std::string(column) + ")"; };
        std::string all;
        for (const char* column : columns) {
            all += (all.empty() ? "" : ", ") + probe(column);
        }
        if (runs("SELECT " + all + " FROM " + table + " WHERE 1 = 0")) {
            return; // every column there: one round trip at start, not one per column
        }
        std::string missing;
        for (const char* column : columns) {
            if (!runs("SELECT " + probe(column) + " FROM " + table + " WHERE 1 = 0")) {
                missing += (missing.empty() ? "" : ", ") + std::string(column);
            }
        }
        if (!missing.empty()) {
            problems.push_back("the table " + table + " (" + key + ") has no column " + missing +
                               " (mailbox.md lists the columns msgx reads and writes)");
        }
    }

    void checkStatusLength(const std::vector<std::string>& statusValues, std::vector<std::string>& problems) {
        const std::size_t dot = ctx_.inboxTable.find('.');
        const std::string schema = dot == std::string::npos ? "" : ctx_.inboxTable.substr(0, dot);
        const std::string table =
            dot == std::string::npos ? ctx_.inboxTable : ctx_.inboxTable.substr(dot + 1);
        std::vector<Poco::Nullable<Poco::Int64>> lengths;
        try {
            ctx_.pool->transact("mailbox: length of CMINMSGS_STATUS", [&](Transaction& tx) {
                tx.session() << "SELECT CAST(CHARACTER_MAXIMUM_LENGTH AS SIGNED) FROM "
                                "information_schema.COLUMNS WHERE "
                                "TABLE_SCHEMA = "
                                "COALESCE(NULLIF(?, ''), DATABASE()) AND TABLE_NAME = ? AND COLUMN_NAME = "
                                "'CMINMSGS_STATUS'",
                    ctx_.statements.text.shortText(schema), ctx_.statements.text.shortText(table),
                    into(lengths), now;
            });
        } catch (const std::exception&) {
            return; // the database will not say: the first back-fill names a value that does not fit
        }
        if (lengths.size() != 1 || lengths.front().isNull()) {
            return;
        }
        const auto length = static_cast<std::size_t>(lengths.front().value());
        for (const auto& value : statusValues) {
            if (value.size() > length) {
                problems.push_back("the status value '" + value + "' (mailbox.status-map) is " +
                                   std::to_string(value.size()) +
                                   " characters, more than CMINMSGS_STATUS holds (" + std::to_string(length) +
                                   ")");
            }
        }
    }

    MailboxContext ctx_;
    DatabaseBackend backend_;
    SqlMailboxInbox inbox_;
    SqlMailboxOutbox outbox_;
};

} // namespace

std::unique_ptr<Mailbox> Mailbox::open(const DatabaseSettings& settings, const MailboxTables& tables) {
    if (settings.dialect == SqlDialect::Oracle) {
        throw std::invalid_argument("mailbox: the Oracle dialect is not supported for the shared mailbox "
                                    "(it is a MySQL database, mailbox.md); use mysql, postgresql or sqlite");
    }
    if (const auto problem = unsupportedCombination(settings.backend, settings.dialect)) {
        throw std::invalid_argument("mailbox: " + *problem);
    }
    const auto dialect = makeDialect(settings.dialect, placeholderStyleOf(settings.backend));
    MailboxSql statements{mailboxStatements(*dialect, tables.inbox, tables.outbox),
                          std::make_shared<const codec::TimeZone>(codec::TimeZone::load(tables.timeZone)),
                          TextBinder(settings.backend, settings.dialect)};
    MailboxContext context{std::make_shared<SessionPool>(settings), std::move(statements), tables.inbox,
                           tables.outbox, settings.dialect};
    return std::make_unique<SqlMailbox>(std::move(context), settings.backend);
}

} // namespace msgx::storage
