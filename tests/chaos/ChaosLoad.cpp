#include "ChaosLoad.h"

#include "msgx/codec/DateTimeFields.h"

#include <chrono>
#include <cstdio>
#include <random>
#include <sstream>

namespace msgx::chaos {

namespace {

constexpr std::int64_t kFirstFlid = 81000001;     // flights of the stream
constexpr std::int64_t kFirstHeldFlid = 89000001; // one flight per held row
constexpr std::int64_t kFirstUnknownFlid = 87000001;
constexpr std::int64_t kFirstSeqn = 500000;
constexpr int kFlightsPerSchedule = 10;

std::string envelope(std::int64_t seqn, const std::string& type, const std::string& styp,
                     const std::string& body) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>" +
           std::to_string(seqn) + "</SEQN><DTTM>20240307120000</DTTM><TYPE>" + type + "</TYPE><STYP>" + styp +
           "</STYP></META>\n" + body + "</MSG>\n";
}

// A complete FLTR record (the fields SCHD-ADFT/-UPD require); `extra` goes before FTSS.
std::string flightRecord(std::int64_t flid, const std::string& extra) {
    const auto number = std::to_string(flid % 10000);
    std::ostringstream xml;
    xml << "<FLTR><FLID>" << flid << "</FLID><ALCD>3U</ALCD><FLNO>3U" << number << "</FLNO><MVIN>"
        << (flid % 2 == 0 ? 'D' : 'A')
        << "</MVIN><SODT>07MAR241500</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT><TRML>T1</TRML>"
        << extra << "<FTSS>SCH</FTSS></FLTR>\n";
    return xml.str();
}

std::string schedule(std::int64_t seqn, const std::string& styp, const std::vector<std::int64_t>& flids,
                     const std::vector<std::string>& extras) {
    std::ostringstream body;
    body << "<SCHD><RECS>" << flids.size() << "</RECS>\n";
    for (std::size_t i = 0; i < flids.size(); ++i) {
        body << flightRecord(flids[i], extras[i]);
    }
    body << "</SCHD>";
    return envelope(seqn, "SCHD", styp, body.str());
}

std::string flop(std::int64_t seqn, const std::string& styp, std::int64_t flid, const std::string& payload) {
    return envelope(seqn, "FLOP", styp,
                    "<FLOP><FLID>" + std::to_string(flid) + "</FLID>" + payload + "</FLOP>");
}

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

// One FLOP update whose value is unique to message `n`: its document and its event's field.
struct FlopValue {
    std::string styp;
    std::string payload;
    std::string field;
    std::string valueJson;
};

FlopValue flopValue(int kind, int n) {
    switch (kind % 4) {
    case 0: {
        const std::string stand = "S" + std::to_string(n);
        return {"STND", "<STND>" + stand + "</STND>", "currentStand", quoted(stand)};
    }
    case 1:
        return {"MAXP", "<MAXP>" + std::to_string(1000 + n) + "</MAXP>", "maxPax", std::to_string(1000 + n)};
    case 2: {
        const std::string remark = "chaos remark " + std::to_string(n);
        return {"REMC", "<REMC>" + remark + "</REMC>", "remarks", quoted(remark)};
    }
    default:
        return {"EOBT", "<EOBT>" + flopTime(n) + "</EOBT>", "estimatedOffBlock", quoted(documentTime(n))};
    }
}

PlannedRow succeeded(RowKind kind, std::string key, std::string document) {
    PlannedRow row;
    row.kind = kind;
    row.key = std::move(key);
    row.document = std::move(document);
    row.state = "SUCCEEDED";
    row.backfillStatus = "PROCESSED";
    return row;
}

} // namespace

std::string flopTime(int minutes) {
    using namespace std::chrono;
    const local_days day{year{2024} / March / 7};
    return codec::formatFieldDateTime(local_seconds(day) + std::chrono::minutes(minutes));
}

std::string documentTime(int minutes) {
    using namespace std::chrono;
    const auto utc = sys_days{year{2024} / March / 7} + std::chrono::minutes(minutes) - hours(8);
    const auto day = floor<days>(utc);
    const year_month_day date{day};
    const hh_mm_ss time{utc - day};
    char text[48];
    std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:00Z", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()));
    return text;
}

ChaosLoad makeChaosLoad(int messages, int flights, int heldRows, std::uint32_t seed) {
    ChaosLoad load;
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> share(0.0, 1.0);
    const int schedules = (flights + kFlightsPerSchedule - 1) / kFlightsPerSchedule;
    // The schedules are spread over the first half of the stream, so flights keep being created.
    const int spacing = std::max(1, messages / 2 / schedules);
    std::vector<std::int64_t> created;
    std::vector<std::size_t> updates; // rows a Duplicate may repeat
    std::int64_t seqn = kFirstSeqn;
    int nextSchedule = 0;
    std::int64_t nextUnknown = kFirstUnknownFlid;

    const auto addSchedule = [&](const std::vector<std::int64_t>& flids) {
        auto row = succeeded(RowKind::Schedule, "SCHD-ADFT",
                             schedule(++seqn, "ADFT", flids, std::vector<std::string>(flids.size())));
        for (const auto flid : flids) {
            row.msg.push_back({"flight-upsert", flid, "", ""});
            row.schd.push_back(flid);
            load.flights.push_back(flid);
        }
        load.rows.push_back(std::move(row));
    };

    for (int i = 0; i < messages; ++i) {
        if (nextSchedule < schedules && (created.empty() || i >= nextSchedule * spacing)) {
            std::vector<std::int64_t> flids;
            for (int k = 0; k < kFlightsPerSchedule && nextSchedule * kFlightsPerSchedule + k < flights;
                 ++k) {
                flids.push_back(kFirstFlid + nextSchedule * kFlightsPerSchedule + k);
            }
            if (nextSchedule == 0) {
                for (int h = 0; h < heldRows; ++h) {
                    flids.push_back(kFirstHeldFlid + h); // created early: the held rows update them
                }
            }
            addSchedule(flids);
            created.insert(created.end(), flids.begin(), flids.end() - (nextSchedule == 0 ? heldRows : 0));
            ++nextSchedule;
            continue;
        }
        const std::int64_t flid = created[random() % created.size()];
        const double r = share(random);
        if (r < 0.80) {
            const auto value = flopValue(static_cast<int>(random() % 4), i);
            auto row = succeeded(RowKind::FlopUpdate, "FLOP-" + value.styp,
                                 flop(++seqn, value.styp, flid, value.payload));
            row.msg.push_back({"flight-update", flid, value.field, value.valueJson});
            updates.push_back(load.rows.size());
            load.rows.push_back(std::move(row));
        } else if (r < 0.85) {
            const std::string registration = "R" + std::to_string(i);
            auto row = succeeded(RowKind::ScheduleUpdate, "SCHD-UPD",
                                 schedule(++seqn, "UPD", {flid}, {"<RENO>" + registration + "</RENO>"}));
            row.msg.push_back({"flight-upsert", flid, "registration", quoted(registration)});
            row.schd.push_back(flid);
            load.rows.push_back(std::move(row));
        } else if (r < 0.89) {
            auto row = succeeded(
                RowKind::UnknownFlight, "FLOP-MAXP",
                flop(++seqn, "MAXP", nextUnknown++, "<MAXP>" + std::to_string(200 + i % 100) + "</MAXP>"));
            row.note = "unknown-flight";
            load.rows.push_back(std::move(row));
        } else if (r < 0.92) {
            PlannedRow row;
            row.kind = RowKind::Rejected;
            row.key = "FLOP-STND";
            row.document = flop(++seqn, "STND", flid, "<STND></STND>");
            row.state = "SKIPPED";
            row.note = "rejected:STND cannot be empty";
            row.backfillStatus = "SKIPPED";
            load.rows.push_back(std::move(row));
        } else if (r < 0.95 || updates.empty()) {
            PlannedRow row;
            row.kind = RowKind::Malformed;
            row.key = "(malformed)";
            row.document =
                "<MSG><META><SNDR>AODB</SNDR><SEQN>" + std::to_string(++seqn) + "</SEQN><TYPE>FLOP";
            row.state = "DEAD";
            row.errorClass = "MALFORMED";
            row.backfillStatus = "DEAD";
            load.rows.push_back(std::move(row));
        } else {
            // A repeat of one of the last updates, byte for byte (the upstream resending).
            const std::size_t back = std::min<std::size_t>(updates.size(), 50);
            const std::size_t original = updates[updates.size() - 1 - random() % back];
            PlannedRow row;
            row.kind = RowKind::Duplicate;
            row.key = load.rows[original].key;
            row.document = load.rows[original].document;
            row.state = "SKIPPED";
            row.backfillStatus = "DUPLICATE";
            row.duplicateOf = original;
            load.rows.push_back(std::move(row));
        }
    }
    load.streamRows = load.rows.size();
    for (int h = 0; h < heldRows; ++h) {
        const std::int64_t flid = kFirstHeldFlid + h;
        const std::string remark = "held row " + std::to_string(h);
        auto row = succeeded(RowKind::FlopUpdate, "FLOP-REMC",
                             flop(++seqn, "REMC", flid, "<REMC>" + remark + "</REMC>"));
        row.msg.push_back({"flight-update", flid, "remarks", quoted(remark)});
        row.held = true;
        load.held.push_back(load.rows.size());
        load.rows.push_back(std::move(row));
    }
    return load;
}

} // namespace msgx::chaos
