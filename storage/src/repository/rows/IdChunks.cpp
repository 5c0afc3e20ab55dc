#include "repository/rows/IdChunks.h"

#include "repository/rows/StoreContext.h"
#include "session/Transaction.h"
#include "sql/Values.h"

#include <Poco/Data/Statement.h>

namespace msgx::storage {

std::string idListMarkers() {
    std::string markers = "?";
    for (int i = 1; i < kIdsPerStatement; ++i) {
        markers += ", ?";
    }
    return markers;
}

std::vector<std::vector<std::int64_t>> idChunks(const std::vector<std::int64_t>& ids) {
    std::vector<std::vector<std::int64_t>> chunks;
    for (std::size_t from = 0; from < ids.size(); from += kIdsPerStatement) {
        std::vector<std::int64_t> chunk;
        chunk.reserve(kIdsPerStatement);
        for (std::size_t i = from; i < ids.size() && chunk.size() < kIdsPerStatement; ++i) {
            chunk.push_back(ids[i]);
        }
        chunk.resize(kIdsPerStatement, chunk.back());
        chunks.push_back(std::move(chunk));
    }
    return chunks;
}

std::vector<Parameter> idParameters(const std::vector<std::int64_t>& chunk) {
    std::vector<Parameter> parameters;
    parameters.reserve(chunk.size());
    for (const std::int64_t id : chunk) {
        parameters.push_back(Parameter::int64(id));
    }
    return parameters;
}

void executeForIds(Transaction& tx, const SqlContext& ctx, const std::string& name,
                   std::optional<Timestamp> leading, const std::vector<std::int64_t>& ids) {
    for (const auto& chunk : idChunks(ids)) {
        Poco::Data::Statement statement(tx.session());
        statement << ctx[name];
        if (leading) {
            statement.addBind(bindMicros(*leading));
        }
        for (const std::int64_t id : chunk) {
            statement.addBind(bindInt64(id));
        }
        statement.execute();
    }
}

} // namespace msgx::storage
