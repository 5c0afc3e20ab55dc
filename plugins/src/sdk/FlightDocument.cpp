#include "msgx/sdk/FlightDocument.h"

#include <utility>

namespace msgx::sdk {

const Value* FlightDocument::attribute(std::string_view name) const {
    return findField(attributes_, name);
}

std::optional<std::string> FlightDocument::text(std::string_view name) const {
    const Value* value = attribute(name);
    if (value == nullptr || !std::holds_alternative<std::string>(*value)) {
        return std::nullopt;
    }
    return std::get<std::string>(*value);
}

std::optional<std::int64_t> FlightDocument::integer(std::string_view name) const {
    const Value* value = attribute(name);
    if (value == nullptr || !std::holds_alternative<std::int64_t>(*value)) {
        return std::nullopt;
    }
    return std::get<std::int64_t>(*value);
}

void FlightDocument::set(std::string_view name, Value value) {
    if (isNull(value)) {
        if (const auto found = attributes_.find(name); found != attributes_.end()) {
            attributes_.erase(found);
        }
        return;
    }
    if (const auto found = attributes_.find(name); found != attributes_.end()) {
        found->second = std::move(value);
    } else {
        attributes_.emplace(std::string(name), std::move(value));
    }
}

const DetailList& FlightDocument::list(std::string_view name) const {
    static const DetailList kNoList;
    const auto found = lists_.find(name);
    return found == lists_.end() ? kNoList : found->second;
}

void FlightDocument::setList(std::string_view name, DetailList entries) {
    const auto found = lists_.find(name);
    if (entries.empty()) {
        if (found != lists_.end()) {
            lists_.erase(found);
        }
        return;
    }
    if (found != lists_.end()) {
        found->second = std::move(entries);
    } else {
        lists_.emplace(std::string(name), std::move(entries));
    }
}

} // namespace msgx::sdk
