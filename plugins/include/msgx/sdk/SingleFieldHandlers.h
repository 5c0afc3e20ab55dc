#pragma once

#include "msgx/sdk/AttributeRules.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/FlopRecords.h"

namespace msgx::sdk {

// Whole handlers for the FLOP STYPs whose rule is one attribute (flop.md §2.6): the common record
// flow (decideFlopRecords) around one clearableRule (patterns T1/T2) or mandatoryRule (pattern S).
// `Field` must have static storage (a namespace-scope constexpr FieldSpec). A handler's source is
// then its rule and its registration:
//
//   constexpr FieldSpec kApprovedTime{"APPT", "approvedTime", FieldType::Time};
//   MSGX_HANDLER_PLUGIN(ClearableFieldHandler<kApprovedTime>, "flop-appt", "1.0.0", "FLOP-APPT")

template <const FieldSpec& Field>
Checked<FlightEdit> clearableRuleOf(const codec::Element& record, const HandlerContext& context) {
    return clearableRule(record, Field, context);
}

template <const FieldSpec& Field>
Checked<FlightEdit> mandatoryRuleOf(const codec::Element& record, const HandlerContext& context) {
    return mandatoryRule(record, Field, context);
}

template <const FieldSpec& Field>
using ClearableFieldHandler = FlopRecordHandler<clearableRuleOf<Field>>;

template <const FieldSpec& Field>
using MandatoryFieldHandler = FlopRecordHandler<mandatoryRuleOf<Field>>;

} // namespace msgx::sdk
