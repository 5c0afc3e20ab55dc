#include "msgx/pipeline/pump/StoreReferenceView.h"

#include "msgx/json/JsonValue.h"
#include "msgx/model/DocumentJson.h"

#include <map>
#include <set>
#include <utility>

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

void StoreReferenceView::apply(const std::vector<storage::ReferenceChange>& writes) {
    if (!loaded_ || writes.empty()) {
        return;
    }
    try {
        // The classes the writes touch, changed on copies and put back once each (the ABDG map is
        // built once), and per (class, batch id) the keys the writes set.
        std::map<std::string, std::map<std::string, sdk::ReferenceItem>> changed;
        std::map<std::pair<std::string, std::string>, std::set<std::string>> written;
        const auto records = [&](const std::string& rtype) -> std::map<std::string, sdk::ReferenceItem>& {
            const auto found = changed.find(rtype);
            return found != changed.end() ? found->second
                                          : changed.emplace(rtype, loaded_->recordsOf(rtype)).first->second;
        };
        for (const auto& write : writes) {
            switch (write.kind) {
            case storage::ReferenceChange::Kind::Upsert: {
                const std::string where = "REF_MASTER " + write.rtype + "/" + write.rkey;
                records(write.rtype)[write.rkey] =
                    model::fieldsFromJson(json::parseJson(write.itemJson, where), where);
                written[{write.rtype, write.batchId.value_or("")}].insert(write.rkey);
                break;
            }
            case storage::ReferenceChange::Kind::Delete:
                records(write.rtype).erase(write.rkey);
                break;
            case storage::ReferenceChange::Kind::KeepOnlyBatch: {
                const auto& kept = written[{write.rtype, write.batchId.value_or("")}];
                std::erase_if(records(write.rtype),
                              [&](const auto& record) { return !kept.contains(record.first); });
                break;
            }
            }
        }
        for (auto& [rtype, classRecords] : changed) {
            loaded_->replaceClass(rtype, std::move(classRecords));
        }
    } catch (...) {
        loaded_.reset();
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
