#pragma once

#include "msgx/clock/Clock.h"
#include "msgx/config/RefreshConfig.h"
#include "msgx/pipeline/reference/AdminApiClient.h"
#include "msgx/sdk/Decision.h"
#include "msgx/storage/ReferenceRecord.h"
#include "msgx/storage/ReferenceRepository.h"

#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace msgx::pipeline {

// SOURCE of every REF_MASTER record the refresh writes (messages write "message").
inline constexpr std::string_view kAdminApiSource = "admin-api";

// The records of one class read from an admin-API answer, validated whole (docs/reference-refresh.md):
// either `problem` (the class must not be published) or every record, in document order.
struct ValidatedClass {
    std::optional<std::string> problem;
    std::vector<std::pair<std::string, sdk::ReferenceItem>> records; // (RKEY, item)
};

// Reads `body` as the answer for class `refreshed`: a JSON array of objects, each one record. RKEY is
// the member `refreshed.key` (a non-empty text, trimmed, or an integer in its decimal digits; at most
// 200 characters); the item holds only the mapped fields (`refreshed.fields`: field <- member), by
// JSON type: text -> text (trimmed; empty -> absent), integer -> integer, other number -> decimal,
// boolean -> flag, array of texts -> list (trimmed, empty entries dropped), null or a missing
// member -> absent. Any of these makes the whole class unusable: not JSON, not an array, an empty
// array, an entry that is not an object, a record without a usable key, two records with one key,
// a mapped member that is an object or an array with an entry that is not a text.
ValidatedClass validateClassDocument(const config::RefreshClass& refreshed, std::string_view body);

// The REF_MASTER changes that make class `rtype` exactly `records`: one Upsert per record (SOURCE
// admin-api, `batchId`), then KeepOnlyBatch of `batchId`.
std::vector<storage::ReferenceChange>
publicationOf(const std::string& rtype,
              const std::vector<std::pair<std::string, sdk::ReferenceItem>>& records,
              const std::string& batchId);

// "admin-api:<class>:<time in UTC, ISO 8601 to the second>", e.g. admin-api:GLST:2024-03-18T07:00:00Z.
std::string refreshBatchId(const std::string& className, Clock::time_point at);

// What a refresh run did with one class.
struct ClassRefresh {
    enum class Outcome {
        Published,   // the class is now exactly the fetched records
        Failed,      // not published: the stored class is as it was; `reason` says why
        OwnedByAodb, // refresh.precedence aodb and a stored record came from a message: nothing written
    };
    std::string className; // GLST, ORMS_STAND, ...
    std::string rtype;     // GLST, SLST, ...
    std::string url;
    Outcome outcome = Outcome::Failed;
    std::size_t records = 0; // Published: the records written
    std::string batchId;     // Published
    std::string reason;      // Failed / OwnedByAodb
};

struct RefreshReport {
    std::vector<ClassRefresh> classes; // in class-name order
    [[nodiscard]] std::size_t published() const;
};

// The admin-API reference refresh (US-13, US-14; architecture.md §7): runOnce() fetches every class
// of refresh.classes (AdminApiClient), validates it whole (validateClassDocument) and publishes it in
// one REF_MASTER transaction (publicationOf, batch refreshBatchId at the run's start). Any failure of
// a class (fetch, validation, the store) leaves its stored records exactly as they were and logs one
// warn line with the class, the URL and the reason; the other classes go on.
//
// refresh.precedence aodb: a class is published only while none of its stored records came from a
// message (every one has SOURCE admin-api, or the class is empty); otherwise one info line says AODB
// owns it and nothing is fetched or written. The check is repeated just before the write while
// `writeLock` is held, which the caller also holds around every pump step (so a message's reference
// write never falls between the check and the write).
//
// `published` is called after each published class (the daemon passes Pump::referencesChanged).
// One thread calls runOnce(); the daemon runs it every refresh.interval while it holds the writer
// lease (PipelineRuntime), not in shadow mode unless refresh.in-shadow.
class ReferenceRefresh {
public:
    ReferenceRefresh(storage::ReferenceRepository& references, const Clock& clock,
                     const config::RefreshConfig& config, std::function<void()> published = {},
                     std::mutex* writeLock = nullptr);

    RefreshReport runOnce();

private:
    ClassRefresh refreshClass(const std::string& className, const config::RefreshClass& refreshed,
                              Clock::time_point at);
    // refresh.precedence aodb: why AODB owns class `rtype` now; nullopt when the refresh may write it.
    std::optional<std::string> ownedByAodb(const std::string& rtype);

    storage::ReferenceRepository& references_;
    const Clock& clock_;
    const config::RefreshConfig& config_;
    AdminApiClient client_;
    std::function<void()> published_;
    std::mutex* writeLock_;
};

} // namespace msgx::pipeline
