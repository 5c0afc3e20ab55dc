#pragma once

#include "msgx/decoder/MessageDecoder.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace msgx::test {

// The reason of a decode that must be MALFORMED under `limits` ("" and a test failure otherwise).
inline std::string malformedReason(std::string_view xml, const codec::XmlLimits& limits = {}) {
    const codec::DecodeResult result = codec::decodeMessage(xml, limits);
    if (result.ok()) {
        ADD_FAILURE() << "decoded, expected MALFORMED: " << xml.substr(0, 200);
        return {};
    }
    EXPECT_EQ(result.failure().errorClass, ErrorClass::Malformed);
    return result.failure().reason;
}

} // namespace msgx::test
