#include "EmbeddedConfig.h"

#include <fstream>
#include <sstream>

namespace msgx::test {

std::filesystem::path embeddedConfigOnFreePort(const std::filesystem::path& dir) {
    std::ifstream embedded(std::filesystem::path(MSGX_SOURCE_DIR) / "etc" / "msgx.embedded.yaml");
    std::stringstream text;
    text << embedded.rdbuf();
    const auto path = dir / "msgx.yaml";
    std::ofstream(path) << text.str() << "\nhttp:\n  listen: 127.0.0.1:0\n";
    return path;
}

} // namespace msgx::test
