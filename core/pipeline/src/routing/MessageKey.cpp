#include "msgx/pipeline/routing/MessageKey.h"

#include "msgx/decoder/MessageDecoder.h"

namespace msgx::pipeline {

std::string messageKeyOf(const storage::ProcessingRecord& record) {
    if (record.type || record.styp) {
        return record.type.value_or("") + "-" + record.styp.value_or("");
    }
    const auto decoded = codec::decodeMessage(record.rawXml);
    return decoded.ok() ? decoded.message().key() : "";
}

} // namespace msgx::pipeline
