#include "msgx/sdk/AttributeGroup.h"

#include "msgx/codec/FieldTextSupport.h"

#include <optional>
#include <utility>
#include <vector>

namespace msgx::sdk {

namespace {

// The attribute writes of one record: a value sets, null clears.
using Writes = std::vector<std::pair<std::string, Value>>;

FlightEdit editOf(Writes writes) {
    return [writes = std::move(writes)](FlightDocument& flight) {
        for (const auto& [name, value] : writes) {
            flight.set(name, value);
        }
    };
}

FlightEdit clearAllOf(const AttributeGroup& group) {
    Writes writes;
    for (const GroupField& field : group.fields) {
        writes.emplace_back(std::string(field.field.name), Value());
    }
    return editOf(std::move(writes));
}

std::string joined(std::span<const std::string_view> words) {
    std::string text;
    for (std::string_view word : words) {
        if (!text.empty()) {
            text += ", ";
        }
        text += word;
    }
    return text;
}

// Reject "<where> '<v>' is not one of <allowed>" when `value` is not exactly one of `allowed`.
std::optional<Problem> outsideOf(const Value& value, std::span<const std::string_view> allowed,
                                 const std::string& where) {
    const auto* text = std::get_if<std::string>(&value);
    if (allowed.empty() || text == nullptr) {
        return std::nullopt;
    }
    for (std::string_view code : allowed) {
        if (*text == code) {
            return std::nullopt;
        }
    }
    return Problem::reject(where + " " + codec::detail::quoteValue(*text) + " is not one of " +
                           joined(allowed));
}

WhenMissing ruleFor(const FieldRead& read, const GroupField& field) {
    return read.state == codec::FieldState::Absent ? field.absent : field.empty;
}

std::string sourcesOf(const AttributeGroup& group) {
    std::string text;
    for (const GroupField& field : group.fields) {
        if (!text.empty()) {
            text += ", ";
        }
        text += sourceName(field.field.source);
    }
    return text;
}

} // namespace

Checked<FlightEdit> attributeGroupRule(const codec::Element& record, const AttributeGroup& group,
                                       const HandlerContext& context) {
    const codec::Element* element = group.element.empty() ? &record : record.child(group.element);
    if (element == nullptr) {
        return FlightEdit([](FlightDocument&) {});
    }
    if (group.emptyElementClearsAll && element->isEmpty()) {
        return clearAllOf(group);
    }
    const std::string prefix = group.element.empty() ? std::string() : std::string(group.element) + " ";
    const auto where = [&prefix](const GroupField& field) { return prefix + sourceName(field.field.source); };

    std::vector<FieldRead> reads;
    reads.reserve(group.fields.size());
    for (const GroupField& field : group.fields) {
        FieldRead read = readField(*element, field.field, context.businessZone);
        if (read.state == codec::FieldState::Invalid) {
            return Problem::codecError(where(field) + " " + read.reason);
        }
        reads.push_back(std::move(read));
    }

    bool anyValue = false;
    for (std::size_t i = 0; i < reads.size(); ++i) {
        anyValue = anyValue || reads[i].hasValue();
        if (!reads[i].hasValue() && ruleFor(reads[i], group.fields[i]) == WhenMissing::ClearAll) {
            return clearAllOf(group);
        }
    }

    Writes writes;
    for (std::size_t i = 0; i < reads.size(); ++i) {
        const GroupField& field = group.fields[i];
        const FieldRead& read = reads[i];
        if (read.hasValue()) {
            if (auto problem = outsideOf(read.value, field.oneOf, where(field))) {
                return *problem;
            }
            writes.emplace_back(std::string(field.field.name), read.value);
            continue;
        }
        const bool absent = read.state == codec::FieldState::Absent;
        if (absent && group.allOrNone && anyValue) {
            return Problem::reject(where(field) + " is missing: " + sourcesOf(group) + " go together");
        }
        switch (ruleFor(read, field)) {
        case WhenMissing::Reject:
            return Problem::reject(where(field) + (absent ? " is missing" : " is empty"));
        case WhenMissing::Clear:
            writes.emplace_back(std::string(field.field.name), Value());
            break;
        case WhenMissing::Keep:
        case WhenMissing::ClearAll: // handled above
            break;
        }
    }
    return editOf(std::move(writes));
}

Checked<std::string> readOneOf(const codec::Element& element, const FieldSpec& field,
                               std::span<const std::string_view> allowed, const codec::TimeZone& zone) {
    FieldSpec required = field;
    required.required = true;
    FieldRead read = readField(element, required, zone);
    if (auto problem = problemOf(read, required)) {
        return *problem;
    }
    if (auto problem = outsideOf(read.value, allowed, sourceName(field.source))) {
        return *problem;
    }
    if (auto* text = std::get_if<std::string>(&read.value)) {
        return std::move(*text);
    }
    return Problem::reject(sourceName(field.source) + " " + describeValue(read.value) + " is not one of " +
                           joined(allowed));
}

} // namespace msgx::sdk
