#pragma once

#include "msgx/storage/ProcessingQueue.h"
#include "repository/rows/StoreContext.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// The kept counts of migration V11 (docs/storage.md "State counts"): PROC_STATE_COUNT, messages per
// STATE and ERROR_CLASS, and MSG_EVENT_COUNT, per TARGET the events (KIND 'ALL') and the DEAD events
// (KIND 'DEAD'). countByState() and the outbox summary read them, so that neither scans the online
// tables, which hold a week.
//
// The contract: every transaction that inserts or deletes PROC_STATE rows or changes their STATE or
// ERROR_CLASS, and every one that inserts or deletes MSG_EVENT rows or moves one into or out of
// DEAD, records what it changed in one StateCountChanges and calls write() in the same transaction
// after its other writes. (PENDING and SENT are not counted: the summary reads PENDING above the
// mark from its index range, which holds what is still to be delivered, and SENT is the rest; so the
// settling UPDATEs need no count of the rows they changed.) A row changed another way (SQL by hand)
// leaves the counts off until recountStates() sets them from the tables again; msgxd runs it each
// time it becomes the writer.
namespace msgx::storage {

// The key of a kept count: (STATE, ERROR_CLASS as stored) or (TARGET, KIND).
using CountKey = std::pair<std::string, std::string>;

class StateCountChanges {
public:
    // A message's (STATE, ERROR_CLASS).
    using MessageKey = std::pair<std::string, std::optional<std::string>>;

    // `n` messages left `from` and/or entered `to`; nullopt: inserted / deleted.
    void messages(const std::optional<MessageKey>& from, const std::optional<MessageKey>& to,
                  std::int64_t n = 1);
    // `n` events of `target` were inserted (n > 0) or deleted (n < 0), whatever their state.
    void events(const std::string& target, std::int64_t n);
    // `n` events of `target` became DEAD (n > 0) or stopped being DEAD, by a requeue or a delete.
    void deadEvents(const std::string& target, std::int64_t n);

    // Adds the changes to the counts: PROC_STATE_COUNT first, then MSG_EVENT_COUNT, each in key
    // order, one statement per changed count (Dialect::addToCount). As every transaction writes its
    // counts last and in this order, one that holds count rows waits only for count rows, in that
    // order: no cycle, however the writer's transactions and the archive overlap.
    void write(Transaction& tx, const SqlContext& ctx) const;

private:
    // (STATE, ERROR_CLASS as stored in PROC_STATE_COUNT) -> change; (TARGET, KIND) -> change.
    std::map<CountKey, std::int64_t> messages_;
    std::map<CountKey, std::int64_t> events_;
};

// PROC_STATE_COUNT.ERROR_CLASS of a message without an error class (Oracle reads '' as NULL).
inline constexpr const char* kNoErrorClassCount = "-";

// The error class a PROC_STATE_COUNT.ERROR_CLASS stands for: nullopt for kNoErrorClassCount.
inline std::optional<std::string> errorClassOfCount(const std::string& stored) {
    return stored == kNoErrorClassCount ? std::nullopt : std::optional(stored);
}

// The kept counts as `tx` reads them: messages per (STATE, ERROR_CLASS as stored), events per TARGET.
std::map<CountKey, std::int64_t> readMessageCounts(Transaction& tx, const SqlContext& ctx);
struct TargetEventCounts {
    std::int64_t events = 0; // online, in any state
    std::int64_t dead = 0;
};
std::map<std::string, TargetEventCounts> readEventCounts(Transaction& tx, const SqlContext& ctx);

// Sets both count tables from GROUP BY scans of PROC_STATE and MSG_EVENT, inside `tx`: the count rows
// are locked first, so a transaction that changes rows meanwhile either wrote its counts before (and
// the scan sees its rows) or writes them after the recount. Returns the counts it corrected.
std::vector<CountCorrection> recountStates(Transaction& tx, const SqlContext& ctx);

} // namespace msgx::storage
