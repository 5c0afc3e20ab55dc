#pragma once

#include "msgx/sdk/AttributeRules.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/FlopRecords.h"
#include "msgx/sdk/Handler.h"

namespace msgx::sdk {

// Whole handlers for the FLOP STYPs whose rule is one attribute (flop.md §2.6): the common record
// flow (decideFlopRecords) around one clearableRule (patterns T1/T2) or mandatoryRule (pattern S).
// `Field` must have static storage (a namespace-scope constexpr FieldSpec). A handler's source is
// then its rule and its registration:
//
//   constexpr FieldSpec kApprovedTime{"APPT", "approvedTime", FieldType::Time};
//   MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kApprovedTime>, "flop-appt", "1.0.0", "FLOP-APPT")

template <const FieldSpec& Field>
class ClearableFieldHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const codec::Message& message) const override {
        return decideFlopRecords(context, flights, message,
                                 [](const codec::Element& record, const HandlerContext& c) {
                                     return clearableRule(record, Field, c);
                                 });
    }
};

template <const FieldSpec& Field>
class MandatoryFieldHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const codec::Message& message) const override {
        return decideFlopRecords(context, flights, message,
                                 [](const codec::Element& record, const HandlerContext& c) {
                                     return mandatoryRule(record, Field, c);
                                 });
    }
};

} // namespace msgx::sdk
