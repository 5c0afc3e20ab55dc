#include "msgx/config/TimeOfDay.h"

namespace msgx::config {

namespace {

// Two ASCII digits as a number, or -1.
int twoDigits(std::string_view s) {
    if (s.size() != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9') {
        return -1;
    }
    return (s[0] - '0') * 10 + (s[1] - '0');
}

} // namespace

ParseOutcome<TimeOfDay> parseTimeOfDay(std::string_view text) {
    if (text.size() != 5 || text[2] != ':') {
        return ParseOutcome<TimeOfDay>::fail();
    }
    const int hour = twoDigits(text.substr(0, 2));
    const int minute = twoDigits(text.substr(3, 2));
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59) {
        return ParseOutcome<TimeOfDay>::fail();
    }
    return ParseOutcome<TimeOfDay>::ok(TimeOfDay{hour, minute});
}

std::string formatTimeOfDay(TimeOfDay t) {
    std::string out = "00:00";
    out[0] = static_cast<char>('0' + t.hour / 10);
    out[1] = static_cast<char>('0' + t.hour % 10);
    out[3] = static_cast<char>('0' + t.minute / 10);
    out[4] = static_cast<char>('0' + t.minute % 10);
    return out;
}

} // namespace msgx::config
