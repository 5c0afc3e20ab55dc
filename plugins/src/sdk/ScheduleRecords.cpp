#include "msgx/sdk/ScheduleRecords.h"

#include "msgx/codec/Ascii.h"
#include "msgx/codec/FieldTextSupport.h"
#include "msgx/codec/TextFields.h"
#include "msgx/sdk/DetailListSpecs.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/ListRules.h"

#include <algorithm>

namespace msgx::sdk {

namespace {

using FT = FieldType;

// The flight-level elements of a FLTR (schedule.md §4.1-§4.4) and their attributes.
constexpr FieldSpec kFlightFields[] = {
    {"ALCD", "airlineCode", FT::Text, 3, true},
    {"ALSC", "airlineSubcompany", FT::Text, 10},
    {"FLNO", "flightNumber", FT::Text, 12, true},
    {"MVIN", "movement", FT::Char, 0, true},
    {"SODT", "scheduledTime", FT::Time, 0, true},
    {"FLTY", "flightType", FT::Char, 0, true},
    {"FLIN", "flightIndicator", FT::Char, 0, true},
    {"ACFT", "aircraftType", FT::Text, 3, true},
    {"RENO", "registration", FT::Text, 10},
    {"TRML", "terminal", FT::Text, 5},
    {"MAXP", "maxPax", FT::Short},
    {"TAOP", "linkedAirline", FT::Text, 3},
    {"TAFL", "linkedFlightNumber", FT::Text, 12},
    {"TAID", "linkedFlid", FT::Long},
    {"CSOP", "masterAirline", FT::Text, 3},
    {"CSFT", "masterFlightNumber", FT::Text, 12},
    {"MAID", "masterFlid", FT::Long},
    {"ESTT", "estimatedTime", FT::Time},
    {"ACTT", "actualTime", FT::Time},
    {"PEDT", "pedt", FT::Time},
    {"PADT", "padt", FT::Time},
    {"NEAT", "neat", FT::Time},
    {"NAAT", "naat", FT::Time},
    {"CNCL", "cancelTime", FT::Time},
    {"BOTM", "boardingOpen", FT::Time},
    {"LACL", "lastCall", FT::Time},
    {"FINT", "finalTime", FT::Time},
    {"APPT", "approvedTime", FT::Time},
    {"EGSR", "engineStartRequest", FT::Time},
    {"EGST", "engineStart", FT::Time},
    {"COBT", "calOffBlock", FT::Time},
    {"TOBT", "targetOffBlock", FT::Time},
    {"EOBT", "estimatedOffBlock", FT::Time},
    {"IEST", "internalEstimated", FT::Time},
    {"FTSS", "statusCode", FT::Text, 8},
    {"EXSC", "externalStatusCode", FT::Text, 8},
    {"EXSR", "externalStatusComment", FT::Text, 256},
    {"REMC", "remarks", FT::Text, 80},
    {"STND", "currentStand", FT::Text, 8},
    {"RUNW", "logicalRunway", FT::Text, 8},
    {"PHAG", "paxAgent", FT::Int},
    {"FHAG", "fieldAgent", FT::Int},
    {"MHAG", "maintenanceAgent", FT::Int},
    {"PAXC", "paxCount", FT::Short},
    {"LBNO", "localBagCount", FT::Short},
    {"LBWT", "localBagWeight", FT::Decimal},
    {"VIPP", "vipCount", FT::Short},
    {"VIPR", "vipRank", FT::Byte},
};

// The single irregular-operation elements with attributes and text (schedule.md §4.5).
struct AttributeGroup {
    std::string_view element;
    std::span<const FieldSpec> fields;
};
constexpr FieldSpec kDiversion[] = {{"@DDES", "divAirport", FT::Text, 3},
                                    {"@DDIR", "divDirection", FT::Text, 4},
                                    {".", "divReason", FT::Text, 30}};
constexpr FieldSpec kReturn[] = {{"@REID", "returnType", FT::Char}, {".", "returnReason", FT::Text, 30}};
constexpr FieldSpec kLandingAbort[] = {{"@ARES", "landingAbortIndicator", FT::Char},
                                       {".", "landingAbortReason", FT::Text, 30}};
constexpr AttributeGroup kAttributeGroups[] = {
    {"FDIV", kDiversion}, {"FRET", kReturn}, {"FLAB", kLandingAbort}};

// The derived and computed attributes a record also replaces.
constexpr std::string_view kComputedAttributes[] = {"ffid",         "ffidDerived",   "cancelled",
                                                    "portOpenTime", "portCloseTime", "abdg"};

constexpr FieldSpec kPortFields[] = {{"POID", "id", FT::Char, 0, true}, {"POTM", "time", FT::Time}};
constexpr FieldSpec kTractorFields[] = {{"TRST", "standCode", FT::Text, 8, true},
                                        {"TRTM", "tractorTime", FT::Time}};

// The lists a record replaces as a whole (the route only when the record has ERUT).
const lists::NamedListSpec kLists[] = {lists::kStands,     lists::kGates,  lists::kCheckinDesks,
                                       lists::kCarousels,  lists::kChutes, lists::kChocks,
                                       lists::kAirbridges, lists::kDelays, lists::kServices};
constexpr std::string_view kFlopOnlyAttributes[] = {"calTakeOff"};

std::string textOf(const Fields& fields, std::string_view name) {
    const Value* value = findField(fields, name);
    return value != nullptr && std::holds_alternative<std::string>(*value) ? std::get<std::string>(*value)
                                                                           : "";
}

// Reads a record's parts, keeping their problems (ProblemKeeper): a codec error ends the record at
// once, rejections are kept until the end so a later codec error still wins.
class RecordReader {
public:
    RecordReader(const codec::Element& record, const HandlerContext& context)
        : record_(record), context_(context) {}

    [[nodiscard]] const std::optional<Problem>& problem() const { return problems_.kept(); }
    [[nodiscard]] bool failed() const { return problems_.hasCodecError(); }

    void add(const Problem& problem) { problems_.keep(problem); }

    // Reads `spec` from `element` into `into` (null when absent or empty).
    void field(const codec::Element& element, const FieldSpec& spec, Fields& into,
               const std::string& context = {}) {
        FieldRead read = readField(element, spec, context_.businessZone);
        if (auto p = problemOf(read, spec)) {
            add(p->within(context));
        }
        into.insert_or_assign(std::string(spec.name), read.hasValue() ? read.value : Value());
    }

    std::optional<DetailList> list(const ListSpec& spec) {
        Checked<DetailList> read = readList(record_, spec, context_.businessZone);
        if (!read.ok()) {
            add(read.problem());
            return std::nullopt;
        }
        return std::move(read.value());
    }

    [[nodiscard]] const codec::Element& record() const { return record_; }
    [[nodiscard]] const HandlerContext& context() const { return context_; }

private:
    const codec::Element& record_;
    const HandlerContext& context_;
    ProblemKeeper problems_;
};

DetailList readVips(RecordReader& reader) {
    DetailList vips;
    std::size_t position = 0;
    for (const codec::Element* group : reader.record().children("VIPF")) {
        ++position;
        const std::string name = describeGroup(*group, "VPCD", position) + ": ";
        Checked<Fields> vip = readFields(*group, lists::kVipFields, reader.context().businessZone);
        if (!vip.ok()) {
            reader.add(vip.problem().within(name));
            continue;
        }
        const std::vector<const codec::Element*> services = group->children("VIPT");
        if (services.empty()) {
            vips.push_back(vip.value());
            continue;
        }
        for (const codec::Element* service : services) {
            Checked<Fields> entry =
                readFields(*service, lists::kVipServiceFields, reader.context().businessZone);
            if (!entry.ok()) {
                reader.add(entry.problem().within(name + "VIPT: "));
                continue;
            }
            entry.value().insert(vip.value().begin(), vip.value().end());
            vips.push_back(std::move(entry.value()));
        }
    }
    sortByKeys(vips, lists::kVipKey);
    return vips;
}

void readPorts(RecordReader& reader, Fields& attributes) {
    Value open;
    Value close;
    for (const codec::Element* port : reader.record().children("PORT")) {
        Checked<Fields> read = readFields(*port, kPortFields, reader.context().businessZone);
        if (!read.ok()) {
            reader.add(read.problem().within("PORT: "));
            continue;
        }
        const std::string id = textOf(read.value(), "id");
        const Value* time = findField(read.value(), "time");
        if (id == "O") {
            open = time != nullptr ? *time : Value();
        } else if (id == "C") {
            close = time != nullptr ? *time : Value();
        } else {
            reader.add(Problem::reject("PORT POID '" + id + "' is not O or C"));
        }
    }
    attributes.insert_or_assign("portOpenTime", open);
    attributes.insert_or_assign("portCloseTime", close);
}

} // namespace

Checked<ScheduleRecord> readScheduleRecord(const codec::Element& fltr, const HandlerContext& context) {
    RecordReader reader(fltr, context);
    ScheduleRecord record;

    Fields flidField;
    reader.field(fltr, {"FLID", "flid", FT::Long, 0, true}, flidField);
    for (const FieldSpec& spec : kFlightFields) {
        reader.field(fltr, spec, record.attributes);
    }
    for (const AttributeGroup& group : kAttributeGroups) {
        const codec::Element* element = fltr.child(group.element);
        for (const FieldSpec& spec : group.fields) {
            if (element != nullptr) {
                reader.field(*element, spec, record.attributes, std::string(group.element) + " ");
            } else {
                record.attributes.insert_or_assign(std::string(spec.name), Value());
            }
        }
    }
    readPorts(reader, record.attributes);

    for (const lists::NamedListSpec& named : kLists) {
        if (auto list = reader.list(named.spec)) {
            record.lists.emplace(std::string(named.name), std::move(*list));
        }
    }
    record.lists.emplace(std::string(lists::kVips), readVips(reader));
    if (fltr.child("ERUT") != nullptr) {
        record.route = reader.list(lists::kRoute.spec);
    }

    // TIPT: the tractor time of the record's own stand entry.
    Fields tractor;
    const codec::Element* tipt = fltr.child("TIPT");
    if (tipt != nullptr) {
        for (const FieldSpec& spec : kTractorFields) {
            reader.field(*tipt, spec, tractor, "TIPT ");
        }
    }
    if (reader.problem()) {
        return *reader.problem();
    }
    record.flid = std::get<std::int64_t>(flidField.at("flid"));

    DetailList& stands = record.lists["stands"];
    if (tipt != nullptr) {
        const std::string stand = textOf(tractor, "standCode");
        const auto entry = std::find_if(stands.begin(), stands.end(),
                                        [&](const ListEntry& e) { return textOf(e, "standCode") == stand; });
        if (entry == stands.end()) {
            record.notes.push_back("TIPT stand " + stand + " matches no PSDT entry");
        } else if (const Value* time = findField(tractor, "tractorTime")) {
            entry->insert_or_assign("tractorTime", *time);
        }
    }

    // Airbridges of the stands, when the stand-airbridge map is loaded (architecture.md §11).
    Value flightAirbridges;
    if (!stands.empty() && context.references.classSize("ABDG") > 0) {
        for (ListEntry& stand : stands) {
            stand.insert_or_assign(
                "abdg",
                context.references.airbridgesServing(textOf(stand, "standCode")).value_or(StringList{}));
        }
        const std::string movement = textOf(record.attributes, "movement");
        if (movement == "A" || movement == "D") {
            flightAirbridges = *findField(movement == "A" ? stands.front() : stands.back(), "abdg");
        }
    }
    record.attributes.insert_or_assign("abdg", flightAirbridges);

    record.attributes.insert_or_assign("cancelled", !isNull(record.attributes.at("cancelTime")));
    if (const auto ffid = codec::parseText(fltr.childText("FFID"), 64); ffid.hasValue()) {
        record.attributes.insert_or_assign("ffid", ffid.value());
        record.attributes.insert_or_assign("ffidDerived", Value());
    } else {
        const std::string upperSodt =
            codec::toAsciiUpper(codec::detail::trimXmlWhitespace(*fltr.childText("SODT")));
        record.attributes.insert_or_assign("ffid", textOf(record.attributes, "airlineCode") + "-" +
                                                       textOf(record.attributes, "flightNumber") + "-" +
                                                       textOf(record.attributes, "movement") + "-" +
                                                       upperSodt + "-" +
                                                       textOf(record.attributes, "flightIndicator"));
        record.attributes.insert_or_assign("ffidDerived", true);
    }
    for (std::string_view computed : kComputedAttributes) {
        record.attributes.emplace(std::string(computed), Value());
    }
    return record;
}

FlightDocument applyScheduleRecord(const FlightDocument* stored, const ScheduleRecord& record) {
    FlightDocument flight = stored != nullptr ? *stored : FlightDocument(record.flid);
    for (const auto& [name, value] : record.attributes) {
        if (std::find(std::begin(kFlopOnlyAttributes), std::end(kFlopOnlyAttributes), name) ==
            std::end(kFlopOnlyAttributes)) {
            flight.set(name, value);
        }
    }
    for (const auto& [name, entries] : record.lists) {
        if (name == "stands") {
            flight.setList(name, keepFieldsOfUnchangedEntries(flight.list(name), entries, lists::kSameStand,
                                                              lists::kFlopOnlyStandFields));
        } else {
            flight.setList(name, entries);
        }
    }
    if (record.route) {
        flight.setList("route", *record.route);
    }
    return flight;
}

Value codeShareFlightList(Flid master, const std::vector<const FlightDocument*>& flights) {
    std::vector<const FlightDocument*> shared;
    for (const FlightDocument* flight : flights) {
        if (flight->masterFlid() == master && flight->flid() != master) {
            shared.push_back(flight);
        }
    }
    std::sort(shared.begin(), shared.end(),
              [](const auto* a, const auto* b) { return a->flid() < b->flid(); });
    std::string list;
    for (const FlightDocument* flight : shared) {
        const auto number = flight->text(attr::kFlightNumber);
        if (number && !number->empty()) {
            list += (list.empty() ? "" : ", ") + *number;
        }
    }
    return list.empty() ? Value() : Value(list);
}

} // namespace msgx::sdk
