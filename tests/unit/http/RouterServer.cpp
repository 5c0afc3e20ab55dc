#include "RouterServer.h"

#include "msgx/codec/Ascii.h"
#include "msgx/json/JsonValue.h"

#include <Poco/Exception.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>

#include <chrono>
#include <sstream>

namespace msgx::http::test {

namespace {

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r");
    const auto last = s.find_last_not_of(" \t\r");
    return first == std::string::npos ? "" : s.substr(first, last - first + 1);
}

void answerOk(Exchange& exchange, const std::string& result) {
    auto body = json::JsonValue::object();
    body.set("is_success", json::JsonValue::boolean(true));
    exchange.setResult(result);
    exchange.answerJson(200, body);
}

} // namespace

std::string RawAnswer::header(const std::string& lowerCaseName) const {
    const auto it = headers.find(lowerCaseName);
    return it == headers.end() ? "" : it->second;
}

std::string RawAnswer::errCode() const {
    try {
        const json::JsonValue value = json::parseJson(body, "the answer");
        const json::JsonValue* code = value.find("err_code");
        return code != nullptr ? code->asString() : "";
    } catch (const std::exception&) {
        return "";
    }
}

std::string RawAnswer::describe() const {
    return status == 0 ? "no answer" : std::to_string(status) + " " + body;
}

std::vector<Route> stubRoutes() {
    return {
        {"POST", "/cminmsgs/send", Access::Compat, "inject",
         [](Exchange& exchange) {
             const std::string body = exchange.readBody(10 * 1024 * 1024);
             answerOk(exchange, "read " + std::to_string(body.size()) + " bytes");
         }},
        {"GET", "/all/flights", Access::Compat, "all-flights",
         [](Exchange& exchange) { answerOk(exchange, "0 flight(s)"); }},
        {"GET", "/health", Access::Public, "health", [](Exchange& exchange) { answerOk(exchange, "ok"); }},
        {"GET", "/ops/status", Access::Operator, "status",
         [](Exchange& exchange) { answerOk(exchange, "status"); }},
        {"POST", "/ops/replay/apply", Access::Operator, "replay-apply",
         [](Exchange& exchange) {
             (void)exchange.readJsonObject(1024 * 1024);
             answerOk(exchange, "applied");
         }},
    };
}

RouterServer::RouterServer(Router router, config::HttpConfig config)
    : router_(std::move(router)), config_(std::move(config)) {
    server_ = std::make_unique<HttpServer>(config_, router_, clock_);
    server_->start();
}

RouterServer::~RouterServer() {
    server_->stop();
}

config::HttpConfig RouterServer::loopbackConfig() {
    config::HttpConfig config;
    config.listen = {"127.0.0.1", 0};
    config.threads = 16;
    config.headerTimeout = std::chrono::seconds(5);
    config.bodyTimeout = std::chrono::seconds(5);
    return config;
}

std::string rawRequest(const std::string& method, const std::string& target,
                       const std::vector<std::string>& headerLines, const std::string* body) {
    std::string text = method + " " + target + " HTTP/1.1\r\n";
    for (const auto& line : headerLines) {
        text += line + "\r\n";
    }
    if (body != nullptr) {
        text += "Content-Length: " + std::to_string(body->size()) + "\r\n";
    }
    text += "\r\n";
    if (body != nullptr) {
        text += *body;
    }
    return text;
}

RawAnswer roundTrip(std::uint16_t port, const std::string& bytes, int timeoutMs) {
    std::string received;
    try {
        Poco::Net::StreamSocket socket;
        socket.connect(Poco::Net::SocketAddress("127.0.0.1", port), Poco::Timespan(5, 0));
        socket.setReceiveTimeout(Poco::Timespan(0, 100'000));
        socket.sendBytes(bytes.data(), static_cast<int>(bytes.size()));
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
        char buffer[8192];
        while (std::chrono::steady_clock::now() < deadline) {
            try {
                const int n = socket.receiveBytes(buffer, sizeof buffer);
                if (n <= 0) {
                    break;
                }
                received.append(buffer, static_cast<std::size_t>(n));
            } catch (const Poco::TimeoutException&) {
                // nothing yet: read again until the deadline
            }
        }
    } catch (const Poco::Exception&) {
        // reset by the server: parse what arrived
    }
    RawAnswer answer;
    const auto headEnd = received.find("\r\n\r\n");
    if (received.rfind("HTTP/1.", 0) != 0 || headEnd == std::string::npos) {
        return answer;
    }
    std::istringstream head(received.substr(0, headEnd));
    std::string line;
    std::getline(head, line);
    answer.status = std::stoi(line.substr(9, 3));
    while (std::getline(head, line)) {
        const auto colon = line.find(':');
        if (colon != std::string::npos) {
            answer.headers[codec::toAsciiLower(trimmed(line.substr(0, colon)))] =
                trimmed(line.substr(colon + 1));
        }
    }
    answer.body = received.substr(headEnd + 4);
    return answer;
}

} // namespace msgx::http::test
