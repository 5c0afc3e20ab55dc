#pragma once

#include <array>
#include <string_view>

namespace msgx::codec {

// The 23 reference types of reference.md §0, sorted: the TYPE of a reference message and the RTYPE
// of its REF_MASTER rows. The configuration checks refresh classes against them and the requests
// name them in an RQRD.
inline constexpr std::array<std::string_view, 23> kReferenceTypes{
    "ABDG", "ABNR", "AIRC", "AIRL", "ARPT", "BLST", "CHLT", "CITY", "CLST", "COUL", "DLYL", "FLTL",
    "GLST", "HLTR", "ORGN", "PLST", "REGL", "REGN", "SLST", "STTS", "TLST", "VIPL", "VIPS"};

} // namespace msgx::codec
