#pragma once

#include "msgx/sdk/Value.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::sdk {

// AODB flight id (FLID), the key of every flight.
using Flid = std::int64_t;

// One entry of a detail list (e.g. one stand allocation): its fields by name, nulls left out.
using ListEntry = Fields;
// A detail list in its stored order (by its key, e.g. `seq`).
using DetailList = std::vector<ListEntry>;

// The attribute names of flight-model.md that the store keeps as typed key columns
// (architecture.md §3) and that link flights to each other.
namespace attr {
inline constexpr std::string_view kFfid = "ffid";
inline constexpr std::string_view kAirlineCode = "airlineCode";
inline constexpr std::string_view kFlightNumber = "flightNumber";
inline constexpr std::string_view kMovement = "movement";
inline constexpr std::string_view kScheduledTime = "scheduledTime";
inline constexpr std::string_view kMasterFlid = "masterFlid";
inline constexpr std::string_view kLinkedFlid = "linkedFlid";
inline constexpr std::string_view kCodeShareFlightList = "codeShareFlightList";
} // namespace attr

// The state of one flight (docs/flight-document.md): its FLID, its attributes and its detail
// lists, all named as in flight-model.md. The one shape used by before.json, golden files,
// `msgxctl decode`, the store's attribute document, Kafka payloads and GET /all/flights.
//
// Invariants kept by the setters: no attribute is null (setting null removes it, so "absent" and
// "null" are one state) and no list is empty (an empty list is no list). Two documents are equal
// exactly when they hold the same values, which is what makes "equal value = no-op" a comparison.
class FlightDocument {
public:
    FlightDocument() = default;
    explicit FlightDocument(Flid flid) : flid_(flid) {}

    [[nodiscard]] Flid flid() const { return flid_; }
    [[nodiscard]] const Fields& attributes() const { return attributes_; }
    [[nodiscard]] const std::map<std::string, DetailList, std::less<>>& lists() const { return lists_; }

    // The attribute `name`, nullptr when it has no value.
    [[nodiscard]] const Value* attribute(std::string_view name) const;
    // The attribute as text / integer, std::nullopt when it has no value of that type.
    [[nodiscard]] std::optional<std::string> text(std::string_view name) const;
    [[nodiscard]] std::optional<std::int64_t> integer(std::string_view name) const;
    // Sets the attribute; a null value removes it.
    void set(std::string_view name, Value value);
    void clear(std::string_view name) { set(name, std::monostate{}); }

    // The list `name`, empty when the flight has none.
    [[nodiscard]] const DetailList& list(std::string_view name) const;
    // Replaces the list; an empty list removes it.
    void setList(std::string_view name, DetailList entries);

    // The master flight of a shared (code-share) flight: attribute masterFlid.
    [[nodiscard]] std::optional<Flid> masterFlid() const { return integer(attr::kMasterFlid); }

    bool operator==(const FlightDocument&) const = default;

private:
    Flid flid_ = 0;
    Fields attributes_;
    std::map<std::string, DetailList, std::less<>> lists_;
};

} // namespace msgx::sdk
