// FLOP-FDEL: deletes a flight (flop.md FDEL, architecture.md §11) with the cascade the SDK shares
// with SCHD-DEL (FlightDeletion.h): its shared flights deleted too, every turnaround partner's link
// cleared, a deleted shared flight's master getting its codeShareFlightList recomputed; one event
// per affected flight ("flight-delete" with a schd tombstone, or "flight-update"):
//  - an FDEL element with any content (text, attributes or children) -> Reject "FDEL must be empty";
//  - an empty or absent FDEL deletes (legacy did not require the element);
//  - an unknown FLID -> SUCCEEDED, note "unknown-flight".
#include "msgx/sdk/Sdk.h"

namespace {

using namespace msgx::sdk;

class FlightDeleteHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const Message& message) const override {
        return decideEachFlopRecord(
            context, flights, message,
            [](const Element& record, Flid flid, FlightBatch& batch) -> std::optional<Problem> {
                const Element* marker = record.child("FDEL");
                if (marker != nullptr && !marker->isEmpty()) {
                    return Problem::reject("FDEL must be empty");
                }
                deleteWithCascade(batch, flid);
                return std::nullopt;
            });
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(FlightDeleteHandler, "flop-fdel", "1.0.0", "FLOP-FDEL")
