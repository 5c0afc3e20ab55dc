#pragma once

#include "msgx/codec/ErrorClass.h"
#include "msgx/sdk/FlightDocument.h"
#include "msgx/sdk/Value.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msgx::sdk {

// One flight the decision creates, changes or deletes. `set` and `lists` name only what changes:
// an attribute's new value (null: cleared) and a list's whole new content (empty: the list goes).
// Merge and in-place rules (flop.md §2.6) are resolved by the handler, so the core applies every
// change the same way (applyFlightChange).
struct FlightChange {
    enum class Kind { Create, Update, Delete };
    Kind kind = Kind::Update;
    Flid flid = 0;
    Fields set;
    std::map<std::string, DetailList, std::less<>> lists;

    bool operator==(const FlightChange&) const = default;
};

// One `msg` notification (architecture.md §6, §11): the changed fields of one flight under the
// names of flight-model.md; a cleared value is null, a changed list is the whole new list.
// The dispatcher adds the envelope (schemaVersion, event id, publication time).
struct MsgEvent {
    std::string type; // "flight-update" (FLOP), "flight-upsert" / "flight-delete" (SCHD, FDEL)
    Flid flid = 0;
    Fields fields;
    std::map<std::string, DetailList, std::less<>> lists;

    bool operator==(const MsgEvent&) const = default;
};

// A reference record as stored in REF_MASTER (architecture.md §3, §7): its fields under the
// element names of reference.md (repeated elements as lists, YN flags as booleans).
using ReferenceItem = Fields;

// One change of reference data (reference.md, architecture.md §11).
//  Upsert       - replace the whole record (rtype, rkey) with `item`;
//  Delete       - remove the record (rtype, rkey) (unknown keys are no-ops);
//  ReplaceClass - the class `rtype` becomes exactly `records` (records not named are removed).
struct ReferenceChange {
    enum class Kind { Upsert, Delete, ReplaceClass };
    Kind kind = Kind::Upsert;
    std::string rtype;
    std::string rkey;                             // Upsert, Delete
    ReferenceItem item;                           // Upsert
    std::map<std::string, ReferenceItem> records; // ReplaceClass, by rkey

    bool operator==(const ReferenceChange&) const = default;
};

// A request message to write into the outbound mailbox (mailbox.md §4), e.g. TYPE RQRD.
struct OutboundRequest {
    std::string type;
    std::string subtype;
    Fields fields;

    bool operator==(const OutboundRequest&) const = default;
};

// What a handler decided for one message: the pure result the pump applies in one own-store
// transaction (architecture.md §1, §5). Only an Apply decision carries changes; Skip and Fail carry
// none (the factories below start empty and the core ignores changes on them).
//  Apply - SUCCEEDED; may change nothing (equal values, unknown flight: see `notes`);
//  Skip  - SKIPPED with `reason`, e.g. "rejected:STND cannot be empty";
//  Fail  - FAILED with `errorClass` (CODEC_ERROR, INFRA, ...) and `reason`, retried.
struct Decision {
    enum class Outcome { Apply, Skip, Fail };

    Outcome outcome = Outcome::Apply;
    std::optional<ErrorClass> errorClass; // set exactly when outcome is Fail
    std::string reason;                   // Skip and Fail
    std::vector<std::string> notes;       // e.g. "unknown-flight", "record 2: unknown-flight"

    std::vector<FlightChange> flights;
    std::vector<MsgEvent> events;
    std::vector<Flid> schdPush; // flights whose full document goes to the `schd` target
    std::vector<ReferenceChange> references;
    std::vector<OutboundRequest> outbound;

    static Decision apply() { return {}; }
    static Decision skip(std::string reason);
    static Decision fail(ErrorClass errorClass, std::string reason);

    // True when the decision changes nothing and emits nothing.
    [[nodiscard]] bool changesNothing() const;

    bool operator==(const Decision&) const = default;
};

// "apply", "skip", "fail": the outcome as written in Decision JSON.
std::string_view outcomeName(Decision::Outcome outcome);

// The document after `change`: Create starts from an empty document of change.flid, Update applies
// `set` and `lists` to `before`. Delete is not a document (the caller drops the flight).
FlightDocument applyFlightChange(const FlightDocument* before, const FlightChange& change);

} // namespace msgx::sdk
