#include "MailboxBulkInsert.h"

#include <Poco/Data/Statement.h>

#include <algorithm>

namespace msgx::test {

void insertMailboxDocuments(Poco::Data::Session& mailbox, const std::vector<std::string>& documents) {
    using Poco::Data::Keywords::useRef;
    constexpr std::size_t kChunk = 200;
    for (std::size_t first = 0; first < documents.size(); first += kChunk) {
        const std::size_t count = std::min(kChunk, documents.size() - first);
        std::string sql =
            "INSERT INTO CMINMSGS (CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED, CMINMSGS_STATUS) VALUES ";
        for (std::size_t i = 0; i < count; ++i) {
            sql += i == 0 ? "(?, NOW(), 'VALID')" : ", (?, NOW(), 'VALID')";
        }
        Poco::Data::Statement statement(mailbox);
        statement << sql;
        for (std::size_t i = 0; i < count; ++i) {
            statement, useRef(documents[first + i]);
        }
        statement.execute();
    }
}

} // namespace msgx::test
