#include "msgx/codec/TimeZone.h"

#include "msgx/codec/Ascii.h"

#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <stdexcept>

namespace msgx::codec {

namespace {

constexpr std::size_t kMaxZoneFileBytes = std::size_t{1024} * 1024;
constexpr std::size_t kHeaderBytes = 44;
constexpr std::int64_t kBeginningOfTime = std::numeric_limits<std::int64_t>::min();
// RFC 8536 §3.2: UT offsets must lie in -25h+1s .. +26h-1s.
constexpr std::int64_t kMinOffset = -89999;
constexpr std::int64_t kMaxOffset = 93599;

// Bounds-checked big-endian reads over the bytes of a zone file.
class ZoneFileBytes {
public:
    ZoneFileBytes(std::string bytes, std::string zoneName)
        : bytes_(std::move(bytes)), zoneName_(std::move(zoneName)) {}

    [[nodiscard]] std::size_t size() const { return bytes_.size(); }
    [[nodiscard]] std::string_view view(std::size_t at, std::size_t length) const {
        require(at, length);
        return std::string_view(bytes_).substr(at, length);
    }
    [[nodiscard]] std::uint8_t byte(std::size_t at) const {
        require(at, 1);
        return static_cast<std::uint8_t>(bytes_[at]);
    }
    [[nodiscard]] std::int64_t signedBigEndian(std::size_t at, std::size_t width) const {
        require(at, width);
        std::uint64_t value = 0;
        for (std::size_t i = 0; i < width; ++i) {
            value = (value << 8) | static_cast<std::uint8_t>(bytes_[at + i]);
        }
        if (width == 4) {
            return static_cast<std::int32_t>(static_cast<std::uint32_t>(value));
        }
        return static_cast<std::int64_t>(value);
    }
    [[nodiscard]] std::size_t count(std::size_t at) const {
        const std::int64_t value = signedBigEndian(at, 4);
        if (value < 0 || static_cast<std::size_t>(value) > bytes_.size()) {
            corrupt("a count in the header is out of range");
        }
        return static_cast<std::size_t>(value);
    }
    [[noreturn]] void corrupt(const std::string& what) const {
        throw TimeZoneError("time zone " + zoneName_ + ": corrupt zone file (" + what + ")");
    }

private:
    void require(std::size_t at, std::size_t length) const {
        if (at > bytes_.size() || length > bytes_.size() - at) {
            corrupt("truncated");
        }
    }

    std::string bytes_;
    std::string zoneName_;
};

struct Header {
    char version = 0;
    std::size_t utIndicators = 0;
    std::size_t standardIndicators = 0;
    std::size_t leapSeconds = 0;
    std::size_t transitions = 0;
    std::size_t types = 0;
    std::size_t designationBytes = 0;

    [[nodiscard]] std::size_t dataBytes(std::size_t timeWidth) const {
        return transitions * timeWidth + transitions + types * 6 + designationBytes +
               leapSeconds * (timeWidth + 4) + standardIndicators + utIndicators;
    }
};

Header readHeader(const ZoneFileBytes& file, std::size_t at) {
    if (file.view(at, 4) != "TZif") {
        file.corrupt("no TZif magic");
    }
    Header header;
    header.version = static_cast<char>(file.byte(at + 4));
    header.utIndicators = file.count(at + 20);
    header.standardIndicators = file.count(at + 24);
    header.leapSeconds = file.count(at + 28);
    header.transitions = file.count(at + 32);
    header.types = file.count(at + 36);
    header.designationBytes = file.count(at + 40);
    if (header.types == 0) {
        file.corrupt("no local time types");
    }
    return header;
}

// Reads the std part of a POSIX TZ string ("CST-8", "<+08>-8", "UTC0") and returns what follows it:
// empty for a fixed offset, the daylight-saving part otherwise; nullopt when the text is no TZ string.
std::optional<std::string_view> afterStandardPart(std::string_view tz) {
    std::size_t at = 0;
    if (!tz.empty() && tz.front() == '<') {
        at = tz.find('>');
        if (at == std::string_view::npos) {
            return std::nullopt;
        }
        ++at;
    } else {
        while (at < tz.size() && isAsciiLetter(tz[at])) {
            ++at;
        }
        if (at < 3) {
            return std::nullopt;
        }
    }
    if (at < tz.size() && (tz[at] == '+' || tz[at] == '-')) {
        ++at;
    }
    const std::size_t digitsStart = at;
    while (at < tz.size() && (isAsciiDigit(tz[at]) || tz[at] == ':')) {
        ++at;
    }
    if (at == digitsStart) {
        return std::nullopt;
    }
    return tz.substr(at);
}

void checkFooterHasNoDaylightSaving(const ZoneFileBytes& file, std::size_t at, const std::string& name) {
    if (at >= file.size()) {
        return; // version 1 file: no footer
    }
    const std::string_view rest = file.view(at, file.size() - at);
    if (rest.size() < 2 || rest.front() != '\n') {
        file.corrupt("footer does not start with a newline");
    }
    const std::size_t end = rest.find('\n', 1);
    if (end == std::string_view::npos) {
        file.corrupt("footer does not end with a newline");
    }
    const std::string_view tz = rest.substr(1, end - 1);
    if (tz.empty()) {
        return; // no rule: the last type stays in force
    }
    const auto daylightPart = afterStandardPart(tz);
    if (!daylightPart) {
        file.corrupt("footer '" + std::string(tz) + "' is no POSIX TZ string");
    }
    if (!daylightPart->empty()) {
        throw TimeZoneError("time zone " + name + " follows the daylight-saving rule '" + std::string(tz) +
                            "'; only zones with a fixed offset after their last transition are supported "
                            "(e.g. Asia/Shanghai, UTC)");
    }
}

// Keeps `seconds +- offset` far from overflow; no real time is near the bound.
std::int64_t checkedSeconds(std::int64_t seconds) {
    constexpr std::int64_t kBound = 1'000'000'000'000'000;
    if (seconds > kBound || seconds < -kBound) {
        throw std::out_of_range("TimeZone: time outside the supported range");
    }
    return seconds;
}

std::string readWholeFile(const std::filesystem::path& path, const std::string& name) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) {
        throw TimeZoneError("time zone " + name + ": no zone file " + path.string());
    }
    const auto size = std::filesystem::file_size(path, error);
    if (error || size > kMaxZoneFileBytes) {
        throw TimeZoneError("time zone " + name + ": " + path.string() + " is not a zone file");
    }
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
        throw TimeZoneError("time zone " + name + ": cannot read " + path.string());
    }
    return bytes;
}

void checkZoneName(std::string_view name) {
    const bool unsafe = name.empty() || name.front() == '/' || name.find("..") != std::string_view::npos;
    bool oddCharacter = false;
    for (char c : name) {
        oddCharacter = oddCharacter || !(isAsciiLetter(c) || isAsciiDigit(c) || c == '/' || c == '_' ||
                                         c == '-' || c == '+' || c == '.');
    }
    if (unsafe || oddCharacter) {
        throw TimeZoneError("'" + std::string(name) + "' is not a time zone name such as Asia/Shanghai");
    }
}

} // namespace

TimeZone::TimeZone(std::string name, std::vector<Period> periods)
    : name_(std::move(name)), periods_(std::move(periods)) {}

TimeZone TimeZone::utc() {
    return TimeZone("UTC", {{kBeginningOfTime, 0}});
}

TimeZone TimeZone::load(std::string_view name, const std::filesystem::path& zoneInfoDir) {
    checkZoneName(name);
    const std::string zoneName(name);
    const ZoneFileBytes file(readWholeFile(zoneInfoDir / std::filesystem::path(zoneName), zoneName),
                             zoneName);

    Header header = readHeader(file, 0);
    std::size_t data = kHeaderBytes;
    std::size_t timeWidth = 4;
    if (header.version >= '2') {
        // Skip the 32-bit block; the 64-bit block after the second header covers all time.
        const std::size_t second = kHeaderBytes + header.dataBytes(4);
        header = readHeader(file, second);
        data = second + kHeaderBytes;
        timeWidth = 8;
    }
    if (header.leapSeconds != 0) {
        throw TimeZoneError("time zone " + zoneName +
                            " counts leap seconds; use the zone without the right/ prefix");
    }
    const std::size_t typeIndices = data + header.transitions * timeWidth;
    const std::size_t typeRecords = typeIndices + header.transitions;

    std::vector<std::int64_t> typeOffsets(header.types);
    for (std::size_t i = 0; i < header.types; ++i) {
        typeOffsets[i] = file.signedBigEndian(typeRecords + i * 6, 4);
        if (typeOffsets[i] < kMinOffset || typeOffsets[i] > kMaxOffset) {
            file.corrupt("offset out of range");
        }
    }
    // Before the first transition the first type applies (RFC 8536 §3.2).
    std::vector<Period> periods{{kBeginningOfTime, typeOffsets[0]}};
    std::int64_t previousStart = kBeginningOfTime;
    for (std::size_t i = 0; i < header.transitions; ++i) {
        const std::int64_t start = file.signedBigEndian(data + i * timeWidth, timeWidth);
        const std::size_t type = file.byte(typeIndices + i);
        if (type >= header.types) {
            file.corrupt("transition to an unknown type");
        }
        if (start <= previousStart) {
            file.corrupt("transitions out of order");
        }
        previousStart = start;
        if (typeOffsets[type] != periods.back().offset) {
            periods.push_back({start, typeOffsets[type]});
        }
    }
    if (header.version >= '2') {
        checkFooterHasNoDaylightSaving(file, data + header.dataBytes(8), zoneName);
    }
    return TimeZone(zoneName, std::move(periods));
}

std::chrono::seconds TimeZone::offsetAt(std::chrono::sys_seconds utc) const {
    const std::int64_t instant = checkedSeconds(utc.time_since_epoch().count());
    std::int64_t offset = periods_.front().offset;
    for (const Period& period : periods_) {
        if (period.start > instant) {
            break;
        }
        offset = period.offset;
    }
    return std::chrono::seconds(offset);
}

std::chrono::local_seconds TimeZone::toLocal(std::chrono::sys_seconds utc) const {
    return std::chrono::local_seconds(utc.time_since_epoch() + offsetAt(utc));
}

std::chrono::sys_seconds TimeZone::toUtc(std::chrono::local_seconds local) const {
    const std::int64_t wallClock = checkedSeconds(local.time_since_epoch().count());
    // The first period that contains wallClock - offset is the earliest instant showing this local
    // time; periods are in time order.
    for (std::size_t i = 0; i < periods_.size(); ++i) {
        const std::int64_t instant = wallClock - periods_[i].offset;
        const bool afterStart = instant >= periods_[i].start;
        const bool beforeEnd = i + 1 == periods_.size() || instant < periods_[i + 1].start;
        if (afterStart && beforeEnd) {
            return std::chrono::sys_seconds(std::chrono::seconds(instant));
        }
    }
    // A gap: the local time falls after period i-1 ends (read with its offset) and before period i
    // begins (read with its own). Read it with the offset before the change.
    for (std::size_t i = 1; i < periods_.size(); ++i) {
        const std::int64_t before = wallClock - periods_[i - 1].offset;
        const std::int64_t after = wallClock - periods_[i].offset;
        if (before >= periods_[i].start && after < periods_[i].start) {
            return std::chrono::sys_seconds(std::chrono::seconds(before));
        }
    }
    return std::chrono::sys_seconds(std::chrono::seconds(wallClock - periods_.back().offset));
}

} // namespace msgx::codec
