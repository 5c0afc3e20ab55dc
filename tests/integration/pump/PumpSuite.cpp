#include "PumpSuite.h"

#include "msgx/pipeline/pump/FlightStoreMapping.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <chrono>
#include <filesystem>

namespace msgx::test {

using namespace std::chrono_literals;

Clock::time_point PumpSuite::start() {
    return std::chrono::time_point_cast<Clock::duration>(std::chrono::sys_days{2024y / 3 / 18} + 7h);
}

std::string PumpSuite::scripted(const std::string& styp, long seqn, const std::string& body) {
    return "<MSG><META><SNDR>TEST</SNDR><SEQN>" + std::to_string(seqn) +
           "</SEQN><DTTM>20240318150000</DTTM><TYPE>TEST</TYPE><STYP>" + styp + "</STYP></META><TEST>" +
           body + "</TEST></MSG>";
}

std::string PumpSuite::setAttribute(long seqn, sdk::Flid flid, const std::string& name,
                                    const std::string& value) {
    return scripted("SET", seqn,
                    "<FLID>" + std::to_string(flid) + "</FLID><NAME>" + name + "</NAME><VALUE>" + value +
                        "</VALUE>");
}

std::string PumpSuite::failWith(long seqn, const std::string& errorClass, const std::string& text) {
    return scripted("FAIL", seqn, "<CLASS>" + errorClass + "</CLASS><TEXT>" + text + "</TEXT>");
}

void PumpSuite::SetUp() {
    database_ = std::make_unique<TestDatabase>(GetParam());
    realStore_ = storage::OwnStore::open(database_->settings(), clock_);
    realStore_->migrate(std::filesystem::path(MSGX_SOURCE_DIR) / "storage" / "migrations");
    store_ = std::make_unique<FlakyStore>(*realStore_);
    // Links to the built plugins, not copies: the host loads links like files, no test changes this
    // folder, and the 78 handlers of an ASan build are 1.1 GB that every test copied (2026-12-06).
    namespace fs = std::filesystem;
    fs::create_symlink(fs::path(MSGX_TEST_PLUGINS_DIR) / "scripted-handler.so",
                       pluginsDir_.path() / "scripted-handler.so");
    for (const auto& entry : fs::directory_iterator(MSGX_HANDLERS_DIR)) {
        if (entry.path().extension() == ".so") {
            fs::create_symlink(entry.path(), pluginsDir_.path() / entry.path().filename());
        }
    }
    plugins_ = std::make_unique<plugin::PluginHost>(pluginsDir_.path());
    const auto report = plugins_->reload();
    // Every shipped plugin loads beside the others: none refused (e.g. for a key another serves).
    ASSERT_TRUE(report.refused.empty()) << report.summaryLine() << ": " << report.refused.front().reason;
    ASSERT_TRUE(plugins_->acquire("TEST-SET").has_value()) << "the scripted handler did not load";
    ASSERT_TRUE(plugins_->acquire("FLOP-STND").has_value()) << "the real handlers did not load";
}

void PumpSuite::TearDown() {
    pump_.reset();
    plugins_.reset();
    store_.reset();
    realStore_.reset();
    database_.reset();
}

pipeline::Pump& PumpSuite::pump() {
    if (!pump_) {
        pump_ =
            std::make_unique<pipeline::Pump>(*store_, *plugins_, clock_, pipeline::PumpSettings::of(config_));
    }
    return *pump_;
}

void PumpSuite::enqueue(storage::MailboxId id, const std::string& xml) {
    storage::NewMessage message;
    message.mailboxId = id;
    message.rawXml = xml;
    message.receivedAt = clock_.now();
    message.mailboxStatus = "VALID";
    const auto inserted = realStore_->processing().enqueue({message}, std::nullopt);
    ASSERT_EQ(inserted, std::vector<storage::MailboxId>{id});
}

storage::ProcessingRecord PumpSuite::record(storage::MailboxId id) {
    const auto found = realStore_->processing().find(id);
    if (!found) {
        ADD_FAILURE() << "PROC_STATE " << id << " does not exist";
        return {};
    }
    return *found;
}

std::vector<storage::OutboxEvent> PumpSuite::events(const std::string& target) {
    return realStore_->events().list(target, std::nullopt, 0, 1000);
}

std::vector<std::string> PumpSuite::payloads(const std::string& target) {
    std::vector<std::string> texts;
    for (const auto& event : events(target)) {
        texts.push_back(event.payloadJson);
    }
    return texts;
}

std::optional<sdk::FlightDocument> PumpSuite::flight(sdk::Flid flid) {
    const auto stored = realStore_->flights().byFlid(flid);
    if (!stored || stored->deleted) {
        return std::nullopt;
    }
    return pipeline::documentFromStore(*stored, realStore_->flights().detailLists(flid));
}

std::optional<PumpSuite::Holder> PumpSuite::processHolder(storage::MailboxId id, const std::string& xml) {
    enqueue(id, xml);
    const int finished = runUntilQuiet();
    const auto row = record(id);
    if (finished != 1 || !row.identityKey || !row.processedAt) {
        ADD_FAILURE() << "message " << id << " did not end holding an identity (" << finished << " finished)";
        return std::nullopt;
    }
    return Holder{*row.identityKey, *row.processedAt};
}

void changeFlightBehindThePump(storage::OwnStore& store, storage::MailboxId id, storage::FlightId flid) {
    const auto current = store.flights().byFlid(flid);
    storage::ProcessingCommit other;
    other.mailboxId = id;
    other.expected = {storage::ProcessingState::Pending, 0};
    other.outcome.state = storage::ProcessingState::Succeeded;
    storage::FlightWrite write;
    write.flid = flid;
    write.expectedVersion = current ? std::optional(current->stateVersion) : std::nullopt;
    write.attributesJson = R"({"currentStand":"999"})";
    other.flights.push_back(write);
    EXPECT_TRUE(store.processing().commit(other).applied) << "the other writer's commit of " << id;
}

void PumpSuite::executeOnStore(const std::string& sql) {
    storage::registerPocoConnectors();
    using namespace Poco::Data::Keywords;
    switch (database_->backend()) {
    case StoreBackend::Postgres: {
        Poco::Data::Session session("PostgreSQL", database_->settings().connect);
        session << "SET search_path TO " + database_->name(), now;
        session << sql, now;
        return;
    }
    case StoreBackend::MySql: {
        Poco::Data::Session session("MySQL", database_->settings().connect);
        session << sql, now;
        return;
    }
    case StoreBackend::Sqlite: {
        Poco::Data::Session session("SQLite", database_->settings().connect);
        session << sql, now;
        return;
    }
    default:
        FAIL() << "executeOnStore: no session for this backend";
    }
}

int PumpSuite::runUntilQuiet() {
    int finished = 0;
    for (int i = 0; i < 100; ++i) {
        const pipeline::PumpStep step = pump().step();
        if (step.kind == pipeline::PumpStep::Kind::StoreUnavailable) {
            ADD_FAILURE() << "store unavailable: " << step.problem;
            return finished;
        }
        finished += step.finished;
        if (step.kind == pipeline::PumpStep::Kind::Idle ||
            step.kind == pipeline::PumpStep::Kind::HeadWaiting) {
            return finished;
        }
    }
    ADD_FAILURE() << "the pump did not settle in 100 steps";
    return finished;
}

} // namespace msgx::test
