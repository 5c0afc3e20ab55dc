// msgxctl status: the pipeline at a glance, read from the own store (works with or without a
// running daemon): messages per processing state (and per error class for FAILED and DEAD), the
// discovery watermark, the oldest unfinished message and its age, the back-fill backlog, and per
// delivery target the events per state, the oldest pending event's age and whether the target is
// held by a DEAD event (delivery.on-dead: stop); per live and history table its rows (the server's
// estimate, or SQLite's kept count: never a COUNT(*) of history) and its oldest row.
//
//   msgxctl [--config F] status [--json]
//
// The JSON shape is stable and documented in docs/operations.md. Exit codes: 0 answered; 1 the
// store failed; 2 usage error.
#include "CtlCommand.h"
#include "StoreCommandContext.h"
#include "msgx/delivery/Dispatcher.h"
#include "msgx/json/JsonValue.h"
#include "msgx/sdk/UtcTime.h"
#include "msgx/storage/InfraError.h"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <set>

namespace msgx::ctl {

namespace {

using json::JsonValue;
using storage::ProcessingState;

struct StatusOptions {
    std::string configPath = kDefaultConfigPath;
    bool json = false;
};

double secondsBetween(storage::Timestamp from, storage::Timestamp to) {
    return std::chrono::duration<double>(to - from).count();
}

JsonValue statusJson(StoreCommandContext& context) {
    auto& store = context.store();
    const auto now = context.clock().now();
    auto status = JsonValue::object();

    auto messages = JsonValue::object();
    for (const auto state : {ProcessingState::Pending, ProcessingState::Failed, ProcessingState::Succeeded,
                             ProcessingState::Skipped, ProcessingState::Dead}) {
        messages.set(storage::stateName(state), JsonValue::integer(0));
    }
    auto byClass = JsonValue::object();
    std::map<std::string, std::int64_t> totals;
    std::map<std::string, std::map<std::string, std::int64_t>> classes;
    for (const auto& count : store.processing().countByState()) {
        const std::string state(storage::stateName(count.state));
        totals[state] += count.count;
        if (count.errorClass) {
            classes[state][std::string(errorClassName(*count.errorClass))] += count.count;
        }
    }
    for (const auto& [state, total] : totals) {
        messages.set(state, JsonValue::integer(total));
    }
    for (const auto& [state, perClass] : classes) {
        auto item = JsonValue::object();
        for (const auto& [name, count] : perClass) {
            item.set(name, JsonValue::integer(count));
        }
        byClass.set(state, std::move(item));
    }
    status.set("messages", std::move(messages));
    status.set("byErrorClass", std::move(byClass));

    const auto cursor = store.cursors().load("inbox");
    status.set("watermark", JsonValue::integer(cursor ? cursor->watermark : 0));
    status.set("rescanFrom", JsonValue::integer(cursor ? cursor->rescanFrom : 0));
    status.set("unfinished", JsonValue::integer(store.processing().unfinishedCount()));
    if (const auto head = store.processing().head()) {
        auto oldest = JsonValue::object();
        oldest.set("id", JsonValue::integer(head->mailboxId));
        oldest.set("state", JsonValue::string(std::string(storage::stateName(head->state))));
        oldest.set("attempts", JsonValue::integer(head->attempts));
        oldest.set("ageSeconds",
                   JsonValue::number(secondsBetween(head->receivedAt.value_or(head->enqueuedAt), now)));
        // How long the head has held the queue: since its first failed attempt began (the
        // deadline anchor); null while it has not failed yet (docs/pipeline.md "Retries per error class").
        const bool blocked = head->attempts > 0 && head->processingStartedAt;
        oldest.set("blockedSeconds", blocked
                                         ? JsonValue::number(secondsBetween(*head->processingStartedAt, now))
                                         : JsonValue());
        oldest.set("errorClass", head->errorClass
                                     ? JsonValue::string(std::string(errorClassName(*head->errorClass)))
                                     : JsonValue());
        oldest.set("lastError", JsonValue::stringOrNull(head->lastError));
        oldest.set("nextAttemptInSeconds", head->nextAttemptAt
                                               ? JsonValue::number(secondsBetween(now, *head->nextAttemptAt))
                                               : JsonValue());
        status.set("oldestUnfinished", std::move(oldest));
    } else {
        status.set("oldestUnfinished", JsonValue());
    }
    status.set("backfillBacklog", JsonValue::integer(store.backfill().dueCount()));

    auto delivery = JsonValue::object();
    std::set<std::string> targets;
    for (const auto& [name, target] : context.config().delivery.targets) {
        targets.insert(name);
    }
    const auto summaries = store.events().summary();
    for (const auto& summary : summaries) {
        targets.insert(summary.target);
    }
    for (const auto& name : targets) {
        storage::TargetSummary summary;
        summary.target = name;
        for (const auto& s : summaries) {
            if (s.target == name) {
                summary = s;
            }
        }
        auto item = JsonValue::object();
        item.set("pending", JsonValue::integer(summary.pending));
        item.set("sent", JsonValue::integer(summary.sent));
        item.set("dead", JsonValue::integer(summary.dead));
        item.set("oldestPendingAgeSeconds",
                 summary.oldestPendingCreatedAt
                     ? JsonValue::number(secondsBetween(*summary.oldestPendingCreatedAt, now))
                     : JsonValue());
        bool held = false;
        if (context.config().delivery.onDead == config::OnDead::Stop && summary.newestDeadId) {
            const auto released = store.cursors().load(delivery::releaseCursorName(name));
            held = *summary.newestDeadId > (released ? released->watermark : 0);
        }
        item.set("held", JsonValue::boolean(held));
        delivery.set(name, std::move(item));
    }
    status.set("delivery", std::move(delivery));

    auto tables = JsonValue::object();
    for (const auto& size : store.archive().tableSizes()) {
        auto item = JsonValue::object();
        item.set("history", JsonValue::boolean(size.history));
        item.set("rows", size.rows ? JsonValue::integer(*size.rows) : JsonValue());
        item.set("rowsSource", JsonValue::string(size.rowsSource));
        item.set("oldest", size.oldest ? JsonValue::string(sdk::formatUtc(*size.oldest)) : JsonValue());
        item.set("oldestBy", size.oldestBy.empty() ? JsonValue() : JsonValue::string(size.oldestBy));
        tables.set(size.table, std::move(item));
    }
    status.set("tables", std::move(tables));
    return status;
}

void printText(const JsonValue& status) {
    const auto number = [](const JsonValue* v) {
        if (v == nullptr || v->isNull()) {
            return std::string("-");
        }
        return v->kind() == JsonValue::Kind::Integer ? std::to_string(v->asInteger())
                                                     : fmt::format("{:.1f}", v->asNumber());
    };
    std::cout << "messages:";
    const auto* messages = status.find("messages");
    for (std::size_t i = 0; i < messages->keys().size(); ++i) {
        std::cout << ' ' << messages->keys()[i] << ' ' << messages->items()[i].asInteger();
    }
    std::cout << '\n';
    const auto* byClass = status.find("byErrorClass");
    for (std::size_t i = 0; i < byClass->keys().size(); ++i) {
        std::cout << "  " << byClass->keys()[i] << " by class:";
        const auto& perClass = byClass->items()[i];
        for (std::size_t k = 0; k < perClass.keys().size(); ++k) {
            std::cout << ' ' << perClass.keys()[k] << ' ' << perClass.items()[k].asInteger();
        }
        std::cout << '\n';
    }
    std::cout << "watermark: " << number(status.find("watermark")) << '\n';
    const auto* oldest = status.find("oldestUnfinished");
    if (oldest->isNull()) {
        std::cout << "oldest unfinished: none\n";
    } else {
        std::cout << fmt::format("oldest unfinished: {} ({}, {} attempt(s), {:.1f} s old)\n",
                                 oldest->find("id")->asInteger(), oldest->find("state")->asString(),
                                 oldest->find("attempts")->asInteger(),
                                 oldest->find("ageSeconds")->asNumber());
        if (const auto* blocked = oldest->find("blockedSeconds"); blocked != nullptr && !blocked->isNull()) {
            const auto* errorClass = oldest->find("errorClass");
            std::cout << fmt::format("head blocked: {:.1f} s by {}{}\n", blocked->asNumber(),
                                     errorClass->isNull() ? std::string("a failure") : errorClass->asString(),
                                     oldest->find("nextAttemptInSeconds")->isNull()
                                         ? std::string()
                                         : fmt::format(", next attempt in {:.1f} s",
                                                       oldest->find("nextAttemptInSeconds")->asNumber()));
        }
    }
    std::cout << "back-fill backlog: " << number(status.find("backfillBacklog")) << '\n';
    const auto* delivery = status.find("delivery");
    for (std::size_t i = 0; i < delivery->keys().size(); ++i) {
        const auto& t = delivery->items()[i];
        std::cout << "delivery " << delivery->keys()[i] << ": pending " << number(t.find("pending"))
                  << ", sent " << number(t.find("sent")) << ", dead " << number(t.find("dead"))
                  << ", oldest pending " << number(t.find("oldestPendingAgeSeconds")) << " s"
                  << (t.find("held")->asBool() ? ", HELD by a DEAD event (msgxctl events retry|skip)" : "")
                  << '\n';
    }
    const auto* tables = status.find("tables");
    for (std::size_t i = 0; i < tables->keys().size(); ++i) {
        const auto& t = tables->items()[i];
        const auto* oldestRow = t.find("oldest");
        std::cout << (t.find("history")->asBool() ? "history " : "table ") << tables->keys()[i] << ": "
                  << (t.find("rows")->isNull()
                          ? std::string("? rows (no estimate yet)")
                          : (t.find("rowsSource")->asString() == "estimate" ? "~" : "") +
                                number(t.find("rows")) + " rows (" + t.find("rowsSource")->asString() + ")")
                  << ", oldest "
                  << (oldestRow->isNull()
                          ? std::string("-")
                          : oldestRow->asString() + " (" + t.find("oldestBy")->asString() + ")")
                  << '\n';
    }
}

int runStatus(const StatusOptions& options) {
    auto context = StoreCommandContext::open(options.configPath, "status");
    if (!context) {
        return 2;
    }
    try {
        const auto status = statusJson(*context);
        if (options.json) {
            std::cout << renderJson(status);
        } else {
            printText(status);
        }
        return 0;
    } catch (const storage::InfraError& e) {
        std::cerr << "msgxctl status: " << e.what() << '\n';
        return 1;
    }
}

} // namespace

CommandRun addStatusCommand(CLI::App& app) {
    app.description(
        "messages per state, watermark, oldest unfinished message, back-fill backlog, delivery targets");
    auto options = std::make_shared<StatusOptions>();
    addConfigOption(app, options->configPath);
    app.add_flag("--json", options->json, "print one JSON object (docs/operations.md)");
    return [options] { return runStatus(*options); };
}

} // namespace msgx::ctl
