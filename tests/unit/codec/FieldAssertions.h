#pragma once

// gtest predicates for FieldResult: each checks the state and, for Value and Invalid, the exact value
// or reason, and prints all of them on failure.

#include "msgx/codec/DaysOfOperation.h"
#include "msgx/codec/FieldResult.h"
#include "msgx/codec/NumberFields.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>

namespace msgx::codec::test {

inline std::string describe(std::chrono::local_seconds t) {
    using namespace std::chrono;
    const local_days day = floor<days>(t);
    const year_month_day date{day};
    const hh_mm_ss clock{t - day};
    char text[96]; // room for any int values: -Wformat-truncation in optimised builds
    std::snprintf(text, sizeof text, "%04d-%02u-%02u %02ld:%02ld:%02ld", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<long>(clock.hours().count()), static_cast<long>(clock.minutes().count()),
                  static_cast<long>(clock.seconds().count()));
    return text;
}
inline std::string describe(std::chrono::local_days d) {
    return describe(std::chrono::local_seconds(d)).substr(0, 10);
}
inline std::string describe(std::chrono::minutes m) {
    return std::to_string(m.count()) + "min";
}
inline std::string describe(const Decimal& d) {
    return d.toString() + " (scale " + std::to_string(d.scale) + ")";
}
inline std::string describe(const DaysOfOperation& days) {
    std::string text;
    for (bool operates : days.operates) {
        text += operates ? 'x' : '-';
    }
    return text;
}
inline std::string describe(const std::string& s) {
    return "'" + s + "'";
}
inline std::string describe(bool b) {
    return b ? "true" : "false";
}
template <class T>
std::string describe(const T& value) {
    std::ostringstream out;
    out << +value; // + prints int8_t as a number
    return out.str();
}

template <class T>
std::string describeResult(const FieldResult<T>& result) {
    std::string text(fieldStateName(result.state()));
    if (result.hasValue()) {
        text += " " + describe(result.value());
    }
    if (result.isInvalid()) {
        text += " \"" + result.reason() + "\"";
    }
    return text;
}

template <class T, class U>
::testing::AssertionResult IsValue(const FieldResult<T>& result, const U& expected) {
    if (result.hasValue() && result.value() == T(expected)) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "expected Value " << describe(T(expected)) << ", got " << describeResult(result);
}

template <class T>
::testing::AssertionResult IsInvalid(const FieldResult<T>& result, const std::string& reason) {
    if (result.isInvalid() && result.reason() == reason) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "expected Invalid \"" << reason << "\", got " << describeResult(result);
}

template <class T>
::testing::AssertionResult IsAbsent(const FieldResult<T>& result) {
    if (result.isAbsent() && !result.valueOrNull() && result.reason().empty()) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << "expected Absent, got " << describeResult(result);
}

template <class T>
::testing::AssertionResult IsEmpty(const FieldResult<T>& result) {
    if (result.isEmpty() && !result.valueOrNull() && result.reason().empty()) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << "expected Empty, got " << describeResult(result);
}

} // namespace msgx::codec::test
