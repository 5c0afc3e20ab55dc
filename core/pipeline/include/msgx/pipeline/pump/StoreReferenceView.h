#pragma once

#include "msgx/model/InMemoryViews.h"
#include "msgx/sdk/Decision.h"
#include "msgx/storage/ReferenceRecord.h"
#include "msgx/storage/ReferenceRepository.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace msgx::pipeline {

// The reference data handlers see (sdk::ReferenceView over REF_MASTER): every class loaded at once
// (ReferenceRepository::classNames / listClass) into a model::InMemoryReferenceView, with its
// stand->airbridge map built once, and kept until invalidate() (the pump calls it when REF_MASTER
// was changed outside the pump, after a store failure, and when changes it applied were not
// committed). The pump's own changes are applied to the loaded view as they are decided (apply()),
// as the store applies them at the commit, so a later message of the batch sees them without the
// batch ending there and nothing is read again (a reference message among FLOP traffic used to
// cost ~20 reads and a parse of all reference data). One thread (the pump's).
class StoreReferenceView {
public:
    explicit StoreReferenceView(storage::ReferenceRepository& references);

    // The loaded view, loading it first when needed. Throws storage::InfraError when the store
    // fails (nothing is kept then), json::JsonError for a stored item that is not a JSON object.
    const sdk::ReferenceView& current();

    void invalidate() { loaded_.reset(); }

    // Applies the REF_MASTER writes of a decided message (referenceWrites) to the loaded view, as the
    // store applies them: an Upsert sets the record from its item JSON, a Delete removes it, a
    // KeepOnlyBatch removes every record of its class not written by the same writes with its batch
    // id. Nothing when the view is not loaded. Throws json::JsonError for an item that is not a JSON
    // object (the view is dropped then).
    void apply(const std::vector<storage::ReferenceChange>& writes);

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
