#pragma once

#include "msgx/storage/ProcessingRecord.h"
#include "repository/rows/MultiRowInsert.h"
#include "repository/rows/StoreContext.h"
#include "session/PreparedStatement.h"

#include <memory>
#include <vector>

// The prepared PROC_STATE inserts of SqlProcessingQueue::enqueue, kept for the life of the session
// (PreparedStatements): a poll of many rows writes them several per statement.
namespace msgx::storage {

// Rows per processing.enqueue-many statement, and per processing.enqueue-few for the rest.
inline constexpr int kEnqueuedPerInsert = 50;
inline constexpr int kEnqueuedPerSmallInsert = 8;

// processing.enqueue's parameters (one row; the multi-row statements bind these row after row).
struct EnqueueRow {
    explicit EnqueueRow(const TextBinder& text)
        : rawXml(text, TextColumn::Long), state(text, TextColumn::Short), note(text, TextColumn::Long),
          mailboxStatus(text, TextColumn::Short), backfillState(text, TextColumn::Short) {}
    Poco::Int64 id = 0;
    BoundText rawXml;
    BoundText state;
    BoundText note;
    int attempts = 0;
    Poco::Nullable<Poco::Int64> receivedAt;
    BoundText mailboxStatus;
    Poco::Int64 enqueuedAt = 0;
    Poco::Int64 updatedAt = 0;
    BoundText backfillState;
    int backfillAttempts = 0;

    template <typename Use>
    void parameters(Use& use) {
        use(id), use(rawXml), use(state), use(note), use(attempts), use(receivedAt), use(mailboxStatus);
        use(enqueuedAt), use(updatedAt), use(backfillState), use(backfillAttempts);
    }
};

// Prepared once per session, like the commit's statements (CommitStatements).
class EnqueueStatements {
public:
    EnqueueStatements(Poco::Data::Session& session, const SqlContext& ctx);

    // Inserts `messages` as new PROC_STATE rows stamped `stamp`, in order, each skipped if its key
    // exists (processing.enqueue); empties `messages`.
    void write(std::vector<const NewMessage*>& messages, Timestamp stamp);

private:
    using Many = MultiRowParameters<EnqueueRow, kEnqueuedPerInsert>;
    using Few = MultiRowParameters<EnqueueRow, kEnqueuedPerSmallInsert>;

    std::unique_ptr<PreparedStatement<EnqueueRow>> one_;
    std::unique_ptr<PreparedStatement<Many>> many_; // null on Oracle
    std::unique_ptr<PreparedStatement<Few>> few_;   // null on Oracle
};

} // namespace msgx::storage
