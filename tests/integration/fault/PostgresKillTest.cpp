// A PostgreSQL server killed hard (pg_ctl stop -m immediate) under an open Poco session: the
// next query fails with an exception instead of hanging.
#include "PrivateServices.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>
#include <Poco/Exception.h>

#include <gtest/gtest.h>

using namespace Poco::Data::Keywords;

// Poco 1.11's PostgreSQL SessionHandle calls PQfinish() only while the connection status is still
// OK, so the PGconn of a session whose server died is never freed (about 34 KB per broken
// connection). That is Poco's leak, not this test's subject: LeakSanitizer reads this hook.
extern "C" const char* __lsan_default_suppressions() { // NOLINT(bugprone-reserved-identifier)
    return "leak:Poco::Data::PostgreSQL::SessionHandle::connect\n";
}

TEST(PostgresFault, QueryOnAnOpenSessionThrowsAfterTheServerIsKilled) {
    msgx::test::PrivateServices services("pg");
    msgx::storage::registerPocoConnectors();
    Poco::Data::Session session("PostgreSQL", services.get("MSGX_TEST_PG"));
    int answer = 0;
    auto query = [&] { session << "SELECT 1", into(answer), now; };
    query();
    ASSERT_EQ(answer, 1);

    services.kill("pg");

    EXPECT_THROW(query(), Poco::Exception);
}
