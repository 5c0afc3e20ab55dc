#include "TestPlugins.h"

#include "msgx/decoder/MessageDecoder.h"

#include <stdexcept>

namespace msgx::plugin::test {

namespace fs = std::filesystem;

fs::path PluginsDir::add(const std::string& name, const std::string& as) {
    const fs::path target = path() / (as.empty() ? name + ".so" : as);
    fs::copy_file(fs::path(MSGX_TEST_PLUGINS_DIR) / (name + ".so"), target,
                  fs::copy_options::overwrite_existing);
    return target;
}

void PluginsDir::replace(const std::string& as, const std::string& name) {
    const fs::path staging = path() / (as + ".new");
    fs::copy_file(fs::path(MSGX_TEST_PLUGINS_DIR) / (name + ".so"), staging);
    fs::rename(staging, path() / as);
}

void PluginsDir::remove(const std::string& as) {
    fs::remove(path() / as);
}

codec::Message messageFor(const std::string& type, const std::string& subtype) {
    auto decoded =
        codec::decodeMessage("<MSG><META><SNDR>AODB</SNDR><SEQN>1</SEQN><DTTM>20240101000000</DTTM><TYPE>" +
                             type + "</TYPE><STYP>" + subtype + "</STYP></META></MSG>");
    if (!decoded.ok()) {
        throw std::logic_error("test message does not decode: " + decoded.failure().reason);
    }
    return decoded.takeMessage();
}

} // namespace msgx::plugin::test
