#pragma once

#include "msgx/model/InMemoryViews.h"
#include "msgx/sdk/Decision.h"
#include "msgx/storage/ReferenceRecord.h"
#include "msgx/storage/ReferenceRepository.h"

#include <optional>
#include <string>
#include <vector>

namespace msgx::pipeline {

// The reference data handlers see (sdk::ReferenceView over REF_MASTER): every class loaded at once
// (ReferenceRepository::classNames / listClass) into a model::InMemoryReferenceView, with its
// stand->airbridge map built once, and kept until invalidate() (the pump calls it after a commit
// that changed references, and after a store failure). One thread (the pump's).
class StoreReferenceView {
public:
    explicit StoreReferenceView(storage::ReferenceRepository& references);

    // The loaded view, loading it first when needed. Throws storage::InfraError when the store
    // fails (nothing is kept then), json::JsonError for a stored item that is not a JSON object.
    const sdk::ReferenceView& current();

    void invalidate() { loaded_.reset(); }

private:
    storage::ReferenceRepository& references_;
    std::optional<model::InMemoryReferenceView> loaded_;
};

// The REF_MASTER changes of a decision's reference changes: Upsert and Delete as they are;
// ReplaceClass as an Upsert of every record tagged with `batchId`, then KeepOnlyBatch, so records not
// named go. Items are stored as one-line JSON objects with `source` "message".
std::vector<storage::ReferenceChange> referenceWrites(const std::vector<sdk::ReferenceChange>& changes,
                                                      const std::string& batchId);

} // namespace msgx::pipeline
