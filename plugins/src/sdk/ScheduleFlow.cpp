#include "msgx/sdk/ScheduleFlow.h"

#include "msgx/codec/NumberFields.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/FlightBatch.h"
#include "msgx/sdk/FlightDeletion.h"
#include "msgx/sdk/ScheduleRecords.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace msgx::sdk {

namespace {

std::string recordPrefix(std::size_t index, std::size_t count) {
    return count > 1 ? "record " + std::to_string(index + 1) + ": " : std::string();
}

// "RECS <n> but <m> records" when the SCHD element's RECS parses and differs from its number of FLTR
// records (envelope.md §3: RECS is informational, never a reason to refuse the message).
std::optional<std::string> recsNote(const codec::Element& schedule, std::size_t records) {
    const auto recs = codec::parseLong(schedule.childText("RECS"));
    if (!recs.hasValue() || recs.value() == static_cast<std::int64_t>(records)) {
        return std::nullopt;
    }
    return "RECS " + std::to_string(recs.value()) + " but " + std::to_string(records) + " records";
}

// The notes every applied schedule message starts with: the RECS note, if any.
std::vector<std::string> messageNotes(const codec::Message& message) {
    const codec::Element* schedule = message.root().child("SCHD");
    if (schedule == nullptr) {
        return {};
    }
    if (auto note = recsNote(*schedule, schedule->children("FLTR").size())) {
        return {std::move(*note)};
    }
    return {};
}

// Every FLTR of the message read by `read`, or the Decision that ends the message instead: a skip
// or a fail (the first codec error, else the first rejection), or an empty apply when there is no
// record. Reasons carry "record <n>: " when the message has several records.
template <class Record>
std::variant<std::vector<Record>, Decision>
readScheduleRecords(const codec::Message& message,
                    const std::function<Checked<Record>(const codec::Element&)>& read) {
    const codec::Element* schedule = message.root().child("SCHD");
    if (schedule == nullptr) {
        return Decision::skip("rejected:no SCHD element");
    }
    const std::vector<const codec::Element*> elements = schedule->children("FLTR");
    if (elements.empty()) {
        Decision empty = Decision::apply();
        empty.notes = messageNotes(message);
        empty.notes.push_back("no FLTR record");
        return empty;
    }
    std::vector<Record> records;
    ProblemKeeper problems;
    for (std::size_t i = 0; i < elements.size(); ++i) {
        Checked<Record> record = read(*elements[i]);
        if (record.ok()) {
            records.push_back(std::move(record.value()));
            continue;
        }
        problems.keep(record.problem().within(recordPrefix(i, elements.size())));
        if (problems.hasCodecError()) {
            return decisionFor(*problems.kept());
        }
    }
    if (problems.kept()) {
        return decisionFor(*problems.kept());
    }
    return records;
}

} // namespace

Decision decideScheduleUpserts(const HandlerContext& context, const FlightView& flights,
                               const codec::Message& message) {
    auto read = readScheduleRecords<ScheduleRecord>(
        message, [&context](const codec::Element& fltr) { return readScheduleRecord(fltr, context); });
    if (auto* ended = std::get_if<Decision>(&read)) {
        return std::move(*ended);
    }
    const std::vector<ScheduleRecord>& records = std::get<std::vector<ScheduleRecord>>(read);

    Decision decision = Decision::apply();
    decision.notes = messageNotes(message);
    FlightBatch batch(flights);
    std::set<Flid> masters; // whose code-share list may change
    for (std::size_t i = 0; i < records.size(); ++i) {
        const FlightDocument* before = batch.current(records[i].flid);
        FlightDocument after = applyScheduleRecord(before, records[i]);
        const auto oldMaster = before != nullptr ? before->masterFlid() : std::nullopt;
        const bool numberChanged =
            before == nullptr || before->text(attr::kFlightNumber) != after.text(attr::kFlightNumber);
        if (oldMaster != after.masterFlid() || numberChanged) {
            for (const auto& master : {oldMaster, after.masterFlid()}) {
                if (master) {
                    masters.insert(*master);
                }
            }
        }
        for (const std::string& note : records[i].notes) {
            decision.notes.push_back(recordPrefix(i, records.size()) + note);
        }
        batch.put(std::move(after));
    }
    for (const Flid master : masters) {
        if (batch.current(master) != nullptr) {
            Value list = codeShareFlightList(master, batch.sharedFlightsOf(master));
            batch.edit(master).set(attr::kCodeShareFlightList, std::move(list));
        }
    }
    batch.addChangesTo(decision, kScheduleAnnouncement);
    return decision;
}

Decision decideScheduleDeletes(const HandlerContext& context, const FlightView& flights,
                               const codec::Message& message) {
    auto read = readScheduleRecords<Flid>(message, [&context](const codec::Element& fltr) -> Checked<Flid> {
        const FieldRead flid = readField(fltr, kFlidField, context.businessZone);
        if (auto problem = problemOf(flid, kFlidField)) {
            return *problem;
        }
        return std::get<std::int64_t>(flid.value);
    });
    if (auto* ended = std::get_if<Decision>(&read)) {
        return std::move(*ended);
    }
    const std::vector<Flid>& records = std::get<std::vector<Flid>>(read);

    Decision decision = Decision::apply();
    decision.notes = messageNotes(message);
    FlightBatch batch(flights);
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (batch.current(records[i]) == nullptr) {
            decision.notes.push_back(recordPrefix(i, records.size()) + "unknown-flight");
            continue;
        }
        deleteWithCascade(batch, records[i]);
    }
    batch.addChangesTo(decision, kScheduleAnnouncement);
    return decision;
}

} // namespace msgx::sdk
