#pragma once

#include <chrono>
#include <string>

namespace msgx::test {

// Sends one command to a running msgx-kafka-mock (e.g. "down 2", "up all", "perr 0 19 3",
// "rtt 1 500", "topic name 6"; see tests/services/kafka_mock/MockClusterControl.h) through its
// control FIFO (MSGX_TEST_KAFKA_CONTROL) and waits, bounded by `timeout`, until the mock wrote
// the outcome to its acknowledgement file (MSGX_TEST_KAFKA_CONTROL_ACK): the command is in force
// when this returns. Throws std::runtime_error if no mock reads the FIFO, if the mock rejects the
// command or does not answer in time. One sender at a time per mock (use a private instance).
void sendKafkaMockCommand(const std::string& controlFifo, const std::string& ackFile,
                          const std::string& command,
                          std::chrono::milliseconds timeout = std::chrono::seconds(10));

} // namespace msgx::test
