#include "KafkaReadBackCheck.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace msgx::test {

void expectEachOnceInOrderPerKey(const std::vector<ReadBackRecord>& records, int count) {
    std::map<std::string, long long> lastIdOfKey;
    std::map<std::string, int> partitionOfKey;
    std::set<long long> seen;
    int reorders = 0;
    int duplicates = 0;
    for (const ReadBackRecord& record : records) {
        ASSERT_TRUE(record.key.has_value());
        ASSERT_TRUE(record.value.has_value());
        const auto header = headerValue(record.headers, "msgx-event-id");
        ASSERT_TRUE(header.has_value()) << record.headers;
        const long long id = std::stoll(*header);
        EXPECT_NE(record.value->find("\"eventId\":" + *header + ","), std::string::npos) << *record.value;
        if (!seen.insert(id).second) {
            ++duplicates;
        }
        const auto [last, first] = lastIdOfKey.try_emplace(*record.key, id);
        if (!first) {
            reorders += id <= last->second ? 1 : 0;
            last->second = id;
        }
        const auto [partition, firstSeen] = partitionOfKey.try_emplace(*record.key, record.partition);
        EXPECT_EQ(partition->second, record.partition) << "key " << *record.key << " in two partitions";
    }
    EXPECT_EQ(duplicates, 0);
    EXPECT_EQ(reorders, 0);
    EXPECT_EQ(seen.size(), static_cast<std::size_t>(count));
    EXPECT_EQ(records.size(), static_cast<std::size_t>(count));
    if (!seen.empty()) {
        EXPECT_EQ(*seen.begin(), 1);
        EXPECT_EQ(*seen.rbegin(), count);
    }
}

} // namespace msgx::test
