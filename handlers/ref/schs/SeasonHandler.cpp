// SCHS-DNLD / SCHS-RESP: the seasonal schedule (schedule.md §8). Seasonal lines are not flight state
// (flight-model.md §8): the season replaces the stored season as reference data RTYPE=SCHS
// (architecture.md §11 "SCHS"). ReferenceItem is a flat Fields map, so a season is stored as records
// of class SCHS (SeasonRecords.h):
//  - the season key "<SDAT>..<EDAT>" in ISO dates ("2024-03-31..2024-10-26"), the legacy identity of
//    a season (schedule.md §8.4 step 2); a header record under that key: SNAM, APCD, SDAT, EDAT, LINES;
//  - one record per line "<season key>#<n>" (n = 1-based position, 4 digits zero-padded) with the
//    line's elements under their names and the route ERUT flattened as "ERUT/<RTNO>/<element>";
//    ROUT is ignored (legacy, schedule.md §8.3).
// The whole season is read and validated before anything is decided (all or nothing, like every
// pack): an unparseable value -> FAILED(CODEC_ERROR), unusable content -> SKIPPED "rejected:..."
// ("record <n>: " for a line of several), the stored season kept (readSeason lists the rules).
// Replacing the season: the header and every line that differs from the stored record
// (ReferenceView::find) are upserted, and the stored lines #n for n > the new LINES (the stored
// header's LINES says how many there were) are deleted; an equal resend changes nothing. Other
// seasons are not touched: the legacy "keep at most two seasons" cleanup (schedule.md §8.4 step 6) needs the
// keys of a class, which ReferenceView cannot enumerate (follow-up). A season without any FLTR is
// refused like an empty reference class, SKIPPED "rejected:empty-season", never a wipe of the
// stored lines. Past seasons and past lines are applied (as architecture.md §11 "past SODT" decides
// for schedules; the legacy skipped them, schedule.md §8.4 steps 4-5). RECS is informational (a mismatch is
// noted). The legacy does not look at the STYP: DNLD and RESP are the same here; the RESP guard
// (matching an open request) is the core's, before the handler.
#include "SeasonRecords.h"
#include "msgx/sdk/Sdk.h"

#include <cstdint>
#include <string>

namespace {

using namespace msgx::sdk;
using msgx::schs::kSeasonClass;

// The number of lines the stored header `stored` says the season had (0: no stored season).
std::size_t storedLines(const ReferenceItem* stored) {
    if (stored == nullptr) {
        return 0;
    }
    const Value* lines = findField(*stored, "LINES");
    if (lines == nullptr || !std::holds_alternative<std::int64_t>(*lines) ||
        std::get<std::int64_t>(*lines) < 0) {
        return 0;
    }
    return static_cast<std::size_t>(std::get<std::int64_t>(*lines));
}

class SeasonHandler final : public Handler {
public:
    Decision decide(const HandlerContext& context, const FlightView&, const Message& message) const override {
        Checked<msgx::schs::Season> read = msgx::schs::readSeason(message, context.businessZone);
        if (!read.ok()) {
            return decisionFor(read.problem());
        }
        const msgx::schs::Season& season = read.value();
        if (season.lines.empty()) {
            return Decision::skip("rejected:empty-season");
        }

        Decision decision = Decision::apply();
        decision.notes = season.notes;
        const std::string rtype(kSeasonClass);
        const ReferenceView& stored = context.references;
        const ReferenceItem* storedHeader = stored.find(rtype, season.key);
        auto upsertIfChanged = [&](const std::string& rkey, const ReferenceItem& item) {
            const ReferenceItem* current = stored.find(rtype, rkey);
            if (current == nullptr || *current != item) {
                decision.references.push_back({ReferenceChange::Kind::Upsert, rtype, rkey, item, {}});
            }
        };
        upsertIfChanged(season.key, season.header);
        for (std::size_t n = 1; n <= season.lines.size(); ++n) {
            upsertIfChanged(msgx::schs::lineKey(season.key, n), season.lines[n - 1]);
        }
        for (std::size_t n = season.lines.size() + 1; n <= storedLines(storedHeader); ++n) {
            const std::string rkey = msgx::schs::lineKey(season.key, n);
            if (stored.find(rtype, rkey) != nullptr) {
                decision.references.push_back({ReferenceChange::Kind::Delete, rtype, rkey, {}, {}});
            }
        }
        return decision;
    }
};

} // namespace

MSGX_HANDLER_PLUGIN(SeasonHandler, "ref-schs", "1.0.0", "SCHS-DNLD", "SCHS-RESP")
