#pragma once

// A site on private servers for one end-to-end test: its own PostgreSQL (own store) and MariaDB
// (the mailbox with CMINMSGS/COUTMSGS) from msgx-services --private, a configuration file for
// msgxd/msgxctl on them with file delivery targets, and the upstream's side of the mailbox.

#include "PrivateServices.h"
#include "TempDir.h"

#include <Poco/Data/Session.h>

#include <filesystem>
#include <string>
#include <vector>

namespace msgx::test {

class ServerSite {
public:
    // The own store's server: the private PostgreSQL (the default) or a database of its own on the
    // private MariaDB (MSGX_TEST_MYSQL, beside the mailbox database).
    enum class StoreServer { Postgres, MariaDb };

    // `testPlugins`: file names from MSGX_TEST_PLUGINS_DIR added to the shipped handlers. With
    // `kafka`, a private Kafka mock cluster too, and both targets bound to topics of it (msgTopic(),
    // schdTopic()) instead of files.
    explicit ServerSite(const std::vector<std::string>& testPlugins, bool kafka = false,
                        StoreServer storeServer = StoreServer::Postgres);

    [[nodiscard]] StoreServer storeServer() const { return storeServer_; }

    [[nodiscard]] std::string msgTopic() const { return "msgx-e2e-msg"; }
    [[nodiscard]] std::string schdTopic() const { return "msgx-e2e-schd"; }

    PrivateServices& services() { return services_; }
    [[nodiscard]] const std::filesystem::path& dir() const { return dir_.path(); }
    [[nodiscard]] const std::filesystem::path& config() const { return config_; }
    [[nodiscard]] std::filesystem::path msgFile() const { return dir_.path() / "outbox" / "msg.jsonl"; }
    [[nodiscard]] std::filesystem::path schdFile() const { return dir_.path() / "outbox" / "schd.jsonl"; }

    // Writes another configuration on the same databases (a second daemon needs its own control
    // socket); `extraYaml` is appended.
    std::filesystem::path writeConfig(const std::string& name, const std::string& extraYaml = "") const;

    // Inserts documents into CMINMSGS as the upstream does (STATUS VALID, received now), in order,
    // a few hundred per statement; returns nothing (ids are 1.. in insertion order on a fresh table).
    void insert(const std::vector<std::string>& documents);

    Poco::Data::Session store() const;   // the own store (PostgreSQL or MariaDB)
    Poco::Data::Session mailbox() const; // the mailbox (MariaDB)

private:
    bool kafka_;
    StoreServer storeServer_;
    PrivateServices services_;
    TempDir dir_;
    std::filesystem::path config_;
};

} // namespace msgx::test
