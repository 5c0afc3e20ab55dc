#include "msgx/sdk/StandUpdates.h"

#include "msgx/sdk/FieldSpec.h"

#include <algorithm>
#include <string>
#include <vector>

namespace msgx::sdk {

namespace {

constexpr std::string_view kStands = "stands";

// One group as read: the stand and what it says about the time and the indicator.
struct StandUpdate {
    std::string stand;
    FieldRead time;
    FieldRead indicator; // Absent when the STYP has no indicator
};

void applyTo(ListEntry& entry, const StandUpdate& update, const StandUpdateSpec& spec) {
    const std::string timeField(spec.timeField);
    const std::string indicatorField(spec.indicatorField);
    switch (update.time.state) {
    case codec::FieldState::Value:
        entry.insert_or_assign(timeField, update.time.value);
        if (update.indicator.state == codec::FieldState::Value) {
            entry.insert_or_assign(indicatorField, update.indicator.value);
        } else if (update.indicator.state == codec::FieldState::Empty) {
            entry.erase(indicatorField);
        }
        break;
    case codec::FieldState::Empty:
        if (entry.contains(timeField)) {
            entry.erase(timeField);
            if (!spec.indicatorField.empty()) {
                entry.erase(indicatorField);
            }
        }
        break;
    default:
        break; // absent: the entry stays as it is
    }
}

} // namespace

Checked<FlightEdit> standUpdateRule(const codec::Element& record, const HandlerContext& context,
                                    const StandUpdateSpec& spec) {
    const std::vector<const codec::Element*> groups = record.children(spec.group);
    if (groups.empty()) {
        return Problem::reject("no " + std::string(spec.group) + " group");
    }
    const FieldSpec standSpec{spec.standSource, "standCode", FieldType::Text, 8, true};
    const FieldSpec timeSpec{spec.timeSource, spec.timeField, FieldType::Time};
    const FieldSpec indicatorSpec{spec.indicatorSource, spec.indicatorField, FieldType::Text, 3};

    std::vector<StandUpdate> updates;
    ProblemKeeper problems;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const codec::Element& group = *groups[i];
        const std::string name = describeGroup(group, spec.standSource, i + 1) + ": ";
        StandUpdate update;
        const FieldRead stand = readField(group, standSpec, context.businessZone);
        update.time = readField(group, timeSpec, context.businessZone);
        if (!spec.indicatorSource.empty()) {
            update.indicator = readField(group, indicatorSpec, context.businessZone);
        }
        // An unparseable value wins over a missing stand (architecture.md §11).
        std::optional<Problem> found = problemOf(stand, standSpec);
        if (auto invalid = problemOf(update.time, timeSpec)) {
            found = invalid;
        } else if (auto invalidIndicator = problemOf(update.indicator, indicatorSpec)) {
            found = invalidIndicator;
        }
        if (found) {
            problems.keep(found->within(name));
            continue;
        }
        update.stand = std::get<std::string>(stand.value);
        updates.push_back(std::move(update));
    }
    if (problems.kept()) {
        return *problems.kept();
    }
    return FlightEdit([updates = std::move(updates), spec](FlightDocument& flight) {
        DetailList stands = flight.list(kStands);
        for (const StandUpdate& update : updates) {
            for (ListEntry& entry : stands) {
                const Value* code = findField(entry, "standCode");
                if (code != nullptr && *code == Value(update.stand)) {
                    applyTo(entry, update, spec);
                }
            }
        }
        flight.setList(kStands, std::move(stands));
    });
}

void narrowToChangedStands(Decision& decision, const FlightView& flights) {
    for (MsgEvent& event : decision.events) {
        const auto whole = event.lists.find(kStands);
        if (whole == event.lists.end()) {
            continue;
        }
        const FlightDocument* stored = flights.byFlid(event.flid);
        const DetailList& before = stored != nullptr ? stored->list(kStands) : DetailList{};
        DetailList changed;
        for (const ListEntry& entry : whole->second) {
            if (std::find(before.begin(), before.end(), entry) == before.end()) {
                changed.push_back(entry);
            }
        }
        event.lists.erase(whole);
        event.lists.emplace(std::string(kChangedStands), std::move(changed));
    }
}

} // namespace msgx::sdk
