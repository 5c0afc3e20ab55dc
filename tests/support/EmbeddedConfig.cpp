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

std::filesystem::path sqliteConfigIn(const std::filesystem::path& dir) {
    const auto path = dir / "msgx.yaml";
    std::ofstream(path) << "profile: embedded\nstore:\n  backend: sqlite\n  connect: "
                        << (dir / "store.db").string()
                        << "\nmailbox:\n  backend: sqlite\n  connect: " << (dir / "mailbox.db").string()
                        << "\ndelivery:\n  targets:\n    msg: {type: file, path: "
                        << (dir / "msg.jsonl").string()
                        << "}\n    schd: {type: file, path: " << (dir / "schd.jsonl").string() << "}\n";
    return path;
}

} // namespace msgx::test
