#include "msgx/codec/DateTimeFields.h"

#include "msgx/codec/Ascii.h"
#include "msgx/codec/FieldTextSupport.h"

#include <array>
#include <optional>
#include <string>

namespace msgx::codec {

namespace {

using namespace std::chrono;
using detail::invalidValue;
using detail::parseTrimmed;

constexpr std::string_view kTimestampFormat = "message timestamp yyyyMMddHHmmss";
constexpr std::string_view kDateTimeFormat = "date-time ddMMMyyHHmm";
constexpr std::string_view kDateFormat = "date ddMMMyy";
constexpr std::string_view kTimeOfDayFormat = "time of day HHmm";
constexpr std::string_view kDurationFormat = "duration HHmm";
constexpr std::string_view kDayChangeFormat = "day change (a signed digit such as +1, 0, -1)";

constexpr std::array<std::string_view, 12> kMonthTokens{"JAN", "FEB", "MAR", "APR", "MAY", "JUN",
                                                        "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};

// The decimal number written by text[at, at + count), or nullopt when a character is no digit.
std::optional<int> digitsAt(std::string_view text, std::size_t at, std::size_t count) {
    int number = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (!isAsciiDigit(text[i])) {
            return std::nullopt;
        }
        number = number * 10 + (text[i] - '0');
    }
    return number;
}

// 1..12 for a month token in any letter case, nullopt otherwise.
std::optional<unsigned> monthFromToken(std::string_view token) {
    const std::string upper = toAsciiUpper(token);
    for (std::size_t i = 0; i < kMonthTokens.size(); ++i) {
        if (kMonthTokens[i] == upper) {
            return static_cast<unsigned>(i + 1);
        }
    }
    return std::nullopt;
}

std::string twoDigits(int number) {
    std::string text = std::to_string(number);
    return text.size() < 2 ? "0" + text : text;
}

std::string lengthProblem(std::string_view value, std::size_t expected) {
    const std::size_t characters = detail::countCharacters(value);
    if (characters != value.size()) {
        return "non-ASCII characters are not allowed";
    }
    return std::to_string(characters) + " characters, expected " + std::to_string(expected);
}

std::string rangeProblem(std::string_view what, int value, std::string_view range) {
    return std::string(what) + " " + twoDigits(value) + " is out of range " + std::string(range);
}

// The calendar date, or the problem that keeps it from being one.
struct DateCheck {
    std::optional<local_days> date;
    std::string problem;
};

DateCheck checkDate(int yearNumber, unsigned monthNumber, int dayNumber) {
    const year_month_day date{year{yearNumber}, month{monthNumber}, day{static_cast<unsigned>(dayNumber)}};
    if (date.ok()) {
        return {local_days{date}, {}};
    }
    return {std::nullopt, std::string(kMonthTokens[monthNumber - 1]) + " " + std::to_string(yearNumber) +
                              " has no day " + twoDigits(dayNumber)};
}

// Hours 00..23 and minutes 00..59 read from "HHmm" at text[at]; the problem otherwise.
struct ClockCheck {
    std::optional<minutes> sinceMidnight;
    std::string problem;
};

ClockCheck checkClock(std::string_view text, std::size_t at) {
    const auto hour = digitsAt(text, at, 2);
    const auto minute = digitsAt(text, at + 2, 2);
    if (!hour || !minute) {
        return {std::nullopt, "HHmm must be four digits"};
    }
    if (*hour > 23) {
        return {std::nullopt, rangeProblem("hour", *hour, "00..23")};
    }
    if (*minute > 59) {
        return {std::nullopt, rangeProblem("minute", *minute, "00..59")};
    }
    return {hours{*hour} + minutes{*minute}, {}};
}

// "ddMMMyy" at the start of text: the date or the problem.
DateCheck checkDayMonthYear(std::string_view text) {
    const auto dayNumber = digitsAt(text, 0, 2);
    if (!dayNumber) {
        return {std::nullopt, "the day dd must be two digits"};
    }
    const auto monthNumber = monthFromToken(text.substr(2, 3));
    if (!monthNumber) {
        return {std::nullopt, "unknown month '" + std::string(text.substr(2, 3)) + "' (expected JAN..DEC)"};
    }
    const auto shortYear = digitsAt(text, 5, 2);
    if (!shortYear) {
        return {std::nullopt, "the year yy must be two digits"};
    }
    if (*dayNumber < 1) {
        return {std::nullopt, rangeProblem("day", *dayNumber, "01..31")};
    }
    return checkDate(2000 + *shortYear, *monthNumber, *dayNumber);
}

} // namespace

FieldResult<local_seconds> parseMessageTimestamp(FieldText text) {
    using Result = FieldResult<local_seconds>;
    return parseTrimmed<local_seconds>(text, [](std::string_view value) {
        if (value.size() != 14) {
            return invalidValue<local_seconds>(value, kTimestampFormat, lengthProblem(value, 14));
        }
        const auto yearNumber = digitsAt(value, 0, 4);
        const auto monthNumber = digitsAt(value, 4, 2);
        const auto dayNumber = digitsAt(value, 6, 2);
        const auto second = digitsAt(value, 12, 2);
        if (!yearNumber || !monthNumber || !dayNumber || !second || !digitsAt(value, 8, 4)) {
            return invalidValue<local_seconds>(value, kTimestampFormat, "only digits are allowed");
        }
        if (*monthNumber < 1 || *monthNumber > 12) {
            return invalidValue<local_seconds>(value, kTimestampFormat,
                                               rangeProblem("month", *monthNumber, "01..12"));
        }
        if (*dayNumber < 1) {
            return invalidValue<local_seconds>(value, kTimestampFormat,
                                               rangeProblem("day", *dayNumber, "01..31"));
        }
        const DateCheck date = checkDate(*yearNumber, static_cast<unsigned>(*monthNumber), *dayNumber);
        if (!date.date) {
            return invalidValue<local_seconds>(value, kTimestampFormat, date.problem);
        }
        const ClockCheck clock = checkClock(value, 8);
        if (!clock.sinceMidnight) {
            return invalidValue<local_seconds>(value, kTimestampFormat, clock.problem);
        }
        if (*second > 59) {
            return invalidValue<local_seconds>(value, kTimestampFormat,
                                               rangeProblem("second", *second, "00..59"));
        }
        return Result::of(local_seconds{*date.date} + *clock.sinceMidnight + seconds{*second});
    });
}

FieldResult<local_seconds> parseFieldDateTime(FieldText text) {
    using Result = FieldResult<local_seconds>;
    return parseTrimmed<local_seconds>(text, [](std::string_view value) {
        if (value.size() != 11) {
            return invalidValue<local_seconds>(value, kDateTimeFormat, lengthProblem(value, 11));
        }
        const DateCheck date = checkDayMonthYear(value);
        if (!date.date) {
            return invalidValue<local_seconds>(value, kDateTimeFormat, date.problem);
        }
        const ClockCheck clock = checkClock(value, 7);
        if (!clock.sinceMidnight) {
            return invalidValue<local_seconds>(value, kDateTimeFormat, clock.problem);
        }
        return Result::of(local_seconds{*date.date} + *clock.sinceMidnight);
    });
}

std::string formatFieldDateTime(local_seconds at) {
    const local_days day = floor<days>(at);
    const year_month_day date{day};
    const hh_mm_ss clock{at - day};
    return twoDigits(static_cast<int>(static_cast<unsigned>(date.day()))) +
           std::string(kMonthTokens[static_cast<unsigned>(date.month()) - 1]) +
           twoDigits(static_cast<int>(date.year()) % 100) +
           twoDigits(static_cast<int>(clock.hours().count())) +
           twoDigits(static_cast<int>(clock.minutes().count()));
}

FieldResult<local_days> parseFieldDate(FieldText text) {
    using Result = FieldResult<local_days>;
    return parseTrimmed<local_days>(text, [](std::string_view value) {
        if (value.size() != 7) {
            return invalidValue<local_days>(value, kDateFormat, lengthProblem(value, 7));
        }
        const DateCheck date = checkDayMonthYear(value);
        if (!date.date) {
            return invalidValue<local_days>(value, kDateFormat, date.problem);
        }
        return Result::of(*date.date);
    });
}

FieldResult<minutes> parseTimeOfDay(FieldText text) {
    using Result = FieldResult<minutes>;
    return parseTrimmed<minutes>(text, [](std::string_view value) {
        if (value.size() != 4) {
            return invalidValue<minutes>(value, kTimeOfDayFormat, lengthProblem(value, 4));
        }
        const ClockCheck clock = checkClock(value, 0);
        if (!clock.sinceMidnight) {
            return invalidValue<minutes>(value, kTimeOfDayFormat, clock.problem);
        }
        return Result::of(*clock.sinceMidnight);
    });
}

FieldResult<minutes> parseDuration(FieldText text) {
    using Result = FieldResult<minutes>;
    return parseTrimmed<minutes>(text, [](std::string_view value) {
        if (value.size() != 4) {
            return invalidValue<minutes>(value, kDurationFormat, lengthProblem(value, 4));
        }
        const auto hour = digitsAt(value, 0, 2);
        const auto minute = digitsAt(value, 2, 2);
        if (!hour || !minute) {
            return invalidValue<minutes>(value, kDurationFormat, "HHmm must be four digits");
        }
        if (*minute > 59) {
            return invalidValue<minutes>(value, kDurationFormat, rangeProblem("minute", *minute, "00..59"));
        }
        return Result::of(hours{*hour} + minutes{*minute});
    });
}

FieldResult<int> parseDayChange(FieldText text) {
    return parseTrimmed<int>(text, [](std::string_view value) {
        std::string_view digits = value;
        int sign = 1;
        if (!digits.empty() && (digits.front() == '+' || digits.front() == '-')) {
            sign = digits.front() == '-' ? -1 : 1;
            digits.remove_prefix(1);
        }
        if (digits.size() != 1 || !isAsciiDigit(digits.front())) {
            return invalidValue<int>(value, kDayChangeFormat, "expected an optional sign and one digit");
        }
        return FieldResult<int>::of(sign * (digits.front() - '0'));
    });
}

} // namespace msgx::codec
