#pragma once

#include "msgx/codec/Element.h"
#include "msgx/codec/Message.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/FlopRecords.h"
#include "msgx/sdk/Handler.h"
#include "msgx/sdk/HandlerContext.h"

namespace msgx::sdk {

// The rule of a detail-list STYP over its spec: replaceListRule (pattern L), mergeListRule
// (pattern M), standUpdateRule (in place on the stands).
template <class Spec>
using ListRule = Checked<FlightEdit> (*)(const codec::Element& record, const HandlerContext& context,
                                         const Spec& spec);

// What a list handler does to the events of its Decision once the record flow has decided it, e.g.
// narrowToChangedStands; `flights` is the stored state the Decision was made against.
using ListEventNarrowing = void (*)(Decision& decision, const FlightView& flights);

// The default narrowing: the events carry the whole new list.
inline void keepWholeLists(Decision& /*decision*/, const FlightView& /*flights*/) {}

// The whole handler of a detail-list FLOP STYP: the common record flow (decideFlopRecords) around
// `Rule` over the spec `Of` (static storage: a namespace-scope constexpr), then `Narrow` over the
// Decision. A handler names it through the alias of its pattern, ReplaceListHandler (ReplaceLists.h),
// MergeListHandler (MergeLists.h) or StandUpdateHandler (StandUpdates.h), whose names handlers
// built against the installed SDK use.
template <class Spec, ListRule<Spec> Rule, const Spec& Of, ListEventNarrowing Narrow = keepWholeLists>
class ListHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const codec::Message& message) const override {
        Decision decision = decideFlopRecords(
            context, flights, message,
            [](const codec::Element& record, const HandlerContext& ctx) { return Rule(record, ctx, Of); });
        Narrow(decision, flights);
        return decision;
    }
};

} // namespace msgx::sdk
