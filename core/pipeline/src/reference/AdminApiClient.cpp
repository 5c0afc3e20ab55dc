#include "msgx/pipeline/reference/AdminApiClient.h"

#include "msgx/config/ValueFormats.h"

#include <Poco/Exception.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Timespan.h>
#include <Poco/URI.h>

#include <algorithm>
#include <array>
#include <istream>

namespace msgx::pipeline {
namespace {

using std::chrono::milliseconds;
using SteadyClock = std::chrono::steady_clock;

// Bytes asked for per read: each read waits at most for the time left, and the size limit is
// checked after each.
constexpr std::size_t kReadChunk = 8192;

Poco::Timespan timespanOf(SteadyClock::duration d) {
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(d).count();
    return Poco::Timespan(static_cast<Poco::Timespan::TimeDiff>(std::max<decltype(micros)>(micros, 1000)));
}

AdminApiAnswer failure(std::string problem) {
    AdminApiAnswer answer;
    answer.problem = std::move(problem);
    return answer;
}

} // namespace

AdminApiClient::AdminApiClient(milliseconds timeout, std::uint64_t maxBodySize)
    : timeout_(timeout), maxBodySize_(maxBodySize) {}

AdminApiAnswer AdminApiClient::get(const std::string& url) const {
    const auto deadline = SteadyClock::now() + timeout_;
    const std::string timedOut = "no complete answer within " + config::formatDuration(timeout_);
    const std::string tooLarge =
        "the body is larger than refresh.max-document-size " + config::formatSize(maxBodySize_);
    try {
        const Poco::URI uri(url);
        if (uri.getScheme() != "http") {
            return failure("only http:// URLs can be fetched");
        }
        Poco::Net::HTTPClientSession session(uri.getHost(), uri.getPort());
        session.setKeepAlive(false);
        session.setTimeout(timespanOf(timeout_)); // connect, send and (first) receive
        std::string target = uri.getPathAndQuery();
        Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, target.empty() ? "/" : target,
                                       Poco::Net::HTTPMessage::HTTP_1_1);
        request.set("Accept", "application/json");
        request.setKeepAlive(false);
        session.sendRequest(request);

        const auto timeLeft = [&] { return deadline - SteadyClock::now(); };
        if (timeLeft() <= SteadyClock::duration::zero()) {
            return failure(timedOut);
        }
        session.socket().setReceiveTimeout(timespanOf(timeLeft()));
        Poco::Net::HTTPResponse response;
        std::istream& in = session.receiveResponse(response);
        if (response.getStatus() != Poco::Net::HTTPResponse::HTTP_OK) {
            return failure("HTTP status " + std::to_string(static_cast<int>(response.getStatus())) + " (" +
                           response.getReason() + ")");
        }
        const bool hasLength = response.hasContentLength();
        const std::int64_t length = hasLength ? response.getContentLength64() : -1;
        if (hasLength && static_cast<std::uint64_t>(length) > maxBodySize_) {
            return failure(tooLarge + " (Content-Length " + std::to_string(length) + ")");
        }

        in.exceptions(std::ios::badbit); // a network failure while reading rethrows its Poco exception
        std::string body;
        std::array<char, kReadChunk> chunk{};
        while (true) {
            if (timeLeft() <= SteadyClock::duration::zero()) {
                return failure(timedOut);
            }
            session.socket().setReceiveTimeout(timespanOf(timeLeft()));
            in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
            body.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
            if (body.size() > maxBodySize_) {
                return failure(tooLarge);
            }
            if (!in) {
                break; // the end of the body
            }
        }
        if (hasLength && body.size() < static_cast<std::uint64_t>(length)) {
            return failure("the body was cut off: " + std::to_string(body.size()) + " of " +
                           std::to_string(length) + " bytes received before the connection closed");
        }
        AdminApiAnswer answer;
        answer.ok = true;
        answer.body = std::move(body);
        return answer;
    } catch (const Poco::TimeoutException&) {
        return failure(timedOut);
    } catch (const Poco::SyntaxException& e) {
        return failure("not a usable URL: " + e.displayText());
    } catch (const Poco::Exception& e) {
        return failure(e.displayText());
    } catch (const std::exception& e) {
        return failure(e.what());
    }
}

} // namespace msgx::pipeline
