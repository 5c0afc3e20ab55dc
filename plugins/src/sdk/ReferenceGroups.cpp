#include "msgx/sdk/ReferenceGroups.h"

#include "msgx/codec/FieldTextSupport.h"
#include "msgx/sdk/FieldSpec.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::sdk {

namespace {

constexpr std::array<std::string_view, 6> kSlots = {"ABR1", "ABR2", "ABR3", "ABR4", "ABR5", "ABR6"};

bool isSlot(std::string_view code) {
    for (std::string_view slot : kSlots) {
        if (code == slot) {
            return true;
        }
    }
    return false;
}

// An attribute's trimmed value, "" when absent or empty.
std::string attributeText(const codec::Element& element, std::string_view name) {
    return std::string(codec::detail::trimXmlWhitespace(element.attribute(name).value_or("")));
}

// `-` for an absent or empty attribute, the code when it is one of `first`/`second`, else a Reject.
Checked<std::string> combinationPart(const codec::Element& entry, std::string_view attribute,
                                     std::string_view first, std::string_view second,
                                     const std::string& where) {
    const std::string value = attributeText(entry, attribute);
    if (value.empty()) {
        return std::string("-");
    }
    if (value == first || value == second) {
        return value;
    }
    return Problem::reject(where + std::string(attribute) + " " + codec::detail::quoteValue(value) +
                           " is not one of " + std::string(first) + ", " + std::string(second));
}

// The trimmed text of `source` in `element` as C(maxLength): Problem when it is unparseable.
Checked<std::optional<std::string>> textOf(const codec::Element& element, std::string_view source,
                                           std::size_t maxLength, const std::string& where,
                                           const codec::TimeZone& zone) {
    const FieldSpec spec{source, source, FieldType::Text, maxLength};
    const FieldRead read = readField(element, spec, zone);
    if (auto problem = problemOf(read, spec)) {
        return problem->within(where);
    }
    if (!read.hasValue()) {
        return std::optional<std::string>();
    }
    return std::optional<std::string>(std::get<std::string>(read.value));
}

} // namespace

Checked<ReferenceGroupRead> readAbbreviationSlots(const codec::Element& record, const codec::TimeZone& zone) {
    ReferenceGroupRead read;
    for (const codec::Element* abbr : record.children("ABBR")) {
        const std::string code = attributeText(*abbr, "CODE");
        if (!isSlot(code)) {
            read.notes.push_back("ABBR CODE=" + codec::detail::shortened(code) + " ignored");
            continue;
        }
        Checked<std::optional<std::string>> text = textOf(*abbr, ".", 30, "ABBR CODE=" + code + ": ", zone);
        if (!text.ok()) {
            return text.problem();
        }
        if (text.value()) {
            read.fields.insert_or_assign(code, Value(std::move(*text.value())));
        }
    }
    return read;
}

Checked<ReferenceGroupRead> readDefaultTerminals(const codec::Element& record, const codec::TimeZone& zone) {
    ReferenceGroupRead read;
    ProblemKeeper problems;
    const std::vector<const codec::Element*> entries = record.children("TRML");
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const codec::Element& entry = *entries[i];
        const std::string where = "TRML #" + std::to_string(i + 1) + ": ";
        Checked<std::optional<std::string>> terminal = textOf(entry, ".", 5, where, zone);
        if (!terminal.ok()) {
            return terminal.problem(); // a text's only problem is a codec error
        }
        if (!terminal.value()) {
            continue; // an empty terminal is dropped
        }
        Checked<std::string> movement = combinationPart(entry, "MVIN", "A", "D", where);
        Checked<std::string> sector = combinationPart(entry, "FLIN", "I", "D", where);
        if (!movement.ok() || !sector.ok()) {
            problems.keep(movement.ok() ? sector.problem() : movement.problem());
            continue;
        }
        read.fields.insert_or_assign("TRML/" + movement.value() + "/" + sector.value(),
                                     Value(std::move(*terminal.value())));
    }
    if (problems.kept()) {
        return *problems.kept();
    }
    return read;
}

Checked<ReferenceGroupRead> readSubCompanies(const codec::Element& record, const codec::TimeZone& zone) {
    struct SubCompany {
        std::optional<std::string> name;
        std::optional<std::string> localName;
    };
    std::map<std::string, SubCompany> groups;
    StringList codes; // document order, each code once
    ProblemKeeper problems;
    const std::vector<const codec::Element*> entries = record.children("SUBC");
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const codec::Element& entry = *entries[i];
        const std::string where = describeGroup(entry, "CODE", i + 1) + ": ";
        const FieldSpec codeSpec{"CODE", "CODE", FieldType::Text, 10, true};
        const FieldRead code = readField(entry, codeSpec, zone);
        Checked<std::optional<std::string>> name = textOf(entry, "NAME", 30, where, zone);
        Checked<std::optional<std::string>> localName = textOf(entry, "NAMC", 30, where, zone);
        const std::optional<Problem> codeProblem = problemOf(code, codeSpec);
        if (codeProblem) {
            problems.keep(codeProblem->within(where));
        }
        if (!name.ok()) {
            problems.keep(name.problem());
        }
        if (!localName.ok()) {
            problems.keep(localName.problem());
        }
        if (problems.hasCodecError()) {
            return *problems.kept();
        }
        if (codeProblem) {
            continue;
        }
        const std::string key = std::get<std::string>(code.value);
        if (groups.insert_or_assign(key, SubCompany{name.value(), localName.value()}).second) {
            codes.push_back(key);
        }
    }
    if (problems.kept()) {
        return *problems.kept();
    }
    ReferenceGroupRead read;
    if (codes.empty()) {
        return read;
    }
    for (const std::string& code : codes) {
        const SubCompany& group = groups.at(code);
        if (group.name) {
            read.fields.emplace("SUBC/" + code + "/NAME", Value(*group.name));
        }
        if (group.localName) {
            read.fields.emplace("SUBC/" + code + "/NAMC", Value(*group.localName));
        }
    }
    read.fields.emplace("SUBC", Value(std::move(codes)));
    return read;
}

} // namespace msgx::sdk
