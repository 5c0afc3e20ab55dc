// msgxctl messages: lists messages of the own store by processing state and error class, with id,
// key (TYPE-STYP), state, class, attempts, note and last error.
//
//   msgxctl [--config F] messages [--state S] [--class C] [--after ID] [--limit N] [--json]
//
// JSON: an array of objects {"id","key","state","errorClass","attempts","note","lastError",
// "identity","nextAttemptAtMicros","archived"} in id order (docs/operations.md). --state DEAD lists
// the archived DEAD messages (PROC_STATE_HST) too, "archived": true (the text form ends their line
// with "archived"): they can still be replayed. Exit codes: 0 answered; 1 the
// store failed; 2 usage error (unknown state or class).
#include "CtlCommand.h"
#include "StoreCommandContext.h"
#include "msgx/json/JsonValue.h"
#include "msgx/pipeline/routing/MessageKey.h"
#include "msgx/storage/InfraError.h"

#include <iostream>
#include <memory>

namespace msgx::ctl {

namespace {

using json::JsonValue;

struct MessagesOptions {
    std::string configPath = kDefaultConfigPath;
    std::string state;
    std::string errorClass;
    std::int64_t after = 0;
    int limit = 100;
    bool json = false;
};

int runMessages(const MessagesOptions& options) {
    storage::MessageFilter filter;
    if (!options.state.empty()) {
        filter.state = storage::processingStateNamed(options.state);
        if (!filter.state) {
            std::cerr << "msgxctl messages: --state must be PENDING, FAILED, SUCCEEDED, SKIPPED or DEAD, got "
                      << options.state << '\n';
            return 2;
        }
    }
    if (!options.errorClass.empty()) {
        filter.errorClass = errorClassFromName(options.errorClass);
        if (!filter.errorClass) {
            std::cerr << "msgxctl messages: --class must be MALFORMED, CODEC_ERROR, UNSUPPORTED, INFRA or "
                         "EXHAUSTED, got "
                      << options.errorClass << '\n';
            return 2;
        }
    }
    auto context = StoreCommandContext::open(options.configPath, "messages");
    if (!context) {
        return 2;
    }
    try {
        const auto records = context->store().processing().list(filter, options.after, options.limit);
        if (options.json) {
            auto list = JsonValue::array();
            for (const auto& r : records) {
                auto item = JsonValue::object();
                item.set("id", JsonValue::integer(r.mailboxId));
                item.set("key", JsonValue::string(pipeline::messageKeyOf(r)));
                item.set("state", JsonValue::string(std::string(storage::stateName(r.state))));
                item.set("errorClass", r.errorClass
                                           ? JsonValue::string(std::string(errorClassName(*r.errorClass)))
                                           : JsonValue());
                item.set("attempts", JsonValue::integer(r.attempts));
                item.set("note", JsonValue::stringOrNull(r.note));
                item.set("lastError", JsonValue::stringOrNull(r.lastError));
                item.set("identity", JsonValue::stringOrNull(r.identityKey));
                item.set("nextAttemptAtMicros",
                         r.nextAttemptAt ? JsonValue::integer(storage::toEpochMicros(*r.nextAttemptAt))
                                         : JsonValue());
                item.set("archived", JsonValue::boolean(r.archived));
                list.push(std::move(item));
            }
            std::cout << renderJson(list);
        } else {
            for (const auto& r : records) {
                const std::string key = pipeline::messageKeyOf(r);
                std::cout << r.mailboxId << '\t' << (key.empty() ? "-" : key) << '\t'
                          << storage::stateName(r.state) << '\t'
                          << (r.errorClass ? std::string(errorClassName(*r.errorClass)) : "-") << '\t'
                          << r.attempts << '\t' << r.note.value_or("-") << '\t' << r.lastError.value_or("-")
                          << (r.archived ? "\tarchived" : "") << '\n';
            }
        }
        return 0;
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl messages: " << e.what() << '\n';
        return 1;
    }
}

} // namespace

CommandRun addMessagesCommand(CLI::App& app) {
    app.description("list messages by processing state and error class");
    auto options = std::make_shared<MessagesOptions>();
    addConfigOption(app, options->configPath);
    app.add_option("--state", options->state,
                   "PENDING, FAILED, SUCCEEDED, SKIPPED or DEAD (DEAD includes the archived ones)");
    app.add_option("--class", options->errorClass, "MALFORMED, CODEC_ERROR, UNSUPPORTED, INFRA or EXHAUSTED");
    app.add_option("--after", options->after, "only ids above this one (paging)");
    app.add_option("--limit", options->limit, "at most this many")
        ->capture_default_str()
        ->check(CLI::Range(1, 100000));
    app.add_flag("--json", options->json, "print a JSON array (docs/operations.md)");
    return [options] { return runMessages(*options); };
}

} // namespace msgx::ctl
