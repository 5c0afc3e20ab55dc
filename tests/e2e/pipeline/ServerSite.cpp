#include "ServerSite.h"

#include "E2eSupport.h"
#include "MailboxBulkInsert.h"
#include "msgx/storage/PocoConnectors.h"

#include <fstream>
#include <sstream>

namespace msgx::test {

using namespace Poco::Data::Keywords;

ServerSite::ServerSite(const std::vector<std::string>& testPlugins, bool kafka, StoreServer storeServer)
    : kafka_(kafka), storeServer_(storeServer), services_(kafka ? "pg,mysql,kafka" : "pg,mysql") {
    storage::registerPocoConnectors();
    preparePluginsDir(dir_.path() / "handlers", testPlugins);
    config_ = writeConfig("msgx");
}

std::filesystem::path ServerSite::writeConfig(const std::string& name, const std::string& extraYaml) const {
    const auto path = dir_.path() / (name + ".yaml");
    std::ostringstream out;
    out << "profile: embedded\n"
        << "store:\n  backend: " << (storeServer_ == StoreServer::Postgres ? "postgresql" : "mysql")
        << "\n  connect: \""
        << services_.get(storeServer_ == StoreServer::Postgres ? "MSGX_TEST_PG" : "MSGX_TEST_MYSQL") << "\"\n"
        << "  migrate-on-start: true\n"
        << "mailbox:\n  backend: mysql\n  connect: \"" << services_.get("MSGX_TEST_MAILBOX") << "\"\n"
        << "plugins:\n  dir: " << (dir_.path() / "handlers").string() << "\n"
        << "delivery:\n  targets:\n";
    if (kafka_) {
        out << "    msg: {type: kafka, topic: " << msgTopic() << "}\n"
            << "    schd: {type: kafka, topic: " << schdTopic() << "}\n"
            << "  schd-flush-period: 200ms\n"
            << "kafka:\n  bootstrap: \"" << services_.get("MSGX_TEST_KAFKA") << "\"\n"
            << "  properties: {message.timeout.ms: 20000}\n";
    } else {
        out << "    msg: {type: file, path: " << (dir_.path() / "outbox" / "msg.jsonl").string() << "}\n"
            << "    schd: {type: file, path: " << (dir_.path() / "outbox" / "schd.jsonl").string() << "}\n"
            << "  schd-flush-period: 200ms\n";
    }
    out << "control:\n  socket: " << (dir_.path() / (name + ".sock")).string() << "\n"
        << fastPipelineYaml() << extraYaml;
    std::ofstream(path) << withTestHttpListen(out.str());
    return path;
}

void ServerSite::insert(const std::vector<std::string>& documents) {
    auto session = mailbox();
    insertMailboxDocuments(session, documents);
}

Poco::Data::Session ServerSite::store() const {
    if (storeServer_ == StoreServer::MariaDb) {
        return Poco::Data::Session("MySQL", services_.get("MSGX_TEST_MYSQL"));
    }
    return Poco::Data::Session("PostgreSQL", services_.get("MSGX_TEST_PG"));
}

Poco::Data::Session ServerSite::mailbox() const {
    return Poco::Data::Session("MySQL", services_.get("MSGX_TEST_MAILBOX"));
}

} // namespace msgx::test
