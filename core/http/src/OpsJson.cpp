#include "OpsJson.h"

#include "msgx/codec/Ascii.h"
#include "msgx/http/ApiError.h"
#include "msgx/pipeline/routing/MessageKey.h"

#include <chrono>
#include <cstdio>

namespace msgx::http::detail {

namespace {

using json::JsonValue;

} // namespace

std::string isoTime(storage::Timestamp t) {
    const auto micros = storage::toEpochMicros(t);
    const auto seconds = std::chrono::sys_seconds(
        std::chrono::seconds(micros >= 0 ? micros / 1'000'000 : (micros - 999'999) / 1'000'000));
    const auto fraction = micros - seconds.time_since_epoch().count() * 1'000'000;
    const auto days = std::chrono::floor<std::chrono::days>(seconds);
    const std::chrono::year_month_day date(days);
    const std::chrono::hh_mm_ss time(seconds - days);
    char text[40];
    if (fraction == 0) {
        std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(date.year()),
                      static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                      static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                      static_cast<int>(time.seconds().count()));
    } else {
        std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d.%06lldZ",
                      static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                      static_cast<unsigned>(date.day()), static_cast<int>(time.hours().count()),
                      static_cast<int>(time.minutes().count()), static_cast<int>(time.seconds().count()),
                      static_cast<long long>(fraction));
    }
    return text;
}

JsonValue optionalTime(const std::optional<storage::Timestamp>& t) {
    return t ? JsonValue::string(isoTime(*t)) : JsonValue();
}

JsonValue messageJson(const storage::ProcessingRecord& r, const std::vector<storage::OutboxEvent>& events) {
    auto item = JsonValue::object();
    item.set("id", JsonValue::integer(r.mailboxId));
    item.set("key", JsonValue::string(pipeline::messageKeyOf(r)));
    item.set("state", JsonValue::string(std::string(storage::stateName(r.state))));
    item.set("errorClass",
             r.errorClass ? JsonValue::string(std::string(errorClassName(*r.errorClass))) : JsonValue());
    item.set("attempts", JsonValue::integer(r.attempts));
    item.set("note", JsonValue::stringOrNull(r.note));
    item.set("lastError", JsonValue::stringOrNull(r.lastError));
    item.set("identity", JsonValue::stringOrNull(r.identityKey));
    item.set("enqueuedAt", JsonValue::string(isoTime(r.enqueuedAt)));
    item.set("receivedAt", optionalTime(r.receivedAt));
    item.set("processingStartedAt", optionalTime(r.processingStartedAt));
    item.set("processedAt", optionalTime(r.processedAt));
    item.set("updatedAt", JsonValue::string(isoTime(r.updatedAt)));
    item.set("nextAttemptAt", optionalTime(r.nextAttemptAt));
    auto backfill = JsonValue::object();
    backfill.set("state", JsonValue::string(std::string(storage::backfillStateName(r.backfillState))));
    backfill.set("attempts", JsonValue::integer(r.backfillAttempts));
    backfill.set("nextAt", optionalTime(r.backfillNextAt));
    backfill.set("status", JsonValue::stringOrNull(r.backfillStatusValue));
    backfill.set("error", JsonValue::stringOrNull(r.backfillError));
    item.set("backfill", std::move(backfill));
    auto list = JsonValue::array();
    for (const auto& e : events) {
        auto event = JsonValue::object();
        event.set("id", JsonValue::integer(e.id));
        event.set("target", JsonValue::string(e.target));
        event.set("flid", e.flid ? JsonValue::integer(*e.flid) : JsonValue());
        event.set("state", JsonValue::string(std::string(storage::eventStateName(e.state))));
        event.set("attempts", JsonValue::integer(e.attempts));
        event.set("lastError", JsonValue::stringOrNull(e.lastError));
        event.set("createdAt", JsonValue::string(isoTime(e.createdAt)));
        event.set("sentAt", optionalTime(e.sentAt));
        list.push(std::move(event));
    }
    item.set("events", std::move(list));
    // Read from PROC_STATE_HST: an archived DEAD message (still replayable); its events are history.
    item.set("archived", JsonValue::boolean(r.archived));
    return item;
}

storage::Timestamp parseIsoTime(const std::string& parameter, const std::string& text) {
    int year = 0;
    unsigned month = 0;
    unsigned day = 0;
    int hour = 0;
    int minute = 0;
    int second = 0;
    int consumed = 0;
    const auto refuse = [&] {
        return ApiError(400, "BAD_REQUEST",
                        parameter + " must be an ISO 8601 UTC time such as 2026-12-01T18:09:47Z, got " +
                            text);
    };
    if (std::sscanf(text.c_str(), "%4d-%2u-%2uT%2d:%2d:%2d%n", &year, &month, &day, &hour, &minute, &second,
                    &consumed) != 6 ||
        consumed != 19) {
        throw refuse();
    }
    std::int64_t micros = 0;
    std::size_t at = 19;
    if (at < text.size() && text[at] == '.') {
        int digits = 0;
        for (++at; at < text.size() && codec::isAsciiDigit(text[at]); ++at) {
            if (digits < 6) {
                micros = micros * 10 + (text[at] - '0');
                ++digits;
            }
        }
        if (digits == 0) {
            throw refuse();
        }
        for (; digits < 6; ++digits) {
            micros *= 10;
        }
    }
    if (at + 1 != text.size() || text[at] != 'Z') {
        throw refuse();
    }
    const std::chrono::year_month_day date{std::chrono::year(year), std::chrono::month(month),
                                           std::chrono::day(day)};
    if (!date.ok() || hour > 23 || minute > 59 || second > 59) {
        throw refuse();
    }
    const auto seconds = std::chrono::sys_days(date).time_since_epoch() + std::chrono::hours(hour) +
                         std::chrono::minutes(minute) + std::chrono::seconds(second);
    return storage::fromEpochMicros(std::chrono::duration_cast<std::chrono::microseconds>(seconds).count() +
                                    micros);
}

} // namespace msgx::http::detail
