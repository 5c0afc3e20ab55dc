#include "mailbox/MailboxTime.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace msgx::storage {

using namespace std::chrono;

std::optional<Timestamp> mailboxTimeToInstant(const std::string& text, const codec::TimeZone& zone) {
    int y = 0;
    unsigned mo = 0;
    unsigned d = 0;
    int h = 0;
    int mi = 0;
    int s = 0;
    char tail = 0;
    // A fraction (DATETIME(n) columns) is accepted and dropped.
    const int fields =
        std::sscanf(text.c_str(), "%4d-%2u-%2u %2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &s, &tail);
    if (fields < 6 || (fields == 7 && tail != '.')) {
        throw std::invalid_argument("mailbox time '" + text + "' is not YYYY-MM-DD HH:MM:SS");
    }
    if (y == 0 && mo == 0 && d == 0) {
        return std::nullopt;
    }
    const year_month_day date{year{y}, month{mo}, day{d}};
    if (!date.ok() || h > 23 || mi > 59 || s > 60) {
        throw std::invalid_argument("mailbox time '" + text + "' is not a valid date and time");
    }
    const local_seconds local = local_days{date} + hours{h} + minutes{mi} + seconds{s};
    return time_point_cast<Timestamp::duration>(zone.toUtc(local));
}

std::string instantToMailboxTime(Timestamp instant, const codec::TimeZone& zone) {
    const local_seconds local = zone.toLocal(floor<seconds>(sys_time<Timestamp::duration>(instant)));
    const local_days day = floor<days>(local);
    const year_month_day date{day};
    const hh_mm_ss<seconds> time{local - day};
    char text[32];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u %02d:%02d:%02d", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                  static_cast<int>(time.seconds().count()));
    return text;
}

} // namespace msgx::storage
