#pragma once

#include "msgx/codec/Element.h"
#include "msgx/sdk/FieldSpec.h"
#include "msgx/sdk/FlopRecords.h"
#include "msgx/sdk/HandlerContext.h"

#include <string_view>

namespace msgx::sdk {

// The FLOP rules for single attributes (flop.md §2.6), each a complete FlopRecordRule body.

// Pattern T1/T2, a clearable value: element absent -> no change; empty -> clear the attribute;
// a value -> set it; unparseable -> CodecError. E.g. clearableRule(record, {"APPT", "approvedTime",
// FieldType::Time}, context).
Checked<FlightEdit> clearableRule(const codec::Element& record, const FieldSpec& field,
                                  const HandlerContext& context);

// Pattern S, a mandatory scalar that FLOP cannot clear: element absent or empty -> Reject
// "<ELEMENT> cannot be empty"; a value -> set it; unparseable -> CodecError.
Checked<FlightEdit> mandatoryRule(const codec::Element& record, const FieldSpec& field,
                                  const HandlerContext& context);

} // namespace msgx::sdk
