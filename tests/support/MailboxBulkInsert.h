#pragma once

#include <Poco/Data/Session.h>

#include <string>
#include <vector>

namespace msgx::test {

// Writes `documents` into the MariaDB CMINMSGS of `mailbox` as VALID rows received now, a few
// hundred per statement (the e2e runs and the pipeline bench fill the mailbox this way); ids grow
// in the order given.
void insertMailboxDocuments(Poco::Data::Session& mailbox, const std::vector<std::string>& documents);

} // namespace msgx::test
