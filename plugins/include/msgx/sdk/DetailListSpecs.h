#pragma once

#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/ListRules.h"

#include <string_view>

// The detail lists of a flight (flight-model.md §4) as their repeat groups write them: one table
// per list, shared by the schedule record reader (schedule.md §4.6-§4.8) and the FLOP STYP that
// edits the same list (flop.md ABTM, CHDT, CHOT, CKDT, CLDT, DELY, ERUT, GTDT, PSDT, SRVT), so a
// group reads the same in both. What a FLOP STYP requires beyond the table (e.g. SRVT's SRQT) is
// stated by that STYP's handler.
namespace msgx::sdk::lists {

// A list: its name in the flight document and how its groups read.
struct NamedListSpec {
    std::string_view name;
    ListSpec spec;
};

inline constexpr FieldSpec kStandFields[] = {{"@PSNO", "seq", FieldType::Byte, 0, true},
                                             {"PSST", "standCode", FieldType::Text, 8, true},
                                             {"STST", "startTime", FieldType::Time},
                                             {"STET", "endTime", FieldType::Time}};
inline constexpr FieldSpec kGateFields[] = {
    {"@GTNO", "seq", FieldType::Byte, 0, true},         {"GATE", "gateCode", FieldType::Text, 8, true},
    {"PGOT", "plannedStart", FieldType::Time},          {"PGCT", "plannedEnd", FieldType::Time},
    {"GOTM", "actualStart", FieldType::Time},           {"GCTM", "actualEnd", FieldType::Time},
    {"GTYP", "gateIndicator", FieldType::Char, 0, true}};
inline constexpr FieldSpec kDeskFields[] = {{"@CKNO", "seq", FieldType::Byte, 0, true},
                                            {"CHKC", "deskCode", FieldType::Text, 8, true},
                                            {"CCLS", "deskCategory", FieldType::Char, 0, true},
                                            {"PCOT", "plannedStart", FieldType::Time},
                                            {"PCCT", "plannedEnd", FieldType::Time},
                                            {"COTM", "actualStart", FieldType::Time},
                                            {"CCTM", "actualEnd", FieldType::Time},
                                            {"CTYP", "deskIndicator", FieldType::Char, 0, true}};
inline constexpr FieldSpec kCarouselFields[] = {{"@CLNO", "seq", FieldType::Byte, 0, true},
                                                {"BELT", "carouselCode", FieldType::Text, 8, true},
                                                {"BCLS", "carouselClass", FieldType::Char, 0, true},
                                                {"PCOT", "plannedStart", FieldType::Time},
                                                {"PCCT", "plannedEnd", FieldType::Time},
                                                {"FBAG", "firstBag", FieldType::Time},
                                                {"LBAG", "lastBag", FieldType::Time},
                                                {"BTYP", "carouselIndicator", FieldType::Char, 0, true}};
inline constexpr FieldSpec kChuteFields[] = {{"@CHNO", "seq", FieldType::Byte, 0, true},
                                             {"CHUT", "chuteCode", FieldType::Text, 8, true},
                                             {"CCLS", "chuteCategory", FieldType::Char, 0, true},
                                             {"PCBT", "plannedStart", FieldType::Time},
                                             {"PCET", "plannedEnd", FieldType::Time},
                                             {"CBTM", "actualStart", FieldType::Time},
                                             {"CETM", "actualEnd", FieldType::Time},
                                             {"CTYP", "chuteIndicator", FieldType::Char, 0, true}};
inline constexpr FieldSpec kChockFields[] = {{"@CSNO", "seq", FieldType::Byte, 0, true},
                                             {"CHST", "standCode", FieldType::Text, 8, true},
                                             {"CHTM", "chockTime", FieldType::Time, 0, true},
                                             {"CHID", "chockIndicator", FieldType::Text, 3, true}};
inline constexpr FieldSpec kAirbridgeFields[] = {{"@ASNO", "seq", FieldType::Byte, 0, true},
                                                 {"ABDG", "airbridgeCode", FieldType::Text, 8, true},
                                                 {"ABOP", "operation", FieldType::Char, 0, true},
                                                 {"AOTM", "operationTime", FieldType::Time, 0, true}};
inline constexpr FieldSpec kDelayFields[] = {{"@CODE", "delayCode", FieldType::Text, 3, true},
                                             {"@STRT", "startTime", FieldType::Time},
                                             {"@DURA", "durationMinutes", FieldType::Duration},
                                             {".", "comment", FieldType::Text, 80}};
inline constexpr FieldSpec kServiceFields[] = {{"SRTC", "serviceCode", FieldType::Text, 4, true},
                                               {"SRQT", "quantity", FieldType::Byte},
                                               {"SRST", "startTime", FieldType::Time},
                                               {"SRET", "endTime", FieldType::Time},
                                               {"SRPR", "provider", FieldType::Int},
                                               {"SANR", "abnormalReason", FieldType::Text, 8},
                                               {"SARR", "abnormalRemark", FieldType::Text, 256}};
inline constexpr FieldSpec kRouteFields[] = {{"@RTNO", "seq", FieldType::Byte, 0, true},
                                             {"APCD", "airportCode", FieldType::Text, 8, true},
                                             {"SCAT", "arrivalTime", FieldType::Time},
                                             {"SCDT", "departureTime", FieldType::Time}};
// A VIP (VIPF) and one of its service transactions (VIPF/VIPT); entry key vipCode + serviceCode.
inline constexpr FieldSpec kVipFields[] = {{"VPCD", "vipCode", FieldType::Text, 10, true},
                                           {"VFES", "entourageSize", FieldType::Short}};
inline constexpr FieldSpec kVipServiceFields[] = {{"VSCD", "serviceCode", FieldType::Text, 10},
                                                  {"VTQY", "serviceQuantity", FieldType::Long},
                                                  {"VTST", "serviceStart", FieldType::Time},
                                                  {"VTET", "serviceEnd", FieldType::Time}};

inline constexpr NamedListSpec kStands{"stands", {"PSDT", "@PSNO", "seq", kStandFields}};
inline constexpr NamedListSpec kGates{"gates", {"GTDT", "@GTNO", "seq", kGateFields}};
inline constexpr NamedListSpec kCheckinDesks{"checkinDesks", {"CKDT", "@CKNO", "seq", kDeskFields}};
inline constexpr NamedListSpec kCarousels{"carousels", {"CLDT", "@CLNO", "seq", kCarouselFields}};
inline constexpr NamedListSpec kChutes{"chutes", {"CHDT", "@CHNO", "seq", kChuteFields}};
inline constexpr NamedListSpec kChocks{"chocks", {"CHOT", "@CSNO", "seq", kChockFields}};
inline constexpr NamedListSpec kAirbridges{"airbridges", {"ABTM", "@ASNO", "seq", kAirbridgeFields}};
// Keyed by a code: two groups with the same code, the later wins (flop.md §2.6 M, schedule.md §7.3).
inline constexpr NamedListSpec kDelays{"delays", {"DELY", "@CODE", "delayCode", kDelayFields, true}};
inline constexpr NamedListSpec kServices{"services", {"SRVT", "SRTC", "serviceCode", kServiceFields, true}};
inline constexpr NamedListSpec kRoute{"route", {"ERUT", "@RTNO", "seq", kRouteFields}};
inline constexpr std::string_view kVips = "vips";
// The key of a `vips` entry (flight-model.md §4.11), the list's stored order.
inline constexpr std::string_view kVipKey[] = {"vipCode", "serviceCode"};

// The stand entry fields only FLOP writes (PSHT, TIPT) and the fields that identify an unchanged
// stand entry on a resend (architecture.md §11, "PSDT resend").
inline constexpr std::string_view kSameStand[] = {"seq", "standCode"};
inline constexpr std::string_view kFlopOnlyStandFields[] = {"pushIndicator", "pushTime", "tractorTime"};

} // namespace msgx::sdk::lists
