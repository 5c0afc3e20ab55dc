#pragma once

#include "msgx/storage/OutboxEvent.h"
#include "repository/rows/StoreContext.h"

#include <map>
#include <string>

namespace msgx::storage {

// The delivered marks of the outbox (EventOutbox::deliveredMark): per target, every event up to the
// mark was acknowledged by its sink or is DEAD. A PENDING row at or below its target's mark is a
// delivered event whose row was not settled to SENT yet (Dispatcher.h "Delivered mark"); every
// reader of MSG_EVENT states reports it as SENT.

// "delivery-sent:<target>": the mark's INBOX_CURSOR row.
std::string deliveredMarkName(const std::string& target);

// Every target's mark, read in `tx` (targets without one are absent: mark 0).
std::map<std::string, EventId> readDeliveredMarks(Transaction& tx, const SqlContext& ctx);

// The state of `event` as its target's mark says.
EventState deliveredState(const std::map<std::string, EventId>& marks, const std::string& target, EventId id,
                          EventState stored);

// Settles every target's delivered span in `tx`: its PENDING rows up to the mark become SENT with
// SENT_AT `stamp` (the archive job does this before it moves rows, so what it moves says SENT).
void settleDeliveredMarks(Transaction& tx, const SqlContext& ctx, Timestamp stamp);

} // namespace msgx::storage
