#include "msgx/pipeline/pump/FlightStoreMapping.h"

#include "msgx/json/JsonValue.h"
#include "msgx/model/DocumentJson.h"
#include "msgx/sdk/UtcTime.h"

namespace msgx::pipeline {
namespace {

// Text that fits a key column of `limit` characters (bytes; the codes are ASCII).
std::optional<std::string> fitting(std::optional<std::string> text, std::size_t limit) {
    if (!text || text->empty() || text->size() > limit) {
        return std::nullopt;
    }
    return text;
}

} // namespace

sdk::FlightDocument documentFromStore(const storage::FlightRecord& record,
                                      const std::vector<storage::DetailList>& lists) {
    const std::string where = "FLIGHT " + std::to_string(record.flid);
    sdk::FlightDocument document(record.flid);
    const sdk::Fields attributes =
        model::fieldsFromJson(json::parseJson(record.attributesJson, where), where + " attributes");
    for (const auto& [name, value] : attributes) {
        document.set(name, value);
    }
    for (const auto& list : lists) {
        sdk::DetailList entries;
        for (std::size_t i = 0; i < list.itemsJson.size(); ++i) {
            const std::string itemWhere = where + " list " + list.name + "[" + std::to_string(i) + "]";
            entries.push_back(
                model::fieldsFromJson(json::parseJson(list.itemsJson[i], itemWhere), itemWhere));
        }
        document.setList(list.name, std::move(entries));
    }
    return document;
}

storage::FlightKeys keyColumnsOf(const sdk::FlightDocument& document) {
    storage::FlightKeys keys;
    keys.ffid = fitting(document.text(sdk::attr::kFfid), 64);
    keys.alcd = fitting(document.text(sdk::attr::kAirlineCode), 3);
    keys.flno = fitting(document.text(sdk::attr::kFlightNumber), 12);
    const auto movement = document.text(sdk::attr::kMovement);
    if (movement == "A" || movement == "D") {
        keys.mvin = movement;
    }
    if (const auto scheduled = document.text(sdk::attr::kScheduledTime)) {
        if (const auto instant = sdk::parseUtc(*scheduled)) {
            keys.sodt = std::chrono::time_point_cast<storage::Timestamp::duration>(*instant);
        }
    }
    keys.maid = document.integer(sdk::attr::kMasterFlid);
    keys.linkFlid = document.integer(sdk::attr::kLinkedFlid);
    return keys;
}

std::string attributesJsonOf(const sdk::FlightDocument& document) {
    return json::renderCompactJson(model::fieldsToJson(document.attributes()));
}

storage::DetailList detailListOf(const sdk::FlightDocument& document, std::string_view name) {
    storage::DetailList list;
    list.name = std::string(name);
    for (const auto& entry : document.list(name)) {
        list.itemsJson.push_back(json::renderCompactJson(model::fieldsToJson(entry)));
    }
    return list;
}

storage::FlightWrite upsertOf(const sdk::FlightDocument& document,
                              std::optional<std::int64_t> expectedVersion,
                              const std::vector<std::string>& listNames) {
    storage::FlightWrite write;
    write.kind = storage::FlightWrite::Kind::Upsert;
    write.flid = document.flid();
    write.expectedVersion = expectedVersion;
    write.keys = keyColumnsOf(document);
    write.attributesJson = attributesJsonOf(document);
    for (const auto& name : listNames) {
        write.lists.push_back(detailListOf(document, name));
    }
    return write;
}

} // namespace msgx::pipeline
