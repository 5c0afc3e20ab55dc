#include "KafkaDeliveryCheck.h"

#include <gtest/gtest.h>

#include <string>

namespace msgx::test {

DeduplicatedTopic deduplicate(const std::vector<ReadBackRecord>& records) {
    DeduplicatedTopic topic;
    for (const auto& record : records) {
        ++topic.records;
        const auto header = headerValue(record.headers, "msgx-event-id");
        if (!header || !record.key) {
            ADD_FAILURE() << "record without msgx-event-id header or key: " << record.headers;
            continue;
        }
        const std::int64_t id = std::stoll(*header);
        if (record.value) {
            EXPECT_NE(record.value->find("\"eventId\":" + *header + ","), std::string::npos)
                << "value does not carry event id " << id << ": " << *record.value;
        }
        if (topic.copies[id]++ == 0) {
            topic.idsPerKey[std::stoll(*record.key)].push_back(id);
        }
    }
    return topic;
}

void expectEveryEventInOrderPerFlight(
    const DeduplicatedTopic& topic, const std::map<std::int64_t, std::vector<std::int64_t>>& expectedPerKey) {
    std::size_t expectedEvents = 0;
    for (const auto& [key, ids] : expectedPerKey) {
        expectedEvents += ids.size();
        const auto found = topic.idsPerKey.find(key);
        ASSERT_NE(found, topic.idsPerKey.end()) << "nothing arrived for FLID " << key;
        EXPECT_EQ(found->second, ids) << "FLID " << key << ": lost, foreign or reordered events";
    }
    EXPECT_EQ(topic.copies.size(), expectedEvents);
    EXPECT_EQ(topic.idsPerKey.size(), expectedPerKey.size());
}

} // namespace msgx::test
