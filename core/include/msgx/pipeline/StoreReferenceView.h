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
// was changed outside the pump, and after a store failure). After a commit of the pump that changed
// some classes, reload() reads only those again (one round trip each, instead of every class: a
// reference message among FLOP traffic used to cost ~20 reads and a parse of all reference data).
// One thread (the pump's).
class StoreReferenceView {
public:
    explicit StoreReferenceView(storage::ReferenceRepository& references);

    // The loaded view, loading it first when needed. Throws storage::InfraError when the store
    // fails (nothing is kept then), json::JsonError for a stored item that is not a JSON object.
    const sdk::ReferenceView& current();

    void invalidate() { loaded_.reset(); }

    // Reads the classes `rtypes` again (a class without records anymore is dropped), when the view
    // is loaded; nothing when it is not (the next current() loads every class). Throws
    // storage::InfraError when the store fails and json::JsonError for a stored item that is not a
    // JSON object; the view is dropped then (the next current() loads every class).
    void reload(const std::set<std::string, std::less<>>& rtypes);

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
