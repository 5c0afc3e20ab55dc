#include "ChaosSite.h"

#include "E2eSupport.h"
#include "Subprocess.h"
#include "msgx/storage/PocoConnectors.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace msgx::chaos {

namespace {

// Whether `dir` is a mount point now (a run that crashed may have left its tmpfs mounted).
bool mountedAt(const std::filesystem::path& dir) {
    std::ifstream mounts("/proc/mounts");
    for (std::string line; std::getline(mounts, line);) {
        std::istringstream fields(line);
        std::string device;
        std::string point;
        fields >> device >> point;
        if (point == dir.string()) {
            return true;
        }
    }
    return false;
}

void unmount(const std::filesystem::path& dir) {
    if (mountedAt(dir)) {
        test::runSubprocess({"umount", dir.string()}, std::chrono::seconds(30));
    }
}

} // namespace

ChaosSite::ChaosSite(SiteSettings settings) : settings_(std::move(settings)) {
    storage::registerPocoConnectors();
    settings_.workDir = std::filesystem::absolute(settings_.workDir);
    unmount(schdDisk());
    std::filesystem::remove_all(settings_.workDir);
    std::filesystem::create_directories(schdDisk());
    if (const char* shared = std::getenv("MSGX_TEST_SERVICES_DIR"); shared != nullptr && *shared != '\0') {
        services_ = std::make_unique<test::PrivateServices>(test::PrivateServices::Attach{shared});
    } else {
        services_ = std::make_unique<test::PrivateServices>("pg,mysql,kafka");
    }
    test::preparePluginsDir(settings_.workDir / "handlers");
    // 8 MiB hold the run's schd file several times over; the fault fills what is left.
    const auto mount =
        test::runSubprocess({"mount", "-t", "tmpfs", "-o", "size=8m,mode=0755", "tmpfs", schdDisk().string()},
                            std::chrono::seconds(30));
    mounted_ = mount.exitCode == 0;
    diskKind_ = mounted_ ? "tmpfs 8 MiB" : "none (mount refused: " + mount.err + ")";
    writeConfig("writer-a");
    writeConfig("writer-b");
}

ChaosSite::~ChaosSite() {
    if (mounted_) {
        try {
            unmount(schdDisk());
        } catch (const std::exception& e) {
            std::cerr << "chaos: unmounting " << schdDisk() << " failed: " << e.what() << "\n";
        }
    }
}

std::filesystem::path ChaosSite::config(const std::string& name) const {
    return settings_.workDir / (name + ".yaml");
}

// Both daemons share the databases and the targets; each has its own control socket and HTTP port.
// The settings are the fast ones of the end-to-end runs, with a gap delay and sweep that the held
// transactions exercise: a row held past max-commit-delay is given up as a gap, watched by the
// rescan for max(10 x 1 s, 2 x 2 s) = 10 s, and after that found by the 20 s sweep.
void ChaosSite::writeConfig(const std::string& name) const {
    std::ostringstream out;
    out << "profile: embedded\n"
        << "store:\n  backend: postgresql\n  connect: \"" << services_->get("MSGX_TEST_PG") << "\"\n"
        << "  migrate-on-start: true\n"
        << "mailbox:\n  backend: mysql\n  connect: \"" << services_->get("MSGX_TEST_MAILBOX") << "\"\n"
        << "  status-map: {succeeded: PROCESSED, skipped: SKIPPED, duplicate: DUPLICATE, dead: DEAD}\n"
        << "plugins:\n  dir: " << (settings_.workDir / "handlers").string() << "\n"
        << "delivery:\n  targets:\n"
        << "    msg: {type: kafka, topic: " << msgTopic() << "}\n"
        << "    schd: {type: file, path: " << schdFile().string() << "}\n"
        << "  schd-flush-period: 200ms\n"
        << "  max-attempts: 20\n"
        << "  backoff: [100ms, 200ms, 500ms]\n"
        << "  backoff-cap: 1s\n"
        << "kafka:\n  bootstrap: \"" << services_->get("MSGX_TEST_KAFKA") << "\"\n"
        << "  properties: {message.timeout.ms: 10000}\n"
        << "control:\n  socket: " << (settings_.workDir / (name + ".sock")).string() << "\n"
        << "pipeline:\n"
        << "  poll-interval: 50ms\n"
        << "  batch-size: 500\n"
        << "  max-commit-delay: 1s\n"
        << "  compensation-interval: 2s\n"
        << "  sweep-interval: 20s\n"
        << "  max-attempts: 3\n"
        << "  backoff: [10ms, 20ms]\n"
        << "  backoff-cap: 50ms\n"
        << "backfill:\n  interval: 100ms\n  backoff: 50ms\n  backoff-cap: 500ms\n"
        << "lease:\n  period: " << settings_.leasePeriod << "\n"
        << "http:\n  listen: 127.0.0.1:0\n";
    std::ofstream(config(name)) << out.str();
}

Poco::Data::Session ChaosSite::store() const {
    return Poco::Data::Session("PostgreSQL", services_->get("MSGX_TEST_PG"));
}

Poco::Data::Session ChaosSite::mailbox() const {
    return Poco::Data::Session("MySQL", services_->get("MSGX_TEST_MAILBOX"));
}

} // namespace msgx::chaos
