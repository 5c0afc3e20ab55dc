#include "StoreFaultTest.h"

#include "CapturedLog.h"
#include "PrivateServices.h"
#include "RefusedRollbacks.h"
#include "Subprocess.h"
#include "msgx/storage/InfraError.h"
#include "session/SessionPool.h"

#include <Poco/Data/Session.h>

#include <gmock/gmock.h>

#include <cstdlib>
#include <fstream>
#include <future>
#include <regex>
#include <thread>

namespace msgx::test {

namespace {

using namespace Poco::Data::Keywords;
using namespace std::chrono_literals;
using storage::InfraError;
using storage::SessionPool;
using storage::Transaction;

constexpr auto kOperationTimeout = 4s;
// What the caller may wait beyond the operation timeout: thread hand-over and a loaded machine.
constexpr auto kSlack = 5s;

bool isPostgres(StoreBackend b) {
    return b == StoreBackend::Postgres || b == StoreBackend::OdbcPostgres;
}
bool isOdbc(StoreBackend b) {
    return b == StoreBackend::OdbcPostgres || b == StoreBackend::OdbcMySql;
}

storage::DatabaseSettings settingsFor(const PrivateServices& services, StoreBackend backend) {
    storage::DatabaseSettings s;
    s.poolSize = 2;
    s.operationTimeout = kOperationTimeout;
    s.connectTimeout = 3s;
    s.dialect = isPostgres(backend) ? storage::SqlDialect::PostgreSql : storage::SqlDialect::MySql;
    s.backend = isOdbc(backend) ? storage::DatabaseBackend::Odbc
                                : (isPostgres(backend) ? storage::DatabaseBackend::PostgreSql
                                                       : storage::DatabaseBackend::MySql);
    const char* variable = backend == StoreBackend::Postgres       ? "MSGX_TEST_PG"
                           : backend == StoreBackend::OdbcPostgres ? "MSGX_TEST_ODBC_PG"
                           : backend == StoreBackend::MySql        ? "MSGX_TEST_MYSQL"
                                                                   : "MSGX_TEST_ODBC_MYSQL";
    s.connect = services.get(variable);
    return s;
}

Poco::Int64 probeRows(SessionPool& pool) {
    return pool.transact("count FAULT_PROBE", [](Transaction& tx) {
        Poco::Int64 n = -1;
        tx.session() << "SELECT COUNT(*) FROM FAULT_PROBE", into(n), now;
        return n;
    });
}

// Starts the killed server again on its data directory and port (PrivateServices has no restart):
// PostgreSQL with pg_ctl, MariaDB with the command line it ran with. msgx-services stops it later
// as usual (it finds the new process by its pid file).
class ServerRestarter {
public:
    ServerRestarter(const PrivateServices& services, bool postgres)
        : services_(services), postgres_(postgres) {
        if (!postgres_) {
            std::ifstream pidFile(services.dir() / "mysql" / "run" / "mysqld.pid");
            std::string pid;
            pidFile >> pid;
            std::ifstream cmdline("/proc/" + pid + "/cmdline", std::ios::binary);
            std::string argument;
            while (std::getline(cmdline, argument, '\0')) {
                command_.push_back(argument);
            }
        }
    }

    void restart() const {
        if (postgres_) {
            std::smatch port;
            const std::string connect = services_.get("MSGX_TEST_PG");
            ASSERT_TRUE(std::regex_search(connect, port, std::regex("port=([0-9]+)")));
            const auto data = services_.dir() / "pg" / "data";
            const auto result = runSubprocess(
                {"runuser", "-u", "postgres", "--", "/usr/lib/postgresql/15/bin/pg_ctl", "start", "-D",
                 data.string(), "-l", (services_.dir() / "pg" / "run" / "restart.log").string(), "-w", "-t",
                 "60", "-o", "-p " + port[1].str()},
                90s);
            ASSERT_EQ(result.exitCode, 0) << result.err;
            return;
        }
        ASSERT_FALSE(command_.empty());
        std::vector<std::string> argv{"setsid", "-f"};
        argv.insert(argv.end(), command_.begin(), command_.end());
        const auto result = runSubprocess(argv, 30s);
        ASSERT_EQ(result.exitCode, 0) << result.err;
    }

private:
    const PrivateServices& services_;
    bool postgres_;
    std::vector<std::string> command_;
};

// A new pool (fresh sessions) until one works, bounded.
std::unique_ptr<SessionPool> reconnect(const storage::DatabaseSettings& settings) {
    for (int attempt = 0;; ++attempt) {
        auto pool = std::make_unique<SessionPool>(settings);
        try {
            probeRows(*pool);
            return pool;
        } catch (const InfraError&) {
            if (attempt > 60) {
                throw;
            }
            std::this_thread::sleep_for(1s);
        }
    }
}

} // namespace

std::ostream& operator<<(std::ostream& out, const FaultCase& c) {
    return out << partName(c.backend) << (c.fault == Fault::Freeze ? "/freeze" : "/kill");
}

std::string caseName(const ::testing::TestParamInfo<FaultCase>& info) {
    std::string name =
        partName(info.param.backend) + (info.param.fault == Fault::Freeze ? "_freeze" : "_kill");
    for (auto& c : name) {
        c = c == '-' ? '_' : c;
    }
    return name;
}

std::string backendCaseName(const ::testing::TestParamInfo<StoreBackend>& info) {
    std::string name = partName(info.param);
    for (auto& c : name) {
        c = c == '-' ? '_' : c;
    }
    return name;
}

TEST_P(StoreFault, ServerLostDuringAnOpenTransactionGivesAnInfraErrorInTimeAndLeavesNoRows) {
    const FaultCase fault = GetParam();
    const std::string service = isPostgres(fault.backend) ? "pg" : "mysql";
    PrivateServices services(isOdbc(fault.backend) ? service + ",odbc" : service);
    if (isOdbc(fault.backend)) {
        ::setenv("ODBCSYSINI", services.get("ODBCSYSINI").c_str(), 1);
    }
    const auto settings = settingsFor(services, fault.backend);
    const ServerRestarter restarter(services, isPostgres(fault.backend));

    auto pool = std::make_unique<SessionPool>(settings);
    pool->transact("create FAULT_PROBE", [](Transaction& tx) {
        tx.session() << "CREATE TABLE FAULT_PROBE (ID INTEGER NOT NULL)", now;
    });

    auto firstWritten = std::make_shared<std::promise<void>>();
    auto serverGone = std::make_shared<std::promise<void>>();
    auto written = firstWritten->get_future();
    auto call =
        std::async(std::launch::async, [&pool, firstWritten, gone = serverGone->get_future().share()] {
            const auto started = std::chrono::steady_clock::now();
            try {
                pool->transact("two writes around a lost server", [firstWritten, gone](Transaction& tx) {
                    tx.session() << "INSERT INTO FAULT_PROBE (ID) VALUES (1)", now;
                    firstWritten->set_value();
                    gone.wait();
                    tx.session() << "INSERT INTO FAULT_PROBE (ID) VALUES (2)", now;
                });
            } catch (const InfraError& e) {
                return std::make_pair(std::chrono::steady_clock::now() - started, std::string(e.what()));
            }
            return std::make_pair(std::chrono::steady_clock::now() - started, std::string("committed"));
        });
    ASSERT_EQ(written.wait_for(30s), std::future_status::ready);
    if (fault.fault == Fault::Freeze) {
        services.freeze(service);
    } else {
        services.kill(service);
    }
    serverGone->set_value();

    ASSERT_EQ(call.wait_for(kOperationTimeout + kSlack), std::future_status::ready)
        << "the caller still waits for the lost server";
    const auto [elapsed, outcome] = call.get();
    EXPECT_THAT(outcome, testing::HasSubstr("two writes around a lost server failed"));
    // The server was stopped before the second INSERT (the freeze waits until every thread of it is
    // stopped), so COMMIT was never sent: the outcome is known.
    EXPECT_THAT(outcome, testing::Not(testing::HasSubstr("outcome unknown")));
    EXPECT_LE(elapsed, kOperationTimeout + kSlack);

    if (fault.fault == Fault::Freeze) {
        services.thaw(service);
    } else {
        restarter.restart();
    }
    auto fresh = reconnect(settings);
    EXPECT_EQ(probeRows(*fresh), 0);
    EXPECT_NO_THROW(fresh->transact("write after recovery", [](Transaction& tx) {
        tx.session() << "INSERT INTO FAULT_PROBE (ID) VALUES (3)", now;
    }));
    EXPECT_EQ(probeRows(*fresh), 1);
    // The abandoned transaction ends by itself once the server answers again, and never commits.
    for (int i = 0; i < 300 && pool->openConnections() > 1; ++i) {
        std::this_thread::sleep_for(100ms);
    }
    EXPECT_LE(pool->openConnections(), 1);
    EXPECT_EQ(probeRows(*fresh), 1);
}

TEST_P(StoreCommitInDoubt, ServerFrozenWhileCommitIsInFlightGivesAnInDoubtInfraErrorAndTheCommitLands) {
    const StoreBackend backend = GetParam();
    const std::string service = isPostgres(backend) ? "pg" : "mysql";
    PrivateServices services(isOdbc(backend) ? service + ",odbc" : service);
    if (isOdbc(backend)) {
        ::setenv("ODBCSYSINI", services.get("ODBCSYSINI").c_str(), 1);
    }
    const auto settings = settingsFor(services, backend);
    auto pool = std::make_unique<SessionPool>(settings);
    pool->transact("create FAULT_PROBE", [](Transaction& tx) {
        tx.session() << "CREATE TABLE FAULT_PROBE (ID INTEGER NOT NULL)", now;
    });

    auto written = std::make_shared<std::promise<void>>();
    auto frozen = std::make_shared<std::promise<void>>();
    auto writtenFuture = written->get_future();
    auto call = std::async(std::launch::async, [&pool, written, stopped = frozen->get_future().share()] {
        const auto started = std::chrono::steady_clock::now();
        try {
            pool->transact("two writes committed into a frozen server", [written, stopped](Transaction& tx) {
                tx.session() << "INSERT INTO FAULT_PROBE (ID) VALUES (1)", now;
                tx.session() << "INSERT INTO FAULT_PROBE (ID) VALUES (2)", now;
                written->set_value();
                stopped.wait(); // the pool sends COMMIT when this returns
            });
        } catch (const InfraError& e) {
            return std::make_pair(std::chrono::steady_clock::now() - started, std::string(e.what()));
        }
        return std::make_pair(std::chrono::steady_clock::now() - started, std::string("committed"));
    });
    ASSERT_EQ(writtenFuture.wait_for(30s), std::future_status::ready);
    services.freeze(service); // returns once every thread of the server is stopped
    frozen->set_value();

    ASSERT_EQ(call.wait_for(kOperationTimeout + kSlack), std::future_status::ready)
        << "the caller still waits for the frozen server";
    const auto [elapsed, outcome] = call.get();
    EXPECT_THAT(outcome, testing::HasSubstr("two writes committed into a frozen server failed"));
    EXPECT_THAT(outcome, testing::HasSubstr("outcome unknown"));
    EXPECT_THAT(outcome, testing::Not(testing::HasSubstr("will not commit")));
    EXPECT_LE(elapsed, kOperationTimeout + kSlack);

    services.thaw(service);
    // The COMMIT the server got before it froze runs when it thaws: the outcome really was open.
    for (int i = 0; i < 300 && pool->openConnections() > 0; ++i) {
        std::this_thread::sleep_for(100ms);
    }
    EXPECT_EQ(pool->openConnections(), 0);
    auto fresh = reconnect(settings);
    EXPECT_EQ(probeRows(*fresh), 2);
}

TEST_P(StoreDiscardWhileFrozen, ASessionWhoseRollbackFailedIsEndedOnceTheServerAnswersNeverCommitted) {
    const StoreBackend backend = GetParam();
    const std::string service = isPostgres(backend) ? "pg" : "mysql";
    PrivateServices services(service + ",odbc");
    ::setenv("ODBCSYSINI", services.get("ODBCSYSINI").c_str(), 1);
    const auto settings = settingsFor(services, backend);
    auto pool = std::make_unique<SessionPool>(settings);
    pool->transact("create FAULT_PROBE", [](Transaction& tx) {
        tx.session() << "CREATE TABLE FAULT_PROBE (ID INTEGER NOT NULL)", now;
    });

    const CapturedLog log("%l %v");
    auto written = std::make_shared<std::promise<void>>();
    auto frozen = std::make_shared<std::promise<void>>();
    auto writtenFuture = written->get_future();
    auto call = std::async(std::launch::async, [&pool, written, stopped = frozen->get_future().share()] {
        try {
            pool->transact("a write that fails while the server is frozen",
                           [written, stopped](Transaction& tx) {
                               tx.session() << "INSERT INTO FAULT_PROBE (ID) VALUES (1)", now;
                               refuseRollbacksOf(tx.session());
                               written->set_value();
                               stopped.wait();
                               throw std::runtime_error("the unit of work fails");
                           });
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("committed");
    });
    ASSERT_EQ(writtenFuture.wait_for(30s), std::future_status::ready);
    services.freeze(service);
    frozen->set_value();

    // The caller is answered in time; the rollback failed and the server cannot be reached to end the
    // session, so the discarded session stays open (counted by the pool) instead of being closed.
    ASSERT_EQ(call.wait_for(kOperationTimeout + kSlack), std::future_status::ready);
    const std::string outcome = call.get();
    EXPECT_THAT(outcome, testing::AnyOf(testing::HasSubstr("the unit of work fails"),
                                        testing::HasSubstr("the transaction will not commit")));
    EXPECT_THAT(outcome, testing::Not(testing::HasSubstr("outcome unknown")));
    for (int i = 0; i < 200 && log.linesWith("cannot end server session").empty(); ++i) {
        std::this_thread::sleep_for(100ms); // the first attempt ends with the connect timeout
    }
    EXPECT_GE(log.linesWith("cannot end server session").size(), 1U);
    EXPECT_EQ(pool->openConnections(), 1);

    services.thaw(service);
    for (int i = 0; i < 600 && pool->openConnections() > 0; ++i) {
        std::this_thread::sleep_for(100ms);
    }
    EXPECT_EQ(pool->openConnections(), 0);
    allowRollbacks();
    EXPECT_EQ(log.linesWith("ended from another connection before closing the discarded session").size(), 1U);
    auto fresh = reconnect(settings);
    EXPECT_EQ(probeRows(*fresh), 0);
}

} // namespace msgx::test
