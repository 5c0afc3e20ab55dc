#pragma once

#include "msgx/codec/Element.h"
#include "msgx/codec/FieldResult.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/Value.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace msgx::sdk {

// The value formats of the interface (envelope.md §4, flop.md §2.3) and the Value each becomes.
enum class FieldType {
    Text,     // C(n) / code(n) / text(n): string of at most maxLength characters
    Char,     // exactly one character: string
    Time,     // ddMMMyyHHmm local business time: ISO 8601 UTC string (formatUtc)
    Byte,     // N(byte): integer
    Short,    // N(short): integer
    Int,      // N(int): integer
    Long,     // N(long): integer
    Decimal,  // D(11,2): number
    Flag,     // YN: boolean
    Duration, // HHmm: integer minutes (hours x 60 + minutes)
    TextList, // a repeated C(n) element (ABDG STND): list of text, empty entries dropped; no element
              // at all is absent, only empty entries give [] (reference.md §2.3)
};

// Where one document field comes from and what it is. `source` names a child element ("PSST"), an
// attribute of the element itself ("@PSNO") or the element's own text ("."). A required field that
// is absent or empty makes the record unusable (Reject).
struct FieldSpec {
    std::string_view source;
    std::string_view name;
    FieldType type = FieldType::Text;
    std::size_t maxLength = 0; // Text only; 0 = no limit
    bool required = false;
};

// The flight id of a record (FLOP/FLID, SCHD/FLTR/FLID): required, a whole number; the record flows
// of FLOP (FlopRecords.h) and SCHD (ScheduleFlow.h) read it with this spec.
inline constexpr FieldSpec kFlidField{"FLID", "flid", FieldType::Long, 0, true};

// One field as read: its state (absent / empty / invalid / value), the converted value (null unless
// state is Value) and, when invalid, the reason naming the source.
struct FieldRead {
    codec::FieldState state = codec::FieldState::Absent;
    Value value;
    std::string reason;

    [[nodiscard]] bool hasValue() const { return state == codec::FieldState::Value; }
};

// Reads `spec` from `element`, converting times from `zone` to UTC. Never throws for any text.
FieldRead readField(const codec::Element& element, const FieldSpec& spec, const codec::TimeZone& zone);

// The Problem of a read that cannot be used: Invalid -> CodecError "<source> <reason>"; a required
// field Absent or Empty -> Reject "<source> is missing" / "<source> is empty"; std::nullopt otherwise.
std::optional<Problem> problemOf(const FieldRead& read, const FieldSpec& spec);

// Every field of `specs` read from `element`, nulls left out (absent and empty alike: "the entry is
// built only from the group", flop.md §2.6). The first unparseable field gives CodecError; else the
// first missing required field gives Reject.
Checked<Fields> readFields(const codec::Element& element, std::span<const FieldSpec> specs,
                           const codec::TimeZone& zone);

// A source as a reason names it: "PSST" for "PSST", "PSNO" for "@PSNO", "text" for ".".
std::string sourceName(std::string_view source);

// "PSDT PSNO=2" / "FLTR FLID=880301" / "PSDT 2nd": a repeat group as named in a reason, by its key
// source (an attribute or child element) when it has a value there, else by its position (1-based).
std::string describeGroup(const codec::Element& group, std::string_view keySource, std::size_t position);

} // namespace msgx::sdk
