// A MariaDB server SIGKILLed under an open Poco session: the next query fails with an exception
// instead of hanging.
#include "PrivateServices.h"
#include "msgx/storage/PocoConnectors.h"

#include <Poco/Data/Session.h>
#include <Poco/Exception.h>

#include <gtest/gtest.h>

using namespace Poco::Data::Keywords;

TEST(MySqlFault, QueryOnAnOpenSessionThrowsAfterTheServerIsKilled) {
    msgx::test::PrivateServices services("mysql");
    msgx::storage::registerPocoConnectors();
    Poco::Data::Session session("MySQL", services.get("MSGX_TEST_MYSQL"));
    int answer = 0;
    auto query = [&] { session << "SELECT 1", into(answer), now; };
    query();
    ASSERT_EQ(answer, 1);

    services.kill("mysql");

    EXPECT_THROW(query(), Poco::Exception);
}
