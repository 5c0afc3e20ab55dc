#pragma once

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#include <string>
#include <string_view>

namespace msgx::test::kafka_mock {

// Applies one control command (one line of the control FIFO) to a librdkafka mock cluster.
//
//   down <broker|all>                  disconnect the broker and refuse new connections
//   up <broker|all>                    accept connections again
//   perr <ApiKey> <error> <count>      the next <count> requests of that API fail with <error>,
//                                      a Kafka error code (19) or its name (NOT_ENOUGH_REPLICAS)
//   rtt <broker|all> <ms>              add <ms> of round-trip time to the broker's responses
//   topic <name> <partitions>          create a topic (replication factor min(3, brokers))
//
// Brokers are numbered 1..brokerCount. The librdkafka mock functions are synchronous (they wait
// for the mock thread to apply the change), so the command is in force when apply() returns.
class MockClusterControl {
public:
    MockClusterControl(rd_kafka_mock_cluster_t* cluster, int brokerCount);

    // Returns "ok <command>" or "error <command>: <reason>"; never throws for a bad command.
    std::string apply(std::string_view commandLine);

private:
    rd_kafka_mock_cluster_t* cluster_;
    int brokerCount_;
};

} // namespace msgx::test::kafka_mock
