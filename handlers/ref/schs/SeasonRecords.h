#pragma once

// Reading and validating a seasonal schedule (SCHS, schedule.md §8) as the reference records it is
// stored as (RTYPE SCHS); the deciding is in SeasonHandler.cpp.

#include "msgx/codec/Message.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/sdk/Checked.h"
#include "msgx/sdk/Decision.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::schs {

inline constexpr std::string_view kSeasonClass = "SCHS";

// One season as read from the SCHS wrapper of a message.
struct Season {
    // "<SDAT>..<EDAT>" in ISO dates, e.g. "2024-03-31..2024-10-26": the legacy identity of a season
    // (schedule.md §8.4 step 2) and the RKEY of its header record.
    std::string key;
    // The header record: SNAM, APCD (when present), SDAT, EDAT (ISO dates), LINES (the number of
    // lines).
    sdk::ReferenceItem header;
    // One record per FLTR, in document order (line n is lines[n - 1]), fields under their element
    // names: ALCD FLNO MVIN STDT EDDT (ISO dates) DYOP (as sent, e.g. "1030507") SCHT ("HH:MM") FLTY
    // FLIN ACFT RENO TAOP TAFL TRML MAXP (int) CSOP CSFT, and the route flattened by RTNO as
    // "ERUT/<RTNO>/APCD", "ERUT/<RTNO>/SCAT" ("HH:MM"), "ERUT/<RTNO>/SADC" (int),
    // "ERUT/<RTNO>/SCDT", "ERUT/<RTNO>/SDDC". Absent and empty optional elements are left out.
    std::vector<sdk::ReferenceItem> lines;
    // "RECS <n> but <m> records" when RECS disagrees with the number of FLTR (envelope.md §3).
    std::vector<std::string> notes;
};

// The RKEY of line `position` (1-based) of the season `seasonKey`: "<season key>#0001".
std::string lineKey(std::string_view seasonKey, std::size_t position);

// Reads the whole season, header and every line, before anything is decided (all or nothing).
// The first unparseable value anywhere (header first, then the lines in order) is a CodecError;
// otherwise the first unusable content is a Reject. Reasons of a line carry "record <n>: " when the
// season has several lines (as every pack of the SDK does).
//  - no SCHS element -> Reject "no SCHS element";
//  - SNAM C(20) absent or empty -> Reject; SDAT / EDAT ddMMMyy absent or empty -> Reject, not a
//    date -> CodecError; SDAT after EDAT -> Reject; APCD C(3) optional (schedule.md §8.2);
//  - per line (schedule.md §8.3) the M elements ALCD FLNO MVIN STDT EDDT DYOP SCHT FLTY FLIN ACFT
//    absent or empty -> Reject "<X> is missing" / "<X> is empty"; MVIN not A/D, FLIN not D/I/M/R,
//    DYOP not 7 positions of its own digit or 0 -> Reject; SCHT not HHmm (00-23, 00-59), a date not
//    ddMMMyy, MAXP not N(short), a text longer than its C(n) -> CodecError. Dates accept the month
//    in any letter case (codec::parseFieldDate);
//  - ERUT: RTNO (N(byte)) and APCD (C(3), §8.3) mandatory, an RTNO twice -> Reject; SCAT / SCDT are
//    "HHmm" or the time part of an 11-character ddMMMyyHHmm (§8.5; the whole value must be a valid
//    date-time), else CodecError; SADC / SDDC day changes ("+1", "-1", "0"), else CodecError;
//  - ROUT is ignored (the legacy ignores it, §8.3); other unknown elements are ignored.
// No FLTR at all is not a problem here: the handler refuses an empty season.
sdk::Checked<Season> readSeason(const codec::Message& message, const codec::TimeZone& zone);

} // namespace msgx::schs
