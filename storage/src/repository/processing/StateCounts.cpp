#include "repository/processing/StateCounts.h"

#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

#include <set>

namespace msgx::storage {
namespace {

// A row of a count table or of its scan: the two key columns and the count.
struct KeyCountRow {
    std::string first;
    std::string second;
    Poco::Int64 count = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(first), c(second), c(count);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::KeyCountRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

namespace {

using Counts = std::map<CountKey, std::int64_t>;

// The statements of one count table (StateCountStatements.cpp): "count.<name>-add" and the rest.
struct CountTable {
    const char* name;  // "messages", "events"
    const char* table; // for the corrections
};
constexpr CountTable kMessageCounts{"messages", "PROC_STATE_COUNT"};
constexpr CountTable kEventCounts{"events", "MSG_EVENT_COUNT"};

std::string statementName(const CountTable& table, const char* verb) {
    return std::string("count.") + table.name + "-" + verb;
}

const std::string& statement(const SqlContext& ctx, const CountTable& table, const char* verb) {
    return ctx[statementName(table, verb)];
}

// count.<name>-add adds `value` to the key's count, count.<name>-set makes it the count; both insert
// the row when there is none.
void changeCount(Transaction& tx, const SqlContext& ctx, const CountTable& table, const CountKey& key,
                 std::int64_t value, const char* verb) {
    std::vector<Parameter> parameters{Parameter::shortText(key.first), Parameter::shortText(key.second),
                                      Parameter::int64(value)};
    if (ctx.upsertRepeatsValues) {
        parameters.push_back(Parameter::int64(value));
    }
    preparedRun(tx, ctx, statementName(table, verb), parameters);
}

Counts readCounts(Transaction& tx, const SqlContext& ctx, const CountTable& table, const char* verb) {
    std::vector<KeyCountRow> rows;
    tx.session() << statement(ctx, table, verb), into(rows), now;
    Counts counts;
    for (const auto& row : rows) {
        counts[{row.first, row.second}] += row.count;
    }
    return counts;
}

// MSG_EVENT_COUNT.KIND: every event of the target, its DEAD events.
constexpr const char* kAllEvents = "ALL";
constexpr const char* kDeadEvents = "DEAD";

void recount(Transaction& tx, const SqlContext& ctx, const CountTable& table,
             std::vector<CountCorrection>& corrections) {
    const Counts kept = readCounts(tx, ctx, table, "lock");
    const Counts counted = readCounts(tx, ctx, table, "scan");
    std::set<CountKey> keys;
    for (const auto& [key, count] : kept) {
        keys.insert(key);
    }
    for (const auto& [key, count] : counted) {
        keys.insert(key);
    }
    for (const auto& key : keys) {
        const auto keptCount = kept.find(key);
        const auto countedCount = counted.find(key);
        const std::int64_t was = keptCount == kept.end() ? 0 : keptCount->second;
        const std::int64_t is = countedCount == counted.end() ? 0 : countedCount->second;
        if (was != is) {
            changeCount(tx, ctx, table, key, is, "set");
            corrections.push_back({table.table, key.first + "/" + key.second, was, is});
        }
    }
}

void writeCounts(Transaction& tx, const SqlContext& ctx, const CountTable& table, const Counts& changes) {
    for (const auto& [key, change] : changes) {
        if (change != 0) {
            changeCount(tx, ctx, table, key, change, "add");
        }
    }
}

} // namespace

void StateCountChanges::messages(const std::optional<MessageKey>& from, const std::optional<MessageKey>& to,
                                 std::int64_t n) {
    const auto stored = [](const MessageKey& key) {
        return CountKey{key.first, key.second.value_or(kNoErrorClassCount)};
    };
    if (from && to && *from == *to) {
        return;
    }
    if (from) {
        messages_[stored(*from)] -= n;
    }
    if (to) {
        messages_[stored(*to)] += n;
    }
}

void StateCountChanges::events(const std::string& target, std::int64_t n) {
    events_[{target, kAllEvents}] += n;
}

void StateCountChanges::deadEvents(const std::string& target, std::int64_t n) {
    events_[{target, kDeadEvents}] += n;
}

void StateCountChanges::write(Transaction& tx, const SqlContext& ctx) const {
    writeCounts(tx, ctx, kMessageCounts, messages_);
    writeCounts(tx, ctx, kEventCounts, events_);
}

std::map<CountKey, std::int64_t> readMessageCounts(Transaction& tx, const SqlContext& ctx) {
    return readCounts(tx, ctx, kMessageCounts, "read");
}

std::map<std::string, TargetEventCounts> readEventCounts(Transaction& tx, const SqlContext& ctx) {
    std::map<std::string, TargetEventCounts> counts;
    for (const auto& [key, count] : readCounts(tx, ctx, kEventCounts, "read")) {
        auto& target = counts[key.first];
        (key.second == kDeadEvents ? target.dead : target.events) = count;
    }
    return counts;
}

std::vector<CountCorrection> recountStates(Transaction& tx, const SqlContext& ctx) {
    std::vector<CountCorrection> corrections;
    recount(tx, ctx, kMessageCounts, corrections);
    recount(tx, ctx, kEventCounts, corrections);
    return corrections;
}

} // namespace msgx::storage
