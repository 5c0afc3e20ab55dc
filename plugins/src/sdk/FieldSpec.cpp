#include "msgx/sdk/FieldSpec.h"

#include "msgx/codec/DateTimeFields.h"
#include "msgx/codec/FieldTextSupport.h"
#include "msgx/codec/NumberFields.h"
#include "msgx/codec/TextFields.h"
#include "msgx/sdk/UtcTime.h"

#include <stdexcept>

namespace msgx::sdk {

namespace {

codec::FieldText sourceText(const codec::Element& element, std::string_view source) {
    if (source == ".") {
        return std::string_view(element.text());
    }
    if (!source.empty() && source.front() == '@') {
        return element.attribute(source.substr(1));
    }
    return element.childText(source);
}

template <class T, class Convert>
FieldRead fromResult(const codec::FieldResult<T>& result, Convert&& convert) {
    FieldRead read;
    read.state = result.state();
    if (result.isInvalid()) {
        read.reason = result.reason();
    } else if (result.hasValue()) {
        read.value = convert(result.value());
    }
    return read;
}

FieldRead readTextList(const codec::Element& element, const FieldSpec& spec) {
    const std::vector<const codec::Element*> entries = element.children(spec.source);
    if (entries.empty()) {
        return {};
    }
    StringList list;
    const std::size_t limit = spec.maxLength == 0 ? std::string::npos : spec.maxLength;
    for (const codec::Element* entry : entries) {
        const auto result = codec::parseText(std::string_view(entry->text()), limit);
        if (result.isInvalid()) {
            return FieldRead{codec::FieldState::Invalid, {}, result.reason()};
        }
        if (result.hasValue()) {
            list.push_back(result.value());
        }
    }
    return FieldRead{codec::FieldState::Value, Value(std::move(list)), {}};
}

} // namespace

std::string sourceName(std::string_view source) {
    if (source == ".") {
        return "text";
    }
    return std::string(!source.empty() && source.front() == '@' ? source.substr(1) : source);
}

FieldRead readField(const codec::Element& element, const FieldSpec& spec, const codec::TimeZone& zone) {
    const codec::FieldText text = sourceText(element, spec.source);
    const auto toInteger = [](auto v) { return Value(static_cast<std::int64_t>(v)); };
    switch (spec.type) {
    case FieldType::Text: {
        const std::size_t limit = spec.maxLength == 0 ? std::string::npos : spec.maxLength;
        return fromResult(codec::parseText(text, limit), [](const std::string& v) { return Value(v); });
    }
    case FieldType::Char:
        return fromResult(codec::parseText(text, 1), [](const std::string& v) { return Value(v); });
    case FieldType::Time: {
        const auto result = codec::parseFieldDateTime(text);
        if (result.hasValue()) {
            try {
                return fromResult(result, [&](std::chrono::local_seconds local) {
                    return Value(formatUtc(zone.toUtc(local)));
                });
            } catch (const std::out_of_range& e) {
                return FieldRead{codec::FieldState::Invalid, {}, e.what()};
            }
        }
        return fromResult(result, [](std::chrono::local_seconds) { return Value(); });
    }
    case FieldType::Byte:
        return fromResult(codec::parseByte(text), toInteger);
    case FieldType::Short:
        return fromResult(codec::parseShort(text), toInteger);
    case FieldType::Int:
        return fromResult(codec::parseInt(text), toInteger);
    case FieldType::Long:
        return fromResult(codec::parseLong(text), toInteger);
    case FieldType::Decimal:
        return fromResult(codec::parseDecimal(text),
                          [](const codec::Decimal& d) { return Value(d.toDouble()); });
    case FieldType::Flag:
        return fromResult(codec::parseFlag(text), [](bool flag) { return Value(flag); });
    case FieldType::TextList:
        return readTextList(element, spec);
    case FieldType::Duration:
        return fromResult(codec::parseDuration(text),
                          [](std::chrono::minutes m) { return Value(static_cast<std::int64_t>(m.count())); });
    }
    return {};
}

std::optional<Problem> problemOf(const FieldRead& read, const FieldSpec& spec) {
    switch (read.state) {
    case codec::FieldState::Invalid:
        return Problem::codecError(sourceName(spec.source) + " " + read.reason);
    case codec::FieldState::Absent:
        if (spec.required) {
            return Problem::reject(sourceName(spec.source) + " is missing");
        }
        return std::nullopt;
    case codec::FieldState::Empty:
        if (spec.required) {
            return Problem::reject(sourceName(spec.source) + " is empty");
        }
        return std::nullopt;
    case codec::FieldState::Value:
        return std::nullopt;
    }
    return std::nullopt;
}

Checked<Fields> readFields(const codec::Element& element, std::span<const FieldSpec> specs,
                           const codec::TimeZone& zone) {
    Fields fields;
    ProblemKeeper problems;
    for (const FieldSpec& spec : specs) {
        const FieldRead read = readField(element, spec, zone);
        if (auto problem = problemOf(read, spec)) {
            problems.keep(std::move(*problem));
            if (problems.hasCodecError()) {
                return *problems.kept();
            }
            continue;
        }
        if (read.hasValue()) {
            fields.emplace(std::string(spec.name), read.value);
        }
    }
    if (problems.kept()) {
        return *problems.kept();
    }
    return fields;
}

std::string describeGroup(const codec::Element& group, std::string_view keySource, std::size_t position) {
    codec::FieldText key = sourceText(group, keySource);
    std::string name = group.name();
    if (key) {
        const std::string_view trimmed = codec::detail::trimXmlWhitespace(*key);
        if (!trimmed.empty()) {
            return name + " " + sourceName(keySource) + "=" + codec::detail::shortened(trimmed);
        }
    }
    return name + " #" + std::to_string(position);
}

} // namespace msgx::sdk
