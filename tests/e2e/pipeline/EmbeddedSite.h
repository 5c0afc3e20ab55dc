#pragma once

// One embedded-profile site for a pipeline end-to-end test (the `make run` set-up): a temporary
// directory with the configuration (etc/msgx.embedded.yaml plus the fast pipeline settings and
// whatever the test adds), the var directory with the SQLite store, mailbox and file outbox, and a
// plugins folder linking the shipped handlers. The daemon is a DaemonProcess the test starts.

#include "E2eSupport.h"
#include "TempDir.h"
#include "msgx/json/JsonValue.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace msgx::test {

// One delivered record of a file target, as the file sink wrote it.
struct DeliveredRecord {
    std::int64_t eventId = 0;
    std::int64_t flid = 0;
    std::int64_t sourceId = 0; // 0 when the record has none (schd aggregates)
    std::string type;
    json::JsonValue value; // the payload (null for a tombstone)
};

// A stored (not deleted) flight: its attribute document and its detail lists by name, in SEQ order.
struct StoredFlight {
    json::JsonValue attributes;
    std::map<std::string, std::vector<json::JsonValue>> lists;
};

class EmbeddedSite {
public:
    struct Options {
        // Shipped handler files (e.g. "flop-gtdt.so") left out of the plugins folder.
        std::vector<std::string> withoutHandlers;
        // Edits the whole configuration text (the embedded profile plus the fast pipeline settings)
        // before it is written, e.g. to change a key those already set; none when empty.
        std::function<std::string(std::string)> editConfig;
    };

    EmbeddedSite();
    explicit EmbeddedSite(const Options& options);

    [[nodiscard]] const std::filesystem::path& config() const { return config_; }
    [[nodiscard]] const std::vector<std::string>& environment() const { return environment_; }
    [[nodiscard]] std::filesystem::path pluginsDir() const { return dir_.path() / "handlers"; }
    [[nodiscard]] std::filesystem::path logFile() const { return dir_.path() / "msgxd.log"; }

    // Writes each document to a file and injects them in this order; their mailbox ids.
    std::vector<std::int64_t> inject(const std::vector<std::string>& documents);
    // `msgxctl <args...>` on this site.
    SubprocessResult msgxctl(const std::vector<std::string>& args) const;
    // `msgxctl status --json`; null when it does not answer (a test failure).
    json::JsonValue status() const;
    // Every message reached the store and is finished, and no msg event waits for delivery.
    bool settled(std::int64_t expectedMessages) const;
    // `msgxctl messages --json` by mailbox id.
    std::map<std::int64_t, json::JsonValue> messagesById() const;
    // The stored flights by FLID, read from the SQLite store.
    std::map<std::int64_t, StoredFlight> storedFlights() const;
    // The records the file sink delivered to target `target` ("msg", "schd"), each event once.
    std::vector<DeliveredRecord> delivered(const std::string& target) const;

private:
    TempDir dir_;
    std::filesystem::path var_;
    std::filesystem::path config_;
    std::vector<std::string> environment_;
    int injected_ = 0;
};

} // namespace msgx::test
