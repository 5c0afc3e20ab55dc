// msgxctl skip: a backlog the legacy consumer (or nobody) should deal with is recorded as skipped
// instead of processed (docs/operations.md "Cut-over").
//
//   msgxctl [--config F] skip --from ID --to ID --reason TEXT
//
// The mailbox rows with ids from..to become SKIPPED "backlog:<reason>" in PROC_STATE and are
// back-filled only where DATE_PROCESSED is still NULL (pipeline::skipBacklog); OPS_AUDIT "skip".
// Refused while a daemon holds the writer lease (its poller and pump work on the same ids). Exit
// codes: 0 done; 1 a database failed (what was done stays done: run it again to complete it) or the
// lease is held; 2 usage error.
#include "CtlCommand.h"
#include "StoreCommandContext.h"
#include "msgx/pipeline/operations/BacklogSkip.h"
#include "msgx/storage/InfraError.h"

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

namespace msgx::ctl {

namespace {

struct SkipOptions {
    std::string configPath = kDefaultConfigPath;
    storage::MailboxId from = 0;
    storage::MailboxId to = 0;
    std::string reason;
};

int runSkip(const SkipOptions& options) {
    if (options.from < 1 || options.to < options.from) {
        std::cerr << "msgxctl skip: --from must be a mailbox id (1 or more) and --to at least --from\n";
        return 2;
    }
    if (options.reason.empty()) {
        std::cerr << "msgxctl skip: --reason is required (it goes into the note and OPS_AUDIT)\n";
        return 2;
    }
    auto context = StoreCommandContext::open(options.configPath, "skip");
    if (!context) {
        return 2;
    }
    try {
        if (context->writerRuns("its poller and pump work on the same ids")) {
            return 1;
        }
        const auto report =
            pipeline::skipBacklog(context->store(), context->mailbox().inbox(), context->clock(),
                                  pipeline::IntakeSettings::of(context->config()), options.from, options.to,
                                  options.reason, operatorActor());
        std::cout << "msgxctl skip: ids " << options.from << ".." << options.to << ": " << report.recorded
                  << " recorded SKIPPED " << pipeline::backlogNote(options.reason) << ", "
                  << report.alreadyQueued << " already queued (left as they were), " << report.otherStatus
                  << " not back-filled (STATUS outside mailbox.accept-status); ";
        if (context->config().shadow) {
            std::cout << "no back-fill (shadow: true)";
        } else {
            std::cout << report.marked << " back-filled, " << report.legacyMarked << " already marked (kept)";
        }
        std::cout << "; recorded in OPS_AUDIT\n";
        return 0;
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl skip: " << e.what()
                  << " (the pages before it are done; run the same command again to complete it)\n";
        return 1;
    } catch (const std::invalid_argument& e) {
        std::cerr << "msgxctl skip: " << e.what() << '\n';
        return 2;
    }
}

} // namespace

CommandRun addSkipCommand(CLI::App& app) {
    app.description("record a range of mailbox rows as a skipped backlog (never processed; back-filled only "
                    "where DATE_PROCESSED is NULL)");
    auto options = std::make_shared<SkipOptions>();
    addConfigOption(app, options->configPath);
    app.add_option("--from", options->from, "the first mailbox id")->required();
    app.add_option("--to", options->to, "the last mailbox id")->required();
    app.add_option("--reason", options->reason, "why (note backlog:<reason>, OPS_AUDIT)")->required();
    return [options] { return runSkip(*options); };
}

} // namespace msgx::ctl
