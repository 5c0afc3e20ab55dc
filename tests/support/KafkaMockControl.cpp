#include "KafkaMockControl.h"

#include <cerrno>
#include <fcntl.h>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

namespace msgx::test {
namespace {

std::vector<std::string> readLines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

} // namespace

void sendKafkaMockCommand(const std::string& controlFifo, const std::string& ackFile,
                          const std::string& command, std::chrono::milliseconds timeout) {
    const size_t answered = readLines(ackFile).size();
    // Non-blocking open fails with ENXIO instead of blocking forever when no mock reads the FIFO.
    const int fd = ::open(controlFifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        throw std::runtime_error("Kafka mock control " + controlFifo + ": " +
                                 std::generic_category().message(errno) +
                                 (errno == ENXIO ? " (the mock is not running)" : ""));
    }
    const std::string line = command + "\n";
    const ssize_t written = ::write(fd, line.data(), line.size()); // < PIPE_BUF: one atomic write
    const int writeErrno = errno;
    ::close(fd);
    if (written != static_cast<ssize_t>(line.size())) {
        throw std::runtime_error("Kafka mock control " + controlFifo +
                                 ": write failed: " + std::generic_category().message(writeErrno));
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const auto lines = readLines(ackFile);
        if (lines.size() > answered) {
            if (lines[answered].rfind("ok ", 0) != 0) {
                throw std::runtime_error("Kafka mock rejected '" + command + "': " + lines[answered]);
            }
            return;
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            throw std::runtime_error("Kafka mock did not acknowledge '" + command + "' within " +
                                     std::to_string(timeout.count()) + " ms");
        }
        // Bounded polling of a file the mock appends to; commands take milliseconds.
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

} // namespace msgx::test
