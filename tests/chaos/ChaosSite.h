#pragma once

// The servers and files of a chaos run: PostgreSQL (own store), MariaDB (mailbox) and the Kafka
// mock cluster, either the ones tests/services/with-services started (MSGX_TEST_SERVICES_DIR) or,
// without it, private ones; the two daemons' configurations; the schd file target on a small
// filesystem of its own that the disk-full fault fills.

#include "PrivateServices.h"

#include <Poco/Data/Session.h>

#include <filesystem>
#include <memory>
#include <string>

namespace msgx::chaos {

struct SiteSettings {
    std::filesystem::path workDir; // emptied at start; configs, logs, plugins, the topic copy
    std::string leasePeriod = "4s";
};

class ChaosSite {
public:
    explicit ChaosSite(SiteSettings settings);
    ~ChaosSite();
    ChaosSite(const ChaosSite&) = delete;
    ChaosSite& operator=(const ChaosSite&) = delete;

    test::PrivateServices& services() { return *services_; }
    [[nodiscard]] const std::filesystem::path& dir() const { return settings_.workDir; }
    [[nodiscard]] std::string msgTopic() const { return "chaos-msg"; }
    [[nodiscard]] std::string kafkaBootstrap() const { return services_->get("MSGX_TEST_KAFKA"); }
    [[nodiscard]] std::string mailboxConnect() const { return services_->get("MSGX_TEST_MAILBOX"); }
    // The configuration of daemon `name` (its own control socket, an HTTP port of its own).
    [[nodiscard]] std::filesystem::path config(const std::string& name) const;
    [[nodiscard]] std::filesystem::path schdDisk() const { return settings_.workDir / "schd-disk"; }
    [[nodiscard]] std::filesystem::path schdFile() const { return schdDisk() / "schd.jsonl"; }
    // How the schd directory got its size limit: "tmpfs 8 MiB" (the fault fills it).
    [[nodiscard]] const std::string& diskKind() const { return diskKind_; }

    Poco::Data::Session store() const;
    Poco::Data::Session mailbox() const;

private:
    void writeConfig(const std::string& name) const;

    SiteSettings settings_;
    std::unique_ptr<test::PrivateServices> services_;
    bool mounted_ = false;
    std::string diskKind_;
};

} // namespace msgx::chaos
