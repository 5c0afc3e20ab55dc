// msgxctl cursor: where intake stands in the mailbox, and moving it for a cut-over onto a live
// mailbox (docs/operations.md "Cut-over").
//
//   msgxctl [--config F] cursor show [--json]
//   msgxctl [--config F] cursor set --watermark ID --reason TEXT
//
// show: the inbox cursor (watermark, rescanFrom), the mailbox's largest id and the lowest id the
// legacy consumer has not processed yet (DATE_PROCESSED NULL, an accepted STATUS), and who holds the
// writer lease. set: every id up to ID counts as discovered (watermark ID, rescanFrom ID + 1), so the
// poller starts after it; refused while a daemon holds the writer lease (its poller keeps the cursor
// in memory and would write its own back); OPS_AUDIT "cursor-set" with the old and new values and
// the reason. It also moves the cut-over start (the late-commit sweep stays above it) and accepts
// the mailbox's largest id as it is (intake stops on a mailbox behind the watermark until then).
// Exit codes: 0 done; 1 a database failed or the lease is held; 2 usage error.
#include "CtlCommand.h"
#include "StoreCommandContext.h"
#include "msgx/json/JsonValue.h"
#include "msgx/pipeline/intake/InboxPoller.h"
#include "msgx/pipeline/runtime/WriterLeaseKeeper.h"
#include "msgx/storage/InfraError.h"

#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace msgx::ctl {

namespace {

using json::JsonValue;

struct CursorOptions {
    std::string configPath = kDefaultConfigPath;
    storage::MailboxId watermark = -1;
    std::string reason;
    bool json = false;
};

JsonValue optionalId(const std::optional<storage::MailboxId>& id) {
    return id ? JsonValue::integer(*id) : JsonValue();
}

int showCursor(StoreCommandContext& context, const CursorOptions& options) {
    const auto cursor = context.store().cursors().load(pipeline::InboxPoller::kCursorName);
    const auto maxId = context.mailbox().inbox().maxId();
    const auto lowest = context.mailbox().inbox().lowestUnprocessed(context.config().mailbox.acceptStatus);
    const auto lease = context.store().lease().holder(pipeline::WriterLeaseKeeper::kLeaseName);
    if (options.json) {
        auto out = JsonValue::object();
        out.set("watermark", cursor ? JsonValue::integer(cursor->watermark) : JsonValue());
        out.set("rescanFrom", cursor ? JsonValue::integer(cursor->rescanFrom) : JsonValue());
        out.set("mailboxMaxId", optionalId(maxId));
        out.set("lowestUnprocessedId", optionalId(lowest));
        out.set("writer", lease ? JsonValue::string(lease->owner) : JsonValue());
        std::cout << renderJson(out);
        return 0;
    }
    const auto text = [](const std::optional<storage::MailboxId>& id) {
        return id ? std::to_string(*id) : std::string("-");
    };
    std::cout << "watermark: "
              << (cursor ? std::to_string(cursor->watermark)
                         : std::string("none (a fresh store starts at 0)"))
              << '\n'
              << "rescan from: " << (cursor ? std::to_string(cursor->rescanFrom) : std::string("-")) << '\n'
              << "mailbox largest id: " << text(maxId) << '\n'
              << "lowest id not processed by anyone (DATE_PROCESSED NULL, accepted status): " << text(lowest)
              << '\n'
              << "writer: " << (lease ? lease->owner : std::string("none")) << '\n';
    return 0;
}

int setCursor(StoreCommandContext& context, const CursorOptions& options) {
    if (options.watermark < 0) {
        std::cerr << "msgxctl cursor set: --watermark must be 0 or a mailbox id\n";
        return 2;
    }
    if (options.reason.empty()) {
        std::cerr << "msgxctl cursor set: --reason is required (it goes into OPS_AUDIT)\n";
        return 2;
    }
    if (context.writerRuns("its poller keeps the cursor in memory and would write its own back")) {
        return 1;
    }
    const auto before = context.store().cursors().load(pipeline::InboxPoller::kCursorName);
    const storage::InboxCursor next{pipeline::InboxPoller::kCursorName, options.watermark,
                                    options.watermark + 1};
    // The cut-over start moves with it (the late-commit sweep stays above it), saved first; the
    // mailbox's largest id now is accepted even when it is below the watermark (a restored mailbox
    // whose next id the operator had set above it: InboxPoller stops intake otherwise).
    const storage::MailboxId largest = context.mailbox().inbox().maxId().value_or(0);
    context.store().cursors().save({pipeline::InboxPoller::kStartName, next.watermark, next.rescanFrom});
    context.store().cursors().save({pipeline::InboxPoller::kMailboxAckName, largest, largest + 1});
    context.store().cursors().save(next);
    const std::string detail = "watermark " +
                               (before ? std::to_string(before->watermark) : std::string("none")) + " -> " +
                               std::to_string(next.watermark) + ", rescanFrom " +
                               (before ? std::to_string(before->rescanFrom) : std::string("none")) + " -> " +
                               std::to_string(next.rescanFrom) + " (mailbox largest id " +
                               std::to_string(largest) + "): " + options.reason;
    context.store().audit().record(operatorActor(), "cursor-set", detail);
    std::cout << "msgxctl cursor set: " << detail << "; the poller starts after id " << next.watermark
              << "; recorded in OPS_AUDIT\n";
    return 0;
}

int runCursor(const std::string& action, const CursorOptions& options) {
    auto context = StoreCommandContext::open(options.configPath, "cursor " + action);
    if (!context) {
        return 2;
    }
    try {
        return action == "show" ? showCursor(*context, options) : setCursor(*context, options);
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl cursor " << action << ": " << e.what() << '\n';
        return 1;
    }
}

} // namespace

CommandRun addCursorCommand(CLI::App& app) {
    app.description("show where intake stands in the mailbox, or move the inbox cursor for a cut-over");
    app.require_subcommand(1);
    auto options = std::make_shared<CursorOptions>();
    addConfigOption(app, options->configPath);
    auto action = std::make_shared<std::string>();
    auto* show =
        app.add_subcommand("show", "the inbox cursor, the mailbox's largest and lowest unprocessed id");
    auto* set = app.add_subcommand("set", "count every id up to --watermark as discovered (msgxd stopped)");
    for (auto* sub : {show, set}) {
        addConfigOption(*sub, options->configPath);
        sub->callback([action, sub] { *action = sub->get_name(); });
    }
    show->add_flag("--json", options->json, "print one JSON object");
    set->add_option("--watermark", options->watermark, "the last mailbox id not to process")->required();
    set->add_option("--reason", options->reason, "why (OPS_AUDIT)")->required();
    return [options, action] { return runCursor(*action, *options); };
}

} // namespace msgx::ctl
