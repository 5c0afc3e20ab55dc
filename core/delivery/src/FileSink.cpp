#include "msgx/delivery/FileSink.h"

#include "msgx/json/JsonValue.h"
#include "msgx/log/Log.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace msgx::delivery {

namespace {

std::string errnoText(const std::string& what, const std::filesystem::path& path, int error) {
    return what + " " + path.string() + ": " + std::strerror(error);
}

// Closes the descriptor on every path out of send().
class OpenFile {
public:
    explicit OpenFile(int fd) : fd_(fd) {}
    ~OpenFile() {
        if (fd_ >= 0) {
            ::close(fd_);
        }
    }
    OpenFile(const OpenFile&) = delete;
    OpenFile& operator=(const OpenFile&) = delete;
    [[nodiscard]] int fd() const { return fd_; }

private:
    int fd_;
};

bool writeAll(int fd, const std::string& text) {
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        written += static_cast<std::size_t>(n);
    }
    return true;
}

// The size of the file up to and with its last '\n' (0 when it has none), read backwards from `size`;
// -1 when reading fails.
off_t endOfLastCompleteLine(int fd, off_t size) {
    char chunk[4096];
    off_t end = size;
    while (end > 0) {
        const off_t start =
            end > static_cast<off_t>(sizeof chunk) ? end - static_cast<off_t>(sizeof chunk) : 0;
        const ssize_t n = ::pread(fd, chunk, static_cast<std::size_t>(end - start), start);
        if (n != end - start) {
            if (n < 0 && errno == EINTR) {
                continue;
            }
            return -1;
        }
        for (off_t i = end - start; i > 0; --i) {
            if (chunk[i - 1] == '\n') {
                return start + i;
            }
        }
        end = start;
    }
    return 0;
}

bool syncDirectory(const std::filesystem::path& directory) {
    const OpenFile dir(::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    return dir.fd() >= 0 && ::fsync(dir.fd()) == 0;
}

} // namespace

FileSink::FileSink(std::filesystem::path path) : path_(std::move(path)) {}

std::string FileSink::line(const DeliveryRecord& record) {
    using json::JsonValue;
    const auto optionalId = [](const auto& id) { return id ? JsonValue::integer(*id) : JsonValue(); };
    auto headers = JsonValue::object();
    headers.set("msgx-event-id", JsonValue::string(std::to_string(record.eventId)));
    if (record.sourceId) {
        headers.set("msgx-source-id", JsonValue::string(std::to_string(*record.sourceId)));
    }
    headers.set("msgx-event-type", JsonValue::string(record.eventType));

    auto line = JsonValue::object();
    line.set("eventId", JsonValue::integer(record.eventId));
    line.set("target", JsonValue::string(record.target));
    line.set("type", JsonValue::string(record.eventType));
    line.set("key", optionalId(record.key));
    line.set("sourceId", optionalId(record.sourceId));
    line.set("headers", std::move(headers));
    // The value is the envelope's JSON text (msgRecord); as a member it is rendered on one line.
    line.set("value", record.value ? json::parseJson(*record.value, "record value") : JsonValue());
    return json::renderCompactJson(line);
}

std::vector<SendResult> FileSink::send(const std::vector<DeliveryRecord>& records) {
    const auto fail = [&](std::string error) {
        log::error("file sink: {}; the records stay pending", error);
        const std::scoped_lock lock(healthMutex_);
        health_ = SinkHealth{false, error};
        return std::vector<SendResult>(records.size(), SendResult{SendResult::Status::Unavailable, error});
    };
    if (records.empty()) {
        return {};
    }

    const std::filesystem::path directory = path_.has_parent_path() ? path_.parent_path() : ".";
    std::error_code directoryError;
    std::filesystem::create_directories(directory, directoryError);
    if (directoryError) {
        return fail("cannot create directory " + directory.string() + ": " + directoryError.message());
    }
    const bool existed = std::filesystem::exists(path_);
    const OpenFile file(::open(path_.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0640));
    if (file.fd() < 0) {
        return fail(errnoText("cannot open", path_, errno));
    }
    if (!existed && !syncDirectory(directory)) {
        return fail(errnoText("cannot fsync the directory of", path_, errno));
    }
    struct stat before {};
    const bool sizeKnown = ::fstat(file.fd(), &before) == 0;
    if (sizeKnown && S_ISREG(before.st_mode) && before.st_size > 0) {
        // A line cut short by a crash mid-write (kill -9 or power loss before the truncation below)
        // was never acknowledged: its records are still pending and are written again now. Cut
        // back to the last complete line, so the file never holds a broken line between two good ones.
        const off_t complete = endOfLastCompleteLine(file.fd(), before.st_size);
        if (complete < 0) {
            return fail(errnoText("cannot read the end of", path_, errno));
        }
        if (complete < before.st_size) {
            if (::ftruncate(file.fd(), complete) != 0) {
                return fail(errnoText("cannot remove the line cut short at the end of", path_, errno));
            }
            log::warn("file sink: {} ended in a line cut short ({} bytes after the last complete line, a "
                      "crash mid-write): removed; its records were never acknowledged and are written again",
                      path_.string(), before.st_size - complete);
            before.st_size = complete;
        }
    }

    std::string batch;
    for (const DeliveryRecord& record : records) {
        batch += line(record);
        batch += '\n';
    }
    if (!writeAll(file.fd(), batch) || ::fsync(file.fd()) != 0) {
        const int error = errno;
        std::string problem = errnoText("cannot write", path_, error);
        if (!sizeKnown || ::ftruncate(file.fd(), before.st_size) != 0) {
            problem += " (a partial last line may remain; readers must ignore a line without its '\\n')";
        }
        return fail(problem);
    }
    {
        const std::scoped_lock lock(healthMutex_);
        health_ = SinkHealth{};
    }
    return std::vector<SendResult>(records.size(), SendResult{});
}

SinkHealth FileSink::health() const {
    const std::scoped_lock lock(healthMutex_);
    return health_;
}

std::string FileSink::describe() const {
    return "file " + path_.string();
}

} // namespace msgx::delivery
