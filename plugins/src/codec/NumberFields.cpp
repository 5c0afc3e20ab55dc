#include "msgx/codec/NumberFields.h"

#include "msgx/codec/Ascii.h"
#include "msgx/codec/FieldTextSupport.h"

#include <charconv>
#include <limits>
#include <stdexcept>

namespace msgx::codec {

namespace {

using detail::invalidValue;

constexpr std::string_view kSyntaxProblem = "only digits with an optional leading sign are allowed";

// value without its leading '+', so that std::from_chars (which accepts only '-') reads it; the
// problem when the text is not sign + digits.
struct IntegerText {
    std::string_view forConversion;
    bool wellFormed = false;
};

IntegerText splitSign(std::string_view value) {
    std::string_view digits = value;
    std::string_view forConversion = value;
    if (!digits.empty() && (digits.front() == '+' || digits.front() == '-')) {
        if (digits.front() == '+') {
            forConversion.remove_prefix(1);
        }
        digits.remove_prefix(1);
    }
    if (digits.empty()) {
        return {forConversion, false};
    }
    for (char c : digits) {
        if (!isAsciiDigit(c)) {
            return {forConversion, false};
        }
    }
    return {forConversion, true};
}

template <class T>
FieldResult<T> parseInteger(FieldText text, std::string_view format) {
    return detail::parseTrimmed<T>(text, [format](std::string_view value) {
        const IntegerText integer = splitSign(value);
        if (!integer.wellFormed) {
            return invalidValue<T>(value, format, kSyntaxProblem);
        }
        T number{};
        const char* end = integer.forConversion.data() + integer.forConversion.size();
        const auto [stop, error] = std::from_chars(integer.forConversion.data(), end, number);
        if (error == std::errc::result_out_of_range) {
            return invalidValue<T>(value, format,
                                   "out of range " + std::to_string(std::numeric_limits<T>::min()) + ".." +
                                       std::to_string(std::numeric_limits<T>::max()));
        }
        if (error != std::errc{} || stop != end) {
            return invalidValue<T>(value, format, kSyntaxProblem);
        }
        return FieldResult<T>::of(number);
    });
}

std::int64_t powerOfTen(int exponent) {
    std::int64_t power = 1;
    for (int i = 0; i < exponent; ++i) {
        power *= 10;
    }
    return power;
}

} // namespace

FieldResult<std::int8_t> parseByte(FieldText text) {
    return parseInteger<std::int8_t>(text, "integer N(byte)");
}
FieldResult<std::int16_t> parseShort(FieldText text) {
    return parseInteger<std::int16_t>(text, "integer N(short)");
}
FieldResult<std::int32_t> parseInt(FieldText text) {
    return parseInteger<std::int32_t>(text, "integer N(int)");
}
FieldResult<std::int64_t> parseLong(FieldText text) {
    return parseInteger<std::int64_t>(text, "integer N(long)");
}

std::string Decimal::toString() const {
    const bool negative = unscaled < 0;
    // Magnitude as unsigned so that the most negative value does not overflow.
    const auto magnitude =
        negative ? 0 - static_cast<std::uint64_t>(unscaled) : static_cast<std::uint64_t>(unscaled);
    std::string digits = std::to_string(magnitude);
    if (scale > 0) {
        const auto width = static_cast<std::size_t>(scale) + 1;
        if (digits.size() < width) {
            digits.insert(0, width - digits.size(), '0');
        }
        digits.insert(digits.size() - static_cast<std::size_t>(scale), ".");
    }
    return negative ? "-" + digits : digits;
}

double Decimal::toDouble() const {
    return static_cast<double>(unscaled) / static_cast<double>(powerOfTen(scale));
}

FieldResult<Decimal> parseDecimal(FieldText text, DecimalShape shape) {
    if (shape.precision < 1 || shape.precision > 18 || shape.scale < 0 || shape.scale > shape.precision) {
        throw std::invalid_argument("parseDecimal: precision must be 1..18 and scale 0..precision");
    }
    const std::string format =
        "decimal D(" + std::to_string(shape.precision) + "," + std::to_string(shape.scale) + ")";
    return detail::parseTrimmed<Decimal>(text, [&](std::string_view value) {
        std::string_view rest = value;
        bool negative = false;
        if (!rest.empty() && (rest.front() == '+' || rest.front() == '-')) {
            negative = rest.front() == '-';
            rest.remove_prefix(1);
        }
        const std::size_t point = rest.find('.');
        std::string_view whole = rest.substr(0, point);
        std::string_view fraction =
            point == std::string_view::npos ? std::string_view{} : rest.substr(point + 1);
        const auto allDigits = [](std::string_view digits) {
            for (char c : digits) {
                if (!isAsciiDigit(c)) {
                    return false;
                }
            }
            return true;
        };
        if (whole.empty() || !allDigits(whole) || (point != std::string_view::npos && fraction.empty()) ||
            !allDigits(fraction)) {
            return invalidValue<Decimal>(
                value, format, "expected digits with an optional sign and an optional '.' fraction");
        }
        while (whole.size() > 1 && whole.front() == '0') {
            whole.remove_prefix(1);
        }
        while (fraction.size() > static_cast<std::size_t>(shape.scale) && fraction.back() == '0') {
            fraction.remove_suffix(1);
        }
        const auto wholeLimit = static_cast<std::size_t>(shape.precision - shape.scale);
        if (whole.size() > wholeLimit && !(whole == "0")) {
            return invalidValue<Decimal>(
                value, format, "at most " + std::to_string(wholeLimit) + " digits before the point");
        }
        if (fraction.size() > static_cast<std::size_t>(shape.scale)) {
            return invalidValue<Decimal>(value, format,
                                         "at most " + std::to_string(shape.scale) +
                                             " digits after the point (the value would be rounded)");
        }
        std::int64_t unscaled = 0;
        for (char c : whole) {
            unscaled = unscaled * 10 + (c - '0');
        }
        for (int i = 0; i < shape.scale; ++i) {
            const auto at = static_cast<std::size_t>(i);
            unscaled = unscaled * 10 + (at < fraction.size() ? fraction[at] - '0' : 0);
        }
        return FieldResult<Decimal>::of(Decimal{negative ? -unscaled : unscaled, shape.scale});
    });
}

} // namespace msgx::codec
