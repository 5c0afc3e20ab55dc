#pragma once

#include "repository/processing/CommitStatements.h"
#include "repository/rows/CommitValues.h"
#include "repository/rows/IdChunks.h"

#include <array>

// The bound parameters of the PROC_STATE statements of a processing commit.
namespace msgx::storage {

// processing.finish: STATE, ERROR_CLASS, LAST_ERROR, NOTE, IDENTITY_KEY, PROCESSING_STARTED_AT,
// UPDATED_AT, PROCESSED_AT, BACKFILL_STATE, BACKFILL_NEXT_AT, BACKFILL_STATUS_VALUE, CMINMSGS_ID
// processing.finish: the outcome, then kFinishesPerUpdate (id, identity), kFinishesPerUpdate (id,
// processing start), the times and back-fill, and the kFinishesPerUpdate ids.
struct CommitStatements::FinishUpdate {
    explicit FinishUpdate(const TextBinder& text)
        : state(text, TextColumn::Short), errorClass(text, TextColumn::Short),
          lastError(text, TextColumn::Long), note(text, TextColumn::Long),
          backfillState(text, TextColumn::Short), status(text, TextColumn::Short) {
        for (int i = 0; i < kFinishesPerUpdate; ++i) {
            identityKeys.emplace_back(text, TextColumn::Short);
        }
    }
    BoundText state;
    BoundText errorClass;
    BoundText lastError;
    BoundText note;
    std::array<Poco::Int64, kFinishesPerUpdate> ids{}; // fixed storage: Poco binds by reference
    std::vector<BoundText> identityKeys;               // made once in the constructor
    std::array<Poco::Nullable<Poco::Int64>, kFinishesPerUpdate> processingStartedAt;
    Poco::Int64 updatedAt = 0;
    Poco::Int64 processedAt = 0;
    BoundText backfillState;
    Poco::Nullable<Poco::Int64> backfillNextAt;
    BoundText status;

    template <typename Use>
    void parameters(Use& use) {
        use(state), use(errorClass), use(lastError), use(note);
        for (int i = 0; i < kFinishesPerUpdate; ++i) {
            use(ids[i]), use(identityKeys[i]);
        }
        for (int i = 0; i < kFinishesPerUpdate; ++i) {
            use(ids[i]), use(processingStartedAt[i]);
        }
        use(updatedAt), use(processedAt), use(backfillState), use(backfillNextAt), use(status);
        for (auto& id : ids) {
            use(id);
        }
    }
};

// processing.identity-holders: kIdentityKeysPerLookup keys for PROC_STATE, the same for PROC_STATE_HST
struct CommitStatements::IdentityKeys {
    explicit IdentityKeys(const TextBinder& text) {
        for (int i = 0; i < kIdentityKeysPerLookup; ++i) {
            keys.emplace_back(text, TextColumn::Short);
        }
    }
    std::vector<BoundText> keys; // reserved once: Poco binds the elements by reference

    template <typename Use>
    void parameters(Use& use) {
        for (int table = 0; table < 2; ++table) {
            for (auto& key : keys) {
                use(key);
            }
        }
    }
};

// processing.lock-range: low, high
struct CommitStatements::IdRange {
    Poco::Int64 low = 0;
    Poco::Int64 high = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(low), use(high);
    }
};

} // namespace msgx::storage
