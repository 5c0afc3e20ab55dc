#include "TopicConsumer.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <signal.h>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace msgx::chaos {

namespace {

// Fields are separated by the ASCII unit separator (no key, header or JSON value of the run holds
// it); kcat -Z prints a null key or value as NULL.
constexpr char kSeparator = '\x1f';

std::optional<std::int64_t> number(const std::string& text) {
    if (text.empty() || text == "NULL" || text.find_first_not_of("0123456789") != std::string::npos) {
        return std::nullopt;
    }
    return std::stoll(text);
}

std::optional<std::int64_t> header(const std::string& headers, const std::string& name) {
    std::istringstream parts(headers);
    for (std::string part; std::getline(parts, part, ',');) {
        if (part.rfind(name + "=", 0) == 0) {
            return number(part.substr(name.size() + 1));
        }
    }
    return std::nullopt;
}

} // namespace

TopicConsumer::TopicConsumer(std::string bootstrap, std::string topic, std::filesystem::path file)
    : bootstrap_(std::move(bootstrap)), topic_(std::move(topic)), file_(std::move(file)) {}

TopicConsumer::~TopicConsumer() {
    stop();
}

void TopicConsumer::start() {
    const int fd = ::open(file_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        throw std::runtime_error("cannot open " + file_.string() + ": " + std::strerror(errno));
    }
    const std::string format =
        std::string("%p") + kSeparator + "%k" + kSeparator + "%h" + kSeparator + "%s\\n";
    std::vector<std::string> args{"kcat",      "-C", "-b", bootstrap_, "-t", topic_, "-o",
                                  "beginning", "-q", "-Z", "-u",       "-f", format};
    std::vector<char*> argv;
    for (auto& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(fd);
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (child == 0) {
        ::dup2(fd, STDOUT_FILENO);
        const int devNull = ::open("/dev/null", O_RDWR);
        ::dup2(devNull, STDIN_FILENO);
        ::execvp("kcat", argv.data());
        ::_exit(127);
    }
    ::close(fd);
    pid_ = child;
}

bool TopicConsumer::running() {
    if (pid_ <= 0) {
        return false;
    }
    if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
    }
    return true;
}

void TopicConsumer::stop() {
    if (pid_ <= 0) {
        return;
    }
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 100; ++i) {
        if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
            pid_ = -1;
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

std::vector<ConsumedRecord> TopicConsumer::records() const {
    std::vector<ConsumedRecord> records;
    std::ifstream in(file_);
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    std::size_t start = 0;
    for (std::size_t end = all.find('\n'); end != std::string::npos;
         start = end + 1, end = all.find('\n', start)) {
        const std::string line = all.substr(start, end - start);
        std::vector<std::string> fields;
        std::size_t from = 0;
        for (int i = 0; i < 3; ++i) {
            const auto at = line.find(kSeparator, from);
            if (at == std::string::npos) {
                break;
            }
            fields.push_back(line.substr(from, at - from));
            from = at + 1;
        }
        if (fields.size() != 3) {
            continue; // not a record line
        }
        ConsumedRecord record;
        record.partition = std::stoi(fields[0]);
        record.key = number(fields[1]);
        record.eventId = header(fields[2], "msgx-event-id");
        record.sourceId = header(fields[2], "msgx-source-id");
        record.value = line.substr(from);
        records.push_back(std::move(record));
    }
    return records;
}

} // namespace msgx::chaos
