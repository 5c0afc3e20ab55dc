#pragma once

#include "msgx/codec/Message.h"
#include "msgx/codec/TimeZone.h"
#include "msgx/storage/RequestTracker.h"

#include <optional>
#include <string>

namespace msgx::pipeline {

// Whether a RESP answers one of our requests (architecture.md §7, §10 Q5, §11 "RESP guard").
struct ResponseMatch {
    enum class Kind {
        NotGuarded, // not a RESP, or a TYPE nothing requests (SCHS): handled like DNLD
        Matched,    // `request` is the request it answers
        Late,       // no open sent request of its kind matches: SKIPPED late-resp:<reason>
    };
    Kind kind = Kind::NotGuarded;
    std::optional<storage::RequestId> request;
    std::string reason; // Matched: how ("SEQN echo" / "DTTM after the send"); Late: why not
};

// Matches a RESP of `message` against the requests of its kind (RequestDocuments:
// requestKindAnswered). The candidates are the newest requests of the kind that are SENT, or that
// expired by their timeout after the RESP arrived (`arrivedAt`: the mailbox receive time when known,
// else the time it was taken in): a RESP that arrived in time but waited in a backlog still counts.
//  1. with `seqnEcho`, a candidate whose SEQN equals the RESP's META/SEQN (AODB echoing our SEQN);
//  2. else the newest candidate whose send time is not after the RESP's META/DTTM; both are compared
//     as instants in whole seconds (DTTM is local time in `zone` with second precision, so the send
//     time is truncated to its second).
// A superseded request, a DONE one, or one never sent is never a candidate.
ResponseMatch matchResponse(storage::RequestTracker& requests, const codec::Message& message,
                            storage::Timestamp arrivedAt, const codec::TimeZone& zone, bool seqnEcho);

// True for STYP RESP (any letter case).
bool isResponse(const codec::Message& message);

} // namespace msgx::pipeline
