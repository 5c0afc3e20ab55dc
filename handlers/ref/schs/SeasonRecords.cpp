#include "SeasonRecords.h"

#include "msgx/codec/DateTimeFields.h"
#include "msgx/codec/DaysOfOperation.h"
#include "msgx/codec/FieldTextSupport.h"
#include "msgx/codec/NumberFields.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/UtcTime.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <set>

namespace msgx::schs {

namespace {

using sdk::FieldSpec;
using sdk::FieldType;
using sdk::Problem;
using sdk::ProblemKeeper;
using sdk::ReferenceItem;

constexpr FieldSpec kSeasonName{"SNAM", "SNAM", FieldType::Text, 20, true};
constexpr FieldSpec kSeasonAirport{"APCD", "APCD", FieldType::Text, 3};

// The text elements of a seasonal line (schedule.md §8.3), in the table's order around the codes,
// dates, days and times read by their own rules.
constexpr FieldSpec kLineHead[] = {{"ALCD", "ALCD", FieldType::Text, 3, true},
                                   {"FLNO", "FLNO", FieldType::Text, 12, true}};
constexpr FieldSpec kLineType{"FLTY", "FLTY", FieldType::Char, 0, true};
constexpr FieldSpec kLineTail[] = {
    {"ACFT", "ACFT", FieldType::Text, 3, true}, {"RENO", "RENO", FieldType::Text, 10},
    {"TAOP", "TAOP", FieldType::Text, 3},       {"TAFL", "TAFL", FieldType::Text, 12},
    {"TRML", "TRML", FieldType::Text, 5},       {"MAXP", "MAXP", FieldType::Short},
    {"CSOP", "CSOP", FieldType::Text, 3},       {"CSFT", "CSFT", FieldType::Text, 12}};

constexpr FieldSpec kRouteNumber{"@RTNO", "RTNO", FieldType::Byte, 0, true};
constexpr FieldSpec kRouteAirport{"APCD", "APCD", FieldType::Text, 3, true};

std::string isoDate(std::chrono::local_days day) {
    return sdk::formatDate(std::chrono::year_month_day{day});
}

std::string clockTime(std::chrono::minutes sinceMidnight) {
    char text[8];
    std::snprintf(text, sizeof text, "%02d:%02d", static_cast<int>(sinceMidnight.count() / 60),
                  static_cast<int>(sinceMidnight.count() % 60));
    return text;
}

// A mandatory value that is absent or empty.
template <class T>
std::optional<Problem> missing(const codec::FieldResult<T>& result, std::string_view element) {
    if (result.isAbsent()) {
        return Problem::reject(std::string(element) + " is missing");
    }
    if (result.isEmpty()) {
        return Problem::reject(std::string(element) + " is empty");
    }
    return std::nullopt;
}

void readSpec(const codec::Element& element, const FieldSpec& spec, const codec::TimeZone& zone,
              ReferenceItem& into, ProblemKeeper& problems) {
    sdk::FieldRead read = sdk::readField(element, spec, zone);
    if (auto problem = sdk::problemOf(read, spec)) {
        problems.keep(*problem);
        return;
    }
    if (read.hasValue()) {
        into.insert_or_assign(std::string(spec.name), std::move(read.value));
    }
}

// A mandatory ddMMMyy date (SDAT, EDAT, STDT, EDDT) as an ISO date; std::nullopt when unusable.
std::optional<std::chrono::local_days> readDate(const codec::Element& element, std::string_view name,
                                                ReferenceItem& into, ProblemKeeper& problems) {
    const auto result = codec::parseFieldDate(element.childText(name));
    if (auto problem = missing(result, name)) {
        problems.keep(*problem);
        return std::nullopt;
    }
    if (result.isInvalid()) {
        problems.keep(Problem::codecError(std::string(name) + " " + result.reason()));
        return std::nullopt;
    }
    into.insert_or_assign(std::string(name), isoDate(result.value()));
    return result.value();
}

// A mandatory one-character code out of `allowed` (MVIN A/D, FLIN D/I/M/R), taken as sent (upper
// case, envelope.md §4.5); anything else is unusable content.
void readCode(const codec::Element& element, std::string_view name, std::string_view allowed,
              ReferenceItem& into, ProblemKeeper& problems) {
    const codec::FieldText text = element.childText(name);
    const std::string_view value = text ? codec::detail::trimXmlWhitespace(*text) : std::string_view();
    if (!text || value.empty()) {
        problems.keep(Problem::reject(std::string(name) + (text ? " is empty" : " is missing")));
        return;
    }
    if (value.size() != 1 || allowed.find(value.front()) == std::string_view::npos) {
        std::string choices;
        for (const char code : allowed) {
            choices += choices.empty() ? "" : "/";
            choices += code;
        }
        problems.keep(Problem::reject(std::string(name) + " " + codec::detail::quoteValue(value) +
                                      " is not one of " + choices));
        return;
    }
    into.insert_or_assign(std::string(name), std::string(value));
}

// DYOP: 7 positions, each its own day digit or 0 (codec::parseDaysOfOperation); a value of another
// shape is unusable content (the brief of issue 14: reject), stored as sent.
void readDays(const codec::Element& element, ReferenceItem& into, ProblemKeeper& problems) {
    const codec::FieldText text = element.childText("DYOP");
    const auto result = codec::parseDaysOfOperation(text);
    if (auto problem = missing(result, "DYOP")) {
        problems.keep(*problem);
        return;
    }
    if (result.isInvalid()) {
        problems.keep(Problem::reject("DYOP " + result.reason()));
        return;
    }
    into.insert_or_assign("DYOP", std::string(codec::detail::trimXmlWhitespace(*text)));
}

// SCHT: a time of day HHmm (00-23, 00-59) stored as "HH:MM".
void readScheduledTime(const codec::Element& element, ReferenceItem& into, ProblemKeeper& problems) {
    const auto result = codec::parseTimeOfDay(element.childText("SCHT"));
    if (auto problem = missing(result, "SCHT")) {
        problems.keep(*problem);
        return;
    }
    if (result.isInvalid()) {
        problems.keep(Problem::codecError("SCHT " + result.reason()));
        return;
    }
    into.insert_or_assign("SCHT", clockTime(result.value()));
}

// A seasonal route time (ERUT SCAT / SCDT, schedule.md §8.5): "HHmm", or the time part of an
// 11-character ddMMMyyHHmm (which must be a valid date-time as a whole). Absent or empty: no value.
std::optional<Problem> readRouteTime(const codec::Element& group, std::string_view name,
                                     const std::string& field, ReferenceItem& into) {
    const codec::FieldText text = group.childText(name);
    const std::string_view value = text ? codec::detail::trimXmlWhitespace(*text) : std::string_view();
    if (value.empty()) {
        return std::nullopt;
    }
    if (value.size() == 11) {
        const auto dateTime = codec::parseFieldDateTime(value);
        if (dateTime.isInvalid()) {
            return Problem::codecError(std::string(name) + " " + dateTime.reason());
        }
        const auto local = dateTime.value();
        const auto sinceMidnight = std::chrono::duration_cast<std::chrono::minutes>(
            local - std::chrono::floor<std::chrono::days>(local));
        into.insert_or_assign(field, clockTime(sinceMidnight));
        return std::nullopt;
    }
    if (value.size() != 4) {
        return Problem::codecError(std::string(name) + " " + codec::detail::quoteValue(value) +
                                   " is not a valid time HHmm or date-time ddMMMyyHHmm: " +
                                   std::to_string(codec::detail::countCharacters(value)) +
                                   " characters, expected 4 or 11");
    }
    const auto time = codec::parseTimeOfDay(value);
    if (time.isInvalid()) {
        return Problem::codecError(std::string(name) + " " + time.reason());
    }
    into.insert_or_assign(field, clockTime(time.value()));
    return std::nullopt;
}

std::optional<Problem> readDayChange(const codec::Element& group, std::string_view name,
                                     const std::string& field, ReferenceItem& into) {
    const auto result = codec::parseDayChange(group.childText(name));
    if (result.isInvalid()) {
        return Problem::codecError(std::string(name) + " " + result.reason());
    }
    if (result.hasValue()) {
        into.insert_or_assign(field, static_cast<std::int64_t>(result.value()));
    }
    return std::nullopt;
}

// Every ERUT of a line, flattened into the line's fields by RTNO.
void readRoute(const codec::Element& line, const codec::TimeZone& zone, ReferenceItem& into,
               ProblemKeeper& problems) {
    const std::vector<const codec::Element*> groups = line.children("ERUT");
    std::set<std::int64_t> numbers;
    for (std::size_t i = 0; i < groups.size() && !problems.hasCodecError(); ++i) {
        const codec::Element& group = *groups[i];
        const std::string name = sdk::describeGroup(group, kRouteNumber.source, i + 1) + ": ";
        const sdk::FieldRead number = sdk::readField(group, kRouteNumber, zone);
        if (auto problem = sdk::problemOf(number, kRouteNumber)) {
            problems.keep(problem->within(name));
            continue;
        }
        const std::int64_t rtno = std::get<std::int64_t>(number.value);
        if (!numbers.insert(rtno).second) {
            problems.keep(
                Problem::reject(sdk::describeGroup(group, kRouteNumber.source, i + 1) + " occurs twice"));
            continue;
        }
        const std::string prefix = "ERUT/" + std::to_string(rtno) + "/";
        const sdk::FieldRead airport = sdk::readField(group, kRouteAirport, zone);
        if (auto problem = sdk::problemOf(airport, kRouteAirport)) {
            problems.keep(problem->within(name));
        } else {
            into.insert_or_assign(prefix + "APCD", airport.value);
        }
        for (auto problem : {readRouteTime(group, "SCAT", prefix + "SCAT", into),
                             readDayChange(group, "SADC", prefix + "SADC", into),
                             readRouteTime(group, "SCDT", prefix + "SCDT", into),
                             readDayChange(group, "SDDC", prefix + "SDDC", into)}) {
            if (problem) {
                problems.keep(problem->within(name));
            }
        }
    }
}

// One seasonal line (schedule.md §8.3), or its problem.
sdk::Checked<ReferenceItem> readLine(const codec::Element& line, const codec::TimeZone& zone) {
    ReferenceItem item;
    ProblemKeeper problems;
    for (const FieldSpec& spec : kLineHead) {
        readSpec(line, spec, zone, item, problems);
    }
    readCode(line, "MVIN", "AD", item, problems);
    readDate(line, "STDT", item, problems);
    readDate(line, "EDDT", item, problems);
    readDays(line, item, problems);
    readScheduledTime(line, item, problems);
    readSpec(line, kLineType, zone, item, problems);
    readCode(line, "FLIN", "DIMR", item, problems);
    for (const FieldSpec& spec : kLineTail) {
        readSpec(line, spec, zone, item, problems);
    }
    if (!problems.hasCodecError()) {
        readRoute(line, zone, item, problems);
    }
    if (problems.kept()) {
        return *problems.kept();
    }
    return item;
}

} // namespace

std::string lineKey(std::string_view seasonKey, std::size_t position) {
    char number[24];
    std::snprintf(number, sizeof number, "#%04zu", position);
    return std::string(seasonKey) + number;
}

sdk::Checked<Season> readSeason(const codec::Message& message, const codec::TimeZone& zone) {
    const codec::Element* wrapper = message.root().child("SCHS");
    if (wrapper == nullptr) {
        return Problem::reject("no SCHS element");
    }
    Season season;
    ProblemKeeper problems;
    readSpec(*wrapper, kSeasonName, zone, season.header, problems);
    readSpec(*wrapper, kSeasonAirport, zone, season.header, problems);
    const auto start = readDate(*wrapper, "SDAT", season.header, problems);
    const auto end = readDate(*wrapper, "EDAT", season.header, problems);
    if (start && end && *start > *end) {
        problems.keep(Problem::reject("SDAT " + isoDate(*start) + " is after EDAT " + isoDate(*end)));
    }
    if (problems.hasCodecError()) {
        return *problems.kept();
    }

    const std::vector<const codec::Element*> lines = wrapper->children("FLTR");
    for (std::size_t i = 0; i < lines.size(); ++i) {
        sdk::Checked<ReferenceItem> line = readLine(*lines[i], zone);
        if (!line.ok()) {
            problems.keep(line.problem().within(lines.size() > 1 ? "record " + std::to_string(i + 1) + ": "
                                                                 : std::string()));
            if (problems.hasCodecError()) {
                return *problems.kept();
            }
            continue;
        }
        season.lines.push_back(std::move(line.value()));
    }
    if (problems.kept()) {
        return *problems.kept();
    }

    season.key = isoDate(*start) + ".." + isoDate(*end);
    season.header.insert_or_assign("LINES", static_cast<std::int64_t>(season.lines.size()));
    if (const auto recs = codec::parseLong(wrapper->childText("RECS"));
        recs.hasValue() && recs.value() != static_cast<std::int64_t>(lines.size())) {
        season.notes.push_back("RECS " + std::to_string(recs.value()) + " but " +
                               std::to_string(lines.size()) + " records");
    }
    return season;
}

} // namespace msgx::schs
