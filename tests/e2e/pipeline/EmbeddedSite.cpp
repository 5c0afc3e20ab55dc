#include "EmbeddedSite.h"

#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

namespace msgx::test {

namespace {

std::int64_t member(const json::JsonValue& object, std::initializer_list<std::string_view> path) {
    const json::JsonValue* value = &object;
    for (const auto part : path) {
        value = value->find(part);
        if (value == nullptr) {
            return -1;
        }
    }
    return value->isNull() ? -1 : value->asInteger();
}

} // namespace

EmbeddedSite::EmbeddedSite() : EmbeddedSite(Options{}) {}

EmbeddedSite::EmbeddedSite(const Options& options)
    : var_(dir_.path() / "var"), config_(dir_.path() / "msgx.yaml") {
    preparePluginsDir(pluginsDir());
    for (const auto& name : options.withoutHandlers) {
        std::filesystem::remove(pluginsDir() / name);
    }
    std::ifstream embedded(kSourceDir / "etc" / "msgx.embedded.yaml");
    std::stringstream text;
    text << embedded.rdbuf();
    std::string configText = text.str() + fastPipelineYaml();
    if (options.editConfig) {
        configText = options.editConfig(configText);
    }
    std::ofstream(config_) << withTestHttpListen(configText);
    environment_ = {"MSGX_VAR_DIR=" + var_.string(), "MSGX_RUN_DIR=" + dir_.path().string(),
                    "MSGX_PLUGINS_DIR=" + pluginsDir().string()};
    std::filesystem::create_directories(var_);
    std::filesystem::create_directories(dir_.path() / "messages");
}

std::vector<std::int64_t> EmbeddedSite::inject(const std::vector<std::string>& documents) {
    std::vector<std::string> args{"inject"};
    for (const auto& document : documents) {
        const auto file = dir_.path() / "messages" / (std::to_string(10000 + injected_++) + ".xml");
        std::ofstream(file) << document;
        args.push_back(file.string());
    }
    std::vector<std::int64_t> ids;
    for (const auto& id : injectFiles(config_, args, environment_)) {
        ids.push_back(std::stoll(id));
    }
    return ids;
}

SubprocessResult EmbeddedSite::msgxctl(const std::vector<std::string>& args) const {
    return runMsgxctl(config_, args, environment_);
}

json::JsonValue EmbeddedSite::status() const {
    return statusJson(config_, environment_);
}

bool EmbeddedSite::settled(std::int64_t expectedMessages) const {
    const auto current = status();
    if (current.isNull()) {
        return false;
    }
    return messageCount(current) == expectedMessages && member(current, {"unfinished"}) == 0 &&
           member(current, {"delivery", "msg", "pending"}) == 0;
}

std::map<std::int64_t, json::JsonValue> EmbeddedSite::messagesById() const {
    const auto listed = msgxctl({"messages", "--json", "--limit", "10000"});
    EXPECT_EQ(listed.exitCode, 0) << listed.err;
    std::map<std::int64_t, json::JsonValue> byId;
    if (listed.exitCode != 0) {
        return byId;
    }
    const json::JsonValue list = json::parseJson(listed.out, "msgxctl messages --json");
    for (const auto& item : list.items()) {
        byId.emplace(item.find("id")->asInteger(), item);
    }
    return byId;
}

std::map<std::int64_t, StoredFlight> EmbeddedSite::storedFlights() const {
    storage::registerPocoConnectors();
    Poco::Data::Session store("SQLite", (var_ / "msgx.db").string());
    using namespace Poco::Data::Keywords;
    std::vector<Poco::Int64> flids;
    std::vector<std::string> attributes;
    store << "SELECT FLID, ATTRIBUTES FROM FLIGHT WHERE DELETED = 0", into(flids), into(attributes), now;
    std::map<std::int64_t, StoredFlight> byFlid;
    for (std::size_t i = 0; i < flids.size(); ++i) {
        byFlid[flids[i]].attributes = json::parseJson(attributes[i], "FLIGHT.ATTRIBUTES");
    }
    std::vector<Poco::Int64> detailFlids;
    std::vector<std::string> names;
    std::vector<std::string> items;
    store << "SELECT FLID, LIST_NAME, ITEM FROM FLIGHT_DETAIL ORDER BY FLID, LIST_NAME, SEQ",
        into(detailFlids), into(names), into(items), now;
    for (std::size_t i = 0; i < detailFlids.size(); ++i) {
        if (auto flight = byFlid.find(detailFlids[i]); flight != byFlid.end()) {
            flight->second.lists[names[i]].push_back(json::parseJson(items[i], "FLIGHT_DETAIL.ITEM"));
        }
    }
    return byFlid;
}

std::vector<DeliveredRecord> EmbeddedSite::delivered(const std::string& target) const {
    std::vector<DeliveredRecord> records;
    std::set<std::int64_t> seen;
    for (const auto& line : readLines(var_ / "outbox" / (target + ".jsonl"))) {
        const auto record = json::parseJson(line, target + ".jsonl");
        const std::int64_t eventId = record.find("eventId")->asInteger();
        if (!seen.insert(eventId).second) {
            continue; // a line sent again after a crash carries the same event id
        }
        const json::JsonValue* source = record.find("sourceId");
        const json::JsonValue* value = record.find("value");
        records.push_back({eventId, record.find("key")->asInteger(),
                           source != nullptr && !source->isNull() ? source->asInteger() : 0,
                           record.find("type")->asString(), value != nullptr ? *value : json::JsonValue()});
    }
    return records;
}

} // namespace msgx::test
