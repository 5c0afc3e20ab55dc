#include "msgx/sdk/MergeLists.h"

#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/ListRules.h"

#include <algorithm>
#include <string>
#include <vector>

namespace msgx::sdk {

namespace {

bool isClearMarker(const codec::Element& group, const MergeListSpec& merge, const codec::TimeZone& zone) {
    if (merge.marker == MergeListSpec::ClearMarker::NoContent) {
        return group.isEmpty();
    }
    return std::all_of(merge.list.spec.fields.begin(), merge.list.spec.fields.end(),
                       [&](const FieldSpec& spec) {
                           const codec::FieldState state = readField(group, spec, zone).state;
                           return state == codec::FieldState::Absent || state == codec::FieldState::Empty;
                       });
}

// The list's table with the STYP's extra required sources marked required.
std::vector<FieldSpec> fieldsOf(const MergeListSpec& merge) {
    std::vector<FieldSpec> fields(merge.list.spec.fields.begin(), merge.list.spec.fields.end());
    for (FieldSpec& field : fields) {
        if (std::find(merge.alsoRequired.begin(), merge.alsoRequired.end(), field.source) !=
            merge.alsoRequired.end()) {
            field.required = true;
        }
    }
    return fields;
}

bool sameKey(const ListEntry& entry, const Value& key, std::string_view keyField) {
    const Value* own = findField(entry, keyField);
    return own != nullptr && *own == key;
}

} // namespace

Checked<FlightEdit> mergeListRule(const codec::Element& record, const HandlerContext& context,
                                  const MergeListSpec& merge) {
    const ListSpec& spec = merge.list.spec;
    const std::vector<const codec::Element*> groups = record.children(spec.group);
    if (groups.empty()) {
        return Problem::reject("no " + std::string(spec.group) + " group");
    }
    const std::vector<FieldSpec> fields = fieldsOf(merge);

    bool clearAll = false;
    DetailList upserts; // one per key, the later group winning, in first-mention order
    ProblemKeeper problems;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const codec::Element& group = *groups[i];
        if (isClearMarker(group, merge, context.businessZone)) {
            clearAll = true;
            continue;
        }
        Checked<Fields> entry = readFields(group, fields, context.businessZone);
        if (!entry.ok()) {
            problems.keep(entry.problem().within(describeGroup(group, spec.keySource, i + 1) + ": "));
            continue;
        }
        const Value key = *findField(entry.value(), spec.keyField); // required: present when read
        const auto earlier = std::find_if(upserts.begin(), upserts.end(),
                                          [&](const ListEntry& e) { return sameKey(e, key, spec.keyField); });
        if (earlier != upserts.end()) {
            *earlier = std::move(entry.value());
        } else {
            upserts.push_back(std::move(entry.value()));
        }
    }
    if (problems.kept()) {
        return *problems.kept();
    }
    if (clearAll) {
        upserts.clear();
    }
    return FlightEdit([name = std::string(merge.list.name), keyField = std::string(spec.keyField), clearAll,
                       upserts = std::move(upserts)](FlightDocument& flight) {
        DetailList merged;
        if (!clearAll) {
            for (const ListEntry& stored : flight.list(name)) {
                const Value* key = findField(stored, keyField);
                const bool replaced =
                    key != nullptr && std::any_of(upserts.begin(), upserts.end(), [&](const ListEntry& e) {
                        return sameKey(e, *key, keyField);
                    });
                if (!replaced) {
                    merged.push_back(stored);
                }
            }
            merged.insert(merged.end(), upserts.begin(), upserts.end());
            sortByKey(merged, keyField);
        }
        flight.setList(name, std::move(merged));
    });
}

} // namespace msgx::sdk
