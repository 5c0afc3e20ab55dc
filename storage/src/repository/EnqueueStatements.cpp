#include "repository/EnqueueStatements.h"

#include "msgx/storage/Timestamp.h"

namespace msgx::storage {

void EnqueueStatements::write(const std::vector<const NewMessage*>& messages, Timestamp stamp) {
    const std::size_t count = messages.size();
    const bool multiRow = ctx_.sql->all().count("processing.enqueue-many") != 0;
    if (multiRow && count >= static_cast<std::size_t>(kEnqueuedPerInsert) && !many_) {
        many_ =
            std::make_unique<PreparedStatement<Many>>(session_, ctx_["processing.enqueue-many"], ctx_.text);
    }
    const std::size_t rest = multiRow ? count % kEnqueuedPerInsert : count;
    if (multiRow && rest >= static_cast<std::size_t>(kEnqueuedPerSmallInsert) && !few_) {
        few_ = std::make_unique<PreparedStatement<Few>>(session_, ctx_["processing.enqueue-few"], ctx_.text);
    }
    if ((multiRow ? rest % kEnqueuedPerSmallInsert : rest) != 0 && !one_) {
        one_ =
            std::make_unique<PreparedStatement<EnqueueRow>>(session_, ctx_["processing.enqueue"], ctx_.text);
    }
    const Poco::Int64 micros = toEpochMicros(stamp);
    const auto set = [micros](EnqueueRow& row, const NewMessage* message) {
        row.id = message->mailboxId;
        row.rawXml.set(message->rawXml);
        row.state.set(
            std::string(stateName(message->skipNote ? ProcessingState::Skipped : ProcessingState::Pending)));
        row.note.set(message->skipNote);
        row.receivedAt = message->receivedAt
                             ? Poco::Nullable<Poco::Int64>(toEpochMicros(*message->receivedAt))
                             : Poco::Nullable<Poco::Int64>();
        row.mailboxStatus.set(message->mailboxStatus);
        row.enqueuedAt = micros;
        row.updatedAt = micros;
        row.backfillState.set(std::string(backfillStateName(BackfillState::None)));
    };
    std::size_t next = writeRowsBy(messages, 0, many_.get(), set);
    next = writeRowsBy(messages, next, few_.get(), set);
    for (; next < count; ++next) {
        set(one_->values, messages[next]);
        one_->execute();
    }
}

} // namespace msgx::storage
