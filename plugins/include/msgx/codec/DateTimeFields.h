#pragma once

#include "msgx/codec/FieldResult.h"

#include <chrono>
#include <string>

namespace msgx::codec {

// Parsers for the date and time formats of envelope.md §4.1. Every parser trims XML whitespace
// first; absent text gives Absent, blank text gives Empty. Values are checked strictly: the exact
// length, digits where digits belong, real calendar dates (31FEB24 is invalid, 29FEB24 is valid),
// hours 00..23, minutes and seconds 00..59. Month tokens (JAN..DEC) are accepted in any letter case.
// Two-digit years mean 20yy (envelope.md §4.1: "20yy is the practical reading"; flop.md §2.3).
//
// All date-times are local wall-clock values without a zone (the interface never carries one):
// convert them with TimeZone::toUtc.

// META/DTTM, "yyyyMMddHHmmss" (14 digits), e.g. 20240318071502.
FieldResult<std::chrono::local_seconds> parseMessageTimestamp(FieldText text);

// Field date-time, "ddMMMyyHHmm" (11 characters), e.g. 07MAR241925 = 2024-03-07 19:25.
FieldResult<std::chrono::local_seconds> parseFieldDateTime(FieldText text);

// `at` as a field date-time "ddMMMyyHHmm" with an upper-case month token, the form the request
// documents carry (mailbox.md §4.3): 2024-03-07 19:25:42 -> "07MAR241925". Seconds are dropped, not
// rounded. The year is written as its last two digits, so parseFieldDateTime reads the text back as
// the same minute for the years 2000..2099 (its 20yy reading) only.
std::string formatFieldDateTime(std::chrono::local_seconds at);

// Field date, "ddMMMyy" (7 characters), e.g. 27OCT24 = 2024-10-27.
FieldResult<std::chrono::local_days> parseFieldDate(FieldText text);

// Time of day, "HHmm" (4 digits, 0000..2359), e.g. 0640; the result is the time since midnight.
FieldResult<std::chrono::minutes> parseTimeOfDay(FieldText text);

// Duration, "HHmm" (4 digits; hours 00..99, minutes 00..59), e.g. 0135 = 95 minutes
// (hours x 60 + minutes, architecture.md §11).
FieldResult<std::chrono::minutes> parseDuration(FieldText text);

// Day change, a signed one-digit integer: "0", "1", "+1", "-1" (SCHS ERUT/SADC, ERUT/SDDC).
FieldResult<int> parseDayChange(FieldText text);

} // namespace msgx::codec
