#include "ChaosChecks.h"

#include "E2eSupport.h"
#include "msgx/json/JsonValue.h"

#include <Poco/Data/Session.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace msgx::chaos {

namespace {

using namespace Poco::Data::Keywords;

class Checker {
public:
    Checker(const ChaosSite& site, const ChaosLoad& load) : site_(site), load_(load) {
        for (std::size_t i = 0; i < load.rows.size(); ++i) {
            rowById_[load.rows[i].id] = i;
        }
    }

    void finding(std::size_t row, Problem problem, std::string text) {
        report_.findings.push_back({row, problem, std::move(text)});
    }

    // A check passes when it added no finding (and no failure of its own).
    void check(const std::string& name, const std::function<std::string()>& body) {
        const std::size_t before = report_.findings.size();
        std::string detail;
        bool failed = false;
        try {
            detail = body();
        } catch (const std::exception& e) {
            detail = std::string("could not run: ") + e.what();
            failed = true;
        }
        const std::size_t found = report_.findings.size() - before;
        if (found > 0) {
            detail += (detail.empty() ? "" : "; ") + std::to_string(found) +
                      " findings, first: " + report_.findings[before].text;
        }
        if (failures_ > 0) {
            detail += "; " + std::to_string(failures_) +
                      " failures outside any planned row, first: " + firstFailure_;
        }
        report_.checks.push_back({name, !failed && found == 0 && failures_ == 0, detail});
        failures_ = 0;
        firstFailure_.clear();
    }

    // A failure that belongs to no planned row (an unplanned row, event or flight).
    void failure(const std::string& text) {
        if (failures_++ == 0) {
            firstFailure_ = text;
        }
    }

    void mailbox() {
        check("mailbox rows processed and back-filled as planned", [&] {
            auto session = site_.mailbox();
            std::vector<Poco::Int64> ids;
            std::vector<std::string> documents;
            std::vector<Poco::Nullable<std::string>> statuses;
            std::vector<Poco::Int64> unprocessed;
            session
                << "SELECT CMINMSGS_ID, CMINMSGS_CLOB_MSG, CMINMSGS_STATUS, CMINMSGS_DATE_PROCESSED IS NULL "
                   "FROM CMINMSGS ORDER BY CMINMSGS_ID",
                into(ids), into(documents), into(statuses), into(unprocessed), now;
            for (std::size_t i = 0; i < ids.size(); ++i) {
                const auto it = rowById_.find(ids[i]);
                if (it == rowById_.end()) {
                    failure("unplanned mailbox id " + std::to_string(ids[i]));
                    continue;
                }
                const auto& row = load_.rows[it->second];
                if (documents[i] != row.document) {
                    failure("mailbox id " + std::to_string(ids[i]) + " holds another document than planned");
                }
                const std::string status = statuses[i].isNull() ? "(null)" : statuses[i].value();
                if (unprocessed[i] != 0 || status != row.backfillStatus) {
                    finding(it->second, Problem::Lost,
                            "mailbox id " + std::to_string(ids[i]) + ": STATUS " + status +
                                (unprocessed[i] != 0 ? ", DATE_PROCESSED NULL" : "") + ", planned " +
                                row.backfillStatus);
                }
            }
            if (ids.size() != load_.rows.size()) {
                failure(std::to_string(ids.size()) + " rows in CMINMSGS, planned " +
                        std::to_string(load_.rows.size()));
            }
            return std::to_string(ids.size()) + " rows";
        });
    }

    void outcomes() {
        check("PROC_STATE terminal as planned", [&] {
            auto store = site_.store();
            std::vector<Poco::Int64> ids;
            std::vector<std::string> states;
            std::vector<Poco::Nullable<std::string>> classes;
            std::vector<Poco::Nullable<std::string>> notes;
            store << "SELECT CMINMSGS_ID, STATE, ERROR_CLASS, NOTE FROM PROC_STATE ORDER BY CMINMSGS_ID",
                into(ids), into(states), into(classes), into(notes), now;
            std::set<std::size_t> seen;
            for (std::size_t i = 0; i < ids.size(); ++i) {
                const auto it = rowById_.find(ids[i]);
                if (it == rowById_.end()) {
                    failure("PROC_STATE row of unplanned id " + std::to_string(ids[i]));
                    continue;
                }
                seen.insert(it->second);
                const auto& row = load_.rows[it->second];
                const std::string errorClass = classes[i].isNull() ? "" : classes[i].value();
                const std::string note = notes[i].isNull() ? "" : notes[i].value();
                const std::string plannedNote = plannedNoteOf(row);
                if (states[i] != row.state || errorClass != row.errorClass ||
                    (row.state != "DEAD" && note != plannedNote)) {
                    finding(it->second, Problem::Lost,
                            "message " + std::to_string(ids[i]) + " " + row.key + ": " + states[i] + " " +
                                errorClass + " '" + note + "', planned " + row.state + " " + row.errorClass +
                                " '" + plannedNote + "'");
                }
            }
            for (std::size_t r = 0; r < load_.rows.size(); ++r) {
                if (seen.count(r) == 0) {
                    finding(r, Problem::Lost,
                            "message " + std::to_string(load_.rows[r].id) + " never processed");
                }
            }
            return std::to_string(ids.size()) + " messages";
        });
    }

    void storedEvents() {
        check("exactly the planned events stored and SENT", [&] {
            auto store = site_.store();
            std::vector<Poco::Int64> eventIds;
            std::vector<std::string> targets;
            std::vector<Poco::Nullable<Poco::Int64>> sources;
            std::vector<Poco::Nullable<Poco::Int64>> flids;
            std::vector<std::string> states;
            std::vector<std::string> payloads;
            store << "SELECT EVENT_ID, TARGET, SOURCE_ID, FLID, STATE, PAYLOAD FROM MSG_EVENT ORDER BY "
                     "EVENT_ID",
                into(eventIds), into(targets), into(sources), into(flids), into(states), into(payloads), now;
            // A PENDING row at or below its target's delivered mark is SENT, not settled yet
            // (docs/delivery.md "The delivered mark").
            std::vector<std::string> markNames;
            std::vector<Poco::Int64> markValues;
            store
                << "SELECT CURSOR_NAME, WATERMARK FROM INBOX_CURSOR WHERE CURSOR_NAME LIKE 'delivery-sent:%'",
                into(markNames), into(markValues), now;
            std::map<std::string, Poco::Int64> deliveredMarks;
            for (std::size_t i = 0; i < markNames.size(); ++i) {
                deliveredMarks[markNames[i].substr(std::string("delivery-sent:").size())] = markValues[i];
            }
            std::map<std::size_t, std::vector<std::size_t>> msgByRow;
            std::map<std::size_t, std::vector<std::int64_t>> schdByRow;
            for (std::size_t i = 0; i < eventIds.size(); ++i) {
                const auto it = sources[i].isNull() ? rowById_.end() : rowById_.find(sources[i].value());
                if (it == rowById_.end()) {
                    failure("event " + std::to_string(eventIds[i]) + " of no planned message");
                    continue;
                }
                if (states[i] == "PENDING" && eventIds[i] <= deliveredMarks[targets[i]]) {
                    states[i] = "SENT";
                }
                if (states[i] != "SENT") {
                    finding(it->second, Problem::Lost,
                            "event " + std::to_string(eventIds[i]) + " is " + states[i] + ", not SENT");
                }
                if (targets[i] == "msg") {
                    msgByRow[it->second].push_back(i);
                    msgEvent_[eventIds[i]] = {it->second, flids[i].isNull() ? 0 : flids[i].value()};
                    ++report_.msgEvents;
                } else {
                    schdByRow[it->second].push_back(flids[i].isNull() ? 0 : flids[i].value());
                    latestSchd_[flids[i].isNull() ? 0 : flids[i].value()] = eventIds[i];
                }
            }
            for (std::size_t r = 0; r < load_.rows.size(); ++r) {
                const auto& row = load_.rows[r];
                const auto& stored = msgByRow[r];
                if (stored.size() < row.msg.size()) {
                    finding(r, Problem::Lost,
                            "message " + std::to_string(row.id) + " " + row.key + ": " +
                                std::to_string(stored.size()) + " msg events stored, planned " +
                                std::to_string(row.msg.size()));
                } else if (stored.size() > row.msg.size()) {
                    finding(r, Problem::Duplicated,
                            "message " + std::to_string(row.id) + " " + row.key + ": " +
                                std::to_string(stored.size()) + " msg events stored, planned " +
                                std::to_string(row.msg.size()));
                }
                for (std::size_t k = 0; k < std::min(stored.size(), row.msg.size()); ++k) {
                    const auto why =
                        eventDiffers(row.msg[k], flids[stored[k]].isNull() ? 0 : flids[stored[k]].value(),
                                     payloads[stored[k]]);
                    if (!why.empty()) {
                        finding(r, Problem::Lost,
                                "event " + std::to_string(eventIds[stored[k]]) + " of message " +
                                    std::to_string(row.id) + ": " + why);
                    }
                }
                auto schd = schdByRow[r];
                if (schd.size() != row.schd.size()) {
                    finding(r, schd.size() < row.schd.size() ? Problem::Lost : Problem::Duplicated,
                            "message " + std::to_string(row.id) + ": " + std::to_string(schd.size()) +
                                " schd events, planned " + std::to_string(row.schd.size()));
                }
            }
            return std::to_string(report_.msgEvents) + " msg events";
        });
    }

    void flightVersions() {
        check("each flight's STATE_VERSION grew by exactly its planned changes", [&] {
            std::map<std::int64_t, int> changes;
            std::map<std::int64_t, std::size_t> lastRow;
            for (std::size_t r = 0; r < load_.rows.size(); ++r) {
                for (const auto& event : load_.rows[r].msg) {
                    ++changes[event.flid];
                    lastRow[event.flid] = r;
                }
            }
            auto store = site_.store();
            std::vector<Poco::Int64> flids;
            std::vector<Poco::Int64> versions;
            store << "SELECT FLID, STATE_VERSION FROM FLIGHT ORDER BY FLID", into(flids), into(versions), now;
            std::map<std::int64_t, int> offsets; // version - changes -> flights
            for (std::size_t i = 0; i < flids.size(); ++i) {
                if (changes.count(flids[i]) == 0) {
                    failure("flight " + std::to_string(flids[i]) + " was never planned");
                    continue;
                }
                ++offsets[versions[i] - changes[flids[i]]];
            }
            if (flids.size() != changes.size()) {
                failure(std::to_string(flids.size()) + " flights stored, " + std::to_string(changes.size()) +
                        " planned");
            }
            const auto usual =
                std::max_element(offsets.begin(), offsets.end(), [](const auto& a, const auto& b) {
                    return a.second < b.second;
                })->first;
            for (std::size_t i = 0; i < flids.size(); ++i) {
                if (changes.count(flids[i]) != 0 && versions[i] - changes[flids[i]] != usual) {
                    const bool more = versions[i] - changes[flids[i]] > usual;
                    finding(lastRow[flids[i]], more ? Problem::Duplicated : Problem::Lost,
                            "flight " + std::to_string(flids[i]) + ": STATE_VERSION " +
                                std::to_string(versions[i]) + " for " + std::to_string(changes[flids[i]]) +
                                " planned changes");
                }
            }
            return std::to_string(flids.size()) + " flights, " + std::to_string(changes.size()) + " planned";
        });
    }

    void topic(const std::vector<ConsumedRecord>& records) {
        check("every msg event on the topic, copies only of seen event ids, per-FLID order", [&] {
            report_.topicRecords = static_cast<int>(records.size());
            std::set<std::int64_t> seen;
            std::map<std::int64_t, std::int64_t> lastPerKey;
            for (const auto& record : records) {
                if (!record.eventId) {
                    failure("a topic record without msgx-event-id");
                    continue;
                }
                const std::int64_t id = *record.eventId;
                const auto known = msgEvent_.find(id);
                if (known == msgEvent_.end()) {
                    failure("topic record of event " + std::to_string(id) +
                            ", which MSG_EVENT does not hold");
                    continue;
                }
                if (!seen.insert(id).second) {
                    ++report_.resentCopies; // a re-send under its event id: allowed
                    continue;
                }
                const std::size_t row = known->second.first;
                if (record.value.find("\"eventId\":" + std::to_string(id) + ",") == std::string::npos ||
                    !record.key || *record.key != known->second.second) {
                    finding(row, Problem::Lost,
                            "topic record of event " + std::to_string(id) +
                                " disagrees with MSG_EVENT (key or envelope)");
                }
                auto& last = lastPerKey[known->second.second];
                if (id < last) {
                    finding(row, Problem::OutOfOrder,
                            "FLID " + std::to_string(known->second.second) + ": event " + std::to_string(id) +
                                " arrived after event " + std::to_string(last));
                }
                last = std::max(last, id);
            }
            for (const auto& [id, where] : msgEvent_) {
                if (seen.count(id) == 0) {
                    finding(where.first, Problem::Lost,
                            "event " + std::to_string(id) + " of message " +
                                std::to_string(load_.rows[where.first].id) + " never arrived on the topic");
                }
            }
            // The outbox itself: per FLID, events in mailbox-id order of their messages.
            std::map<std::int64_t, std::int64_t> lastSource;
            for (const auto& [id, where] : msgEvent_) {
                auto& last = lastSource[where.second];
                const std::int64_t source = load_.rows[where.first].id;
                if (source < last) {
                    finding(where.first, Problem::OutOfOrder,
                            "FLID " + std::to_string(where.second) + ": event " + std::to_string(id) +
                                " of message " + std::to_string(source) + " stored after one of message " +
                                std::to_string(last));
                }
                last = std::max(last, source);
            }
            return std::to_string(records.size()) + " records, " + std::to_string(seen.size()) +
                   " distinct, " + std::to_string(report_.resentCopies) + " re-sent copies";
        });
    }

    void schdFile() {
        check("schd file: every flight's latest state, per-FLID order, copies only of seen ids", [&] {
            std::set<std::int64_t> seen;
            std::map<std::int64_t, std::int64_t> lastPerKey;
            int lines = 0;
            for (const auto& line : test::readLines(site_.schdFile())) {
                ++lines;
                const auto record = json::parseJson(line, "schd.jsonl");
                const std::int64_t id = record.find("eventId")->asInteger();
                const std::int64_t key = record.find("key")->asInteger();
                if (!seen.insert(id).second) {
                    ++report_.schdResentCopies;
                    continue;
                }
                auto& last = lastPerKey[key];
                if (id < last) {
                    const auto it = schdRow_.find(key);
                    finding(it == schdRow_.end() ? 0 : it->second, Problem::OutOfOrder,
                            "schd FLID " + std::to_string(key) + ": event " + std::to_string(id) + " after " +
                                std::to_string(last));
                }
                last = std::max(last, id);
            }
            for (std::size_t r = 0; r < load_.rows.size(); ++r) {
                for (const auto flid : load_.rows[r].schd) {
                    schdRow_[flid] = r;
                }
            }
            for (const auto& [flid, latest] : latestSchd_) {
                if (lastPerKey[flid] != latest) {
                    finding(schdRow_[flid], Problem::Lost,
                            "schd FLID " + std::to_string(flid) + ": the file's last record is event " +
                                std::to_string(lastPerKey[flid]) + ", the flight's latest is " +
                                std::to_string(latest));
                }
            }
            return std::to_string(lines) + " lines, " + std::to_string(latestSchd_.size()) + " flights, " +
                   std::to_string(report_.schdResentCopies) + " re-sent copies";
        });
    }

    CheckReport take() { return std::move(report_); }

private:
    std::string plannedNoteOf(const PlannedRow& row) const {
        if (row.kind == RowKind::Duplicate) {
            return "duplicate-of:" + std::to_string(load_.rows[row.duplicateOf].id);
        }
        return row.note;
    }

    // "" when the stored event is the planned one.
    static std::string eventDiffers(const PlannedEvent& planned, std::int64_t flid,
                                    const std::string& payload) {
        const auto value = json::parseJson(payload, "MSG_EVENT.PAYLOAD");
        const auto* type = value.find("type");
        if (flid != planned.flid || type == nullptr || type->asString() != planned.type) {
            return "type/flid " + payload.substr(0, 120) + ", planned " + planned.type + " " +
                   std::to_string(planned.flid);
        }
        if (planned.field.empty()) {
            return "";
        }
        const auto* fields = value.find("fields");
        const auto* field = fields == nullptr ? nullptr : fields->find(planned.field);
        if (field == nullptr || json::renderCompactJson(*field) != planned.valueJson) {
            return planned.field + " = " + (field == nullptr ? "absent" : json::renderCompactJson(*field)) +
                   ", planned " + planned.valueJson;
        }
        return "";
    }

    const ChaosSite& site_;
    const ChaosLoad& load_;
    std::map<std::int64_t, std::size_t> rowById_;
    std::map<std::int64_t, std::pair<std::size_t, std::int64_t>> msgEvent_; // event id -> row, FLID
    std::map<std::int64_t, std::int64_t> latestSchd_;                       // FLID -> latest schd event id
    std::map<std::int64_t, std::size_t> schdRow_;                           // FLID -> a row pushing it
    CheckReport report_;
    int failures_ = 0;
    std::string firstFailure_;
};

} // namespace

bool CheckReport::passed() const {
    return std::all_of(checks.begin(), checks.end(), [](const CheckResult& c) { return c.passed; });
}

CheckReport checkRun(const ChaosSite& site, const ChaosLoad& load, const std::vector<ConsumedRecord>& topic) {
    Checker checker(site, load);
    checker.mailbox();
    checker.outcomes();
    checker.storedEvents();
    checker.flightVersions();
    checker.topic(topic);
    checker.schdFile();
    return checker.take();
}

} // namespace msgx::chaos
