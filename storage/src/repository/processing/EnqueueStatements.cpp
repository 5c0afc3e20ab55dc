#include "repository/processing/EnqueueStatements.h"

#include "msgx/storage/Timestamp.h"

namespace msgx::storage {

EnqueueStatements::EnqueueStatements(Poco::Data::Session& session, const SqlContext& ctx)
    : one_(std::make_unique<PreparedStatement<EnqueueRow>>(session, ctx["processing.enqueue"], ctx.text)),
      many_(
          ctx.sql->all().count("processing.enqueue-many") == 0
              ? nullptr
              : std::make_unique<PreparedStatement<Many>>(session, ctx["processing.enqueue-many"], ctx.text)),
      few_(ctx.sql->all().count("processing.enqueue-few") == 0
               ? nullptr
               : std::make_unique<PreparedStatement<Few>>(session, ctx["processing.enqueue-few"], ctx.text)) {
}

void EnqueueStatements::write(std::vector<const NewMessage*>& messages, Timestamp stamp) {
    const Poco::Int64 micros = toEpochMicros(stamp);
    writeQueuedRows(
        messages, many_.get(), few_.get(), *one_, [micros](EnqueueRow& row, const NewMessage* message) {
            row.id = message->mailboxId;
            row.rawXml.set(message->rawXml);
            row.state.set(std::string(
                stateName(message->skipNote ? ProcessingState::Skipped : ProcessingState::Pending)));
            row.note.set(message->skipNote);
            row.receivedAt = message->receivedAt
                                 ? Poco::Nullable<Poco::Int64>(toEpochMicros(*message->receivedAt))
                                 : Poco::Nullable<Poco::Int64>();
            row.mailboxStatus.set(message->mailboxStatus);
            row.enqueuedAt = micros;
            row.updatedAt = micros;
            row.backfillState.set(std::string(backfillStateName(BackfillState::None)));
        });
}

} // namespace msgx::storage
