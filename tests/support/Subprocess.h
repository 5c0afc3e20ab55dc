#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace msgx::test {

struct SubprocessResult {
    int exitCode = -1; // the exit status, or 128 + signal number when a signal ended the process
    std::string out;   // everything it wrote to stdout
    std::string err;   // everything it wrote to stderr
};

// Runs argv[0] (looked up in PATH) with stdin from /dev/null, in its own process group, and
// collects stdout and stderr. Returns when the process exits; output written afterwards by
// processes it left running in the background is not waited for. If it runs longer than
// `timeout`, its whole process group is SIGKILLed and std::runtime_error (with the command and
// the stderr so far) is thrown; it is also thrown when the program cannot be started.
SubprocessResult runSubprocess(const std::vector<std::string>& argv, std::chrono::milliseconds timeout);

// "a b 'c d'" for messages.
std::string describeCommand(const std::vector<std::string>& argv);

} // namespace msgx::test
