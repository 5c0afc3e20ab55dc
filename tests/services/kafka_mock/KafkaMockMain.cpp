// msgx-kafka-mock: a standalone librdkafka mock Kafka cluster for tests, controlled through a FIFO.
//
//   msgx-kafka-mock --brokers 3 --bootstrap-file F --control FIFO [--control-ack FILE]
//                   [--topic NAME:PARTITIONS]...
//
// Contract:
// - Once the cluster listens, the comma-separated bootstrap list is written to F (atomically, by
//   rename, so a reader never sees a partial file) and printed as `BOOTSTRAPS=...` on stdout.
// - Commands (see MockClusterControl.h) are read line by line from FIFO, which is created if
//   missing. A bad command is logged to stderr and ignored. With --control-ack, the outcome of each
//   command ("ok <cmd>" / "error <cmd>: <reason>") is appended to FILE after it took effect, so a
//   sender can wait for its command instead of guessing.
// - Serves until SIGTERM or SIGINT, then shuts the cluster down and exits 0.
// - The mock keeps at most 5 MiB (or 100,000 message sets) per partition and silently drops older
//   data: keep test volumes well below that.
#include "MockClusterControl.h"

#include <CLI/CLI.hpp>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <poll.h>
#include <signal.h>
#include <stdexcept>
#include <string>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace {

using msgx::test::kafka_mock::MockClusterControl;

constexpr const char* kProgram = "msgx-kafka-mock";
// A control line longer than this is garbage (no command comes close); it is dropped.
constexpr size_t kMaxCommandLength = 4096;

struct Options {
    int brokers = 3;
    std::string bootstrapFile;
    std::string controlFifo;
    std::string controlAckFile;
    std::vector<std::string> topics; // NAME:PARTITIONS
};

class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    ~FileDescriptor() {
        if (fd_ >= 0) {
            ::close(fd_);
        }
    }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    [[nodiscard]] int get() const { return fd_; }

private:
    int fd_;
};

[[noreturn]] void throwErrno(const std::string& what) {
    throw std::runtime_error(what + ": " + std::generic_category().message(errno));
}

// Opened read-write so that the FIFO never reports end-of-file when a writer closes it, and a
// writer's open() never blocks while this process lives.
int openControlFifo(const std::string& path) {
    if (::mkfifo(path.c_str(), 0600) != 0 && errno != EEXIST) {
        throwErrno("mkfifo " + path);
    }
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        throwErrno("stat " + path);
    }
    if (!S_ISFIFO(info.st_mode)) {
        throw std::runtime_error(path + " exists and is not a FIFO");
    }
    int fd = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        throwErrno("open " + path);
    }
    return fd;
}

void writeFileAtomically(const std::string& path, const std::string& content) {
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << content << '\n';
        if (!out.flush()) {
            throw std::runtime_error("cannot write " + temporary);
        }
    }
    std::filesystem::rename(temporary, path);
}

void createTopic(rd_kafka_mock_cluster_t* cluster, int brokers, const std::string& spec) {
    const auto colon = spec.rfind(':');
    if (colon == std::string::npos || colon == 0) {
        throw std::invalid_argument("--topic wants NAME:PARTITIONS, got '" + spec + "'");
    }
    MockClusterControl control(cluster, brokers);
    const std::string result = control.apply("topic " + spec.substr(0, colon) + " " + spec.substr(colon + 1));
    if (result.rfind("ok ", 0) != 0) {
        throw std::invalid_argument(result);
    }
}

class CommandReader {
public:
    CommandReader(MockClusterControl& control, const std::string& ackFile) : control_(control) {
        if (!ackFile.empty()) {
            ack_.open(ackFile, std::ios::app);
            if (!ack_) {
                throw std::runtime_error("cannot open " + ackFile);
            }
        }
    }

    // Reads what is available on the FIFO and applies every complete line.
    void drain(int fd) {
        char chunk[1024];
        for (;;) {
            const ssize_t n = ::read(fd, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                return; // EAGAIN: nothing more for now
            }
            pending_.append(chunk, static_cast<size_t>(n));
            applyCompleteLines();
        }
    }

private:
    void applyCompleteLines() {
        for (auto newline = pending_.find('\n'); newline != std::string::npos;
             newline = pending_.find('\n')) {
            std::string line = pending_.substr(0, newline);
            pending_.erase(0, newline + 1);
            if (!line.empty() && line.back() == '\r') {
                line.pop_back();
            }
            if (line.find_first_not_of(" \t") == std::string::npos) {
                continue;
            }
            report(control_.apply(line));
        }
        if (pending_.size() > kMaxCommandLength) {
            report("error <line longer than " + std::to_string(kMaxCommandLength) + " bytes dropped>");
            pending_.clear();
        }
    }

    void report(const std::string& outcome) {
        std::cerr << kProgram << ": " << outcome << std::endl;
        if (ack_.is_open()) {
            ack_ << outcome << std::endl;
        }
    }

    MockClusterControl& control_;
    std::ofstream ack_;
    std::string pending_;
};

int serve(const Options& options) {
    // Block the stop signals in every thread (librdkafka's threads inherit this mask) and receive
    // them through a signalfd in the event loop below.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGINT);
    if (pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr) != 0) {
        throwErrno("pthread_sigmask");
    }
    ::signal(SIGPIPE, SIG_IGN);
    FileDescriptor signalFd(::signalfd(-1, &stopSignals, SFD_CLOEXEC));
    if (signalFd.get() < 0) {
        throwErrno("signalfd");
    }
    FileDescriptor controlFd(openControlFifo(options.controlFifo));

    char error[512];
    rd_kafka_conf_t* conf = rd_kafka_conf_new();
    // Notice level would report "no bootstrap.servers" for this handle, which never connects.
    rd_kafka_conf_set(conf, "log_level", "4", error, sizeof error);
    rd_kafka_t* handle = rd_kafka_new(RD_KAFKA_PRODUCER, conf, error, sizeof error);
    if (handle == nullptr) {
        throw std::runtime_error(std::string("rd_kafka_new: ") + error);
    }
    rd_kafka_mock_cluster_t* cluster = rd_kafka_mock_cluster_new(handle, options.brokers);
    if (cluster == nullptr) {
        rd_kafka_destroy(handle);
        throw std::runtime_error("rd_kafka_mock_cluster_new failed");
    }
    int exitCode = 0;
    try {
        for (const auto& topic : options.topics) {
            createTopic(cluster, options.brokers, topic);
        }
        const std::string bootstraps = rd_kafka_mock_cluster_bootstraps(cluster);
        writeFileAtomically(options.bootstrapFile, bootstraps);
        std::cout << "BOOTSTRAPS=" << bootstraps << std::endl;

        MockClusterControl control(cluster, options.brokers);
        CommandReader reader(control, options.controlAckFile);
        for (bool stopping = false; !stopping;) {
            pollfd fds[2] = {{signalFd.get(), POLLIN, 0}, {controlFd.get(), POLLIN, 0}};
            if (::poll(fds, 2, -1) < 0) {
                if (errno == EINTR) {
                    continue;
                }
                throwErrno("poll");
            }
            if (fds[1].revents & POLLIN) {
                reader.drain(controlFd.get());
            }
            stopping = (fds[0].revents & POLLIN) != 0;
        }
        std::cerr << kProgram << ": stop signal received, shutting down" << std::endl;
    } catch (const std::exception& e) {
        std::cerr << kProgram << ": " << e.what() << std::endl;
        exitCode = 1;
    }
    rd_kafka_mock_cluster_destroy(cluster);
    rd_kafka_destroy(handle);
    return exitCode;
}

} // namespace

int main(int argc, char** argv) {
    Options options;
    CLI::App app{"librdkafka mock Kafka cluster for msgexchange tests", kProgram};
    app.add_option("--brokers", options.brokers, "number of brokers (ids 1..N)")->check(CLI::Range(1, 16));
    app.add_option("--bootstrap-file", options.bootstrapFile, "file that receives the bootstrap list")
        ->required();
    app.add_option("--control", options.controlFifo, "control FIFO (created if missing)")->required();
    app.add_option("--control-ack", options.controlAckFile, "file that receives the outcome of each command");
    app.add_option("--topic", options.topics, "topic to create at start, NAME:PARTITIONS (repeatable)");
    CLI11_PARSE(app, argc, argv);
    try {
        return serve(options);
    } catch (const std::exception& e) {
        std::cerr << kProgram << ": " << e.what() << std::endl;
        return 1;
    }
}
