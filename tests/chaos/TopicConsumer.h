#pragma once

// A consumer that reads a topic of the mock cluster while the run goes on (the mock keeps only
// a few MiB per partition and drops older records): `kcat -C` from the beginning, without an end,
// every record appended to a file as it arrives. Records are read back from that file.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace msgx::chaos {

struct ConsumedRecord {
    int partition = 0;
    std::optional<std::int64_t> key;      // the FLID
    std::optional<std::int64_t> eventId;  // header msgx-event-id
    std::optional<std::int64_t> sourceId; // header msgx-source-id
    std::string value;                    // the envelope (JSON), "" for none
};

class TopicConsumer {
public:
    TopicConsumer(std::string bootstrap, std::string topic, std::filesystem::path file);
    ~TopicConsumer();
    TopicConsumer(const TopicConsumer&) = delete;
    TopicConsumer& operator=(const TopicConsumer&) = delete;

    void start();
    // SIGTERM and reap (kcat flushes what it printed).
    void stop();
    [[nodiscard]] bool running();
    // Every complete record line written so far, in arrival order.
    [[nodiscard]] std::vector<ConsumedRecord> records() const;

private:
    std::string bootstrap_;
    std::string topic_;
    std::filesystem::path file_;
    pid_t pid_ = -1;
};

} // namespace msgx::chaos
