#pragma once

#include "msgx/config/Milliseconds.h"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// pipeline.*: intake, the pump, retries and identities (docs/pipeline.md, docs/configuration.md).
namespace msgx::config {

// Where intake starts on a store that has never polled (pipeline.first-start, docs/operations.md
// "Cut-over"): Auto is Beginning on the embedded profile and Refuse on production.
enum class FirstStart { Auto, Beginning, AfterMaxId, LowestUnprocessed, Refuse };
// What a repeat of a bound identity with a different document is (pipeline.identity-conflict).
enum class IdentityConflict { Skip, Process };

std::string_view name(IdentityConflict c);
std::string_view name(FirstStart f);

// The retry schedule of one error class (pipeline.retry.<class>.*): what is not set is the general
// pipeline.max-attempts / pipeline.backoff (RetryPolicy resolves it).
struct RetryOverride {
    std::optional<int> maxAttempts;
    std::optional<std::vector<Milliseconds>> backoff;
};

struct PipelineConfig {
    Milliseconds pollInterval = std::chrono::seconds(1);
    int batchSize = 200;
    Milliseconds maxCommitDelay = std::chrono::seconds(5);
    Milliseconds compensationInterval = std::chrono::seconds(60);
    // The late-commit sweep (docs/pipeline.md "Late commits"): every sweepInterval it reads the next
    // sweepIdsPerRound mailbox ids below the head for rows nobody has processed, wrapping at the end.
    Milliseconds sweepInterval = std::chrono::minutes(5);
    int sweepIdsPerRound = 100000;
    int messagesPerTransaction = 50;
    int maxAttempts = 5;
    std::vector<Milliseconds> backoff{std::chrono::seconds(1), std::chrono::seconds(2),
                                      std::chrono::seconds(4), std::chrono::seconds(8),
                                      std::chrono::seconds(16)};
    Milliseconds backoffCap = std::chrono::seconds(60);
    Milliseconds headDeadline = std::chrono::minutes(10);
    // Per error class (docs/pipeline.md "Retries"): UNSUPPORTED holds the whole queue while it is
    // retried, so a site may give it fewer and shorter attempts than CODEC_ERROR or INFRA.
    RetryOverride unsupportedRetry;
    RetryOverride codecErrorRetry;
    RetryOverride infraRetry;
    // Case-insensitive TYPE-STYP glob patterns (* and ?), as written in the file.
    std::vector<std::string> ignore{"LDM-*", "REGN-*", "RSTA-*", "EROR-*"};
    bool identityDayBoundary = false;
    std::string businessTimeZone = "Asia/Shanghai";
    // An identity bound by a message that ended longer ago than this no longer makes a repeat a
    // duplicate (the upstream's SEQN wrapped or was reset); at least archive.retention + 1 day.
    Milliseconds identityWindow = std::chrono::hours(72);
    IdentityConflict identityConflict = IdentityConflict::Skip;
    FirstStart firstStart = FirstStart::Auto;
};

} // namespace msgx::config
