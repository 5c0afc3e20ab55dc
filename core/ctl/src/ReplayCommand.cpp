// msgxctl replay: sends FAILED or DEAD messages through the pump again (US-10). Without --apply it
// only previews: which messages would be reset to PENDING and which are refused, and why.
//
//   msgxctl [--config F] replay (--id N... | --class C [--limit N]) [--apply --reason TEXT [--force]]
//                               [--json]
//
// Only the classes CODEC_ERROR, UNSUPPORTED, INFRA and EXHAUSTED can be replayed; MALFORMED is
// refused with its reason. A message naming a flight that changed after the message failed is
// previewed with a warning and replayed only with --force (US-10.4). --apply resets each eligible message
// (attempts 0, a new deadline anchor, identity kept) and writes OPS_AUDIT (who, why, which ids, result). A
// running daemon picks the messages up at its next pump step; they are processed in id order like any other.
// A DEAD message the archive moved to PROC_STATE_HST is found there and moved back (docs/operations.md).
// Exit codes: 0 answered (preview) or every eligible message reset; 1 the store failed or a message
// changed between preview and reset; 2 usage error.
#include "CtlCommand.h"
#include "StoreCommandContext.h"
#include "msgx/json/JsonValue.h"
#include "msgx/pipeline/operations/Replay.h"
#include "msgx/storage/InfraError.h"

#include <iostream>
#include <memory>

namespace msgx::ctl {

namespace {

using json::JsonValue;

struct ReplayOptions {
    std::string configPath = kDefaultConfigPath;
    std::vector<std::int64_t> ids;
    std::string errorClass;
    int limit = 1000;
    bool apply = false;
    std::string reason;
    bool force = false;
    bool json = false;
};

int runReplay(const ReplayOptions& options) {
    pipeline::ReplaySelection selection;
    selection.ids.assign(options.ids.begin(), options.ids.end());
    selection.limit = options.limit;
    if (!options.errorClass.empty()) {
        selection.errorClass = errorClassFromName(options.errorClass);
        if (!selection.errorClass) {
            std::cerr << "msgxctl replay: --class must be CODEC_ERROR, UNSUPPORTED, INFRA or EXHAUSTED, got "
                      << options.errorClass << '\n';
            return 2;
        }
        if (*selection.errorClass == ErrorClass::Malformed) {
            std::cerr
                << "msgxctl replay: MALFORMED messages cannot be replayed: their XML cannot be decoded, "
                   "a replay would fail the same way; the sender must send a corrected message\n";
            return 2;
        }
    }
    if (selection.ids.empty() && !selection.errorClass) {
        std::cerr << "msgxctl replay: name the messages with --id or --class\n";
        return 2;
    }
    if (options.apply && options.reason.empty()) {
        std::cerr << "msgxctl replay: --apply needs --reason (it is written to OPS_AUDIT)\n";
        return 2;
    }
    auto context = StoreCommandContext::open(options.configPath, "replay");
    if (!context) {
        return 2;
    }
    try {
        const auto plan = pipeline::planReplay(context->store(), selection);
        if (!options.apply) {
            if (options.json) {
                auto preview = JsonValue::object();
                preview.set("applied", JsonValue::boolean(false));
                preview.set("messages", pipeline::replayCandidatesJson(plan));
                std::cout << renderJson(preview);
            } else {
                for (const auto& c : plan.candidates) {
                    std::cout << c.id << '\t'
                              << (!c.eligible ? "refused: " + c.refusal
                                  : c.changedFlights.empty()
                                      ? "would replay (" + pipeline::replayChange(c) + ")"
                                      : "would replay only with --force: " + c.warning())
                              << '\n';
                }
                std::cout << plan.eligibleCount() << " of " << plan.candidates.size()
                          << " message(s) would be replayed; add --apply --reason TEXT to do it\n";
            }
            return 0;
        }
        const auto outcome =
            pipeline::applyReplay(context->store(), plan, operatorActor(), options.reason, options.force);
        if (options.json) {
            auto result = pipeline::replayOutcomeJson(outcome, "refusal");
            result.set("applied", JsonValue::boolean(true));
            std::cout << renderJson(result);
        } else {
            for (const auto id : outcome.replayed) {
                std::cout << id << "\treplayed\n";
            }
            for (const auto& [id, why] : outcome.refused) {
                std::cout << id << "\trefused: " << why << '\n';
            }
            std::cout << outcome.replayed.size() << " message(s) replayed, " << outcome.refused.size()
                      << " refused; recorded in OPS_AUDIT\n";
        }
        return static_cast<int>(outcome.replayed.size()) == plan.eligibleCount() ? 0 : 1;
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl replay: " << e.what() << '\n';
        return 1;
    }
}

} // namespace

CommandRun addReplayCommand(CLI::App& app) {
    app.description("preview or apply the replay of FAILED/DEAD messages (by id or error class)");
    auto options = std::make_shared<ReplayOptions>();
    addConfigOption(app, options->configPath);
    app.add_option("--id", options->ids, "mailbox id (repeatable)");
    app.add_option("--class", options->errorClass, "every FAILED/DEAD message of this class");
    app.add_option("--limit", options->limit, "with --class: at most this many")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    app.add_flag("--apply", options->apply, "reset the eligible messages (default: preview only)");
    app.add_option("--reason", options->reason, "why (required with --apply; written to OPS_AUDIT)");
    app.add_flag("--force", options->force,
                 "with --apply: also replay a message whose flights changed after it failed (the preview "
                 "warns)");
    app.add_flag("--json", options->json, "print JSON (docs/operations.md)");
    return [options] { return runReplay(*options); };
}

} // namespace msgx::ctl
