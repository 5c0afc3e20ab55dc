#include "msgx/sdk/ListRules.h"

#include <algorithm>
#include <set>
#include <string>

namespace msgx::sdk {

namespace {

bool keyLess(const ListEntry& a, const ListEntry& b, std::string_view keyField) {
    const Value* ka = findField(a, keyField);
    const Value* kb = findField(b, keyField);
    if (ka == nullptr || kb == nullptr) {
        return kb != nullptr;
    }
    return *ka < *kb; // variant order: integers compare as integers, text as text
}

} // namespace

Checked<DetailList> readList(const codec::Element& record, const ListSpec& spec,
                             const codec::TimeZone& zone) {
    DetailList entries;
    std::set<std::string> keys;
    std::size_t position = 0;
    for (const codec::Element* group : record.children(spec.group)) {
        ++position;
        const std::string name = describeGroup(*group, spec.keySource, position);
        Checked<Fields> entry = readFields(*group, spec.fields, zone);
        if (!entry.ok()) {
            return entry.problem().within(name + ": ");
        }
        if (const Value* key = findField(entry.value(), spec.keyField)) {
            if (!keys.insert(describeValue(*key)).second) {
                if (!spec.laterKeyWins) {
                    return Problem::reject(name + " occurs twice");
                }
                const auto earlier = std::find_if(entries.begin(), entries.end(), [&](const ListEntry& e) {
                    const Value* k = findField(e, spec.keyField);
                    return k != nullptr && *k == *key;
                });
                *earlier = std::move(entry.value());
                continue;
            }
        }
        entries.push_back(std::move(entry.value()));
    }
    sortByKey(entries, spec.keyField);
    return entries;
}

void sortByKeys(DetailList& entries, std::span<const std::string_view> keyFields) {
    std::stable_sort(entries.begin(), entries.end(), [keyFields](const ListEntry& a, const ListEntry& b) {
        for (std::string_view field : keyFields) {
            if (keyLess(a, b, field)) {
                return true;
            }
            if (keyLess(b, a, field)) {
                return false;
            }
        }
        return false;
    });
}

void sortByKey(DetailList& entries, std::string_view keyField) {
    std::stable_sort(entries.begin(), entries.end(),
                     [keyField](const ListEntry& a, const ListEntry& b) { return keyLess(a, b, keyField); });
}

DetailList keepFieldsOfUnchangedEntries(const DetailList& stored, DetailList entries,
                                        std::span<const std::string_view> matchFields,
                                        std::span<const std::string_view> keptFields) {
    for (ListEntry& entry : entries) {
        const auto same = std::find_if(stored.begin(), stored.end(), [&](const ListEntry& old) {
            return std::all_of(matchFields.begin(), matchFields.end(), [&](std::string_view field) {
                const Value* a = findField(entry, field);
                const Value* b = findField(old, field);
                return a != nullptr && b != nullptr && *a == *b;
            });
        });
        if (same == stored.end()) {
            continue;
        }
        for (std::string_view field : keptFields) {
            if (const Value* kept = findField(*same, field)) {
                entry.emplace(std::string(field), *kept); // a value the message carries wins
            }
        }
    }
    return entries;
}

} // namespace msgx::sdk
