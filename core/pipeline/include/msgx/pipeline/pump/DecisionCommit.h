#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/codec/Message.h"
#include "msgx/config/MailboxConfig.h"
#include "msgx/pipeline/pump/StoreFlightView.h"
#include "msgx/sdk/Decision.h"
#include "msgx/storage/ProcessingQueue.h"

#include <optional>
#include <set>
#include <string>

namespace msgx::pipeline {

// Builds the storage::ProcessingCommit of a message that ends (architecture.md §1, §4): terminal
// state, note, back-fill intent (mailbox.status-map: succeeded / skipped / duplicate / dead; none in
// shadow mode) and, for a handler's Apply, the flight writes, the MSG_EVENT rows and the REF_MASTER
// changes of its decision.
//
// Every commit is guarded by the record as read (state, attempts) and sets the deadline anchor
// (processingStartedAt = now) when the record has none yet; `identityKey` is bound in the commit
// unless the record holds one already (a retry keeps its first binding).
// What a commit writes beside the decision: the back-fill STATUS per terminal outcome
// (mailbox.status-map), and nothing for the back-fill in shadow mode.
struct CommitSettings {
    config::MailboxConfig::StatusMap statusMap;
    bool shadow = false;
};

class DecisionCommit {
public:
    explicit DecisionCommit(CommitSettings settings);

    // SUCCEEDED for Apply (notes joined with "; ", plus "outbound request <TYPE-STYP>" for each
    // outbound request, which the pump registers after the commit), SKIPPED with the reason for Skip.
    // Flight changes go through `flights`, so later messages of the batch see them; events: one `msg`
    // per MsgEvent, then one `schd` per pushed FLID (flight-upsert with the document after the
    // change, flight-delete when the flight is gone). Throws DecisionNotApplicable when the changes
    // cannot be applied; std::invalid_argument for a Fail decision (not a terminal outcome).
    [[nodiscard]] storage::ProcessingCommit
    ofDecision(const storage::ProcessingRecord& record, const std::optional<std::string>& identityKey,
               const sdk::Decision& decision, StoreFlightView& flights, storage::Timestamp now,
               std::optional<storage::Timestamp> sentAt = std::nullopt) const;

    // The flights of `decision` that the view holds from the history and that changed there after
    // `sentAt` (the message's DTTM): a resend of an older stretch, whose changes, events and pushes
    // of those flights are left out (noted "stale-for-history:<flid>"), so that it does not bring
    // them back with older content. None when sentAt is unknown.
    [[nodiscard]] static std::set<sdk::Flid> staleForHistory(const sdk::Decision& decision,
                                                             const StoreFlightView& flights,
                                                             std::optional<storage::Timestamp> sentAt);

    // A value of the commit longer than the own-store column it goes to (storage/ColumnLimits.h: a
    // detail-list name, a reference type, key, source or batch), described with the column; nullopt
    // when everything fits. The pump fails such a message CODEC_ERROR (replayable once the column
    // or the handler is fixed) instead of a commit the database refuses on every retry.
    [[nodiscard]] static std::optional<std::string> valueTooLong(const storage::ProcessingCommit& commit);

    // SKIPPED "ignored:<pattern>" (before identity: no key bound).
    [[nodiscard]] storage::ProcessingCommit ignored(const storage::ProcessingRecord& record,
                                                    const std::string& pattern, storage::Timestamp now) const;

    // SKIPPED "duplicate-of:<id>", back-fill status `duplicate`.
    [[nodiscard]] storage::ProcessingCommit duplicateOf(const storage::ProcessingRecord& record,
                                                        storage::MailboxId holder,
                                                        storage::Timestamp now) const;

    // DEAD(errorClass) with lastError (MALFORMED at once, EXHAUSTED after the retries).
    [[nodiscard]] storage::ProcessingCommit dead(const storage::ProcessingRecord& record,
                                                 ErrorClass errorClass, const std::string& lastError,
                                                 std::optional<std::string> note,
                                                 storage::Timestamp now) const;

private:
    enum class Backfill { Succeeded, Skipped, Duplicate, Dead };

    [[nodiscard]] storage::ProcessingCommit base(const storage::ProcessingRecord& record,
                                                 const std::optional<std::string>& identityKey,
                                                 storage::ProcessingState state, Backfill backfill,
                                                 storage::Timestamp now) const;

    CommitSettings settings_;
};

// The identity of a decoded message, SNDR|TYPE|STYP|SEQN (architecture.md §4, envelope.md §2);
// std::nullopt when it has no SEQN (or an empty one): nothing to de-duplicate on. An absent SNDR is
// an empty part.
std::optional<std::string> identityKeyOf(const codec::Meta& meta);
// With pipeline.identity-day-boundary: SNDR|TYPE|STYP|SEQN|yyyy-MM-dd, the SEQN unique per business day.
std::optional<std::string> identityKeyOf(const codec::Meta& meta, const std::string& businessDay);

} // namespace msgx::pipeline
