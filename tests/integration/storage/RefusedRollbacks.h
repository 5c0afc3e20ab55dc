#pragma once

#include <Poco/Data/Session.h>

// Makes the driver's ROLLBACK fail for one ODBC connection, for tests of what the session pool does
// with a session whose rollback failed (Poco 1.11's ODBC session commits when it is closed). The
// executable that links RefusedRollbacks.cpp defines SQLEndTran, which the dynamic linker binds
// Poco's calls to ahead of unixODBC's: a ROLLBACK of the chosen connection returns SQL_ERROR (as a
// driver that lost its connection's state would), everything else is unixODBC's.
namespace msgx::test {

// From now on, every ROLLBACK of `session`'s ODBC connection fails.
void refuseRollbacksOf(Poco::Data::Session& session);
// Ends refuseRollbacksOf().
void allowRollbacks();
// How many ROLLBACKs were refused so far.
int refusedRollbacks();

} // namespace msgx::test
