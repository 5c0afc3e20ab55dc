#pragma once

#include "msgx/delivery/DeliverySink.h"

#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

namespace msgx::delivery {

// A JSON-lines file: one line per record, appended in the given order, with the fields of a Kafka
// record in this fixed order (docs/delivery.md, "Sinks and record format"):
//   {"eventId":7,"target":"msg","type":"flight-update","key":1001,"sourceId":42,
//    "headers":{"msgx-event-id":"7","msgx-source-id":"42","msgx-event-type":"flight-update"},
//    "value":{<envelope>}}
// "key" and "sourceId" are null when unknown ("msgx-source-id" is then left out of "headers");
// "value" is null for a tombstone.
//
// send() creates the parent directories and the file when missing, appends the whole batch and
// fsyncs it (and the directory after creating the file) before returning Acked for every record.
// Any failure makes every record of the batch Unavailable with the path and the errno text; the
// file is truncated back to its size before the batch, so no partial line stays behind to be
// read as delivered (when even that fails, the error says so). A file that ends in a line without
// its '\n' (a crash mid-write, before that truncation) is cut back to its last complete line before
// the next append, with a WARN: that line was never acknowledged, its records come again. The file
// is opened per send (read-write, to see its end), so a rotated or removed file is simply started
// again.
class FileSink final : public DeliverySink {
public:
    explicit FileSink(std::filesystem::path path);

    std::vector<SendResult> send(const std::vector<DeliveryRecord>& records) override;
    [[nodiscard]] SinkHealth health() const override;
    [[nodiscard]] std::string describe() const override;

    // The line (without its '\n') written for `record`.
    static std::string line(const DeliveryRecord& record);

private:
    std::filesystem::path path_;
    mutable std::mutex healthMutex_;
    SinkHealth health_;
};

} // namespace msgx::delivery
