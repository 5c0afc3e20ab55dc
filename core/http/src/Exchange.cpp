#include "msgx/http/Exchange.h"

#include "ChunkedBodyReader.h"
#include "msgx/codec/Ascii.h"
#include "msgx/http/ApiError.h"
#include "msgx/http/ConnectionDeadlines.h"

#include <Poco/Buffer.h>
#include <Poco/Exception.h>
#include <Poco/Net/HTTPServerRequestImpl.h>
#include <Poco/Net/HTTPServerSession.h>
#include <Poco/Net/MediaType.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/Timespan.h>
#include <Poco/URI.h>

#include <algorithm>
#include <array>
#include <chrono>

namespace msgx::http {

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
// How long and how much an unread body is drained after an early answer.
constexpr auto kLingerTime = std::chrono::seconds(2);
constexpr std::size_t kLingerBytes = 16 * 1024 * 1024;

std::string lowerCase(const std::string& s) {
    return codec::toAsciiLower(s);
}

std::string sizeText(std::uint64_t bytes) {
    return std::to_string(bytes) + " bytes";
}

} // namespace

json::JsonValue errorBody(const std::string& code, const std::string& message) {
    auto body = json::JsonValue::object();
    body.set("is_success", json::JsonValue::boolean(false));
    body.set("err_code", json::JsonValue::string(code));
    body.set("err_msg", json::JsonValue::string(message));
    return body;
}

Exchange::Exchange(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
                   BodyBudget* bodies)
    : request_(request), response_(response), bodies_(bodies) {}

Exchange::~Exchange() {
    if (bodies_ != nullptr) {
        bodies_->release(reserved_);
    }
}

void Exchange::reserveBody(std::uint64_t bytes) {
    if (bodies_ == nullptr || bytes == 0) {
        return;
    }
    if (!bodies_->reserve(bytes)) {
        bodyUnread_ = true;
        throw ApiError(503, "BUSY",
                       "the request bodies in memory already take http.body-budget " +
                           sizeText(bodies_->capacity()) + ": send it again in a moment",
                       1);
    }
    reserved_ += bytes;
}

const std::string& Exchange::pathParam(const std::string& name) const {
    static const std::string kNone;
    const auto it = pathParams_.find(name);
    return it == pathParams_.end() ? kNone : it->second;
}

std::optional<std::string> Exchange::query(const std::string& name) const {
    std::optional<std::string> found;
    Poco::URI::QueryParameters parameters;
    try {
        parameters = Poco::URI(request_.getURI()).getQueryParameters();
    } catch (const Poco::Exception& e) {
        throw ApiError(400, "BAD_REQUEST", "the query cannot be read: " + e.message());
    }
    for (const auto& [key, value] : parameters) {
        if (key == name) {
            if (found) {
                throw ApiError(400, "BAD_REQUEST", "query parameter " + name + " is given twice");
            }
            found = value;
        }
    }
    return found;
}

std::string Exchange::peer() const {
    return request_.clientAddress().toString();
}

std::string Exchange::mediaType() const {
    if (!request_.has("Content-Type")) {
        return "";
    }
    try {
        const Poco::Net::MediaType type(request_.getContentType());
        return lowerCase(type.getType() + "/" + type.getSubType());
    } catch (const Poco::Exception&) {
        return lowerCase(request_.getContentType());
    }
}

std::string Exchange::charset() const {
    if (!request_.has("Content-Type")) {
        return "";
    }
    try {
        const Poco::Net::MediaType type(request_.getContentType());
        return type.hasParameter("charset") ? lowerCase(type.getParameter("charset")) : "";
    } catch (const Poco::Exception&) {
        return "";
    }
}

std::string Exchange::readBody(std::uint64_t maxBytes) {
    const bool sized = request_.hasContentLength();
    std::uint64_t declared = 0;
    try {
        declared = sized ? static_cast<std::uint64_t>(request_.getContentLength64()) : 0;
    } catch (const Poco::Exception&) {
        throw ApiError(400, "BAD_REQUEST",
                       "Content-Length is not a number: " + request_.get("Content-Length"));
    }
    if (sized && declared > maxBytes) {
        bodyUnread_ = true;
        throw ApiError(413, "TOO_LARGE",
                       "the body is " + sizeText(declared) +
                           " (Content-Length), more than limits.max-document-size " + sizeText(maxBytes));
    }
    if (request_.getChunkedTransferEncoding()) {
        return readChunked(maxBytes);
    }
    if (sized) {
        reserveBody(declared); // before a byte is read: a refused body costs no memory
    }
    std::string body;
    std::array<char, kReadChunk> buffer{};
    try {
        std::istream& in = request_.stream();
        while (in) {
            in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            const auto count = static_cast<std::size_t>(in.gcount());
            if (count == 0) {
                break;
            }
            if (body.size() + count > maxBytes) {
                bodyUnread_ = true;
                throw ApiError(413, "TOO_LARGE",
                               "the body is more than limits.max-document-size " + sizeText(maxBytes) +
                                   " (refused while reading it)");
            }
            if (!sized) {
                reserveBody(count);
            }
            body.append(buffer.data(), count);
        }
    } catch (const Poco::Exception& e) {
        throw ApiError(400, "BAD_REQUEST", "the body could not be read: " + e.displayText());
    }
    if (sized && body.size() != declared) {
        throw ApiError(400, "BAD_REQUEST",
                       "the body ended after " + sizeText(body.size()) + " of the " + sizeText(declared) +
                           " Content-Length announced");
    }
    ConnectionDeadlines::currentBodyRead();
    return body;
}

std::string Exchange::readChunked(std::uint64_t maxBytes) {
    auto& impl = static_cast<Poco::Net::HTTPServerRequestImpl&>(request_);
    // What the session read past the head first, then the socket (see ChunkedBodyReader.h).
    Poco::Buffer<char> buffered(0);
    impl.session().drainBuffer(buffered);
    std::size_t bufferedAt = 0;
    Poco::Net::StreamSocket& socket = impl.socket();
    // Every byte read counts against the body budget (the chunk framing too: a few bytes more).
    const auto source = [&](char* into, std::size_t size) -> std::size_t {
        if (bufferedAt < buffered.size()) {
            const std::size_t n = std::min(size, buffered.size() - bufferedAt);
            std::copy_n(buffered.begin() + bufferedAt, n, into);
            bufferedAt += n;
            reserveBody(n);
            return n;
        }
        const int n = socket.receiveBytes(into, static_cast<int>(std::min<std::size_t>(size, kReadChunk)));
        const std::size_t count = n > 0 ? static_cast<std::size_t>(n) : 0;
        reserveBody(count);
        return count;
    };
    std::string body;
    try {
        body = detail::readChunkedBody(source, maxBytes);
    } catch (const detail::ChunkedBodyTooLarge& e) {
        bodyUnread_ = true;
        throw ApiError(413, "TOO_LARGE",
                       std::string(e.what()) + " limits.max-document-size " + sizeText(maxBytes));
    } catch (const detail::ChunkedBodyError& e) {
        throw ApiError(400, "BAD_REQUEST", std::string("the chunked body is broken: ") + e.what());
    } catch (const Poco::Exception& e) {
        throw ApiError(400, "BAD_REQUEST", "the body could not be read: " + e.displayText());
    }
    ConnectionDeadlines::currentBodyRead();
    return body;
}

json::JsonValue Exchange::readJsonObject(std::uint64_t maxBytes) {
    const std::string type = mediaType();
    const std::string body = readBody(maxBytes);
    const bool blank = std::all_of(body.begin(), body.end(),
                                   [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
    if (blank) {
        return json::JsonValue::object();
    }
    if (type != "application/json") {
        throw ApiError(415, "UNSUPPORTED_MEDIA_TYPE",
                       "the body must be application/json, got " + (type.empty() ? "no Content-Type" : type));
    }
    json::JsonValue value;
    try {
        value = json::parseJson(body, "the request body");
    } catch (const json::JsonError& e) {
        throw ApiError(400, "BAD_REQUEST", e.what());
    }
    if (value.kind() != json::JsonValue::Kind::Object) {
        throw ApiError(400, "BAD_REQUEST", "the request body must be a JSON object");
    }
    return value;
}

void Exchange::answerJson(int status, const json::JsonValue& body) {
    answerText(status, "application/json; charset=utf-8", json::renderCompactJson(body));
}

// send() + flush, not sendBuffer(): sendBuffer keeps the bytes in the response's buffer until the
// handler has returned, and an answer must be on the wire before lingerIfBodyUnread() stops writing.
void Exchange::answerText(int status, const std::string& contentType, const std::string& text) {
    status_ = status;
    response_.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
    response_.setContentType(contentType);
    response_.setContentLength64(static_cast<Poco::Int64>(text.size()));
    std::ostream& out = response_.send();
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
}

std::ostream& Exchange::startStream(int status) {
    status_ = status;
    response_.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
    response_.setContentType("application/json; charset=utf-8");
    response_.setChunkedTransferEncoding(true);
    return response_.send();
}

void Exchange::abortConnection() {
    try {
        static_cast<Poco::Net::HTTPServerRequestImpl&>(request_).socket().shutdown();
    } catch (const Poco::Exception&) {
        // already gone: nothing more will be written either way
    }
}

void Exchange::lingerIfBodyUnread() {
    if (!bodyUnread_) {
        return;
    }
    try {
        Poco::Net::StreamSocket& socket = static_cast<Poco::Net::HTTPServerRequestImpl&>(request_).socket();
        socket.shutdownSend();
        socket.setReceiveTimeout(Poco::Timespan(0, 200'000));
        const auto until = std::chrono::steady_clock::now() + kLingerTime;
        std::array<char, kReadChunk> buffer{};
        std::size_t drained = 0;
        while (std::chrono::steady_clock::now() < until && drained < kLingerBytes) {
            try {
                const int n = socket.receiveBytes(buffer.data(), static_cast<int>(buffer.size()));
                if (n <= 0) {
                    break;
                }
                drained += static_cast<std::size_t>(n);
            } catch (const Poco::TimeoutException&) {
                // nothing arrived for a moment: keep waiting until the linger time is over
            }
        }
    } catch (const Poco::Exception&) {
        // the client went away: nothing to protect
    }
}

} // namespace msgx::http
