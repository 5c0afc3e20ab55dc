#pragma once

#include "TempDir.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace msgx::test {

// Test servers owned by one test, for tests that kill, freeze or thaw a server while other tests
// run in parallel against the shared instance. Runs `tests/services/msgx-services start --private
// --only <services> --dir <fresh TempDir>` and stops everything in the destructor.
//
// `services` is a comma-separated subset of pg,mysql,odbc,kafka (odbc needs pg and/or mysql).
// Construction throws std::runtime_error, with msgx-services' stderr, if the services do not start
// within a bounded time. The settings (the MSGX_TEST_* names of env.sh) are available via get();
// they are not put into this process's environment (ODBC users must set ODBCSYSINI themselves).
//
// The process becomes a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so the servers, orphaned
// when msgx-services exits, become its children and are reaped here when they end instead of
// staying zombies under a PID 1 that does not reap.
class PrivateServices {
public:
    explicit PrivateServices(const std::string& services);
    // Attaches to services someone else started in `servicesDir` (with-services exports it as
    // MSGX_TEST_SERVICES_DIR): the same settings and kill/restart/freeze/thaw/kafkaCommand, but
    // the destructor leaves them running (their owner stops them). For a long run that is the only
    // user of the services it runs under (tests/chaos).
    struct Attach {
        std::filesystem::path servicesDir;
    };
    explicit PrivateServices(const Attach& attach);
    ~PrivateServices();
    PrivateServices(const PrivateServices&) = delete;
    PrivateServices& operator=(const PrivateServices&) = delete;

    // The value of an env.sh variable, e.g. get("MSGX_TEST_PG"); throws std::out_of_range naming
    // the variable when the started services do not provide it.
    [[nodiscard]] const std::string& get(const std::string& name) const;
    [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }

    // Hard stop: pg_ctl stop -m immediate (pg), SIGKILL (mysql, kafka). Returns when it is gone.
    void kill(const std::string& service);
    // Starts a killed pg or mysql again on its data directory and port (PostgreSQL with pg_ctl,
    // MariaDB with the command line it ran with before kill()); returns once it accepts
    // connections (pg) or its process started (mysql: poll with a client until it answers).
    // msgx-services stops it later as usual (it finds the new process by its pid file).
    void restart(const std::string& service);
    // SIGSTOP / SIGCONT: the server keeps its sockets but stops answering.
    void freeze(const std::string& service);
    void thaw(const std::string& service);
    // Sends a control command to the private Kafka mock (see KafkaMockControl.h).
    void kafkaCommand(const std::string& command);

private:
    void runServicesCommand(std::vector<std::string> arguments) const;
    void stopQuietly() noexcept;

    std::optional<TempDir> owned_; // the directory of services this instance started, else none
    std::filesystem::path dir_;
    std::map<std::string, std::string> settings_;
    std::vector<std::string> mysqlCommand_; // the MariaDB server's argv, read before kill("mysql")
};

} // namespace msgx::test
