#include "msgx/codec/ErrorClass.h"

#include <array>
#include <utility>

namespace msgx {

namespace {

constexpr std::array<std::pair<ErrorClass, std::string_view>, 5> kNames{{
    {ErrorClass::Malformed, "MALFORMED"},
    {ErrorClass::CodecError, "CODEC_ERROR"},
    {ErrorClass::Unsupported, "UNSUPPORTED"},
    {ErrorClass::Infra, "INFRA"},
    {ErrorClass::Exhausted, "EXHAUSTED"},
}};

} // namespace

std::string_view errorClassName(ErrorClass errorClass) {
    for (const auto& [value, name] : kNames) {
        if (value == errorClass) {
            return name;
        }
    }
    return "UNKNOWN";
}

std::optional<ErrorClass> errorClassFromName(std::string_view name) {
    for (const auto& [value, known] : kNames) {
        if (known == name) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace msgx
