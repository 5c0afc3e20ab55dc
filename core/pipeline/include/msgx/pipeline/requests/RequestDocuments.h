#pragma once

#include "msgx/storage/RequestTracker.h"

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace msgx::pipeline {

// The 23 reference types AODB answers an RQRD for (mailbox.md §4.2, reference.md §0): those of
// codec::kReferenceTypes, sorted.
std::span<const std::string_view> requestableReferenceTypes();
bool isRequestableReferenceType(std::string_view type);

// The kind of request a RESP of message TYPE `type` answers: RQFD for SCHD, RQRD-<type> for a
// reference type; nullopt for any other TYPE (e.g. SCHS, which nothing requests).
std::optional<storage::RequestKind> requestKindAnswered(std::string_view type);

// The fields of one request document (mailbox.md §4).
struct RequestDocumentFields {
    std::string sender;                    // META/SNDR
    int seqn = 0;                          // META/SEQN, written with 6 digits
    std::chrono::local_seconds dttm{};     // META/DTTM, local time
    storage::RequestKind kind;             // META/TYPE and STYP; RQRD/RTYP = STYP
    std::optional<std::string> windowFrom; // RQFD/STDB
    std::optional<std::string> windowTo;   // RQFD/STDE
};

// The document exactly as mailbox.md §4.4 serialises it: the declaration, then MSG with its two
// attributes in order, META children SNDR SEQN DTTM TYPE STYP, then the request element; one line,
// no indentation. An RQFD element omits a missing STDB/STDE. Values are XML-escaped.
std::string requestDocument(const RequestDocumentFields& fields);

} // namespace msgx::pipeline
