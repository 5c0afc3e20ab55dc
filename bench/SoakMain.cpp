// msgx-soak: flat cost as the store grows, and memory over time (issue 19, items 3 and 5; results in
// docs/performance.md "Flat cost as the store grows (make soak)").
//
//   msgx-soak [--phase a|b|both] [--online-rows N] [--hst-rows N] [--flights N] [--reps R]
//             [--msgxd PATH --handlers DIR --flop-golden DIR] [--minutes M] [--rate R]
//             [--live-flights N] [--out FILE]
//
// Phase A (hot operations at 10k rows and at full size): two PostgreSQL own stores migrated by the
// store's own migrations, the full one in the public schema of $MSGX_TEST_PG (emptied) with the
// MariaDB mailbox table CMINMSGS of $MSGX_TEST_MAILBOX, the small one in the database
// msgx_soak_small with the mailbox table CMINMSGS_SMALL. Their tables are filled with SQL
// (generate_series on PostgreSQL, the SEQUENCE engine on MariaDB; never through the daemon), the
// small one to 10,000 rows, the full one to the size of real operation (--online-rows messages online
// in PROC_STATE and CMINMSGS, two events each in MSG_EVENT, --flights flights with four detail rows
// each, --hst-rows archived messages and their events); both are then vacuumed, analyzed and
// checkpointed (as a store in operation is, SoakStore::settle). Every hot operation is timed through
// the real storage API on both stores by turns (four chunks each, small and full alternating), the
// median of its repetitions per store in microseconds. The ratio full / small per operation is the
// figure (target <= 1.5). Filled rows follow the state mix of a running site:
// messages mostly SUCCEEDED, a few SKIPPED and DEAD, only the newest PENDING; events mostly SENT,
// only the newest PENDING; a quarter of the flights code-shares, half in a turnaround pair, 2 %
// deleted.
//
// Phase B (memory and flatness over time): the real msgxd (--msgxd, --handlers) on the same
// PostgreSQL (emptied again) and MariaDB, delivering both targets to the Kafka mock
// ($MSGX_TEST_KAFKA). --live-flights flights are created first by SCHD-ADFT messages; then a FLOP
// mix of several STYPs (bodies of handlers/flop/<styp>/golden/<case>/message.xml, re-keyed onto the
// live flights) is written into CMINMSGS at --rate messages per second for --minutes. Every 10 s:
// msgxd's VmRSS and VmHWM (/proc/PID/status), its CPU seconds, how far processing (PROC_STATE) and
// delivery (pending msg events) lag behind the feed.
//
// Writes the results JSON (--out) and prints tables. Timings are figures, never assertions.
// Destructive: it empties the public schema of $MSGX_TEST_PG and the mailbox tables, and recreates
// the database msgx_soak_small and the mailbox table CMINMSGS_SMALL (the 10k-row store; run it through
// bench/run-soak.sh, which starts private servers).
#include "KafkaMockControl.h"
#include "MailboxBulkInsert.h"
#include "msgx/clock/SystemClock.h"
#include "msgx/log/LoggingSystem.h"
#include "msgx/pipeline/pump/StoreFlightView.h"
#include "msgx/storage/Mailbox.h"
#include "msgx/storage/OwnStore.h"
#include "msgx/storage/PocoConnectors.h"

#include <CLI/CLI.hpp>
#include <Poco/Data/RecordSet.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/Statement.h>
#include <Poco/UTF8String.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <regex>
#include <signal.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace Poco::Data::Keywords;
using namespace std::chrono_literals;
using Steady = std::chrono::steady_clock;
namespace storage = msgx::storage;

constexpr std::int64_t kSmallRows = 10000;
constexpr std::int64_t kFlidBase = 50000000;       // FLIDs of the filled flights: base + index
constexpr std::int64_t kDayMicros = 86400000000LL; // one day in microseconds
constexpr std::int64_t kPendingTail = 100;         // newest messages / events still PENDING after a fill
constexpr int kViewFlights = 20000;                // Pump.cpp kMaxKeptFlights: the most a view keeps
constexpr int kClaimBatch = 200;                   // delivery batch-size default (Dispatcher claims)

std::string requireEnv(const char* name) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') {
        std::cerr << "msgx-soak: " << name << " is not set (run it through bench/run-soak.sh)\n";
        std::exit(2);
    }
    return value;
}

std::int64_t nowMicros() {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

double secondsSince(Steady::time_point start) {
    return std::chrono::duration<double>(Steady::now() - start).count();
}

double median(std::vector<double> values) {
    if (values.empty()) {
        return 0;
    }
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// ---------------------------------------------------------------------------------------------
// Phase A: the sizes and the SQL generators.

// How many rows of each kind a stage holds. Id spaces are laid out once for the full size, so that
// the small stage is the newest end of it and growing only adds older rows below:
//   mailbox ids:  PROC_STATE_HST [1, hst], PROC_STATE and CMINMSGS [hst + 1, hst + online];
//   event ids:    MSG_EVENT_HST [1, 2 hst], MSG_EVENT [2 hst + 1, 2 (hst + online)];
//   flights:      FLID kFlidBase + [1, flights], the small stage the highest FLIDs.
struct Sizes {
    std::int64_t online = 0;  // messages in PROC_STATE (and rows in CMINMSGS); events 2 x
    std::int64_t hst = 0;     // messages in PROC_STATE_HST; events 2 x in MSG_EVENT_HST
    std::int64_t flights = 0; // FLIGHT rows; 4 FLIGHT_DETAIL rows each (not for deleted flights)
};

class SoakStore {
public:
    SoakStore(std::string pg, std::string mailbox, std::string mailboxTable, const Sizes& full)
        : pg_(std::move(pg)), mailboxConnect_(std::move(mailbox)), mailboxTable_(std::move(mailboxTable)),
          full_(full), session_("PostgreSQL", pg_), mailbox_("MySQL", mailboxConnect_) {
        // Times: the online messages spread over the last 7 days, the archive over the days before,
        // the flights over the last year.
        const std::int64_t now = nowMicros();
        onlineStep_ = std::max<std::int64_t>(1, 7 * kDayMicros / std::max<std::int64_t>(1, full.online));
        timeOrigin_ = now - (full.hst + full.online) * onlineStep_;
        flightStep_ = std::max<std::int64_t>(1, 365 * kDayMicros / std::max<std::int64_t>(1, full.flights));
        flightOrigin_ = now - 330 * kDayMicros; // the newest flights are a month ahead
    }

    [[nodiscard]] std::int64_t firstOnlineId() const { return full_.hst + 1; }
    [[nodiscard]] std::int64_t lastOnlineId() const { return full_.hst + full_.online; }
    [[nodiscard]] std::int64_t lastFlightIndex() const { return full_.flights; }
    Poco::Data::Session& session() { return session_; }
    [[nodiscard]] const std::string& connectString() const { return pg_; }
    Poco::Data::Session& mailbox() { return mailbox_; }

    // Adds rows until the tables hold `target` (never removes any), then settle(). Returns seconds.
    double fillTo(const Sizes& target) {
        const auto start = Steady::now();
        const std::int64_t onlineFrom = lastOnlineId() - target.online + 1;
        fillRange(onlineFrom, lastOnlineId() - have_.online, [&](std::int64_t lo, std::int64_t hi) {
            messages("PROC_STATE", lo, hi, lastOnlineId() - kPendingTail + 1);
            mailboxRows(lo, hi);
            events("MSG_EVENT", 2 * lo - 1, 2 * hi, 2 * lastOnlineId() - kPendingTail + 1);
        });
        const std::int64_t hstFrom = full_.hst - target.hst + 1;
        fillRange(hstFrom, full_.hst - have_.hst, [&](std::int64_t lo, std::int64_t hi) {
            messages("PROC_STATE_HST", lo, hi, full_.hst + 1);
            events("MSG_EVENT_HST", 2 * lo - 1, 2 * hi, 2 * full_.hst + 1);
        });
        const std::int64_t flightFrom = full_.flights - target.flights + 1;
        fillRange(flightFrom, full_.flights - have_.flights,
                  [&](std::int64_t lo, std::int64_t hi) { flights(lo, hi); });
        have_ = target;
        // New events of the measurements take ids above every filled one.
        Poco::Int64 next = 2 * (full_.hst + full_.online) + 1000;
        session_ << "SELECT setval(pg_get_serial_sequence('msg_event', 'event_id'), GREATEST($1, (SELECT"
                    " COALESCE(MAX(EVENT_ID), 0) FROM MSG_EVENT)))",
            use(next), now;
        settle();
        mailbox_ << "ANALYZE TABLE " + mailboxTable_, now;
        return secondsSince(start);
    }

    // A store in operation has been vacuumed and analyzed by autovacuum, and the writes that filled it
    // are long checkpointed. Right after a bulk fill neither is true: autovacuum's insert-triggered
    // runs and the checkpoint of gigabytes of dirty pages would run during the timed operations, and
    // the first read of each filled page would set its hint bits (a write). VACUUM (ANALYZE) and a
    // CHECKPOINT before timing measure the store as it runs, not as it was loaded.
    void settle() {
        const auto start = Steady::now();
        session_
            << "VACUUM (ANALYZE) PROC_STATE, PROC_STATE_HST, MSG_EVENT, MSG_EVENT_HST, FLIGHT, FLIGHT_DETAIL",
            now;
        const double vacuumed = secondsSince(start);
        session_ << "CHECKPOINT", now;
        std::fprintf(stderr, "settled: VACUUM (ANALYZE) %.1f s, CHECKPOINT %.1f s\n", vacuumed,
                     secondsSince(start) - vacuumed);
    }

    // Room to add PENDING `msg` events for the claims: a few hundred at the tail (untimed).
    void addPendingEvents(int count) {
        Poco::Int64 n = count;
        Poco::Int64 stamp = nowMicros();
        session_
            << "INSERT INTO MSG_EVENT (TARGET, FLID, PAYLOAD, STATE, ATTEMPTS, NEXT_ATTEMPT_AT, SOURCE_ID,"
               " CREATED_AT) SELECT 'msg', 50000001 + g, '{\"type\":\"flight-update\",\"flid\":' || g ||"
               " ',\"fields\":{\"currentStand\":\"' || (100 + g % 300) || '\"},\"pad\":\"' ||"
               " repeat('p', 300) || '\"}', 'PENDING', 0, $2, NULL, $2 FROM generate_series(1, $1) g",
            use(n), use(stamp), now;
    }

    // Records `target` delivered up to its `keep`-th newest PENDING event (a dispatcher's mark).
    void deliverAllButNewest(const std::string& target, std::int64_t keep, storage::EventOutbox& outbox) {
        std::string name = target;
        Poco::Int64 offset = keep;
        Poco::Nullable<Poco::Int64> mark;
        session_ << "SELECT MAX(EVENT_ID) FROM (SELECT EVENT_ID FROM MSG_EVENT WHERE TARGET = $1 AND STATE ="
                    " 'PENDING' ORDER BY EVENT_ID DESC OFFSET $2) a",
            use(name), use(offset), into(mark), now;
        if (!mark.isNull() && mark.value() > outbox.deliveredMark(target)) {
            outbox.recordDelivered(target, mark.value());
        }
    }

    Poco::Int64 count(const std::string& table) {
        Poco::Int64 n = 0;
        session_ << "SELECT COUNT(*) FROM " + table, into(n), now;
        return n;
    }

private:
    // Calls fill(lo, hi) for [from, to] in chunks (one statement per chunk keeps each transaction,
    // and the WAL it writes, bounded). Nothing when to < from.
    static void fillRange(std::int64_t from, std::int64_t to,
                          const std::function<void(std::int64_t, std::int64_t)>& fill) {
        constexpr std::int64_t kChunk = 100000;
        for (std::int64_t lo = from; lo <= to; lo += kChunk) {
            fill(lo, std::min(to, lo + kChunk - 1));
        }
    }

    // PROC_STATE or PROC_STATE_HST rows lo..hi. The mix of a running site: ~95.5 % SUCCEEDED,
    // 3.5 % SKIPPED (duplicates, ignored keys), 1 % DEAD with an error class; ids >= pendingFrom
    // PENDING (the newest, not processed yet). 85 % FLOP over ten STYPs, 10 % SCHD, 5 % reference.
    void messages(const std::string& table, std::int64_t lo, std::int64_t hi, std::int64_t pendingFrom) {
        const bool archive = table == "PROC_STATE_HST";
        Poco::Int64 l = lo;
        Poco::Int64 h = hi;
        Poco::Int64 origin = timeOrigin_;
        Poco::Int64 step = onlineStep_;
        Poco::Int64 pending = pendingFrom;
        Poco::Int64 flights = full_.flights;
        std::string sql =
            "INSERT INTO " + table +
            " (CMINMSGS_ID, RAW_XML, STATE, ERROR_CLASS, LAST_ERROR, NOTE, ATTEMPTS, NEXT_ATTEMPT_AT,"
            " IDENTITY_KEY, TYPE, STYP, MAILBOX_STATUS, RECEIVED_AT, ENQUEUED_AT, PROCESSING_STARTED_AT,"
            " UPDATED_AT, BACKFILL_STATE, BACKFILL_ATTEMPTS, BACKFILL_NEXT_AT, BACKFILL_STATUS_VALUE,"
            " BACKFILL_ERROR, PROCESSED_AT" +
            (archive ? std::string(", ARCHIVED_AT") : std::string()) +
            ") SELECT g, '<?xml version=\"1.0\" encoding=\"UTF-8\"?><MSG xmlns:xsi=\"http://www.w3.org/2001/"
            "XMLSchema-instance\" xsi:noNamespaceSchemaLocation=\"unisysaodbsis.xsd\"><META><SNDR>AODB</SNDR>"
            "<SEQN>' || (g % 1000000) || '</SEQN><DTTM>' || to_char(to_timestamp(t / 1000000.0),"
            " 'YYYYMMDDHH24MISS') || '</DTTM><TYPE>' || typ || '</TYPE><STYP>' || styp || '</STYP></META><' "
            "||"
            " typ || '><FLID>' || (50000001 + (g * 13) % $6) || '</FLID><FFID>CA-CA' || (1000 + g % 9000) ||"
            " '-D-12JUN241010-I</FFID><' || styp || '>' || (100 + g % 300) || '</' || styp || '></' || typ ||"
            " '></MSG>', st, CASE WHEN st = 'DEAD' THEN (ARRAY['MALFORMED', 'CODEC_ERROR', 'UNSUPPORTED',"
            " 'EXHAUSTED'])[1 + (g % 4)::int] END, CASE WHEN st = 'DEAD' THEN 'FLOP/' || styp ||"
            " ' cannot be parsed: not a number' END, CASE WHEN st = 'SKIPPED' THEN CASE WHEN g % 2 = 0 THEN"
            " 'duplicate-of:' || (g - 7) ELSE 'ignored:LDM-*' END END, CASE st WHEN 'PENDING' THEN 0 WHEN"
            " 'DEAD' THEN 3 ELSE 1 END, NULL, 'AODB|' || typ || '|' || styp || '|' || g, typ, styp, 'VALID',"
            " t, t + 20000, CASE WHEN st <> 'PENDING' THEN t + 25000 END, t + 30000, CASE WHEN st ="
            " 'PENDING' THEN 'NONE' ELSE 'DONE' END, CASE WHEN st = 'PENDING' THEN 0 ELSE 1 END, NULL,"
            " CASE WHEN st <> 'PENDING' THEN 'PROCESSED' END, NULL, CASE WHEN st <> 'PENDING' THEN t + 30000"
            " END" +
            (archive ? std::string(", t + 8 * 86400000000") : std::string()) +
            " FROM (SELECT g, t, typ, CASE WHEN typ = 'FLOP' THEN (ARRAY['STND', 'EOBT', 'TOBT', 'GTDT',"
            " 'CKDT', 'REMC', 'RENO', 'ACFT', 'DELY', 'ABTM'])[1 + (g * 31 % 10)::int] WHEN typ = 'SCHD' THEN"
            " (ARRAY['ADFT', 'UPD', 'DEL'])[1 + (g % 3)::int] ELSE 'UPD' END AS styp, CASE WHEN g >= $5 THEN"
            " 'PENDING' WHEN r < 955 THEN 'SUCCEEDED' WHEN r < 990 THEN 'SKIPPED' ELSE 'DEAD' END AS st FROM"
            " (SELECT g, $3 + g * $4 AS t, (g * 7919) % 1000 AS r, CASE WHEN g % 20 < 17 THEN 'FLOP' WHEN g"
            " % 20 < 19 THEN 'SCHD' ELSE 'BASE' END AS typ FROM generate_series($1::bigint, $2::bigint) g) "
            "a) b";
        session_ << sql, use(l), use(h), use(origin), use(step), use(pending), use(flights), now;
    }

    // MSG_EVENT or MSG_EVENT_HST rows lo..hi, two per message (event e of message (e + 1) / 2), half
    // `msg` and half `schd`; ~0.01 % DEAD (schd only), ids >= pendingFrom PENDING, the rest SENT.
    void events(const std::string& table, std::int64_t lo, std::int64_t hi, std::int64_t pendingFrom) {
        const bool archive = table == "MSG_EVENT_HST";
        Poco::Int64 l = lo;
        Poco::Int64 h = hi;
        Poco::Int64 origin = timeOrigin_;
        Poco::Int64 step = onlineStep_ / 2;
        Poco::Int64 pending = pendingFrom;
        Poco::Int64 flights = full_.flights;
        std::string sql =
            "INSERT INTO " + table +
            " (EVENT_ID, TARGET, FLID, PAYLOAD, STATE, ATTEMPTS, NEXT_ATTEMPT_AT, LAST_ERROR, SOURCE_ID,"
            " CREATED_AT, SENT_AT" +
            (archive ? std::string(", ARCHIVED_AT") : std::string()) +
            ") SELECT e, tg, f, '{\"type\":\"flight-update\",\"flid\":' || f || "
            "',\"fields\":{\"currentStand\":"
            "\"' || (100 + e % 300) || '\",\"estimatedOffBlock\":\"2024-06-12T02:' || (10 + e % 50) ||"
            " ':00Z\"},\"source\":{\"cminmsgsId\":' || ((e + 1) / 2) || "
            "',\"type\":\"FLOP\",\"styp\":\"STND\"},"
            "\"flight\":{\"airlineCode\":\"CA\",\"flightNumber\":\"CA' || (1000 + f % 9000) || '\",\"movement"
            "\":\"D\",\"scheduledTime\":\"2024-06-12T02:10:00Z\"},\"pad\":\"' || repeat('p', 160) || '\"}', "
            "st,"
            " CASE WHEN st = 'DEAD' THEN 20 WHEN st = 'SENT' THEN 1 ELSE 0 END, t, CASE WHEN st = 'DEAD' THEN"
            " 'record too large' END, (e + 1) / 2, t, CASE WHEN st = 'SENT' THEN t + 5000 END" +
            (archive ? std::string(", t + 8 * 86400000000") : std::string()) +
            " FROM (SELECT e, $3 + e * $4 AS t, 50000001 + ((e + 1) / 2 * 13) % $6 AS f, CASE WHEN e % 2 = 0"
            " THEN 'msg' ELSE 'schd' END AS tg, CASE WHEN e >= $5 THEN 'PENDING' WHEN e % 2 = 1 AND (e * "
            "7919)"
            " % 10000 = 0 THEN 'DEAD' ELSE 'SENT' END AS st FROM generate_series($1::bigint, $2::bigint) e) "
            "a";
        session_ << sql, use(l), use(h), use(origin), use(step), use(pending), use(flights), now;
    }

    // FLIGHT rows for flight indexes lo..hi and the detail rows of those not deleted. Index i: even
    // arrivals, odd departures; i % 4 == 3 a code-share of flight i - 1 (MAID); i % 4 == 0 and 1 a
    // turnaround pair (LINK_FLID to each other); every 50th deleted. Attributes ~700 bytes.
    void flights(std::int64_t lo, std::int64_t hi) {
        Poco::Int64 l = lo;
        Poco::Int64 h = hi;
        Poco::Int64 origin = flightOrigin_;
        Poco::Int64 step = flightStep_;
        Poco::Int64 stamp = nowMicros();
        session_
            << "INSERT INTO FLIGHT (FLID, FFID, ALCD, FLNO, MVIN, SODT, MAID, LINK_FLID, DELETED,"
               " STATE_VERSION, ATTRIBUTES, CREATED_AT, UPDATED_AT) SELECT 50000000 + i, al || '-' || al ||"
               " (1000 + i % 9000) || '-' || mv || '-' || to_char(to_timestamp(s / 1000000.0),"
               " 'DDMONYYHH24MI') || '-I', al, al || (1000 + i % 9000), mv, s, CASE WHEN i % 4 = 3 THEN"
               " 50000000 + i - 1 END, CASE WHEN i % 4 = 0 THEN 50000000 + i + 1 WHEN i % 4 = 1 THEN"
               " 50000000 + i - 1 END, CASE WHEN i % 50 = 7 THEN 1 ELSE 0 END, 1 + i % 9,"
               " '{\"aircraftType\":\"' || (ARRAY['320', '321', '333', '789', '738'])[1 + (i % 5)::int] ||"
               " '\",\"airlineCode\":\"' || al || '\",\"currentStand\":\"' || (100 + i % 300) ||"
               " '\",\"flightIndicator\":\"I\",\"flightNumber\":\"' || al || (1000 + i % 9000) ||"
               " '\",\"flightType\":\"J\",\"movement\":\"' || mv || '\",\"registration\":\"B' || (6000 + i"
               " % 900) || '\",\"scheduledTime\":\"' || to_char(to_timestamp(s / 1000000.0),"
               " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') || '\",\"terminal\":\"T' || (1 + i % 3) ||"
               " '\",\"estimatedOffBlock\":\"' || to_char(to_timestamp(s / 1000000.0 + 600),"
               " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') || '\",\"remark\":\"' || repeat('r', 300) || '\"}', $5,"
               " $5 FROM (SELECT i, $3 + i * $4 AS s, (ARRAY['CA', 'MU', 'CZ', '3U', 'HU', 'ZH', '8L',"
               " 'MF'])[1 + (i % 8)::int] AS al, CASE WHEN i % 2 = 0 THEN 'A' ELSE 'D' END AS mv FROM"
               " generate_series($1::bigint, $2::bigint) i) a",
            use(l), use(h), use(origin), use(step), use(stamp), now;
        session_
            << "INSERT INTO FLIGHT_DETAIL (FLID, LIST_NAME, SEQ, ITEM) SELECT 50000000 + i, n, 1, CASE n"
               " WHEN 'stands' THEN '{\"abdg\":[\"B' || (i % 300) || 'A\"],\"seq\":1,\"standCode\":\"' ||"
               " (100 + i % 300) || '\",\"startTime\":\"2024-06-11T01:45:00Z\",\"endTime\":"
               "\"2024-06-11T03:05:00Z\"}' WHEN 'gates' THEN '{\"gateCode\":\"B' || (i % 60) || '\","
               "\"gateType\":\"D\",\"seq\":1,\"openTime\":\"2024-06-11T01:15:00Z\"}' WHEN 'counters' THEN"
               " '{\"counterCode\":\"C' || (i % 90) || '\",\"class\":\"Y\",\"counterType\":\"D\",\"seq\":1}'"
               " ELSE '{\"airportCode\":\"URC\",\"seq\":1}' END FROM generate_series($1::bigint, $2::bigint) "
               "i"
               " CROSS JOIN (VALUES ('stands'), ('gates'), ('counters'), ('routes')) AS l(n) WHERE i % 50 <> "
               "7",
            use(l), use(h), now;
    }

    // CMINMSGS rows lo..hi on MariaDB (the SEQUENCE engine's seq table), processed ones but the
    // newest kPendingTail, with a document of the mailbox's usual size.
    void mailboxRows(std::int64_t lo, std::int64_t hi) {
        Poco::Int64 l = lo;
        Poco::Int64 h = hi;
        Poco::Int64 newFrom = lastOnlineId() - kPendingTail + 1;
        mailbox_
            << "INSERT INTO " + mailboxTable_ +
                   " (CMINMSGS_ID, CMINMSGS_CLOB_MSG, CMINMSGS_DATE_RECEIVED,"
                   " CMINMSGS_DATE_PROCESSED, CMINMSGS_STATUS) SELECT seq, CONCAT('<?xml version=\"1.0\""
                   " encoding=\"UTF-8\"?><MSG xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\""
                   " xsi:noNamespaceSchemaLocation=\"unisysaodbsis.xsd\"><META><SNDR>AODB</SNDR><SEQN>', seq "
                   "%"
                   " 1000000, '</SEQN><DTTM>20240612094000</DTTM><TYPE>FLOP</TYPE><STYP>STND</STYP></META>"
                   "<FLOP><FLID>', 50000001 + seq % 400000, '</FLID><FFID>CA-CA', 1000 + seq % 9000,"
                   " '-D-12JUN241010-I</FFID><STND>', 100 + seq % 300, '</STND></FLOP></MSG>'), NOW(), CASE"
                   " WHEN seq < ? THEN NOW() END, CASE WHEN seq < ? THEN 'PROCESSED' ELSE 'VALID' END FROM"
                   " seq_1_to_100000000 WHERE seq BETWEEN ? AND ?",
            use(newFrom), use(newFrom), use(l), use(h), now;
    }

    std::string pg_;
    std::string mailboxConnect_;
    std::string mailboxTable_;
    Sizes full_;
    Sizes have_;
    Poco::Data::Session session_;
    Poco::Data::Session mailbox_;
    std::int64_t timeOrigin_ = 0;
    std::int64_t onlineStep_ = 1;
    std::int64_t flightOrigin_ = 0;
    std::int64_t flightStep_ = 1;
};

struct OpFigure {
    std::string name;
    double smallMicros = 0;
    double fullMicros = 0;
    std::optional<double> smallServerMicros; // the server's execution time (StatementProfile), when known
    std::optional<double> fullServerMicros;
    int smallReps = 0;
    int fullReps = 0;
};

// Times `run` (after an untimed `prepare` each time) until `reps` repetitions or `budget` seconds
// of timed work, at least `least`; appends each repetition's time in microseconds to `micros`, and
// when `serverMillis` is given (a running total) what it grew by during the repetition to `server`.
void timeChunk(int reps, double budget, int least, const std::function<void()>& prepare,
               const std::function<void()>& run, std::vector<double>& micros,
               const std::function<double()>& serverMillis, std::vector<double>& server) {
    double spent = 0;
    for (int i = 0; i < reps && (spent < budget || i < least); ++i) {
        if (prepare) {
            prepare();
        }
        const double serverBefore = serverMillis ? serverMillis() : 0;
        const auto start = Steady::now();
        run();
        const double s = secondsSince(start);
        if (serverMillis) {
            server.push_back((serverMillis() - serverBefore) * 1000);
        }
        spent += s;
        micros.push_back(s * 1e6);
    }
}

// One timed hot operation of one store: `setup` runs once before its first repetition (untimed),
// `prepare` before each (untimed), `run` is timed.
struct TimedOp {
    std::string name;
    std::function<void()> setup;
    std::function<void()> prepare;
    std::function<void()> run;
    double budget = 4.0; // seconds of timed work per store
    int reps = 0;
    // Runs statements on the own store: its server time is read around each repetition (a query
    // between repetitions, which would also evict the caches an in-memory operation runs from).
    bool ownStore = true;
};

// The outbox operations the dispatcher runs per round, through whichever EventOutbox the tree has:
// its API moves from per-row claims (claimBatch, markSent of ids) to a delivered mark per target
// (nextDue after the mark, recordDelivered; the span's markSent only once quiet); `if constexpr`
// on what the interface offers keeps this bench building on either side of that change.
template <class Outbox>
class OutboxDriver {
public:
    OutboxDriver(Outbox& outbox, SoakStore& fill) : outbox_(outbox), fill_(fill) {
        if constexpr (requires(Outbox & o) { o.deliveredMark(std::string()); }) {
            // The filled SENT events are delivered: the mark stands after the last of them.
            Poco::Int64 last = 0;
            fill_.session()
                << "SELECT COALESCE(MAX(EVENT_ID), 0) FROM MSG_EVENT WHERE TARGET = 'msg' AND STATE <>"
                   " 'PENDING' AND EVENT_ID < (SELECT MIN(EVENT_ID) FROM MSG_EVENT WHERE TARGET = 'msg'"
                   " AND STATE = 'PENDING')",
                into(last), now;
            mark_ = std::max<storage::EventId>(outbox_.deliveredMark("msg"), last);
            outbox_.recordDelivered("msg", mark_);
        }
    }

    // The dispatcher's read of its next round (a claim of up to `count` due events).
    std::vector<storage::OutboxEvent> claim(int count) {
        if constexpr (requires(Outbox & o) { o.nextDue(std::string(), storage::EventId{}, 0); }) {
            return outbox_.nextDue("msg", mark_, count);
        } else {
            return outbox_.claimBatch("msg", count, 30s);
        }
    }

    // What the dispatcher writes once the sink acknowledged every event of the round.
    void settle(const std::vector<storage::OutboxEvent>& events) {
        if (events.empty()) {
            return;
        }
        if constexpr (requires(Outbox & o) { o.recordDelivered(std::string(), storage::EventId{}); }) {
            // The rows are settled to SENT later, once the target is quiet (Dispatcher.h).
            outbox_.recordDelivered("msg", events.back().id);
            mark_ = events.back().id;
        } else {
            std::vector<storage::EventId> ids;
            for (const auto& e : events) {
                ids.push_back(e.id);
            }
            outbox_.markSent(ids);
        }
    }

    // At least `count` PENDING msg events after the mark (adds a few hundred at the tail, untimed).
    void ensurePending(int count) {
        std::int64_t pending = 0;
        if constexpr (requires(Outbox & o) { o.pendingCount(std::string(), storage::EventId{}); }) {
            pending = outbox_.pendingCount("msg", mark_);
        } else {
            pending = outbox_.pendingCount("msg");
        }
        if (pending < count) {
            fill_.addPendingEvents(2 * count);
        }
    }

private:
    Outbox& outbox_;
    SoakStore& fill_;
    storage::EventId mark_ = 0;
};

// What the PostgreSQL server spent executing one store's statements (pg_stat_statements, read in the
// database `postgres`, where the test services create it with MSGX_SERVICES_PG_STATEMENTS=1, as
// bench/run-soak.sh starts them). The wall-clock time of a hot operation is mostly the round trips
// and the hand-off to a connection thread, which do not depend on the table's size and on this VM
// vary by up to 2x between two stores timed by turns; the server's execution time is the part that
// grows with the table. Without the extension the soak reports wall-clock times only.
// MSGX_SOAK_STATEMENTS=1 also prints each operation's top statements with their buffer pages.
// `pg` with its database replaced by `database`.
std::string withDatabase(const std::string& pg, const std::string& database) {
    return std::regex_replace(pg, std::regex("dbname=\\S+"), "dbname=" + database);
}

class StatementProfile {
public:
    explicit StatementProfile(const std::string& pg) {
        const char* print = std::getenv("MSGX_SOAK_STATEMENTS");
        printing_ = print != nullptr && std::string(print) == "1";
        std::smatch database;
        if (std::regex_search(pg, database, std::regex("dbname=(\\S+)"))) {
            database_ = database[1];
        }
        try {
            session_.emplace("PostgreSQL", withDatabase(pg, "postgres"));
            (void)executedMillis();
        } catch (const Poco::Exception& e) {
            std::fprintf(stderr, "(no server execution times: pg_stat_statements is not readable: %s)\n",
                         e.displayText().c_str());
            session_.reset();
        }
    }

    [[nodiscard]] bool available() const { return session_.has_value(); }

    // Milliseconds the server spent executing this store's statements so far (a running total).
    double executedMillis() {
        double millis = 0;
        *session_
            << "SELECT COALESCE(SUM(total_exec_time), 0) FROM pg_stat_statements WHERE dbid = (SELECT oid"
               " FROM pg_database WHERE datname = $1)",
            use(database_), into(millis), now;
        return millis;
    }

    void reset() {
        if (session_ && printing_) {
            *session_ << "SELECT 1 FROM pg_stat_statements_reset()", now;
        }
    }

    // Prints the `top` statements of this store's database by time since the last reset (which is
    // of every database).
    void print(const std::string& operation, int top = 4) {
        if (!session_ || !printing_) {
            return;
        }
        Poco::Data::Statement select(*session_);
        select
            << "SELECT calls, total_exec_time / calls, shared_blks_hit::float8 / calls,"
               " shared_blks_read::float8 / calls, shared_blks_dirtied::float8 / calls,"
               " shared_blks_written::float8 / calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 110)"
               " FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' AND dbid = (SELECT oid"
               " FROM pg_database WHERE datname = $1) ORDER BY total_exec_time DESC LIMIT $2",
            use(database_), use(top), now;
        Poco::Data::RecordSet rows(select);
        std::fprintf(
            stderr, "    statements of %s in %s (calls, ms/call, pages hit/read/dirtied/written per call):\n",
            operation.c_str(), database_.c_str());
        for (bool more = rows.moveFirst(); more; more = rows.moveNext()) {
            std::fprintf(stderr, "      %7lld %8.3f %8.1f %7.1f %7.1f %7.1f  %s\n",
                         static_cast<long long>(rows[0].convert<Poco::Int64>()), rows[1].convert<double>(),
                         rows[2].convert<double>(), rows[3].convert<double>(), rows[4].convert<double>(),
                         rows[5].convert<double>(), rows[6].convert<std::string>().c_str());
        }
    }

private:
    bool printing_ = false;
    std::string database_;
    std::optional<Poco::Data::Session> session_;
};

// The hot operations, each through the real storage API.
class HotOperations {
public:
    HotOperations(SoakStore& fill, storage::OwnStore& store, storage::Mailbox& mailbox, int reps)
        : fill_(fill), store_(store), mailbox_(mailbox), reps_(reps), profile_(fill.connectString()) {}

    // The FLIDs the commits change: masters of the newest 5,000 flights (today's), not deleted.
    void chooseFlights(std::int64_t lastIndex) {
        flights_.clear();
        for (std::int64_t i = lastIndex; i > lastIndex - 5000 && i > 0; --i) {
            if (i % 4 != 3 && i % 50 != 7) {
                flights_.push_back(kFlidBase + i);
            }
        }
    }

    // The hot operations in the order they are timed; each keeps its state in this object, so that
    // the operations of two stores can be timed by turns (runPhaseA).
    std::vector<TimedOp> operations() {
        std::vector<TimedOp> ops;
        auto add = [&](std::string name, std::function<void()> prepare, std::function<void()> run,
                       double budget = 4.0, std::function<void()> setup = {}) {
            ops.push_back(
                {std::move(name), std::move(setup), std::move(prepare), std::move(run), budget, reps_});
        };
        add(
            "mailbox poll (readAbove, 50 new rows)", {},
            [this] {
                if (mailbox_.inbox().readAbove(watermark_, 200).size() != 50) {
                    throw std::runtime_error("the mailbox poll did not return 50 rows");
                }
            },
            4.0, [this] { watermark_ = *mailbox_.inbox().maxId() - 50; });
        ops.back().ownStore = false; // the mailbox is MariaDB
        add("mailbox idle probe (hasRowsAbove)", {},
            [this] { (void)mailbox_.inbox().hasRowsAbove(watermark_ + 50); });
        ops.back().ownStore = false;
        add("queue head read", {}, [this] {
            if (!store_.processing().head()) {
                throw std::runtime_error("no queue head");
            }
        });
        add("queue next batch (nextUnfinished 49)", {},
            [this] { (void)store_.processing().nextUnfinished(store_.processing().head()->mailboxId, 49); });
        add(
            "batch commit (commitAll, 50 FLOP messages)", [this] { batch_ = decisions(50); },
            [this] { expectApplied(store_.processing().commitAll(batch_)); }, 6.0);
        add(
            "single commit (commit, 1 FLOP message)", [this] { batch_ = decisions(1); },
            [this] { expectApplied(store_.processing().commit(batch_.front())); }, 4.0);
        add(
            "outbox claim (200 msg events)",
            [this] {
                // The last claim's events are settled (untimed), so that the next claim starts at a
                // due head as the dispatcher's does.
                outbox_->settle(claimed_);
                outbox_->ensurePending(2 * kClaimBatch);
            },
            [this] {
                claimed_ = outbox_->claim(kClaimBatch);
                if (claimed_.size() != static_cast<std::size_t>(kClaimBatch)) {
                    throw std::runtime_error("the claim returned " + std::to_string(claimed_.size()));
                }
            },
            4.0,
            [this] {
                outbox_ = std::make_unique<OutboxDriver<storage::EventOutbox>>(store_.events(), fill_);
            });
        // Each SENT mark needs a claim of its own first (untimed).
        add(
            "outbox SENT mark (200 msg events)",
            [this] {
                outbox_->ensurePending(2 * kClaimBatch);
                claimed_ = outbox_->claim(kClaimBatch);
            },
            [this] { outbox_->settle(claimed_); }, 4.0, [this] { outbox_->settle(claimed_); });
        add(
            "processing status counts (countByState)", {},
            [this] { (void)store_.processing().countByState(); }, 3.0);
        // The summary counts each target's PENDING events above its delivered mark: what is still to
        // be delivered, which a running dispatcher keeps short whatever the table's size. No `schd`
        // dispatcher runs here, so the commits timed above leave their `schd` events undelivered: a
        // growing backlog, not a growing table. Both targets are delivered up to their newest kPendingTail
        // first (untimed), so that both sizes are timed with the same short backlog.
        add(
            "outbox status counts (EventOutbox::summary)", {}, [this] { (void)store_.events().summary(); },
            3.0,
            [this] {
                for (const char* target : {"msg", "schd"}) {
                    fill_.deliverAllButNewest(target, kPendingTail, store_.events());
                }
            });
        add("live flights page (liveMasterFlids 500)", {}, [this] {
            if (store_.flights().liveMasterFlids(0, 500).size() != 500) {
                throw std::runtime_error("fewer than 500 live flights");
            }
        });
        add("live flights chunk (byFlids 50, HTTP read)", {}, [this] {
            std::vector<storage::FlightId> chunk;
            for (int i = 0; i < 50; ++i) {
                chunk.push_back(flights_[next_++ % flights_.size()]);
            }
            (void)store_.flights().byFlids(chunk);
        });
        add("flight read (byFlid + detailLists)", {}, [this] {
            const auto flid = flights_[next_++ % flights_.size()];
            (void)store_.flights().byFlid(flid);
            (void)store_.flights().detailLists(flid);
        });
        add("code-shares of a master (store, MAID)", {},
            [this] { (void)store_.flights().sharedFlightsOf(flights_[next_++ % flights_.size()]); });
        add("turnaround partner (store, LINK_FLID)", {},
            [this] { (void)store_.flights().linkingTo(flights_[next_++ % flights_.size()]); });
        return ops;
    }

    // StoreFlightView::matching answered from memory with `held` flights in the view (the pump
    // keeps up to kViewFlights between batches), each master asked of the store once beforehand.
    TimedOp viewLookUp(std::int64_t lastIndex, int held) {
        TimedOp op;
        op.name = "flight view look-ups (StoreFlightView::matching)";
        op.budget = 2.0;
        op.reps = reps_ * 5;
        op.ownStore = false;
        op.setup = [this, lastIndex, held] {
            view_ = std::make_unique<msgx::pipeline::StoreFlightView>(store_.flights());
            std::vector<storage::FlightId> flids;
            for (std::int64_t i = lastIndex; i > 0 && static_cast<int>(flids.size()) < held; --i) {
                flids.push_back(kFlidBase + i);
            }
            for (std::size_t from = 0; from < flids.size(); from += 2000) {
                view_->prefetch(std::vector<storage::FlightId>(
                    flids.begin() + static_cast<std::ptrdiff_t>(from),
                    flids.begin() + static_cast<std::ptrdiff_t>(std::min(flids.size(), from + 2000))));
            }
            masters_.assign(flights_.begin(),
                            flights_.begin() + std::min<std::ptrdiff_t>(500, flights_.size()));
            for (const auto m : masters_) {
                (void)view_->sharedFlightsOf(m);
                (void)view_->linkingTo(m);
            }
            std::fprintf(stderr, "  (the flight view holds %zu flights)\n", view_->size());
        };
        op.run = [this] {
            const auto m = masters_[next_++ % masters_.size()];
            (void)view_->sharedFlightsOf(m);
            (void)view_->linkingTo(m);
        };
        return op;
    }

    StatementProfile& profile() { return profile_; }

private:
    static void expectApplied(const storage::WriteResult& result) {
        if (!result.applied) {
            throw std::runtime_error("a measured commit was refused: " + result.conflict);
        }
    }

    // `count` FLOP decisions (untimed): each on its own queued message and flight of today, the
    // flight's next version with a 700-byte document and a changed stand list, a `msg` and a `schd`
    // event, SUCCEEDED with its back-fill intent, the identity key and processing start the
    // batching pump binds in the commit.
    std::vector<storage::ProcessingCommit> decisions(int count) {
        std::vector<storage::NewMessage> queued;
        std::vector<storage::ProcessingCommit> commits;
        const auto stamp = clock_.now();
        for (int i = 0; i < count; ++i) {
            const storage::MailboxId id = nextId_++;
            const auto flid = flights_[nextFlight_++ % flights_.size()];
            const auto record = store_.flights().byFlid(flid);
            if (!record) {
                throw std::runtime_error("flight " + std::to_string(flid) + " is not stored");
            }
            const std::string stand = std::to_string(100 + id % 300);
            queued.push_back({id,
                              "<MSG><META><SNDR>AODB</SNDR><SEQN>" + std::to_string(id) +
                                  "</SEQN><TYPE>FLOP</TYPE><STYP>STND</STYP></META><FLOP><FLID>" +
                                  std::to_string(flid) + "</FLID><STND>" + stand + "</STND></FLOP></MSG>",
                              stamp, "VALID", std::nullopt});
            storage::ProcessingCommit commit;
            commit.mailboxId = id;
            commit.expected = {storage::ProcessingState::Pending, 0};
            storage::FlightWrite write;
            write.flid = flid;
            write.expectedVersion = record->stateVersion;
            write.keys = record->keys;
            write.attributesJson = "{\"airlineCode\":\"CA\",\"currentStand\":\"" + stand +
                                   "\",\"remark\":\"" + std::string(600, 'r') + "\"}";
            write.lists = {
                {"stands",
                 {"{\"seq\":1,\"standCode\":\"" + stand + "\",\"startTime\":\"2024-06-11T01:45:00Z\"}"}}};
            commit.flights = {write};
            const std::string payload = "{\"type\":\"flight-update\",\"flid\":" + std::to_string(flid) +
                                        ",\"fields\":{\"currentStand\":\"" + stand + "\"},\"pad\":\"" +
                                        std::string(300, 'p') + "\"}";
            commit.events = {{"msg", flid, payload}, {"schd", flid, payload}};
            commit.outcome.state = storage::ProcessingState::Succeeded;
            commit.outcome.backfillStatus = "PROCESSED";
            commit.identityKey = "AODB|FLOP|STND|" + std::to_string(id);
            commit.processingStartedAt = stamp;
            commits.push_back(std::move(commit));
        }
        store_.processing().enqueue(queued, std::nullopt);
        return commits;
    }

    SoakStore& fill_;
    storage::OwnStore& store_;
    storage::Mailbox& mailbox_;
    int reps_;
    StatementProfile profile_;
    msgx::SystemClock clock_;
    // The operations' state between repetitions.
    storage::MailboxId watermark_ = 0;
    std::vector<storage::ProcessingCommit> batch_;
    std::unique_ptr<OutboxDriver<storage::EventOutbox>> outbox_;
    std::vector<storage::OutboxEvent> claimed_;
    std::size_t next_ = 0;
    std::unique_ptr<msgx::pipeline::StoreFlightView> view_;
    std::vector<storage::FlightId> masters_;
    std::vector<storage::FlightId> flights_;
    std::size_t nextFlight_ = 0;
    storage::MailboxId nextId_ = 900000000; // above every filled id
};

struct PhaseA {
    std::vector<OpFigure> ops;
    Sizes full;
    double fillSmallSeconds = 0;
    double fillFullSeconds = 0;
    std::map<std::string, Poco::Int64> rows; // table -> rows at full size
    std::string databaseSize;
};

void resetStore(Poco::Data::Session& session) {
    session << "SET client_min_messages TO WARNING", now;
    session << "DROP SCHEMA public CASCADE", now;
    session << "CREATE SCHEMA public", now;
}

// One store of phase A: its own-store database and mailbox table, the filler and the timed
// operations through the real storage API.
struct PhaseAStore {
    PhaseAStore(const std::string& pg, const std::string& mailboxConnect, const std::string& mailboxTable,
                const Sizes& full, int reps, const std::string& migrations, msgx::SystemClock& clock) {
        storage::DatabaseSettings settings;
        settings.backend = storage::DatabaseBackend::PostgreSql;
        settings.dialect = storage::SqlDialect::PostgreSql;
        settings.connect = pg;
        settings.poolSize = 2;
        settings.operationTimeout = std::chrono::minutes(5);
        store = storage::OwnStore::open(settings, clock);
        store->migrate(migrations);
        storage::DatabaseSettings mailboxSettings;
        mailboxSettings.role = "mailbox";
        mailboxSettings.backend = storage::DatabaseBackend::MySql;
        mailboxSettings.dialect = storage::SqlDialect::MySql;
        mailboxSettings.connect = mailboxConnect;
        mailboxSettings.poolSize = 1;
        mailbox = storage::Mailbox::open(mailboxSettings, {mailboxTable, "COUTMSGS", "UTC"});
        fill = std::make_unique<SoakStore>(pg, mailboxConnect, mailboxTable, full);
        ops = std::make_unique<HotOperations>(*fill, *store, *mailbox, reps);
    }

    // Fills to `size`; then the kept state counts are set from the filled rows by the recount msgxd
    // runs when it becomes the writer (the filler writes rows with SQL, as an edit by hand would;
    // docs/storage.md "State counts").
    double fillTo(const Sizes& size, const char* name) {
        const double seconds = fill->fillTo(size);
        const auto started = std::chrono::steady_clock::now();
        const auto corrections = store->processing().recountStates();
        std::fprintf(stderr, "%s: filled in %.1f s, state counts recounted in %.2f s (%zu set)\n", name,
                     seconds,
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                     corrections.size());
        ops->chooseFlights(fill->lastFlightIndex());
        return seconds;
    }

    std::unique_ptr<storage::OwnStore> store;
    std::unique_ptr<storage::Mailbox> mailbox;
    std::unique_ptr<SoakStore> fill;
    std::unique_ptr<HotOperations> ops;
};

// Times one operation on the small and the full store by turns, kTurns chunks each (small, full,
// full, small, ...), so that both sizes see the same minutes of this VM, whose speed drifts by up
// to 2x within minutes (docs/performance.md): timed one after the other, 4 minutes apart, the same
// code gave a batch commit ratio of 1.13, 1.66 and 1.33 in three runs. The figure of each size is
// the median of all its repetitions.
OpFigure timeByTurns(TimedOp& small, TimedOp& full, HotOperations& smallStore, HotOperations& fullStore) {
    constexpr int kTurns = 4;
    if (small.setup) {
        small.setup();
    }
    if (full.setup) {
        full.setup();
    }
    smallStore.profile().reset();
    std::vector<double> smallMicros;
    std::vector<double> fullMicros;
    std::vector<double> smallServer;
    std::vector<double> fullServer;
    for (int turn = 0; turn < kTurns; ++turn) {
        const bool smallFirst = turn % 2 == 0;
        for (int side = 0; side < 2; ++side) {
            const bool isSmall = (side == 0) == smallFirst;
            TimedOp& op = isSmall ? small : full;
            StatementProfile& profile = (isSmall ? smallStore : fullStore).profile();
            std::function<double()> serverMillis;
            if (profile.available() && op.ownStore) {
                serverMillis = [&profile] { return profile.executedMillis(); };
            }
            timeChunk((op.reps + kTurns - 1) / kTurns, op.budget / kTurns, 2, op.prepare, op.run,
                      isSmall ? smallMicros : fullMicros, serverMillis, isSmall ? smallServer : fullServer);
        }
    }
    OpFigure figure;
    figure.name = small.name;
    figure.smallMicros = median(smallMicros);
    figure.fullMicros = median(fullMicros);
    figure.smallReps = static_cast<int>(smallMicros.size());
    figure.fullReps = static_cast<int>(fullMicros.size());
    // Only operations that run statements on the own store have a server time (not the mailbox's
    // MariaDB reads, not the in-memory flight view).
    const auto total = [](const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0); };
    if (total(smallServer) > 0 && total(fullServer) > 0) {
        figure.smallServerMicros = median(smallServer);
        figure.fullServerMicros = median(fullServer);
    }
    std::fprintf(stderr, "  %-48s 10k %9.1f us (%3d reps)  full %9.1f us (%3d reps)  %5.2f",
                 small.name.c_str(), figure.smallMicros, figure.smallReps, figure.fullMicros, figure.fullReps,
                 figure.fullMicros / figure.smallMicros);
    if (figure.smallServerMicros) {
        std::fprintf(stderr, "   server %8.1f / %8.1f us  %5.2f", *figure.smallServerMicros,
                     *figure.fullServerMicros, *figure.fullServerMicros / *figure.smallServerMicros);
    }
    std::fprintf(stderr, "\n");
    smallStore.profile().print(small.name);
    fullStore.profile().print(full.name);
    return figure;
}

// The small store is a database of its own (msgx_soak_small, mailbox table CMINMSGS_SMALL), so that
// both stores exist at once and each operation is timed on both by turns (timeByTurns).
PhaseA runPhaseA(const std::string& pg, const std::string& mailboxConnect, const Sizes& full, int reps,
                 const std::string& migrations) {
    PhaseA result;
    result.full = full;
    const std::string smallDatabase = "msgx_soak_small";
    const std::string smallMailbox = "CMINMSGS_SMALL";
    {
        Poco::Data::Session admin("PostgreSQL", pg);
        resetStore(admin);
        admin << "DROP DATABASE IF EXISTS " + smallDatabase, now;
        admin << "CREATE DATABASE " + smallDatabase, now;
        Poco::Data::Session mailbox("MySQL", mailboxConnect);
        mailbox << "TRUNCATE TABLE CMINMSGS", now;
        mailbox << "DROP TABLE IF EXISTS " + smallMailbox, now;
        mailbox << "CREATE TABLE " + smallMailbox + " LIKE CMINMSGS", now;
    }
    msgx::SystemClock clock;
    const Sizes small{std::min(kSmallRows, full.online), std::min(kSmallRows, full.hst),
                      std::min(kSmallRows, full.flights)};
    PhaseAStore smallStore(withDatabase(pg, smallDatabase), mailboxConnect, smallMailbox, full, reps,
                           migrations, clock);
    PhaseAStore fullStore(pg, mailboxConnect, "CMINMSGS", full, reps, migrations, clock);
    result.fillSmallSeconds = smallStore.fillTo(small, "phase A small");
    result.fillFullSeconds = fullStore.fillTo(full, "phase A full");
    for (const char* table :
         {"PROC_STATE", "MSG_EVENT", "FLIGHT", "FLIGHT_DETAIL", "PROC_STATE_HST", "MSG_EVENT_HST"}) {
        result.rows[table] = fullStore.fill->count(table);
    }
    Poco::Int64 mailboxRows = 0;
    fullStore.fill->mailbox() << "SELECT COUNT(*) FROM CMINMSGS", into(mailboxRows), now;
    result.rows["CMINMSGS"] = mailboxRows;
    fullStore.fill->session() << "SELECT pg_size_pretty(pg_database_size(current_database()))",
        into(result.databaseSize), now;
    std::fprintf(stderr, "phase A: full size %s; timing each operation on both stores by turns\n",
                 result.databaseSize.c_str());
    auto smallOps = smallStore.ops->operations();
    auto fullOps = fullStore.ops->operations();
    smallOps.push_back(
        smallStore.ops->viewLookUp(smallStore.fill->lastFlightIndex(), static_cast<int>(small.flights)));
    fullOps.push_back(fullStore.ops->viewLookUp(fullStore.fill->lastFlightIndex(), kViewFlights));
    for (std::size_t i = 0; i < smallOps.size(); ++i) {
        result.ops.push_back(timeByTurns(smallOps[i], fullOps[i], *smallStore.ops, *fullStore.ops));
    }
    return result;
}

// ---------------------------------------------------------------------------------------------
// Phase B: msgxd under a FLOP mix.

struct Sample {
    double seconds = 0;
    long rssKb = 0;
    long hwmKb = 0;
    double cpuSeconds = 0;
    std::int64_t fed = 0;        // messages written into CMINMSGS (FLOP phase)
    std::int64_t lagRows = 0;    // written but not finished (PENDING/FAILED or not queued yet)
    std::int64_t pendingMsg = 0; // msg events not yet acknowledged
    double processedPerSecond = 0;
};

struct PhaseB {
    std::vector<Sample> samples;
    std::map<std::string, std::int64_t> states;
    int liveFlights = 0;
    double createSeconds = 0;
    int rate = 0;
    double minutes = 0;
    std::int64_t fed = 0;
    std::int64_t finished = 0;
    double drainSeconds = 0;
    std::string memoryMap; // where msgxd's RSS was at the end (memoryMap())
};

// msgxd's resident memory at the end by kind of mapping (/proc/PID/smaps): the main heap, the
// other anonymous mappings (glibc's per-thread malloc arenas and thread stacks), and each file
// (its code and data), largest first, so that a report can say what holds the RSS.
std::string memoryMap(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/smaps");
    std::map<std::string, long> rssByName;
    std::map<std::string, int> mappings;
    std::string current;
    long anonymous64 = 0;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) && line.find('-') < 17) {
            std::istringstream fields(line);
            std::string range;
            std::string perms;
            std::string offset;
            std::string device;
            std::string inode;
            std::string path;
            fields >> range >> perms >> offset >> device >> inode;
            std::getline(fields, path);
            path.erase(0, path.find_first_not_of(' '));
            current = path.empty() ? "[anonymous]" : path;
            const auto dash = range.find('-');
            const auto size = std::stoull(range.substr(dash + 1), nullptr, 16) -
                              std::stoull(range.substr(0, dash), nullptr, 16);
            if (path.empty() && size >= 60ULL * 1024 * 1024) {
                ++anonymous64; // a malloc arena's 64 MiB heap reservation
            }
            ++mappings[current];
        } else if (line.starts_with("Rss:")) {
            rssByName[current] += std::atol(line.c_str() + 4);
        }
    }
    std::vector<std::pair<long, std::string>> sorted;
    for (const auto& [name, rss] : rssByName) {
        sorted.emplace_back(rss, name);
    }
    std::sort(sorted.rbegin(), sorted.rend());
    std::string out;
    for (std::size_t i = 0; i < sorted.size() && i < 12; ++i) {
        out += "    " + std::to_string(sorted[i].first) + " kB  " + sorted[i].second + " (" +
               std::to_string(mappings[sorted[i].second]) + " mappings)\n";
    }
    out += "    anonymous mappings of >= 60 MiB (malloc arenas): " + std::to_string(anonymous64) + "\n";
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);) {
        if (line.starts_with("Threads:") || line.starts_with("RssAnon") || line.starts_with("RssFile")) {
            out += "    " + line + "\n";
        }
    }
    return out;
}

std::map<std::string, long> procStatus(pid_t pid) {
    std::map<std::string, long> values;
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);) {
        const auto colon = line.find(':');
        if (colon != std::string::npos &&
            (line.starts_with("VmRSS") || line.starts_with("VmHWM") || line.starts_with("RssAnon"))) {
            values[line.substr(0, colon)] = std::atol(line.c_str() + colon + 1);
        }
    }
    return values;
}

double cpuSeconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = stat.rfind(')');
    if (close == std::string::npos) {
        return 0;
    }
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    double ticks = 0;
    for (int i = 3; fields >> field; ++i) {
        if (i == 14 || i == 15) {
            ticks += std::stod(field);
        }
        if (i == 15) {
            break;
        }
    }
    return ticks / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

std::string envelope(std::int64_t seqn, const std::string& type, const std::string& styp,
                     const std::string& body) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><MSG><META><SNDR>AODB</SNDR><SEQN>" +
           std::to_string(seqn % 1000000) + "</SEQN><DTTM>20240612094000</DTTM><TYPE>" + type +
           "</TYPE><STYP>" + styp + "</STYP></META>" + body + "</MSG>";
}

// SCHD-ADFT creating flight `flid`: arrivals and departures, code-shares of the previous flight
// (one in eight, MAID), a day's spread of scheduled times.
std::string schedule(std::int64_t seqn, std::int64_t flid, int n) {
    const std::string number = std::to_string(1000 + n % 8000);
    const int hour = n % 20 + 4;
    const std::string time = std::to_string(10 + n % 18) + "JUN24" + (hour < 10 ? "0" : "") +
                             std::to_string(hour) + std::to_string(10 + n % 50);
    std::string record = "<FLTR><FLID>" + std::to_string(flid) + "</FLID><ALCD>3U</ALCD><FLNO>3U" + number +
                         "</FLNO><MVIN>" + (n % 2 == 0 ? "A" : "D") + "</MVIN><SODT>" + time +
                         "</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT><TRML>T" +
                         std::to_string(1 + n % 3) + "</TRML><STND>" + std::to_string(100 + n % 300) +
                         "</STND>";
    if (n % 8 == 7) {
        record += "<MAID>" + std::to_string(flid - 1) + "</MAID>";
    }
    return envelope(seqn, "SCHD", "ADFT", "<SCHD><RECS>1</RECS>" + record + "</FLTR></SCHD>");
}

// The FLOP mix: one golden message per STYP (a case that applies a change), its FLID, SEQN and
// STND replaced, FFID dropped (the live flights were created without one).
class FlopMix {
public:
    explicit FlopMix(const std::filesystem::path& golden) {
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"stnd", "normal-update"},
            {"tobt", "normal-set"},
            {"eobt", "normal-set-one-line"},
            {"reno", "normal-set"},
            {"remc", "normal-set"},
            {"acft", "normal-set"},
            {"trml", "normal-set"},
            {"gtdt", "normal-set-spec-example-without-gctm"},
            {"ckdt", "normal-set-spec-example-without-cctm"},
            {"ctot", "normal-set-tab-indented"},
            {"dely", "merge-update-add-keep-blanks-around-equals"},
        };
        for (const auto& [styp, name] : cases) {
            std::ifstream in(golden / styp / "golden" / name / "message.xml");
            if (!in) {
                throw std::runtime_error("no golden message " + (golden / styp / "golden" / name).string());
            }
            std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            xml = std::regex_replace(xml, std::regex("<FFID>[^<]*</FFID>"), "");
            templates_.push_back({styp, xml});
        }
    }

    // Message n of the mix on flight `flid`: STND for a third of them (each with a new stand), the
    // other STYPs in turn. SEQN counts per STYP from `firstSeqn`: the identity is SNDR|TYPE|STYP|SEQN
    // (envelope.md §2), and one sequence for every STYP wrapped at 1,000,000 after 17 minutes at
    // 1,000 msg/s, so that every later message repeated an identity (docs/performance.md, soak).
    [[nodiscard]] std::string message(std::int64_t n, std::int64_t firstSeqn, std::int64_t flid) {
        const std::size_t which = n % 3 == 0 ? 0 : 1 + static_cast<std::size_t>(n % (templates_.size() - 1));
        const auto& t = templates_[which];
        seqns_.resize(templates_.size(), 0);
        const std::int64_t seqn = firstSeqn + seqns_[which]++;
        std::string xml =
            std::regex_replace(t.second, flidPattern_, "<FLID>" + std::to_string(flid) + "</FLID>");
        xml = std::regex_replace(xml, seqnPattern_, "<SEQN>" + std::to_string(seqn % 1000000) + "</SEQN>");
        if (t.first == "stnd") {
            xml = std::regex_replace(xml, standPattern_,
                                     "<STND>" + std::to_string(100 + (n / 3) % 250) + "</STND>");
        }
        return xml;
    }
    [[nodiscard]] std::size_t styps() const { return templates_.size(); }

private:
    std::vector<std::pair<std::string, std::string>> templates_;
    std::vector<std::int64_t> seqns_; // per template: messages made so far
    std::regex flidPattern_{"<FLID>[0-9]+</FLID>"};
    std::regex seqnPattern_{"<SEQN>[0-9]+</SEQN>"};
    std::regex standPattern_{"<STND>[0-9]+</STND>"};
};

pid_t startDaemon(const std::string& msgxd, const std::filesystem::path& config,
                  const std::filesystem::path& log) {
    const pid_t child = ::fork();
    if (child == 0) {
        std::freopen(log.c_str(), "a", stderr);
        ::execl(msgxd.c_str(), msgxd.c_str(), "--config", config.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    return child;
}

// Messages written so far minus those finished: the first unfinished id in PROC_STATE (an index
// seek), else everything queued is finished and the rest is not queued yet.
std::int64_t lagRows(Poco::Data::Session& store, std::int64_t lastWritten) {
    Poco::Int64 head = 0;
    Poco::Int64 queued = 0;
    store << "SELECT COALESCE(LEAST((SELECT MIN(CMINMSGS_ID) FROM PROC_STATE WHERE STATE = 'PENDING'),"
             " (SELECT MIN(CMINMSGS_ID) FROM PROC_STATE WHERE STATE = 'FAILED')), 0), COALESCE((SELECT"
             " MAX(CMINMSGS_ID) FROM PROC_STATE), 0)",
        into(head), into(queued), now;
    const std::int64_t finishedUpTo = head > 0 ? head - 1 : queued;
    return std::max<std::int64_t>(0, lastWritten - finishedUpTo);
}

PhaseB runPhaseB(const std::string& pg, const std::string& mailboxConnect, const std::string& msgxd,
                 const std::string& handlers, const std::string& golden, int liveFlights, int rate,
                 double minutes) {
    PhaseB result;
    result.liveFlights = liveFlights;
    result.rate = rate;
    result.minutes = minutes;
    const auto dir = std::filesystem::temp_directory_path() / ("msgx-soak-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string kafka = requireEnv("MSGX_TEST_KAFKA");
    msgx::test::sendKafkaMockCommand(requireEnv("MSGX_TEST_KAFKA_CONTROL"),
                                     requireEnv("MSGX_TEST_KAFKA_CONTROL_ACK"), "topic soak.msg 6");
    msgx::test::sendKafkaMockCommand(requireEnv("MSGX_TEST_KAFKA_CONTROL"),
                                     requireEnv("MSGX_TEST_KAFKA_CONTROL_ACK"), "topic soak.schd 6");
    Poco::Data::Session store("PostgreSQL", pg);
    resetStore(store);
    Poco::Data::Session mailbox("MySQL", mailboxConnect);
    mailbox << "TRUNCATE TABLE CMINMSGS", now;
    const auto config = dir / "msgx.yaml";
    std::ofstream(config)
        << "profile: embedded\n"
        << "store: {backend: postgresql, connect: \"" << pg << "\", migrate-on-start: true}\n"
        << "mailbox:\n  backend: mysql\n  connect: \"" << mailboxConnect << "\"\n"
        << "  status-map: {succeeded: PROCESSED, skipped: SKIPPED, duplicate: DUPLICATE, dead: DEAD}\n"
        << "plugins: {dir: " << handlers << "}\n"
        << "delivery:\n  targets:\n    msg: {type: kafka, topic: soak.msg}\n"
        << "    schd: {type: kafka, topic: soak.schd}\n"
        << "kafka:\n  bootstrap: \"" << kafka << "\"\n"
        << "control: {socket: " << (dir / "msgxd.sock").string() << "}\n"
        << "http: {listen: \"127.0.0.1:0\"}\n"
        << "pipeline: {poll-interval: 50ms, messages-per-transaction: 50, batch-size: 1000}\n"
        << "log: {level: warn}\n";

    std::int64_t seqn = 1;
    std::vector<std::string> setup;
    setup.reserve(static_cast<std::size_t>(liveFlights));
    for (int f = 0; f < liveFlights; ++f) {
        setup.push_back(schedule(seqn++, 70000000 + f, f));
    }
    msgx::test::insertMailboxDocuments(mailbox, setup);
    const std::int64_t created = liveFlights;
    const auto t0 = Steady::now();
    const pid_t daemon = startDaemon(msgxd, config, dir / "msgxd.log");
    for (int i = 0; i < 10; ++i) {
        std::this_thread::sleep_for(100ms);
        if (const auto status = procStatus(daemon); status.contains("VmHWM")) {
            std::fprintf(stderr, "  start: t=%4.1f s  RSS %6.1f MB  HWM %6.1f MB (anon %6.1f MB)\n",
                         secondsSince(t0), status.at("VmRSS") / 1024.0, status.at("VmHWM") / 1024.0,
                         status.at("RssAnon") / 1024.0);
        }
    }
    // The schedule first: until every creation is finished (processing only; delivery follows).
    for (;;) {
        std::this_thread::sleep_for(1s);
        int status = 0;
        if (::waitpid(daemon, &status, WNOHANG) == daemon) {
            throw std::runtime_error("msgxd exited; see " + (dir / "msgxd.log").string());
        }
        if (const auto memory = procStatus(daemon); memory.contains("VmHWM")) {
            std::fprintf(stderr, "  creating: t=%4.0f s  RSS %6.1f MB  HWM %6.1f MB (anon %6.1f MB)\n",
                         secondsSince(t0), memory.at("VmRSS") / 1024.0, memory.at("VmHWM") / 1024.0,
                         memory.at("RssAnon") / 1024.0);
        }
        try {
            if (lagRows(store, created) == 0) {
                break;
            }
        } catch (const Poco::Exception&) {
            // not migrated yet
        }
        if (secondsSince(t0) > 600) {
            throw std::runtime_error("the schedule was not processed in 10 minutes");
        }
    }
    result.createSeconds = secondsSince(t0);
    std::fprintf(stderr, "phase B: %d flights created in %.1f s; FLOP mix at %d/s for %.1f min\n",
                 liveFlights, result.createSeconds, rate, minutes);

    FlopMix mix(golden);
    const auto start = Steady::now();
    const auto end =
        start + std::chrono::duration_cast<Steady::duration>(std::chrono::duration<double>(minutes * 60));
    constexpr auto kTick = 100ms;
    const int perTick = std::max(1, rate / 10);
    std::int64_t fed = 0;
    std::int64_t lastWritten = created;
    auto nextTick = start;
    auto nextSample = start;
    std::int64_t lastFinishedUpTo = created;
    double lastSampleAt = 0;
    std::vector<std::string> documents;
    while (Steady::now() < end) {
        std::this_thread::sleep_until(nextTick);
        nextTick += kTick;
        documents.clear();
        for (int i = 0; i < perTick; ++i, ++fed) {
            // Flights in a scattered order (a prime stride), every live flight within a pass.
            const std::int64_t flight = (fed * 7919) % liveFlights;
            documents.push_back(mix.message(fed, seqn, 70000000 + flight));
        }
        msgx::test::insertMailboxDocuments(mailbox, documents);
        lastWritten += perTick;
        if (Steady::now() >= nextSample) {
            nextSample += 10s;
            Sample s;
            s.seconds = secondsSince(start);
            const auto status = procStatus(daemon);
            s.rssKb = status.contains("VmRSS") ? status.at("VmRSS") : 0;
            s.hwmKb = status.contains("VmHWM") ? status.at("VmHWM") : 0;
            s.cpuSeconds = cpuSeconds(daemon);
            s.fed = fed;
            s.lagRows = lagRows(store, lastWritten);
            Poco::Int64 pending = 0;
            // Above the delivered mark: the rows below it are delivered, settled to SENT only once
            // the target was quiet (docs/delivery.md "The delivered mark").
            store
                << "SELECT COUNT(*) FROM MSG_EVENT WHERE TARGET = 'msg' AND STATE = 'PENDING' AND EVENT_ID > "
                   "COALESCE((SELECT WATERMARK FROM INBOX_CURSOR WHERE CURSOR_NAME = 'delivery-sent:msg'), "
                   "0)",
                into(pending), now;
            s.pendingMsg = pending;
            const std::int64_t finishedUpTo = lastWritten - s.lagRows;
            s.processedPerSecond =
                s.seconds > lastSampleAt
                    ? static_cast<double>(finishedUpTo - lastFinishedUpTo) / (s.seconds - lastSampleAt)
                    : 0;
            lastFinishedUpTo = finishedUpTo;
            lastSampleAt = s.seconds;
            result.samples.push_back(s);
            std::fprintf(stderr,
                         "  t=%5.0f s  RSS %6.1f MB  HWM %6.1f MB  cpu %7.1f s  fed %8lld  lag %6lld msgs  "
                         "pending msg events %6lld  %6.0f msgs/s\n",
                         s.seconds, s.rssKb / 1024.0, s.hwmKb / 1024.0, s.cpuSeconds,
                         static_cast<long long>(s.fed), static_cast<long long>(s.lagRows),
                         static_cast<long long>(s.pendingMsg), s.processedPerSecond);
        }
    }
    result.fed = fed;
    const auto drainStart = Steady::now();
    while (lagRows(store, lastWritten) > 0 && secondsSince(drainStart) < 300) {
        std::this_thread::sleep_for(500ms);
    }
    result.drainSeconds = secondsSince(drainStart);
    Sample last;
    last.seconds = secondsSince(start);
    const auto status = procStatus(daemon);
    last.rssKb = status.contains("VmRSS") ? status.at("VmRSS") : 0;
    last.hwmKb = status.contains("VmHWM") ? status.at("VmHWM") : 0;
    last.cpuSeconds = cpuSeconds(daemon);
    last.fed = fed;
    result.samples.push_back(last);
    result.memoryMap = memoryMap(daemon);
    std::fprintf(stderr, "phase B: msgxd memory by mapping at the end (Rss kB):\n%s",
                 result.memoryMap.c_str());
    ::kill(daemon, SIGTERM);
    ::waitpid(daemon, nullptr, 0);
    std::vector<std::string> states;
    std::vector<Poco::Int64> numbers;
    store << "SELECT STATE || COALESCE('/' || ERROR_CLASS, '') || COALESCE(' ' || SPLIT_PART(NOTE, ':', 1), "
             "''),"
             " COUNT(*) FROM PROC_STATE GROUP BY 1 ORDER BY 1",
        into(states), into(numbers), now;
    for (std::size_t i = 0; i < states.size(); ++i) {
        result.states[states[i]] = numbers[i];
        result.finished += numbers[i];
    }
    std::fprintf(stderr, "phase B: drained in %.1f s after the feed; msgxd log %s\n", result.drainSeconds,
                 (dir / "msgxd.log").c_str());
    return result;
}

// RSS growth: the median RSS of the last fifth of the FLOP phase minus that of its second fifth
// (the first fifth is warm-up: caches, the flight view filling up to its cap, pools).
double rssGrowthMb(const std::vector<Sample>& samples) {
    if (samples.size() < 5) {
        return 0;
    }
    const std::size_t n = samples.size();
    std::vector<double> early;
    std::vector<double> late;
    for (std::size_t i = n / 5; i < 2 * n / 5; ++i) {
        early.push_back(static_cast<double>(samples[i].rssKb));
    }
    for (std::size_t i = n - n / 5; i < n; ++i) {
        late.push_back(static_cast<double>(samples[i].rssKb));
    }
    return (median(late) - median(early)) / 1024.0;
}

std::string jsonString(const std::string& s) {
    return "\"" + Poco::UTF8::escape(s, true) + "\""; // strict JSON: control characters escaped
}

void writeResults(const std::string& path, const std::string& commit, const PhaseA* a, const PhaseB* b) {
    std::ofstream out(path);
    out << "{\n  \"commit\": " << jsonString(commit) << ",\n";
    if (a != nullptr) {
        double maxRatio = 0;
        double maxServerRatio = 0;
        for (const auto& op : a->ops) {
            maxRatio = std::max(maxRatio, op.fullMicros / op.smallMicros);
            if (op.smallServerMicros) {
                maxServerRatio = std::max(maxServerRatio, *op.fullServerMicros / *op.smallServerMicros);
            }
        }
        out << "  \"growth_max_ratio\": " << maxRatio << ",\n";
        if (maxServerRatio > 0) {
            out << "  \"growth_max_server_ratio\": " << maxServerRatio << ",\n";
        }
        out << "  \"sizes\": {\"small_rows\": " << kSmallRows << ", \"online_messages\": " << a->full.online
            << ", \"hst_messages\": " << a->full.hst << ", \"flights\": " << a->full.flights
            << ", \"database_size\": " << jsonString(a->databaseSize) << ", \"rows\": {";
        bool first = true;
        for (const auto& [table, n] : a->rows) {
            out << (first ? "" : ", ") << jsonString(table) << ": " << n;
            first = false;
        }
        out << "}, \"fill_small_seconds\": " << a->fillSmallSeconds
            << ", \"fill_full_seconds\": " << a->fillFullSeconds << "},\n  \"operations\": [\n";
        for (std::size_t i = 0; i < a->ops.size(); ++i) {
            const auto& op = a->ops[i];
            out << "    {\"name\": " << jsonString(op.name) << ", \"small_us\": " << op.smallMicros
                << ", \"full_us\": " << op.fullMicros << ", \"ratio\": " << op.fullMicros / op.smallMicros
                << ", \"small_reps\": " << op.smallReps << ", \"full_reps\": " << op.fullReps;
            if (op.smallServerMicros) {
                out << ", \"small_server_us\": " << *op.smallServerMicros
                    << ", \"full_server_us\": " << *op.fullServerMicros
                    << ", \"server_ratio\": " << *op.fullServerMicros / *op.smallServerMicros;
            }
            out << "}" << (i + 1 < a->ops.size() ? ",\n" : "\n");
        }
        out << "  ],\n";
    }
    if (b != nullptr) {
        long peak = 0;
        for (const auto& s : b->samples) {
            peak = std::max({peak, s.hwmKb, s.rssKb});
        }
        out << "  \"peak_rss_mb\": " << peak / 1024.0 << ",\n  \"rss_growth_mb\": " << rssGrowthMb(b->samples)
            << ",\n  \"soak\": {\"live_flights\": " << b->liveFlights
            << ", \"create_seconds\": " << b->createSeconds << ", \"rate\": " << b->rate
            << ", \"minutes\": " << b->minutes << ", \"fed\": " << b->fed
            << ", \"drain_seconds_after_feed\": " << b->drainSeconds << ", \"states\": {";
        bool first = true;
        for (const auto& [state, n] : b->states) {
            out << (first ? "" : ", ") << jsonString(state) << ": " << n;
            first = false;
        }
        out << "}, \"memory_map_at_end\": " << jsonString(b->memoryMap) << "},\n  \"rss_series\": [\n";
        for (std::size_t i = 0; i < b->samples.size(); ++i) {
            const auto& s = b->samples[i];
            out << "    {\"t\": " << s.seconds << ", \"rss_mb\": " << s.rssKb / 1024.0
                << ", \"hwm_mb\": " << s.hwmKb / 1024.0 << ", \"cpu_s\": " << s.cpuSeconds
                << ", \"fed\": " << s.fed << ", \"lag_msgs\": " << s.lagRows
                << ", \"pending_msg_events\": " << s.pendingMsg
                << ", \"processed_per_s\": " << s.processedPerSecond << "}"
                << (i + 1 < b->samples.size() ? ",\n" : "\n");
        }
        out << "  ],\n";
    }
    out << "  \"machine_cores\": " << std::thread::hardware_concurrency() << "\n}\n";
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"msgx-soak - hot operations at 10k rows and at full size; msgxd memory over time"};
    std::string phase = "both";
    Sizes full{1050000, 6000000, 500000};
    int reps = 200;
    std::string msgxd;
    std::string handlers;
    std::string golden;
    std::string out;
    std::string commit = "unknown";
    std::string migrations = MSGX_SOURCE_MIGRATIONS_DIR;
    double minutes = 30;
    int rate = 1000;
    int liveFlights = 20000;
    app.add_option("--phase", phase, "a (hot operations), b (msgxd over time) or both")
        ->check(CLI::IsMember({"a", "b", "both"}))
        ->capture_default_str();
    app.add_option("--online-rows", full.online, "messages online (PROC_STATE, CMINMSGS); events 2x")
        ->capture_default_str();
    app.add_option("--hst-rows", full.hst, "archived messages (PROC_STATE_HST); events 2x")
        ->capture_default_str();
    app.add_option("--flights", full.flights, "FLIGHT rows (a year at a large airport)")
        ->capture_default_str();
    app.add_option("--reps", reps, "repetitions per operation (the median is reported)")
        ->capture_default_str();
    app.add_option("--msgxd", msgxd, "the msgxd binary (phase b)");
    app.add_option("--handlers", handlers, "the handler plugins folder (phase b)");
    app.add_option("--flop-golden", golden, "handlers/flop of the source tree (phase b)");
    app.add_option("--minutes", minutes, "length of the FLOP phase")->capture_default_str();
    app.add_option("--rate", rate, "FLOP messages per second")->capture_default_str();
    app.add_option("--live-flights", liveFlights, "flights created before the FLOP phase")
        ->capture_default_str();
    app.add_option("--out", out, "results JSON file");
    app.add_option("--commit", commit, "the commit measured (for the results file)");
    app.add_option("--migrations", migrations, "migrations folder")->capture_default_str();
    CLI11_PARSE(app, argc, argv);
    if (full.online < kSmallRows || full.flights < kSmallRows || full.hst < kSmallRows) {
        std::cerr << "msgx-soak: --online-rows, --hst-rows and --flights must be at least " << kSmallRows
                  << '\n';
        return 2;
    }
    if (phase != "a" && (msgxd.empty() || handlers.empty() || golden.empty())) {
        std::cerr << "msgx-soak: phase b needs --msgxd, --handlers and --flop-golden\n";
        return 2;
    }
    msgx::storage::registerPocoConnectors();
    msgx::log::LoggingSystem logging({"warn", msgx::log::LogFormat::Text, "", 1024}, "msgx-soak");
    const std::string pg = requireEnv("MSGX_TEST_PG");
    const std::string mailboxConnect = requireEnv("MSGX_TEST_MAILBOX");
    std::optional<PhaseA> a;
    std::optional<PhaseB> b;
    try {
        if (phase != "b") {
            a = runPhaseA(pg, mailboxConnect, full, reps, migrations);
            std::printf("\n%-52s %12s %12s %8s %26s\n", "hot operation (PostgreSQL store, MariaDB mailbox)",
                        "10k rows us", "full us", "ratio", "server 10k / full us ratio");
            for (const auto& op : a->ops) {
                std::printf("%-52s %12.1f %12.1f %8.2f", op.name.c_str(), op.smallMicros, op.fullMicros,
                            op.fullMicros / op.smallMicros);
                if (op.smallServerMicros) {
                    std::printf(" %9.1f / %9.1f %6.2f", *op.smallServerMicros, *op.fullServerMicros,
                                *op.fullServerMicros / *op.smallServerMicros);
                }
                std::printf("\n");
            }
            std::printf("(full: %lld online messages, %lld archived, %lld flights; database %s)\n",
                        static_cast<long long>(full.online), static_cast<long long>(full.hst),
                        static_cast<long long>(full.flights), a->databaseSize.c_str());
            if (!out.empty()) {
                writeResults(out, commit, &*a, nullptr); // kept if phase B fails
            }
        }
        if (phase != "a") {
            b = runPhaseB(pg, mailboxConnect, msgxd, handlers, golden, liveFlights, rate, minutes);
            long peak = 0;
            for (const auto& s : b->samples) {
                peak = std::max({peak, s.hwmKb, s.rssKb});
            }
            std::printf(
                "\nmsgxd at %d FLOP msgs/s, %d live flights, %.1f min: peak RSS %.1f MB (target <= 64),"
                " RSS growth %.1f MB, drained %.1f s after the feed\n",
                b->rate, b->liveFlights, b->minutes, peak / 1024.0, rssGrowthMb(b->samples), b->drainSeconds);
            for (const auto& [state, n] : b->states) {
                std::printf("  %-40s %10lld\n", state.c_str(), static_cast<long long>(n));
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "msgx-soak: " << e.what() << '\n';
        if (!out.empty()) {
            writeResults(out, commit, a ? &*a : nullptr, b ? &*b : nullptr);
        }
        return 1;
    }
    if (!out.empty()) {
        writeResults(out, commit, a ? &*a : nullptr, b ? &*b : nullptr);
        std::printf("results: %s\n", out.c_str());
    }
    return 0;
}
