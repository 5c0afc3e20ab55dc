#include "msgx/pipeline/housekeeping/ArchiveJob.h"

#include "msgx/config/Config.h"
#include "msgx/log/Log.h"

namespace msgx::pipeline {

ArchiveSettings ArchiveSettings::of(const config::Config& config) {
    return ArchiveSettings{config.archive, config.pipeline.businessTimeZone, config.history};
}

ArchiveJob::ArchiveJob(storage::OwnStore& store, const Clock& clock, ArchiveSettings settings)
    : store_(store), clock_(clock), settings_(std::move(settings)),
      zone_(codec::TimeZone::load(settings_.businessTimeZone)) {}

storage::Timestamp ArchiveJob::nextRunAfter(storage::Timestamp after) const {
    using namespace std::chrono;
    const auto local = zone_.toLocal(floor<seconds>(after));
    auto day = floor<days>(local);
    // Today's run, else tomorrow's (the day after that covers a zone's 25-hour day).
    for (int i = 0; i < 3; ++i, day += days(1)) {
        const auto run = time_point_cast<Clock::duration>(
            zone_.toUtc(local_seconds(day) + duration_cast<seconds>(settings_.archive.at.sinceMidnight())));
        if (run > after) {
            return run;
        }
    }
    return after + hours(24); // not reached for the supported (fixed-offset-rule) zones
}

storage::ArchiveReport ArchiveJob::runOnce() {
    const storage::Timestamp cutoff =
        clock_.now() - std::chrono::duration_cast<Clock::duration>(settings_.archive.retention);
    storage::ArchiveReport total;
    while (true) {
        const auto chunk = store_.archive().archiveBefore(cutoff, kChunk);
        total.messages += chunk.messages;
        total.events += chunk.events;
        if (chunk.messages < kChunk && chunk.events < kChunk) {
            break;
        }
    }
    log::info("archive: moved {} messages and {} events received or created more than {} h ago to the "
              "history tables",
              total.messages, total.events,
              std::chrono::duration_cast<std::chrono::hours>(settings_.archive.retention).count());
    purgeHistory();
    return total;
}

storage::PurgeReport ArchiveJob::purgeHistory() {
    const storage::Timestamp cutoff =
        clock_.now() - std::chrono::duration_cast<Clock::duration>(settings_.history.retention);
    storage::PurgeReport total;
    while (true) {
        const auto batch = store_.archive().purgeHistoryBefore(cutoff, kChunk);
        for (const auto& [table, rows] : batch.rows) {
            total.rows[table] += rows;
        }
        if (!batch.full) {
            break;
        }
    }
    std::string counts;
    for (const auto& [table, rows] : total.rows) {
        counts += (counts.empty() ? "" : ", ") + std::to_string(rows) + " from " + table;
    }
    log::info("history: purged {} rows archived more than {} (history.retention) ago{}{}", total.total(),
              config::formatDuration(settings_.history.retention), counts.empty() ? "" : ": ", counts);
    return total;
}

} // namespace msgx::pipeline
