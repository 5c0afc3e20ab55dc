#pragma once

// Helpers of the plugin host tests: a plugins directory assembled from the purpose-built plugins
// (tests/plugins), and a decoded message for a key.
#include "TempDir.h"
#include "msgx/codec/Message.h"

#include <filesystem>
#include <string>

namespace msgx::plugin::test {

// A temporary plugins directory.
class PluginsDir {
public:
    [[nodiscard]] const std::filesystem::path& path() const { return dir_.path(); }
    // Copies the test plugin `name` (e.g. "echo-1.0.0") into the directory as `as` (default
    // "<name>.so"); returns the copy's path.
    std::filesystem::path add(const std::string& name, const std::string& as = {});
    // Replaces `as` by the test plugin `name` the way an installer does: copy beside, then rename
    // over (a new inode at the same path).
    void replace(const std::string& as, const std::string& name);
    void remove(const std::string& as);

private:
    msgx::test::TempDir dir_;
};

// A decoded message with TYPE and STYP from `key` ("TEST-ECHO").
codec::Message messageFor(const std::string& type, const std::string& subtype);

} // namespace msgx::plugin::test
