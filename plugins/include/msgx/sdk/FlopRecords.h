#pragma once

#include "msgx/codec/Element.h"
#include "msgx/codec/Message.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/Decision.h"
#include "msgx/sdk/FlightBatch.h"
#include "msgx/sdk/FlightView.h"
#include "msgx/sdk/Handler.h"
#include "msgx/sdk/HandlerContext.h"

#include <functional>

namespace msgx::sdk {

// A change to one flight's document, decided from a FLOP record alone. It is applied to a copy of
// each flight the record reaches (the addressed flight and, for a master, its shared flights); what
// differs afterwards is the change, so an edit that writes the stored value changes nothing.
using FlightEdit = std::function<void(FlightDocument&)>;

// One STYP's rule: validate the record's payload and return the edit, or the Problem (Reject /
// CodecError / Infra) that stops the whole message. Called only for records whose flight is known.
using FlopRecordRule =
    std::function<Checked<FlightEdit>(const codec::Element& record, const HandlerContext&)>;

// What one STYP does with one FLOP record whose flight `flid` is current in `batch`: change the
// batch, or return the Problem that stops the whole message.
using FlopRecordStep =
    std::function<std::optional<Problem>(const codec::Element& record, Flid flid, FlightBatch& batch)>;

// The record loop of every FLOP STYP (flop.md §2.5, architecture.md §11), all or nothing:
//  1. no FLOP record -> Reject "no FLOP record";
//  2. per record: FLID absent or empty -> Reject; not a number -> CodecError;
//  3. a FLID not current (unknown, or deleted by an earlier record) -> no change, note
//     "unknown-flight" ("record <n>: unknown-flight" when the message has several records);
//  4. otherwise `step`; its Problem, if any: a CodecError anywhere fails the message
//     FAILED(CODEC_ERROR), else an Infra problem fails it FAILED(INFRA), else a Reject skips it
//     "rejected:<why>";
//  5. the batch's changes, announced as FLOP changes (kFlopAnnouncement).
// Reasons are prefixed "record <n>: " when the message has more than one FLOP record.
Decision decideEachFlopRecord(const HandlerContext& context, const FlightView& flights,
                              const codec::Message& message, const FlopRecordStep& step);

// The flow of every FLOP STYP that edits flights (architecture.md §11): decideEachFlopRecord with
// the step "the rule's Problem stops the message, else its edit is applied to the flight and, when
// the flight is a master, to each of its shared flights"; records touching the same flight apply in
// order; one Update and one "flight-update" msg event per flight that changed, nothing for equal
// values.
Decision decideFlopRecords(const HandlerContext& context, const FlightView& flights,
                           const codec::Message& message, const FlopRecordRule& rule);

// The whole handler of a FLOP STYP whose rule is a function: the common record flow around it.
// A handler's source is then its rule and its registration:
//
//   Checked<FlightEdit> doorTimeRule(const Element& record, const HandlerContext& context) { ... }
//   MSGX_HANDLER_PLUGIN(FlopRecordHandler<doorTimeRule>, "flop-port", "1.0.0", "FLOP-PORT")
template <Checked<FlightEdit> (*Rule)(const codec::Element& record, const HandlerContext& context)>
class FlopRecordHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView& flights,
                    const codec::Message& message) const override {
        return decideFlopRecords(context, flights, message, Rule);
    }
};

} // namespace msgx::sdk
