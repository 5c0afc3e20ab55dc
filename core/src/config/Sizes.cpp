#include "msgx/config/Sizes.h"

#include "UnitNumber.h"

#include <array>

namespace msgx::config {

namespace {

struct SizeUnit {
    std::string_view suffix;
    std::uint64_t bytes;
};

constexpr std::array<SizeUnit, 4> kUnits{{
    {"GB", 1ULL << 30},
    {"MB", 1ULL << 20},
    {"KB", 1ULL << 10},
    {"B", 1},
}};

constexpr std::uint64_t kMaxBytes = 1024ULL << 30; // 1024GB

} // namespace

ParseOutcome<std::uint64_t> parseSize(std::string_view text) {
    const detail::UnitNumber split = detail::splitUnitNumber(text);
    if (!split.ok()) {
        return ParseOutcome<std::uint64_t>::fail(split.problem);
    }
    for (const SizeUnit& u : kUnits) {
        if (split.unit == u.suffix) {
            if (split.number > kMaxBytes / u.bytes) {
                return ParseOutcome<std::uint64_t>::fail("too large");
            }
            return ParseOutcome<std::uint64_t>::ok(split.number * u.bytes);
        }
    }
    return ParseOutcome<std::uint64_t>::fail("unknown unit " + std::string(split.unit));
}

std::string formatSize(std::uint64_t bytes) {
    for (const SizeUnit& u : kUnits) {
        if (bytes != 0 && bytes % u.bytes == 0) {
            return std::to_string(bytes / u.bytes) + std::string(u.suffix);
        }
    }
    return std::to_string(bytes) + "B";
}

} // namespace msgx::config
