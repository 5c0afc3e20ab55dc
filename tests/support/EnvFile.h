#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace msgx::test {

// Reads an env.sh written by tests/services/msgx-services: lines `export NAME='value'`, where a
// single quote inside the value is written '\''. Blank lines and `#` comments are skipped; any
// other line is an error (std::runtime_error naming the file and line).
std::map<std::string, std::string> readEnvFile(const std::filesystem::path& path);

} // namespace msgx::test
