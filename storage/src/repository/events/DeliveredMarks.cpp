#include "repository/events/DeliveredMarks.h"

#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {
namespace {

constexpr std::string_view kMarkPrefix = "delivery-sent:";

struct MarkNameRow {
    std::string name;
    Poco::Int64 watermark = 0;

    template <typename Columns>
    void columns(Columns& c) {
        c(name), c(watermark);
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::MarkNameRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;

std::string deliveredMarkName(const std::string& target) {
    return std::string(kMarkPrefix) + target;
}

std::map<std::string, EventId> readDeliveredMarks(Transaction& tx, const SqlContext& ctx) {
    std::vector<MarkNameRow> rows;
    tx.session() << ctx["event.delivered-marks"], into(rows), now;
    std::map<std::string, EventId> marks;
    for (const auto& row : rows) {
        if (row.name.starts_with(kMarkPrefix)) { // LIKE's '_' and case rules aside
            marks[row.name.substr(kMarkPrefix.size())] = row.watermark;
        }
    }
    return marks;
}

EventState deliveredState(const std::map<std::string, EventId>& marks, const std::string& target, EventId id,
                          EventState stored) {
    if (stored != EventState::Pending) {
        return stored;
    }
    const auto mark = marks.find(target);
    return mark != marks.end() && id <= mark->second ? EventState::Sent : stored;
}

void settleDeliveredMarks(Transaction& tx, const SqlContext& ctx, Timestamp stamp) {
    for (const auto& [target, mark] : readDeliveredMarks(tx, ctx)) {
        Poco::Data::Statement update(tx.session());
        update << ctx["event.mark-sent"], bindMicros(stamp), ctx.text.shortText(target),
            bindInt64(EventId{0}), bindInt64(mark);
        update.execute();
    }
}

} // namespace msgx::storage
