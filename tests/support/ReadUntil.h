#pragma once

#include <istream>
#include <string>

namespace msgx::test {

// Reads `in` (typically a child process's stderr) line by line until a line contains `marker`;
// returns every line read, marker line included. Records a test failure naming the marker and
// showing what was read when the stream ends first (the process exited or closed it).
std::string readUntil(std::istream& in, const std::string& marker);

} // namespace msgx::test
