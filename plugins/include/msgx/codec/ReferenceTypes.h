#pragma once

#include <algorithm>
#include <array>
#include <string_view>

namespace msgx::codec {

// The 23 reference types of reference.md §0, sorted: the TYPE of a reference message and the RTYPE
// of its REF_MASTER rows. The configuration checks refresh classes against them and the requests
// name them in an RQRD.
inline constexpr std::array<std::string_view, 23> kReferenceTypes{
    "ABDG", "ABNR", "AIRC", "AIRL", "ARPT", "BLST", "CHLT", "CITY", "CLST", "COUL", "DLYL", "FLTL",
    "GLST", "HLTR", "ORGN", "PLST", "REGL", "REGN", "SLST", "STTS", "TLST", "VIPL", "VIPS"};

// Whether `type` is one of them, exactly (upper case, as messages and REF_MASTER write it).
constexpr bool isReferenceType(std::string_view type) {
    return std::find(kReferenceTypes.begin(), kReferenceTypes.end(), type) != kReferenceTypes.end();
}

} // namespace msgx::codec
