#include "msgx/config/TimeZones.h"

#include <array>
#include <fstream>

namespace msgx::config {

bool timeZoneExists(std::string_view name, const std::filesystem::path& zoneInfoDir) {
    if (name == "UTC") {
        return true;
    }
    if (name.empty() || name.front() == '/' || name.find("..") != std::string_view::npos) {
        return false;
    }
    const std::filesystem::path file = zoneInfoDir / std::filesystem::path(name);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
        return false;
    }
    // zoneinfo also holds tables (zone.tab, iso3166.tab, ...) that are no zones.
    std::ifstream in(file, std::ios::binary);
    std::array<char, 4> magic{};
    in.read(magic.data(), magic.size());
    return in.gcount() == 4 && std::string_view(magic.data(), magic.size()) == "TZif";
}

} // namespace msgx::config
