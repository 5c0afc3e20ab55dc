#include "msgx/pipeline/reference/ReferenceRefresh.h"

#include "msgx/json/JsonValue.h"
#include "msgx/log/Log.h"
#include "msgx/model/DocumentJson.h"
#include "msgx/sdk/UtcTime.h"
#include "msgx/storage/InfraError.h"

#include <initializer_list>
#include <map>
#include <variant>

namespace msgx::pipeline {
namespace {

using json::JsonValue;

// REF_MASTER.RKEY holds at most this many characters.
constexpr std::size_t kMaxKeyLength = 200;

std::string trimmed(std::string_view text) {
    constexpr std::string_view kBlanks = " \t\r\n";
    const std::size_t first = text.find_first_not_of(kBlanks);
    if (first == std::string_view::npos) {
        return {};
    }
    return std::string(text.substr(first, text.find_last_not_of(kBlanks) - first + 1));
}

std::string joined(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (const std::string_view part : parts) {
        out += part;
    }
    return out;
}

std::string recordName(std::size_t index) {
    return "record " + std::to_string(index + 1);
}

// The RKEY of record `index`, or why it has none.
std::variant<std::string, std::string> keyOf(const JsonValue& record, const std::string& member,
                                             std::size_t index) {
    using Result = std::variant<std::string, std::string>;
    const auto problem = [&](const std::string& what) {
        return Result(std::in_place_index<1>, recordName(index) + ": " + what);
    };
    const JsonValue* value = record.find(member);
    if (value == nullptr || value->isNull()) {
        return problem("no key (member " + member + " is " + (value == nullptr ? "missing" : "null") + ")");
    }
    std::string key;
    switch (value->kind()) {
    case JsonValue::Kind::String:
        key = trimmed(value->asString());
        if (key.empty()) {
            return problem("no key (member " + member + " is empty)");
        }
        break;
    case JsonValue::Kind::Integer:
        key = std::to_string(value->asInteger());
        break;
    default:
        return problem("the key member " + member + " must be a text or an integer, got " +
                       std::string(json::kindName(value->kind())));
    }
    if (key.size() > kMaxKeyLength) {
        return problem("the key is longer than " + std::to_string(kMaxKeyLength) + " characters");
    }
    return Result(std::in_place_index<0>, std::move(key));
}

// The field value of a mapped member: std::monostate for "absent", or why it is unusable.
std::variant<sdk::Value, std::string> fieldValueOf(const JsonValue& value) {
    using Result = std::variant<sdk::Value, std::string>;
    switch (value.kind()) {
    case JsonValue::Kind::Null:
        return Result(std::in_place_index<0>, sdk::Value{});
    case JsonValue::Kind::Bool:
        return Result(std::in_place_index<0>, sdk::Value(value.asBool()));
    case JsonValue::Kind::Integer:
        return Result(std::in_place_index<0>, sdk::Value(value.asInteger()));
    case JsonValue::Kind::Number:
        return Result(std::in_place_index<0>, sdk::Value(value.asNumber()));
    case JsonValue::Kind::String: {
        std::string text = trimmed(value.asString());
        return Result(std::in_place_index<0>, text.empty() ? sdk::Value{} : sdk::Value(std::move(text)));
    }
    case JsonValue::Kind::Array: {
        sdk::StringList list;
        for (std::size_t i = 0; i < value.items().size(); ++i) {
            const JsonValue& entry = value.items()[i];
            if (entry.kind() != JsonValue::Kind::String) {
                return Result(std::in_place_index<1>, "an array whose entry " + std::to_string(i + 1) +
                                                          " is " + std::string(json::kindName(entry.kind())) +
                                                          " (only arrays of texts are lists)");
            }
            std::string text = trimmed(entry.asString());
            if (!text.empty()) {
                list.push_back(std::move(text));
            }
        }
        return Result(std::in_place_index<0>, sdk::Value(std::move(list)));
    }
    case JsonValue::Kind::Object:
        break;
    }
    return Result(std::in_place_index<1>, "an object (no reference field holds one)");
}

ValidatedClass unusable(std::string problem) {
    ValidatedClass result;
    result.problem = std::move(problem);
    return result;
}

} // namespace

ValidatedClass validateClassDocument(const config::RefreshClass& refreshed, std::string_view body) {
    JsonValue document;
    try {
        document = json::parseJson(body, "the answer");
    } catch (const json::JsonError& e) {
        return unusable(e.what());
    }
    if (document.kind() != JsonValue::Kind::Array) {
        return unusable("the answer is not a JSON array but " + std::string(json::kindName(document.kind())));
    }
    if (document.items().empty()) {
        return unusable("the answer is an empty array: an empty class is never published");
    }
    ValidatedClass result;
    std::map<std::string, std::size_t> firstOfKey;
    for (std::size_t index = 0; index < document.items().size(); ++index) {
        const JsonValue& record = document.items()[index];
        if (record.kind() != JsonValue::Kind::Object) {
            return unusable(recordName(index) + " is " + std::string(json::kindName(record.kind())) +
                            ", not a JSON object");
        }
        auto key = keyOf(record, refreshed.key, index);
        if (key.index() == 1) {
            return unusable(std::get<1>(key));
        }
        std::string& rkey = std::get<0>(key);
        if (const auto [seen, first] = firstOfKey.emplace(rkey, index); !first) {
            return unusable("records " + std::to_string(seen->second + 1) + " and " +
                            std::to_string(index + 1) + " have the same key " + rkey);
        }
        sdk::ReferenceItem item;
        for (const auto& [field, member] : refreshed.fields) {
            const JsonValue* value = record.find(member);
            if (value == nullptr) {
                continue;
            }
            auto mapped = fieldValueOf(*value);
            if (mapped.index() == 1) {
                return unusable(joined({recordName(index), " (key ", rkey, "): member ", member, " (field ",
                                        field, ") is ", std::get<1>(mapped)}));
            }
            if (!sdk::isNull(std::get<0>(mapped))) {
                item.emplace(field, std::move(std::get<0>(mapped)));
            }
        }
        result.records.emplace_back(std::move(rkey), std::move(item));
    }
    return result;
}

std::vector<storage::ReferenceChange>
publicationOf(const std::string& rtype,
              const std::vector<std::pair<std::string, sdk::ReferenceItem>>& records,
              const std::string& batchId) {
    std::vector<storage::ReferenceChange> changes;
    changes.reserve(records.size() + 1);
    for (const auto& [rkey, item] : records) {
        storage::ReferenceChange upsert;
        upsert.kind = storage::ReferenceChange::Kind::Upsert;
        upsert.rtype = rtype;
        upsert.rkey = rkey;
        upsert.itemJson = json::renderCompactJson(model::fieldsToJson(item));
        upsert.source = std::string(kAdminApiSource);
        upsert.batchId = batchId;
        changes.push_back(std::move(upsert));
    }
    storage::ReferenceChange keep;
    keep.kind = storage::ReferenceChange::Kind::KeepOnlyBatch;
    keep.rtype = rtype;
    keep.batchId = batchId;
    changes.push_back(std::move(keep));
    return changes;
}

std::string refreshBatchId(const std::string& className, Clock::time_point at) {
    return std::string(kAdminApiSource) + ":" + className + ":" + sdk::formatUtc(at);
}

std::size_t RefreshReport::published() const {
    std::size_t count = 0;
    for (const auto& refreshed : classes) {
        count += refreshed.outcome == ClassRefresh::Outcome::Published ? 1 : 0;
    }
    return count;
}

ReferenceRefresh::ReferenceRefresh(storage::ReferenceRepository& references, const Clock& clock,
                                   const config::RefreshConfig& config, std::function<void()> published,
                                   std::mutex* writeLock)
    : references_(references), clock_(clock), config_(config),
      client_(config.timeout, config.maxDocumentSize), published_(std::move(published)),
      writeLock_(writeLock) {}

RefreshReport ReferenceRefresh::runOnce() {
    RefreshReport report;
    const Clock::time_point at = clock_.now();
    for (const auto& [className, refreshed] : config_.classes) {
        ClassRefresh outcome = refreshClass(className, refreshed, at);
        switch (outcome.outcome) {
        case ClassRefresh::Outcome::Published:
            log::info("reference refresh {}: published {} record(s) as {} from {} (batch {})", className,
                      outcome.records, outcome.rtype, outcome.url, outcome.batchId);
            if (published_) {
                published_();
            }
            break;
        case ClassRefresh::Outcome::Failed:
            log::warn("reference refresh {}: not published, the stored {} class is kept: {}: {}", className,
                      outcome.rtype, outcome.url, outcome.reason);
            break;
        case ClassRefresh::Outcome::OwnedByAodb:
            log::info("reference refresh {}: {}; nothing written", className, outcome.reason);
            break;
        }
        report.classes.push_back(std::move(outcome));
    }
    return report;
}

ClassRefresh ReferenceRefresh::refreshClass(const std::string& className,
                                            const config::RefreshClass& refreshed, Clock::time_point at) {
    ClassRefresh outcome;
    outcome.className = className;
    outcome.rtype = refreshed.rtype;
    outcome.url = refreshed.url;
    const auto fail = [&](std::string reason) {
        outcome.outcome = ClassRefresh::Outcome::Failed;
        outcome.reason = std::move(reason);
        return outcome;
    };
    try {
        if (auto owner = ownedByAodb(refreshed.rtype)) {
            outcome.outcome = ClassRefresh::Outcome::OwnedByAodb;
            outcome.reason = std::move(*owner);
            return outcome;
        }
        const AdminApiAnswer answer = client_.get(refreshed.url);
        if (!answer.ok) {
            return fail(answer.problem);
        }
        ValidatedClass validated = validateClassDocument(refreshed, answer.body);
        if (validated.problem) {
            return fail(*validated.problem);
        }
        const std::string batchId = refreshBatchId(className, at);
        const auto changes = publicationOf(refreshed.rtype, validated.records, batchId);
        std::unique_lock<std::mutex> lock;
        if (writeLock_ != nullptr) {
            lock = std::unique_lock<std::mutex>(*writeLock_);
        }
        if (auto owner = ownedByAodb(refreshed.rtype)) { // a message may have written it meanwhile
            outcome.outcome = ClassRefresh::Outcome::OwnedByAodb;
            outcome.reason = std::move(*owner);
            return outcome;
        }
        references_.apply(changes);
        outcome.outcome = ClassRefresh::Outcome::Published;
        outcome.records = validated.records.size();
        outcome.batchId = batchId;
        return outcome;
    } catch (const storage::InfraError& e) {
        return fail(std::string("the own store failed: ") + e.what());
    } catch (const std::exception& e) {
        return fail(e.what());
    }
}

std::optional<std::string> ReferenceRefresh::ownedByAodb(const std::string& rtype) {
    if (config_.precedence != config::RefreshPrecedence::Aodb) {
        return std::nullopt;
    }
    std::size_t fromMessages = 0;
    for (const auto& record : references_.listClass(rtype)) {
        fromMessages += record.source != kAdminApiSource ? 1 : 0;
    }
    if (fromMessages == 0) {
        return std::nullopt;
    }
    return "AODB owns " + rtype + " (refresh.precedence aodb: " + std::to_string(fromMessages) +
           " stored record(s) came from messages)";
}

} // namespace msgx::pipeline
