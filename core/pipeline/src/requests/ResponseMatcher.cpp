#include "msgx/pipeline/requests/ResponseMatcher.h"

#include "msgx/codec/NumberFields.h"
#include "msgx/pipeline/requests/RequestDocuments.h"
#include "msgx/pipeline/routing/MessageSentAt.h"
#include "msgx/sdk/UtcTime.h"

namespace msgx::pipeline {
namespace {

// Requests of the kind looked at: the open one and the few closed before it.
constexpr int kCandidates = 10;

bool isCandidate(const storage::TrackedRequest& request, storage::Timestamp arrivedAt) {
    if (request.state == storage::RequestState::Sent) {
        return true;
    }
    return request.state == storage::RequestState::Expired && request.sentAt &&
           request.outcome == "timeout" && arrivedAt < request.expiresAt;
}

// Why the newest request of the kind does not take this RESP.
std::string whyNot(const std::vector<storage::TrackedRequest>& requests, const std::string& kind,
                   const std::optional<std::chrono::sys_seconds>& dttm) {
    if (requests.empty()) {
        return "no " + kind + " request was ever sent";
    }
    const auto& newest = requests.front();
    const std::string id = "request " + std::to_string(newest.id);
    switch (newest.state) {
    case storage::RequestState::Registered:
        return id + " (" + kind + ") is not sent yet";
    case storage::RequestState::Done:
        return id + " (" + kind + ") was already answered by message " +
               std::to_string(newest.answeredBy.value_or(0));
    case storage::RequestState::Expired:
        return id + " (" + kind + ") expired (" + newest.outcome.value_or("?") + ")";
    case storage::RequestState::Sent:
        break;
    }
    if (!dttm) {
        return "its DTTM is missing or unreadable, so it cannot be matched to " + id;
    }
    return "its DTTM " + sdk::formatUtc(*dttm) + " is before " + id + " was sent at " +
           sdk::formatUtc(newest.sentAt.value_or(storage::Timestamp{}));
}

} // namespace

bool isResponse(const codec::Message& message) {
    // The routing key is "TYPE-STYP" upper-cased (codec::routingKey): its tail is the upper-case STYP.
    return std::string_view(message.key()).substr(message.meta().type.size() + 1) == "RESP";
}

ResponseMatch matchResponse(storage::RequestTracker& requests, const codec::Message& message,
                            storage::Timestamp arrivedAt, const codec::TimeZone& zone, bool seqnEcho) {
    if (!isResponse(message)) {
        return {};
    }
    const auto kind = requestKindAnswered(message.meta().type);
    if (!kind) {
        return {};
    }
    const std::vector<storage::TrackedRequest> recent = requests.ofKind(*kind, kCandidates);
    const std::optional<std::chrono::sys_seconds> dttm = messageSentAt(message, zone);
    if (seqnEcho && message.meta().sequence) {
        if (const auto seqn = codec::parseLong(*message.meta().sequence); seqn.hasValue()) {
            for (const auto& request : recent) {
                if (isCandidate(request, arrivedAt) && request.document &&
                    request.document->seqn == seqn.value()) {
                    return {ResponseMatch::Kind::Matched, request.id, "SEQN echo"};
                }
            }
        }
    }
    if (dttm) {
        for (const auto& request : recent) {
            if (isCandidate(request, arrivedAt) &&
                std::chrono::floor<std::chrono::seconds>(*request.sentAt) <= *dttm) {
                return {ResponseMatch::Kind::Matched, request.id, "DTTM not before the send"};
            }
        }
    }
    return {ResponseMatch::Kind::Late, std::nullopt, whyNot(recent, kind->name(), dttm)};
}

} // namespace msgx::pipeline
