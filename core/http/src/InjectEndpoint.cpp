// POST /cminmsgs/send (US-02, docs/http.md): the compat inject. Writes one mailbox row and nothing
// else; the poller picks it up like any other row.
#include "Endpoints.h"
#include "msgx/decoder/SafeXmlReader.h"
#include "msgx/http/ApiError.h"
#include "msgx/storage/InfraError.h"

#include <Poco/UTF8Encoding.h>

#include <algorithm>

namespace msgx::http::detail {

namespace {

bool isXmlWhitespace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// The offset of the first byte that does not start a valid UTF-8 sequence, or nullopt.
std::optional<std::size_t> firstInvalidUtf8(const std::string& text) {
    const Poco::UTF8Encoding utf8;
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const auto size = static_cast<int>(text.size());
    int i = 0;
    while (i < size) {
        const int length = utf8.sequenceLength(bytes + i, size - i);
        if (length <= 0 || length > size - i || !Poco::UTF8Encoding::isLegal(bytes + i, length) ||
            utf8.queryConvert(bytes + i, length) < 0) {
            return static_cast<std::size_t>(i);
        }
        i += length;
    }
    return std::nullopt;
}

void checkMediaType(const Exchange& exchange) {
    const std::string type = exchange.mediaType();
    if (type != "text/xml" && type != "application/xml" && type != "text/plain") {
        throw ApiError(415, "UNSUPPORTED_MEDIA_TYPE",
                       "the body must be text/xml, application/xml or text/plain, got " +
                           (type.empty() ? std::string("no Content-Type") : type));
    }
    const std::string charset = exchange.charset();
    if (!charset.empty() && charset != "utf-8" && charset != "utf8" && charset != "us-ascii") {
        throw ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "charset " + charset + " is not accepted: send UTF-8");
    }
}

void inject(Exchange& exchange, HttpServices& services) {
    checkMediaType(exchange);
    const std::uint64_t limit = services.config.limits.maxDocumentSize;
    const std::string body = exchange.readBody(limit);
    if (std::all_of(body.begin(), body.end(), isXmlWhitespace)) {
        throw ApiError(400, "EMPTY_BODY", "the body is empty: nothing was stored");
    }
    if (const auto at = firstInvalidUtf8(body)) {
        throw ApiError(400, "NOT_UTF8",
                       "the body is not UTF-8 (byte " + std::to_string(*at + 1) + "): nothing was stored");
    }
    codec::XmlLimits limits;
    limits.maxBytes = static_cast<std::size_t>(limit);
    const codec::XmlReadResult document = codec::readXmlDocument(body, limits);
    switch (document.kind) {
    case codec::XmlProblem::None:
        break;
    case codec::XmlProblem::ForbiddenConstruct:
        throw ApiError(400, "DTD_REFUSED", document.problem + ": nothing was stored");
    case codec::XmlProblem::OverLimit:
        throw ApiError(413, "TOO_LARGE", document.problem + ": nothing was stored");
    case codec::XmlProblem::NotWellFormed:
        throw ApiError(400, "NOT_WELL_FORMED", document.problem + ": nothing was stored");
    }
    storage::MailboxId id = 0;
    try {
        // The first accepted status: a row this site's poller processes (mailbox.accept-status).
        id = services.mailbox.inbox().insert(body, services.clock.now(),
                                             services.config.mailbox.acceptStatus.front());
    } catch (const storage::InfraError& e) {
        throw ApiError(503, "MAILBOX_UNAVAILABLE",
                       std::string("the mailbox insert was not confirmed (") + e.what() +
                           "); the message may or may not be stored: send it again, a repeat is "
                           "de-duplicated by its identity");
    }
    // The compat access line (Router) names the peer and the token beside this.
    exchange.setResult("mailbox id " + std::to_string(id) + ", " + std::to_string(body.size()) + " bytes");
    auto answer = json::JsonValue::object();
    answer.set("is_success", json::JsonValue::boolean(true));
    answer.set("body", json::JsonValue::integer(id));
    exchange.answerJson(200, answer);
}

} // namespace

void addInjectRoutes(std::vector<Route>& routes, HttpServices* services) {
    routes.push_back({"POST", "/cminmsgs/send", Access::Compat, "inject",
                      [services](Exchange& exchange) { inject(exchange, *services); }});
}

} // namespace msgx::http::detail
