#pragma once

#include "msgx/codec/FieldResult.h"

#include <compare>
#include <cstdint>
#include <string>

namespace msgx::codec {

// Integer parsers for the N formats (envelope.md notation; flop.md §2.3): an optional sign ('+' or
// '-') followed by one or more ASCII digits, leading zeros allowed, nothing else (no blanks inside,
// no thousands separators, no fraction). A value outside the type's range is Invalid.
FieldResult<std::int8_t> parseByte(FieldText text);   // N(byte)  -128..127
FieldResult<std::int16_t> parseShort(FieldText text); // N(short) -32768..32767
FieldResult<std::int32_t> parseInt(FieldText text);   // N(int)   32 bit
FieldResult<std::int64_t> parseLong(FieldText text);  // N(long)  64 bit

// An exact decimal number: value = unscaled / 10^scale, e.g. 41.5 read as D(11,2) is {4150, 2}.
struct Decimal {
    std::int64_t unscaled = 0;
    int scale = 0;

    // "41.50"; "-0.05"; scale 0 gives no point.
    [[nodiscard]] std::string toString() const;
    [[nodiscard]] double toDouble() const;
    bool operator==(const Decimal&) const = default;
};

// The shape of a D column: at most `precision` digits in all, `scale` of them after the point.
struct DecimalShape {
    int precision = 11;
    int scale = 2;
};

// "D": an optional sign, digits, optionally '.' and at least one digit ("41", "41.5", "-0.25").
// At most precision - scale digits before the point. Fraction digits beyond `scale` are allowed only
// when they are zeros ("41.500" is 41.50); a value that would need rounding ("41.505" for D(11,2))
// is Invalid, because storing it would change it. The default shape is the legacy decimal(11,2);
// pass {8, 2} for D(8,2).
FieldResult<Decimal> parseDecimal(FieldText text, DecimalShape shape = {});

} // namespace msgx::codec
