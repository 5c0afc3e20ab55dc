#include "msgx/sdk/ReferenceMessages.h"

#include "msgx/codec/Ascii.h"
#include "msgx/codec/NumberFields.h"

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace msgx::sdk {

namespace {

enum class Operation { Upsert, Delete, ReplaceClass };

std::optional<Operation> operationOf(std::string_view subtype) {
    const std::string upper = codec::toAsciiUpper(subtype);
    if (upper == "ADD" || upper == "UPD") {
        return Operation::Upsert;
    }
    if (upper == "DEL") {
        return Operation::Delete;
    }
    if (upper == "DNLD" || upper == "RESP") {
        return Operation::ReplaceClass;
    }
    return std::nullopt;
}

struct ReadRecord {
    std::string key;
    ReferenceItem item;
    std::vector<std::string> notes; // "<TYPE> <KEY>: ..." from the group readers
};

// Reads every record, or the Problem that decides the message (ProblemKeeper: the first codec error,
// which ends the reading, else the first reject).
Checked<std::vector<ReadRecord>> readRecords(const std::vector<const codec::Element*>& elements,
                                             const ReferenceClassSpec& spec, const codec::TimeZone& zone,
                                             bool keyOnly) {
    std::vector<ReadRecord> records;
    ProblemKeeper problems;
    const bool several = elements.size() > 1;
    for (std::size_t i = 0; i < elements.size(); ++i) {
        const std::string prefix = several ? "record " + std::to_string(i + 1) + ": " : std::string();
        const codec::Element& element = *elements[i];
        const FieldSpec keySpec{spec.keyElement, spec.keyElement, FieldType::Text, 200, true};
        const FieldSpec* declaredKey = nullptr;
        for (const FieldSpec& field : spec.fields) {
            if (field.source == spec.keyElement) {
                declaredKey = &field;
            }
        }
        FieldSpec key = declaredKey != nullptr ? *declaredKey : keySpec;
        key.required = true;
        const FieldRead keyRead = readField(element, key, zone);
        if (auto problem = problemOf(keyRead, key)) {
            problems.keep(problem->within(prefix));
            if (problems.hasCodecError()) {
                return *problems.kept();
            }
            continue;
        }
        // RKEY is text; a numeric key (ORGN OGID) is keyed by its canonical digits ("031002" and
        // "31002" are the same organisation).
        ReadRecord record{std::holds_alternative<std::int64_t>(keyRead.value)
                              ? std::to_string(std::get<std::int64_t>(keyRead.value))
                              : std::get<std::string>(keyRead.value),
                          {},
                          {}};
        if (!keyOnly) {
            const std::string where = std::string(spec.type) + " " + record.key + ": ";
            ProblemKeeper recordProblems;
            Checked<Fields> fields = readFields(element, spec.fields, zone);
            if (!fields.ok()) {
                recordProblems.keep(fields.problem());
            }
            std::vector<ReferenceGroupRead> groups;
            for (const ReferenceGroupReader reader : spec.groups) {
                Checked<ReferenceGroupRead> group = reader(element, zone);
                if (!group.ok()) {
                    recordProblems.keep(group.problem());
                } else {
                    groups.push_back(std::move(group.value()));
                }
            }
            if (recordProblems.kept()) {
                problems.keep(recordProblems.kept()->within(prefix + where));
                if (problems.hasCodecError()) {
                    return *problems.kept();
                }
                continue;
            }
            record.item = std::move(fields.value());
            for (const FieldSpec& field : spec.fields) {
                if (field.type == FieldType::Flag && findField(record.item, field.name) == nullptr) {
                    record.item.emplace(std::string(field.name), false);
                }
            }
            for (ReferenceGroupRead& group : groups) {
                for (auto& [name, value] : group.fields) {
                    record.item.insert_or_assign(name, std::move(value));
                }
                for (const std::string& note : group.notes) {
                    record.notes.push_back(where + note);
                }
            }
        }
        records.push_back(std::move(record));
    }
    if (problems.kept()) {
        return *problems.kept();
    }
    return records;
}

} // namespace

Decision decideReferenceMessage(const HandlerContext& context, const codec::Message& message,
                                const ReferenceClassSpec& spec) {
    const std::optional<Operation> operation = operationOf(message.meta().subtype);
    if (!operation) {
        return Decision::skip("rejected:" + std::string(spec.type) + " has no sub-type " +
                              message.meta().subtype);
    }
    const std::vector<const codec::Element*> elements = message.root().children(spec.type);
    Checked<std::vector<ReadRecord>> records =
        readRecords(elements, spec, context.businessZone, *operation == Operation::Delete);
    if (!records.ok()) {
        return decisionFor(records.problem());
    }

    Decision decision = Decision::apply();
    if (const auto recs = codec::parseLong(message.root().childText("RECS"));
        recs.hasValue() && recs.value() != static_cast<std::int64_t>(elements.size())) {
        decision.notes.push_back("RECS " + std::to_string(recs.value()) + " but " +
                                 std::to_string(elements.size()) + " records");
    }
    for (const ReadRecord& record : records.value()) {
        decision.notes.insert(decision.notes.end(), record.notes.begin(), record.notes.end());
    }
    const std::string rtype(spec.type);
    const ReferenceView& stored = context.references;
    switch (*operation) {
    case Operation::Upsert: {
        std::map<std::string, ReferenceItem> latest; // the later record of a key wins
        std::vector<std::string> order;
        for (auto& record : records.value()) {
            if (latest.insert_or_assign(record.key, record.item).second) {
                order.push_back(record.key);
            }
        }
        for (const std::string& key : order) {
            const ReferenceItem* current = stored.find(rtype, key);
            if (current != nullptr && *current == latest[key]) {
                continue; // equal record: no change
            }
            decision.references.push_back({ReferenceChange::Kind::Upsert, rtype, key, latest[key], {}});
        }
        break;
    }
    case Operation::Delete:
        for (const auto& record : records.value()) {
            if (stored.find(rtype, record.key) == nullptr) {
                decision.notes.push_back("unknown key " + record.key);
                continue;
            }
            decision.references.push_back({ReferenceChange::Kind::Delete, rtype, record.key, {}, {}});
        }
        break;
    case Operation::ReplaceClass: {
        if (records.value().empty()) {
            return Decision::skip("rejected:empty-class");
        }
        std::map<std::string, ReferenceItem> all;
        for (auto& record : records.value()) {
            all.insert_or_assign(record.key, std::move(record.item));
        }
        bool same = stored.classSize(rtype) == all.size();
        for (auto it = all.begin(); same && it != all.end(); ++it) {
            const ReferenceItem* current = stored.find(rtype, it->first);
            same = current != nullptr && *current == it->second;
        }
        if (!same) {
            decision.references.push_back(
                {ReferenceChange::Kind::ReplaceClass, rtype, {}, {}, std::move(all)});
        }
        break;
    }
    }
    return decision;
}

} // namespace msgx::sdk
