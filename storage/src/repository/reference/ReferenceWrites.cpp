#include "repository/reference/ReferenceWrites.h"

#include <Poco/Data/Statement.h>

#include <stdexcept>

namespace msgx::storage {

using namespace Poco::Data::Keywords;
using Poco::Data::Statement;

void validateReferenceChange(const ReferenceChange& change) {
    if (change.kind == ReferenceChange::Kind::Upsert && (change.rkey.empty() || change.source.empty())) {
        throw std::invalid_argument("a reference record needs a key and a source (class " + change.rtype +
                                    ")");
    }
    if (change.kind == ReferenceChange::Kind::KeepOnlyBatch && (!change.batchId || change.batchId->empty())) {
        throw std::invalid_argument("replacing reference class " + change.rtype +
                                    " needs a non-empty batch id");
    }
}

void applyReferenceChange(Transaction& tx, const SqlContext& ctx, const ReferenceChange& change,
                          Timestamp stamp) {
    Statement statement(tx.session());
    switch (change.kind) {
    case ReferenceChange::Kind::Upsert:
        statement << ctx["reference.upsert"], ctx.text.shortText(change.rtype),
            ctx.text.shortText(change.rkey);
        for (int copy = 0; copy < (ctx.upsertRepeatsValues ? 2 : 1); ++copy) {
            statement, ctx.text.longText(change.itemJson), ctx.text.shortText(change.source),
                bindMicros(stamp), ctx.text.shortText(change.batchId);
        }
        break;
    case ReferenceChange::Kind::Delete:
        statement << ctx["reference.delete"], ctx.text.shortText(change.rtype),
            ctx.text.shortText(change.rkey);
        break;
    case ReferenceChange::Kind::KeepOnlyBatch:
        statement << ctx["reference.keep-only-batch"], ctx.text.shortText(change.rtype),
            ctx.text.shortText(*change.batchId);
        break;
    }
    statement.execute();
}

} // namespace msgx::storage
