// FLOP-CNCL: cancellation and un-cancellation (flop.md CNCL, pattern T1 on `cancelTime`, with the
// derived flag `cancelled` of flight-model.md §3.6/§9: true exactly when `cancelTime` is set).
// A time cancels: `cancelTime` set and `cancelled` true. Empty CNCL (`<CNCL/>`, `<CNCL></CNCL>`,
// blanks only) un-cancels: `cancelTime` cleared and `cancelled` false. Absent CNCL changes nothing;
// a value that is not a ddMMMyyHHmm local time is a codec error. `statusCode` (FTSS) and every other
// attribute stay as they are; a master's shared flights get the same change (architecture.md §11).
// The flag is derived again from the new time on each flight the record reaches: a stored flag that
// disagrees with the stored time is repaired by the next CNCL (the event then carries `cancelled`
// alone), and a flight without the flag counts as not cancelled, so un-cancelling it adds none.
#include "msgx/sdk/Sdk.h"

#include <string_view>
#include <utility>
#include <variant>

namespace {

using namespace msgx::sdk;

constexpr FieldSpec kCancelTime{"CNCL", "cancelTime", FieldType::Time};
constexpr std::string_view kCancelled = "cancelled";

// Whether the flight's stored flag already says `cancelled` (a missing flag says "not cancelled").
bool flagSays(const FlightDocument& flight, bool cancelled) {
    const Value* flag = flight.attribute(kCancelled);
    if (flag == nullptr) {
        return !cancelled;
    }
    const bool* stored = std::get_if<bool>(flag);
    return stored != nullptr && *stored == cancelled;
}

Checked<FlightEdit> cancellationRule(const Element& record, const HandlerContext& context) {
    FieldRead read = readField(record, kCancelTime, context.businessZone);
    if (auto problem = problemOf(read, kCancelTime)) {
        return *problem;
    }
    if (read.state == FieldState::Absent) {
        return FlightEdit([](FlightDocument&) {});
    }
    const bool cancelled = read.hasValue();
    return FlightEdit([time = std::move(read.value), cancelled](FlightDocument& flight) {
        flight.set(kCancelTime.name, time); // null (empty CNCL) clears
        if (!flagSays(flight, cancelled)) {
            flight.set(kCancelled, cancelled);
        }
    });
}

} // namespace

MSGX_HANDLER_PLUGIN(FlopRecordHandler<cancellationRule>, "flop-cncl", "1.0.0", "FLOP-CNCL")
