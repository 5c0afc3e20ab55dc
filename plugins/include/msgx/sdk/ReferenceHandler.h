#pragma once

// The whole plugin of a reference (master data) class: a handler file is its field table (and, for
// a class with repeat groups, its group readers) and one registration line:
//
//   constexpr FieldSpec kGateFields[] = {{"GCOD", "GCOD", FieldType::Text, 8, true}, ...};
//   MSGX_REFERENCE_PLUGIN("ref-glst", "1.0.0", "GLST", "GCOD", kGateFields)
//
//   constexpr ReferenceGroupReader kAirlineGroups[] = {readDefaultTerminals, readSubCompanies};
//   MSGX_REFERENCE_PLUGIN("ref-airl", "1.0.0", "AIRL", "ITOP", kAirlineFields, kAirlineGroups)

#include "msgx/codec/Message.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/Handler.h"
#include "msgx/sdk/HandlerContext.h"
#include "msgx/sdk/HandlerPlugin.h"
#include "msgx/sdk/ReferenceMessages.h"

namespace msgx::sdk {

// The handler of one reference class: decideReferenceMessage over `Class` (static storage: a
// namespace-scope constexpr ReferenceClassSpec). It reads no flight.
template <const ReferenceClassSpec& Class>
class ReferenceClassHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& /*flights*/,
                    const codec::Message& message) const override {
        return decideReferenceMessage(context, message, Class);
    }
};

} // namespace msgx::sdk

// Registers the plugin `pluginName`, version `pluginVersion`, of the reference class `type` (a
// string literal, e.g. "GLST": the TYPE, the record element and the RTYPE) keyed by the element
// `keyElement`, whose records are the fields of the table that follows and, optionally, what the
// group readers of a second table add (ReferenceClassSpec). It serves the five keys of every
// reference class, <type>-ADD, -UPD, -DEL, -DNLD and -RESP (reference.md §2.1), with
// ReferenceClassHandler, through MSGX_HANDLER_PLUGIN. One per source file, at namespace scope.
#define MSGX_REFERENCE_PLUGIN(pluginName, pluginVersion, type, keyElement, ...)                              \
    namespace {                                                                                              \
    constexpr ::msgx::sdk::ReferenceClassSpec msgxReferenceClass{type, keyElement, __VA_ARGS__};             \
    }                                                                                                        \
    MSGX_HANDLER_PLUGIN(::msgx::sdk::ReferenceClassHandler<msgxReferenceClass>, pluginName, pluginVersion,   \
                        type "-ADD", type "-UPD", type "-DEL", type "-DNLD", type "-RESP")
