#pragma once

#include "repository/CommitStatements.h"
#include "repository/CommitValues.h"
#include "repository/IdChunks.h"

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

// event.insert-many: kEventsPerInsert rows of event.insert's parameters.
struct CommitStatements::EventInsertMany {
    explicit EventInsertMany(const TextBinder& text) {
        rows.reserve(kEventsPerInsert); // never grows: Poco binds the members by reference
        for (int i = 0; i < kEventsPerInsert; ++i) {
            rows.emplace_back(text);
        }
    }
    std::vector<EventInsert> rows;

    template <typename Use>
    void parameters(Use& use) {
        for (auto& row : rows) {
            row.parameters(use);
        }
    }
};

} // namespace msgx::storage
