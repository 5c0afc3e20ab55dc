// msgxctl inject: writes message files into the configured mailbox (CMINMSGS) exactly as the
// upstream does, and prints the ID of each new row, one per line, in the order of the files. The
// poller finds them like any other row (architecture.md §1: one ordered path into the pipeline).
//
//   msgxctl [--config F] inject [--status VALID] [--if-empty] FILE...
//
// --if-empty injects only into an empty mailbox (the embedded profile's sample day on first start).
// With mailbox.create-tables (embedded SQLite mailbox) the tables are created when absent.
// Exit codes: 0 every file injected (or skipped by --if-empty); 1 the mailbox failed (files before
// the failure are in, their IDs printed); 2 usage error: configuration, or a file that cannot be read
// (checked before anything is written).
#include "CtlCommand.h"
#include "StoreCommandContext.h"
#include "msgx/golden/OfflineDecision.h"
#include "msgx/storage/InfraError.h"

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace msgx::ctl {

namespace {

struct InjectOptions {
    std::string configPath = kDefaultConfigPath;
    std::string status = "VALID";
    bool ifEmpty = false;
    std::vector<std::string> files;
};

int runInject(const InjectOptions& options) {
    auto context = StoreCommandContext::open(options.configPath, "inject");
    if (!context) {
        return 2;
    }
    std::vector<std::string> documents;
    for (const auto& file : options.files) {
        try {
            documents.push_back(golden::readTextFile(file));
        } catch (const std::exception& e) {
            std::cerr << "msgxctl inject: " << e.what() << '\n';
            return 2;
        }
    }
    try {
        auto& mailbox = context->mailbox();
        if (context->config().mailbox.createTables) {
            mailbox.createTablesIfAbsent();
        }
        if (options.ifEmpty && mailbox.inbox().maxId()) {
            std::cerr << "msgxctl inject: the mailbox is not empty; nothing injected (--if-empty)\n";
            return 0;
        }
        for (std::size_t i = 0; i < documents.size(); ++i) {
            const auto id = mailbox.inbox().insert(documents[i], context->clock().now(), options.status);
            std::cout << id << '\n' << std::flush;
        }
        return 0;
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl inject: " << e.what() << '\n';
        return 1;
    }
}

} // namespace

CommandRun addInjectCommand(CLI::App& app) {
    app.description("write message files into the mailbox (CMINMSGS) and print their new IDs");
    auto options = std::make_shared<InjectOptions>();
    addConfigOption(app, options->configPath);
    app.add_option("--status", options->status, "CMINMSGS_STATUS of the new rows")->capture_default_str();
    app.add_flag("--if-empty", options->ifEmpty, "inject only when the mailbox has no row yet");
    app.add_option("files", options->files, "message files (XML)")->required()->check(CLI::ExistingFile);
    return [options] { return runInject(*options); };
}

} // namespace msgx::ctl
