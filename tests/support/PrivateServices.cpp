#include "PrivateServices.h"

#include "EnvFile.h"
#include "KafkaMockControl.h"
#include "Subprocess.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <set>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef MSGX_SOURCE_DIR
#error "MSGX_SOURCE_DIR must be defined (tests/support/CMakeLists.txt)"
#endif
#ifndef MSGX_KAFKA_MOCK_PATH
#error "MSGX_KAFKA_MOCK_PATH must be defined (tests/support/CMakeLists.txt)"
#endif

namespace msgx::test {
namespace {

using namespace std::chrono_literals;

constexpr const char* kServicesScript = MSGX_SOURCE_DIR "/tests/services/msgx-services";
// Start: initdb/mariadb-install-db and server start take seconds; generous for a loaded machine.
constexpr auto kStartTimeout = 180s;
// Stop: msgx-services itself SIGKILLs after 20 s of graceful shutdown.
constexpr auto kStopTimeout = 60s;
constexpr auto kSignalTimeout = 60s;

// Reaps the zombies of test servers adopted through the subreaper. Only processes named like our
// servers are reaped, so that a child some other code waits for is never taken from it.
void reapExitedServers() {
    static const std::set<std::string> kServerNames{"postgres", "mariadbd", "msgx-kafka-mock"};
    const std::string me = std::to_string(::getpid());
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        const std::string pid = entry.path().filename();
        if (pid.find_first_not_of("0123456789") != std::string::npos) {
            continue;
        }
        std::ifstream statFile(entry.path() / "stat");
        std::string stat;
        std::getline(statFile, stat);
        const auto open = stat.find('(');
        const auto close = stat.rfind(')');
        if (open == std::string::npos || close == std::string::npos || close + 4 > stat.size()) {
            continue;
        }
        const std::string name = stat.substr(open + 1, close - open - 1);
        const char state = stat[close + 2];
        const std::string parent = stat.substr(close + 4, stat.find(' ', close + 4) - (close + 4));
        if (parent == me && state == 'Z' && kServerNames.count(name) != 0) {
            ::waitpid(std::stoi(pid), nullptr, WNOHANG);
        }
    }
}

} // namespace

PrivateServices::PrivateServices(const std::string& services) : owned_(std::in_place), dir_(owned_->path()) {
    if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
        throw std::runtime_error("prctl(PR_SET_CHILD_SUBREAPER) failed");
    }
    const std::vector<std::string> start{kServicesScript, "start",        "--private",
                                         "--only",        services,       "--dir",
                                         dir_.string(),   "--kafka-mock", MSGX_KAFKA_MOCK_PATH};
    SubprocessResult result;
    try {
        result = runSubprocess(start, kStartTimeout);
    } catch (const std::exception& e) {
        stopQuietly();
        throw std::runtime_error(std::string("PrivateServices(") + services + "): " + e.what());
    }
    if (result.exitCode != 0) {
        stopQuietly();
        throw std::runtime_error("PrivateServices(" + services + "): " + describeCommand(start) +
                                 " exited with " + std::to_string(result.exitCode) + ":\n" + result.err);
    }
    settings_ = readEnvFile(dir_ / "env.sh");
}

PrivateServices::PrivateServices(const Attach& attach) : dir_(attach.servicesDir) {
    settings_ = readEnvFile(dir_ / "env.sh");
}

PrivateServices::~PrivateServices() {
    if (owned_) {
        stopQuietly();
    }
}

// Never throws: used where an exception is already on its way or must not escape.
void PrivateServices::stopQuietly() noexcept {
    try {
        runServicesCommand({"stop"});
        reapExitedServers();
    } catch (const std::exception& e) {
        std::cerr << "PrivateServices: stopping the services in " << dir_ << " failed: " << e.what()
                  << std::endl;
    }
}

const std::string& PrivateServices::get(const std::string& name) const {
    const auto it = settings_.find(name);
    if (it == settings_.end()) {
        throw std::out_of_range("PrivateServices: no setting " + name + " (was its service started?)");
    }
    return it->second;
}

void PrivateServices::kill(const std::string& service) {
    if (service == "mysql") {
        std::ifstream pidFile(dir_ / "mysql" / "run" / "mysqld.pid");
        std::string pid;
        pidFile >> pid;
        std::ifstream cmdline("/proc/" + pid + "/cmdline", std::ios::binary);
        std::vector<std::string> command;
        std::string argument;
        while (std::getline(cmdline, argument, '\0')) {
            command.push_back(argument);
        }
        if (!command.empty()) {
            mysqlCommand_ = std::move(command);
        }
    }
    runServicesCommand({"kill", service});
    reapExitedServers();
}

void PrivateServices::restart(const std::string& service) {
    if (service == "pg") {
        const std::string connect = get("MSGX_TEST_PG");
        const auto at = connect.find("port=");
        if (at == std::string::npos) {
            throw std::runtime_error("MSGX_TEST_PG has no port=: " + connect);
        }
        const std::string port = connect.substr(at + 5, connect.find(' ', at) - at - 5);
        const auto data = dir_ / "pg" / "data";
        const std::vector<std::string> argv{
            "runuser", "-u", "postgres",    "--", "/usr/lib/postgresql/15/bin/pg_ctl",
            "start",   "-D", data.string(), "-l", (dir_ / "pg" / "run" / "restart.log").string(),
            "-w",      "-t", "60",          "-o", "-p " + port};
        const auto result = runSubprocess(argv, std::chrono::seconds(90));
        if (result.exitCode != 0) {
            throw std::runtime_error(describeCommand(argv) + " failed: " + result.err);
        }
        return;
    }
    if (service == "mysql") {
        if (mysqlCommand_.empty()) {
            throw std::logic_error("PrivateServices::restart(mysql) needs a kill(mysql) before it");
        }
        std::vector<std::string> argv{"setsid", "-f"};
        argv.insert(argv.end(), mysqlCommand_.begin(), mysqlCommand_.end());
        const auto result = runSubprocess(argv, std::chrono::seconds(30));
        if (result.exitCode != 0) {
            throw std::runtime_error(describeCommand(argv) + " failed: " + result.err);
        }
        return;
    }
    throw std::invalid_argument("PrivateServices::restart: only pg and mysql can be restarted, not " +
                                service);
}

void PrivateServices::freeze(const std::string& service) {
    runServicesCommand({"freeze", service});
}

void PrivateServices::thaw(const std::string& service) {
    runServicesCommand({"thaw", service});
}

void PrivateServices::kafkaCommand(const std::string& command) {
    sendKafkaMockCommand(get("MSGX_TEST_KAFKA_CONTROL"), get("MSGX_TEST_KAFKA_CONTROL_ACK"), command);
}

void PrivateServices::runServicesCommand(std::vector<std::string> arguments) const {
    const std::string command = arguments.front();
    arguments.insert(arguments.begin(), kServicesScript);
    arguments.insert(arguments.begin() + 2, {"--dir", dir_.string()});
    const auto timeout = command == "stop" ? kStopTimeout : kSignalTimeout;
    const SubprocessResult result = runSubprocess(arguments, timeout);
    if (result.exitCode != 0) {
        throw std::runtime_error(describeCommand(arguments) + " exited with " +
                                 std::to_string(result.exitCode) + ":\n" + result.err);
    }
}

} // namespace msgx::test
