#pragma once

#include "msgx/storage/FlightRecord.h"
#include "repository/rows/StoreContext.h"
#include "sql/LongText.h"
#include "sql/RowMapping.h"
#include "sql/Values.h"

#include <string>
#include <vector>

// The rows of FLIGHT and FLIGHT_DETAIL as the flight reads take them (flightColumns(),
// FlightColumns.h), and those of their history tables (FLIGHT_HST, FLIGHT_DETAIL_HST), which add
// the time their group moved there.
namespace msgx::storage {

// One FLIGHT row as read with flightColumns() (FlightStatements.cpp).
struct FlightRow {
    static constexpr const char* kWholeTexts = "flight.whole-attributes"; // LongTexts.h
    Poco::Int64 flid = 0;
    Poco::Nullable<std::string> ffid;
    Poco::Nullable<std::string> alcd;
    Poco::Nullable<std::string> flno;
    Poco::Nullable<std::string> mvin;
    Poco::Nullable<Poco::Int64> sodt;
    Poco::Nullable<Poco::Int64> maid;
    Poco::Nullable<Poco::Int64> linkFlid;
    int deleted = 0;
    Poco::Int64 stateVersion = 0;
    LongText attributes;
    Poco::Int64 createdAt = 0;
    Poco::Int64 updatedAt = 0;

    template <typename F>
    void longTexts(F& f) {
        f(attributes);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const { return {Parameter::int64(flid)}; }

    template <typename Columns>
    void columns(Columns& c) {
        c(flid), c(ffid), c(alcd), c(flno), c(mvin), c(sodt), c(maid), c(linkFlid), c(deleted),
            c(stateVersion);
        c(attributes), c(createdAt), c(updatedAt);
    }

    [[nodiscard]] FlightRecord record() const {
        FlightRecord r;
        r.flid = flid;
        r.keys.ffid = optionalOf(ffid);
        r.keys.alcd = optionalOf(alcd);
        r.keys.flno = optionalOf(flno);
        r.keys.mvin = optionalOf(mvin);
        r.keys.sodt = timestampOf(sodt);
        r.keys.maid = optionalOf(maid);
        r.keys.linkFlid = optionalOf(linkFlid);
        r.deleted = deleted != 0;
        r.stateVersion = stateVersion;
        r.attributesJson = attributes.text();
        r.createdAt = timestampOf(createdAt);
        r.updatedAt = timestampOf(updatedAt);
        return r;
    }
};

// One FLIGHT_DETAIL row (flight.details-of, flight.details).
struct FlightDetailRow {
    static constexpr const char* kWholeTexts = "flight.whole-item"; // LongTexts.h
    Poco::Int64 flid = 0;
    std::string list;
    int seq = 0;
    LongText item;

    template <typename F>
    void longTexts(F& f) {
        f(item);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const {
        return {Parameter::int64(flid), Parameter::shortText(list), Parameter::integer(seq)};
    }

    template <typename Columns>
    void columns(Columns& c) {
        c(flid), c(list), c(seq), c(item);
    }
};

// One FLIGHT_HST row as read with flightColumns() followed by ARCHIVED_AT and GROUP_FLID
// (flight-history.group).
struct FlightHistoryRow {
    static constexpr const char* kWholeTexts = "flight-history.whole-attributes"; // LongTexts.h
    FlightRow flight;
    Poco::Int64 movedAt = 0;
    Poco::Int64 groupFlid = 0;

    template <typename F>
    void longTexts(F& f) {
        f(flight.attributes);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const {
        return {Parameter::int64(flight.flid), Parameter::int64(movedAt)};
    }

    template <typename Columns>
    void columns(Columns& c) {
        flight.columns(c);
        c(movedAt), c(groupFlid);
    }

    [[nodiscard]] FlightRecord record() const {
        FlightRecord r = flight.record();
        r.movedToHistoryAt = timestampOf(movedAt);
        r.historyGroupFlid = groupFlid;
        return r;
    }
};

// One FLIGHT_DETAIL_HST row (flight-history.group-details).
struct FlightHistoryDetailRow {
    static constexpr const char* kWholeTexts = "flight-history.whole-item"; // LongTexts.h
    Poco::Int64 flid = 0;
    Poco::Int64 movedAt = 0;
    std::string list;
    int seq = 0;
    LongText item;

    template <typename F>
    void longTexts(F& f) {
        f(item);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const {
        return {Parameter::int64(flid), Parameter::int64(movedAt), Parameter::shortText(list),
                Parameter::integer(seq)};
    }

    template <typename Columns>
    void columns(Columns& c) {
        c(flid), c(movedAt), c(list), c(seq), c(item);
    }
};

} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::FlightRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::FlightDetailRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::FlightHistoryRow)
MSGX_ROW_TYPE_HANDLER(msgx::storage::FlightHistoryDetailRow)
