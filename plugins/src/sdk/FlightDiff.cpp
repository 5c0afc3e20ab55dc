#include "msgx/sdk/FlightDiff.h"

#include <utility>

namespace msgx::sdk {

std::optional<FlightChange> diffFlight(const FlightDocument& before, const FlightDocument& after) {
    FlightChange change;
    change.kind = FlightChange::Kind::Update;
    change.flid = after.flid();
    for (const auto& [name, value] : before.attributes()) {
        if (after.attribute(name) == nullptr) {
            change.set.emplace(name, std::monostate{});
        }
    }
    for (const auto& [name, value] : after.attributes()) {
        const Value* old = before.attribute(name);
        if (old == nullptr || *old != value) {
            change.set.emplace(name, value);
        }
    }
    for (const auto& [name, entries] : before.lists()) {
        if (after.list(name).empty()) {
            change.lists.emplace(name, DetailList{});
        }
    }
    for (const auto& [name, entries] : after.lists()) {
        if (before.list(name) != entries) {
            change.lists.emplace(name, entries);
        }
    }
    if (change.set.empty() && change.lists.empty()) {
        return std::nullopt;
    }
    return change;
}

FlightChange creationOf(const FlightDocument& created) {
    FlightChange change;
    change.kind = FlightChange::Kind::Create;
    change.flid = created.flid();
    change.set = created.attributes();
    for (const auto& [name, entries] : created.lists()) {
        change.lists.emplace(name, entries);
    }
    return change;
}

MsgEvent eventFor(const FlightChange& change, std::string type) {
    MsgEvent event;
    event.type = std::move(type);
    event.flid = change.flid;
    event.fields = change.set;
    event.lists = change.lists;
    return event;
}

} // namespace msgx::sdk
