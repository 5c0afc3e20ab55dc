#pragma once

#include "repository/processing/CommitStatements.h"
#include "repository/rows/CommitValues.h"
#include "repository/rows/IdChunks.h"

#include <array>

// The bound parameters of the MSG_EVENT statements of a processing commit.
namespace msgx::storage {

// event.insert: TARGET, FLID, PAYLOAD, STATE, ATTEMPTS, NEXT_ATTEMPT_AT, SOURCE_ID, CREATED_AT
struct CommitStatements::EventInsert {
    explicit EventInsert(const TextBinder& text)
        : target(text, TextColumn::Short), payload(text, TextColumn::Long), state(text, TextColumn::Short) {}
    BoundText target;
    Poco::Nullable<Poco::Int64> flid;
    BoundText payload;
    BoundText state;
    int attempts = 0;
    Poco::Int64 nextAttemptAt = 0;
    Poco::Nullable<Poco::Int64> sourceId;
    Poco::Int64 createdAt = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(target), use(flid), use(payload), use(state), use(attempts), use(nextAttemptAt), use(sourceId);
        use(createdAt);
    }
};

} // namespace msgx::storage
