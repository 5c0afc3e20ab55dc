#include "msgx/pipeline/StoreReferenceView.h"

#include "msgx/json/JsonValue.h"
#include "msgx/model/DocumentJson.h"

namespace msgx::pipeline {

StoreReferenceView::StoreReferenceView(storage::ReferenceRepository& references) : references_(references) {}

namespace {

std::map<std::string, sdk::ReferenceItem> readClass(storage::ReferenceRepository& references,
                                                    const std::string& rtype) {
    std::map<std::string, sdk::ReferenceItem> records;
    for (const auto& record : references.listClass(rtype)) {
        const std::string where = "REF_MASTER " + record.rtype + "/" + record.rkey;
        records.emplace(record.rkey, model::fieldsFromJson(json::parseJson(record.itemJson, where), where));
    }
    return records;
}

} // namespace

const sdk::ReferenceView& StoreReferenceView::current() {
    if (!loaded_) {
        model::ReferenceClasses classes;
        for (const auto& rtype : references_.classNames()) {
            classes[rtype] = readClass(references_, rtype);
        }
        loaded_.emplace(std::move(classes));
    }
    return *loaded_;
}

void StoreReferenceView::reload(const std::set<std::string, std::less<>>& rtypes) {
    if (!loaded_) {
        return;
    }
    try {
        for (const auto& rtype : rtypes) {
            loaded_->replaceClass(rtype, readClass(references_, rtype));
        }
    } catch (...) {
        loaded_.reset(); // some classes may be new, others old: load all again
        throw;
    }
}

std::vector<storage::ReferenceChange> referenceWrites(const std::vector<sdk::ReferenceChange>& changes,
                                                      const std::string& batchId) {
    std::vector<storage::ReferenceChange> writes;
    const auto upsert = [&](const std::string& rtype, const std::string& rkey,
                            const sdk::ReferenceItem& item) {
        storage::ReferenceChange write;
        write.kind = storage::ReferenceChange::Kind::Upsert;
        write.rtype = rtype;
        write.rkey = rkey;
        write.itemJson = json::renderCompactJson(model::fieldsToJson(item));
        write.source = "message";
        write.batchId = batchId;
        writes.push_back(std::move(write));
    };
    for (const auto& change : changes) {
        switch (change.kind) {
        case sdk::ReferenceChange::Kind::Upsert:
            upsert(change.rtype, change.rkey, change.item);
            break;
        case sdk::ReferenceChange::Kind::Delete: {
            storage::ReferenceChange write;
            write.kind = storage::ReferenceChange::Kind::Delete;
            write.rtype = change.rtype;
            write.rkey = change.rkey;
            writes.push_back(std::move(write));
            break;
        }
        case sdk::ReferenceChange::Kind::ReplaceClass: {
            for (const auto& [rkey, item] : change.records) {
                upsert(change.rtype, rkey, item);
            }
            storage::ReferenceChange keep;
            keep.kind = storage::ReferenceChange::Kind::KeepOnlyBatch;
            keep.rtype = change.rtype;
            keep.batchId = batchId;
            writes.push_back(std::move(keep));
            break;
        }
        }
    }
    return writes;
}

} // namespace msgx::pipeline
