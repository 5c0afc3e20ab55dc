#pragma once

#include <string>
#include <string_view>

namespace msgx::test {

// CJK text (3-byte UTF-8) as the airport's messages carry it.
inline constexpr std::string_view kAirportText = "首都国际机场 T3 航站楼";
// 4-byte UTF-8 characters (CJK Extension B, emoji): utf8mb3 rejects them, utf8mb4 stores them.
inline constexpr std::string_view kFourByteText = "𠀀 🛫";

// Both of the above, as one string.
inline std::string mixedUtf8Text() {
    return std::string(kAirportText) + " " + std::string(kFourByteText);
}

// About 24 KB of CJK text: longer than the 255-byte VARCHAR bind limit, Poco ODBC's 1024-byte
// default maxFieldSize and psqlODBC's 8190-byte default MaxLongVarcharSize (platform-notes §5).
inline std::string longAirportText() {
    std::string text;
    for (int i = 0; i < 800; ++i) {
        text += kAirportText;
    }
    return text;
}

} // namespace msgx::test
