#include "repository/reference/SqlReferenceRepository.h"

#include "repository/reference/ReferenceWrites.h"
#include "repository/rows/LongTexts.h"
#include "sql/RowMapping.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {
namespace {

// One REF_MASTER row as read with kReferenceColumns (ReferenceStatements.cpp).
struct ReferenceRow {
    static constexpr const char* kWholeTexts = "reference.whole-item"; // LongTexts.h
    std::string rtype;
    std::string rkey;
    LongText item;
    std::string source;
    Poco::Int64 refreshedAt = 0;
    Poco::Nullable<std::string> batchId;

    template <typename F>
    void longTexts(F& f) {
        f(item);
    }
    [[nodiscard]] std::vector<Parameter> longTextKey() const {
        return {Parameter::shortText(rtype), Parameter::shortText(rkey)};
    }

    template <typename Columns>
    void columns(Columns& c) {
        c(rtype), c(rkey), c(item), c(source), c(refreshedAt), c(batchId);
    }

    [[nodiscard]] ReferenceRecord record() const {
        return {rtype, rkey, item.text(), source, timestampOf(refreshedAt), optionalOf(batchId)};
    }
};

} // namespace
} // namespace msgx::storage

MSGX_ROW_TYPE_HANDLER(msgx::storage::ReferenceRow)

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

std::optional<ReferenceRecord> SqlReferenceRepository::find(const std::string& rtype,
                                                            const std::string& rkey) {
    return ctx_.pool->transact("store: read reference " + rtype + "/" + rkey,
                               [ctx = ctx_.statements, rtype, rkey](Transaction& tx) {
                                   std::vector<ReferenceRow> rows;
                                   tx.session() << ctx["reference.find"], ctx.text.shortText(rtype),
                                       ctx.text.shortText(rkey), into(rows), now;
                                   completeLongTexts(tx, ctx, rows);
                                   return rows.empty() ? std::nullopt : std::optional(rows.front().record());
                               });
}

std::vector<ReferenceRecord> SqlReferenceRepository::listClass(const std::string& rtype) {
    return ctx_.pool->transact(
        "store: read reference class " + rtype, [ctx = ctx_.statements, rtype](Transaction& tx) {
            std::vector<ReferenceRow> rows;
            tx.session() << ctx["reference.list-class"], ctx.text.shortText(rtype), into(rows), now;
            completeLongTexts(tx, ctx, rows);
            std::vector<ReferenceRecord> records;
            records.reserve(rows.size());
            for (const auto& row : rows) {
                records.push_back(row.record());
            }
            return records;
        });
}

std::vector<std::string> SqlReferenceRepository::classNames() {
    return ctx_.pool->transact("store: read reference class names", [ctx = ctx_.statements](Transaction& tx) {
        std::vector<std::string> names;
        tx.session() << ctx["reference.class-names"], into(names), now;
        return names;
    });
}

void SqlReferenceRepository::apply(const std::vector<ReferenceChange>& changes) {
    if (changes.empty()) {
        return;
    }
    for (const auto& change : changes) {
        validateReferenceChange(change);
    }
    const Timestamp stamp = ctx_.now();
    ctx_.writerTransact("store: write " + std::to_string(changes.size()) + " reference changes",
                        [ctx = ctx_.statements, changes, stamp](Transaction& tx) {
                            for (const auto& change : changes) {
                                applyReferenceChange(tx, ctx, change, stamp);
                            }
                        });
}

} // namespace msgx::storage
