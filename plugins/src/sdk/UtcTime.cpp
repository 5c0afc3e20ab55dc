#include "msgx/sdk/UtcTime.h"

#include "msgx/codec/Ascii.h"

#include <cstdio>

namespace msgx::sdk {

std::string formatDate(std::chrono::year_month_day date) {
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
    return text;
}

std::string formatUtc(std::chrono::sys_seconds instant) {
    using namespace std::chrono;
    const sys_days day = floor<days>(instant);
    const hh_mm_ss<seconds> time(instant - day);
    char text[16];
    std::snprintf(text, sizeof text, "T%02d:%02d:%02dZ", static_cast<int>(time.hours().count()),
                  static_cast<int>(time.minutes().count()), static_cast<int>(time.seconds().count()));
    return formatDate(year_month_day(day)) + text;
}

namespace {

bool readDigits(std::string_view text, std::size_t at, std::size_t count, int& out) {
    out = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (!codec::isAsciiDigit(text[i])) {
            return false;
        }
        out = out * 10 + (text[i] - '0');
    }
    return true;
}

} // namespace

std::optional<std::chrono::sys_seconds> parseUtc(std::string_view text) {
    using namespace std::chrono;
    // yyyy-MM-ddTHH:mm:ssZ
    if (text.size() != 20 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' ||
        text[16] != ':' || text[19] != 'Z') {
        return std::nullopt;
    }
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    if (!readDigits(text, 0, 4, y) || !readDigits(text, 5, 2, mo) || !readDigits(text, 8, 2, d) ||
        !readDigits(text, 11, 2, h) || !readDigits(text, 14, 2, mi) || !readDigits(text, 17, 2, s)) {
        return std::nullopt;
    }
    const year_month_day date{year(y), month(static_cast<unsigned>(mo)), day(static_cast<unsigned>(d))};
    if (!date.ok() || h > 23 || mi > 59 || s > 59) {
        return std::nullopt;
    }
    return sys_days(date) + hours(h) + minutes(mi) + seconds(s);
}

} // namespace msgx::sdk
