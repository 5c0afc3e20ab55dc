#include "HttpTestSupport.h"

#include "E2eSupport.h"

#include <Poco/Exception.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/Timespan.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <sys/stat.h>

namespace msgx::test::http {

namespace {

std::string lowerCase(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) {
        return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    });
    return s;
}

std::string trimmed(const std::string& s) {
    const auto first = s.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
        return "";
    }
    const auto last = s.find_last_not_of(" \t\r\n");
    return s.substr(first, last - first + 1);
}

Poco::Timespan timespanOf(std::chrono::milliseconds ms) {
    return Poco::Timespan(static_cast<Poco::Timespan::TimeDiff>(ms.count()) * 1000);
}

// The body of a chunked answer without its framing; `complete` false when the last chunk is missing.
std::string unchunk(const std::string& raw, bool& complete) {
    std::string body;
    std::size_t at = 0;
    complete = false;
    for (;;) {
        const auto lineEnd = raw.find("\r\n", at);
        if (lineEnd == std::string::npos) {
            return body;
        }
        std::size_t size = 0;
        try {
            size = std::stoul(raw.substr(at, lineEnd - at), nullptr, 16);
        } catch (const std::exception&) {
            return body;
        }
        at = lineEnd + 2;
        if (size == 0) {
            complete = true;
            return body;
        }
        if (at + size > raw.size()) {
            body += raw.substr(at);
            return body;
        }
        body += raw.substr(at, size);
        at += size + 2;
    }
}

} // namespace

std::string Answer::header(const std::string& lowerCaseName) const {
    const auto it = headers.find(lowerCaseName);
    return it == headers.end() ? "" : it->second;
}

bool Answer::isJson() const {
    try {
        (void)json::parseJson(body, "the answer");
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

json::JsonValue Answer::json() const {
    try {
        return json::parseJson(body, "the answer");
    } catch (const std::exception&) {
        return {};
    }
}

std::string Answer::errCode() const {
    const auto value = json();
    if (value.kind() != json::JsonValue::Kind::Object) {
        return "";
    }
    const auto* code = value.find("err_code");
    return code != nullptr && code->kind() == json::JsonValue::Kind::String ? code->asString() : "";
}

std::string Answer::describe() const {
    std::string text = "status " + std::to_string(status);
    if (!failure.empty()) {
        text += " (" + failure + ")";
    }
    for (const auto& [name, value] : headers) {
        text += "\n  " + name + ": " + value;
    }
    text += "\n  body: " + (body.size() > 2000 ? body.substr(0, 2000) + "..." : body);
    return text;
}

Answer send(std::uint16_t port, const Request& request, std::chrono::seconds timeout) {
    Answer answer;
    try {
        Poco::Net::HTTPClientSession session("127.0.0.1", port);
        session.setTimeout(Poco::Timespan(static_cast<long>(timeout.count()), 0));
        Poco::Net::HTTPRequest out(request.method, request.target, Poco::Net::HTTPMessage::HTTP_1_1);
        if (request.contentType) {
            out.setContentType(*request.contentType);
        }
        if (request.bearer) {
            out.set("Authorization", "Bearer " + *request.bearer);
        }
        for (const auto& [name, value] : request.headers) {
            out.set(name, value);
        }
        if (request.body) {
            out.setContentLength64(static_cast<Poco::Int64>(request.body->size()));
        }
        std::ostream& body = session.sendRequest(out);
        if (request.body) {
            body.write(request.body->data(), static_cast<std::streamsize>(request.body->size()));
        }
        Poco::Net::HTTPResponse response;
        std::istream& in = session.receiveResponse(response);
        answer.status = static_cast<int>(response.getStatus());
        for (const auto& [name, value] : response) {
            answer.headers[lowerCase(name)] = value;
        }
        std::ostringstream text;
        Poco::StreamCopier::copyStream(in, text);
        answer.body = text.str();
        if (!in.eof() && in.fail()) {
            answer.failure = "the body could not be read to its end";
        }
    } catch (const Poco::Exception& e) {
        answer.failure = e.displayText();
        if (answer.status != 0) {
            answer.failure = "the answer was cut: " + answer.failure;
        }
    } catch (const std::exception& e) {
        answer.failure = e.what();
    }
    return answer;
}

Answer parseAnswer(const std::string& text) {
    Answer answer;
    const auto headEnd = text.find("\r\n\r\n");
    if (text.rfind("HTTP/1.", 0) != 0 || headEnd == std::string::npos) {
        answer.failure =
            text.empty() ? "no answer (nothing received)" : "not an HTTP answer: " + text.substr(0, 200);
        answer.body = text;
        return answer;
    }
    std::istringstream head(text.substr(0, headEnd));
    std::string line;
    std::getline(head, line);
    try {
        answer.status = std::stoi(line.substr(9, 3));
    } catch (const std::exception&) {
        answer.failure = "no status in " + line;
        return answer;
    }
    while (std::getline(head, line)) {
        const auto colon = line.find(':');
        if (colon != std::string::npos) {
            answer.headers[lowerCase(trimmed(line.substr(0, colon)))] = trimmed(line.substr(colon + 1));
        }
    }
    const std::string rest = text.substr(headEnd + 4);
    if (lowerCase(answer.header("transfer-encoding")) == "chunked") {
        bool complete = false;
        answer.body = unchunk(rest, complete);
        if (!complete) {
            answer.failure = "the chunked body has no last chunk";
        }
    } else {
        answer.body = rest;
        const std::string length = answer.header("content-length");
        if (!length.empty() && std::to_string(rest.size()) != length) {
            answer.failure =
                "the body has " + std::to_string(rest.size()) + " bytes, Content-Length says " + length;
        }
    }
    return answer;
}

Answer rawExchange(std::uint16_t port, const std::string& bytes, std::chrono::milliseconds timeout,
                   bool halfClose) {
    std::string received;
    std::string failure;
    try {
        Poco::Net::StreamSocket socket;
        socket.connect(Poco::Net::SocketAddress("127.0.0.1", port), timespanOf(timeout));
        socket.setSendTimeout(timespanOf(timeout));
        std::size_t sent = 0;
        while (sent < bytes.size()) {
            const int n = socket.sendBytes(bytes.data() + sent, static_cast<int>(bytes.size() - sent));
            if (n <= 0) {
                break;
            }
            sent += static_cast<std::size_t>(n);
        }
        if (halfClose) {
            socket.shutdownSend();
        }
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        char buffer[16384];
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                failure = "the server did not close the connection in time";
                break;
            }
            if (!socket.poll(timespanOf(left), Poco::Net::Socket::SELECT_READ)) {
                continue;
            }
            const int n = socket.receiveBytes(buffer, sizeof buffer);
            if (n <= 0) {
                break;
            }
            received.append(buffer, static_cast<std::size_t>(n));
        }
    } catch (const Poco::Exception& e) {
        failure = e.displayText();
    }
    Answer answer = parseAnswer(received);
    if (!failure.empty()) {
        answer.failure = failure + (answer.failure.empty() ? "" : "; " + answer.failure);
    }
    return answer;
}

Answer endlessChunkedBody(std::uint16_t port, const std::string& head, std::size_t& sentBytes,
                          std::chrono::milliseconds timeout) {
    sentBytes = 0;
    std::string received;
    std::string failure;
    try {
        Poco::Net::StreamSocket socket;
        socket.connect(Poco::Net::SocketAddress("127.0.0.1", port), timespanOf(timeout));
        socket.setSendTimeout(Poco::Timespan(5, 0));
        socket.sendBytes(head.data(), static_cast<int>(head.size()));
        const std::string piece(8192, 'x');
        char size[16];
        std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
        const std::string chunk = size + piece + "\r\n";
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        try {
            while (std::chrono::steady_clock::now() < deadline &&
                   !socket.poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ)) {
                std::size_t at = 0;
                while (at < chunk.size()) {
                    const int n = socket.sendBytes(chunk.data() + at, static_cast<int>(chunk.size() - at));
                    if (n <= 0) {
                        throw Poco::Net::NetException("send returned " + std::to_string(n));
                    }
                    at += static_cast<std::size_t>(n);
                }
                sentBytes += piece.size();
            }
        } catch (const Poco::Exception&) {
            // the server stopped reading (it answered and closed): read its answer
        }
        char buffer[16384];
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                failure = "no end of the answer in time";
                break;
            }
            if (!socket.poll(timespanOf(left), Poco::Net::Socket::SELECT_READ)) {
                continue;
            }
            const int n = socket.receiveBytes(buffer, sizeof buffer);
            if (n <= 0) {
                break;
            }
            received.append(buffer, static_cast<std::size_t>(n));
        }
    } catch (const Poco::Exception& e) {
        failure = e.displayText();
    }
    Answer answer = parseAnswer(received);
    if (!failure.empty()) {
        answer.failure = failure + (answer.failure.empty() ? "" : "; " + answer.failure);
    }
    return answer;
}

std::uint16_t listeningPort(DaemonProcess& daemon, std::chrono::milliseconds timeout,
                            std::int64_t fromOffset) {
    const std::string marker = "http: listening on 127.0.0.1:";
    const auto end = daemon.waitForLog(marker, timeout, fromOffset);
    if (end < 0) {
        return 0;
    }
    const std::string log = daemon.log();
    std::size_t at = static_cast<std::size_t>(end);
    std::string digits;
    while (at < log.size() && log[at] >= '0' && log[at] <= '9') {
        digits += log[at++];
    }
    return digits.empty() ? 0 : static_cast<std::uint16_t>(std::stoi(digits));
}

void writeTokenFile(const std::filesystem::path& file,
                    const std::vector<std::pair<std::string, std::string>>& entries) {
    {
        std::ofstream out(file);
        out << "# test tokens\n\n";
        for (const auto& [name, token] : entries) {
            out << name << ' ' << token << '\n';
        }
    }
    ::chmod(file.c_str(), 0600);
}

ResponseLog::ResponseLog(std::filesystem::path file) : file_(std::move(file)) {
    std::ofstream(file_, std::ios::trunc).flush();
}

void ResponseLog::add(const std::string& method, const std::string& route, const Answer& answer) {
    std::string line = "{\"method\":";
    json::appendJsonString(line, method);
    line += ",\"route\":";
    json::appendJsonString(line, route);
    line += ",\"status\":" + std::to_string(answer.status) + ",\"content_type\":";
    json::appendJsonString(line, answer.contentType());
    line += ",\"body\":";
    if (answer.body.empty()) {
        line += "null";
    } else if (answer.isJson()) {
        line += json::renderCompactJson(answer.json());
    } else {
        // Not JSON: kept as a JSON string (non-ASCII bytes escaped, they may be no UTF-8), which the
        // checker then reports.
        std::string ascii;
        for (const unsigned char c : answer.body) {
            if (c < 0x80) {
                ascii += static_cast<char>(c);
            } else {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "<%02x>", c);
                ascii += escaped;
            }
        }
        json::appendJsonString(line, ascii);
    }
    line += ",\"headers\":{";
    bool first = true;
    for (const auto& [name, value] : answer.headers) {
        line += first ? "" : ",";
        first = false;
        json::appendJsonString(line, name);
        line += ':';
        json::appendJsonString(line, value);
    }
    line += "}}\n";
    std::ofstream(file_, std::ios::app) << line;
    ++count_;
}

SubprocessResult ResponseLog::check() const {
    return runSubprocess({"python3", (kSourceDir / "tests" / "http" / "check-openapi.py").string(),
                          "--openapi", (kSourceDir / "docs" / "openapi.yaml").string(), "--responses",
                          file_.string()},
                         std::chrono::seconds(120));
}

std::vector<std::string> opsLogLines(const std::string& log) {
    static const std::regex kLine(R"( ops: (operator=\S+ action=.+? status=[0-9]+)( |$))");
    std::vector<std::string> lines;
    std::istringstream in(log);
    std::string line;
    while (std::getline(in, line)) {
        std::smatch m;
        if (std::regex_search(line, m, kLine)) {
            lines.push_back(m[1].str());
        }
    }
    return lines;
}

std::string opsLine(const std::string& operatorName, const std::string& action, int status) {
    return "operator=" + operatorName + " action=" + action + " status=" + std::to_string(status);
}

std::string opsAction(const std::string& route) {
    static const std::map<std::string, std::string> kActions{
        {"/ops/messages", "messages"},
        {"/ops/messages/{id}", "message"},
        {"/ops/replay/preview", "replay-preview"},
        {"/ops/replay/apply", "replay-apply"},
        {"/ops/plugins", "plugins"},
        {"/ops/plugins/reload", "plugins-reload"},
        {"/ops/targets", "targets"},
        {"/ops/targets/{target}/retry", "events-retry"},
        {"/ops/targets/{target}/skip", "events-skip"},
        {"/ops/status", "status"},
    };
    const auto it = kActions.find(route);
    return it == kActions.end() ? "" : it->second;
}

std::string flopStand(std::int64_t seqn, std::int64_t flid, int stand) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>" +
           std::to_string(seqn) +
           "</SEQN><DTTM>20240612094000</DTTM><TYPE>FLOP</TYPE><STYP>STND</STYP></META><FLOP><FLID>" +
           std::to_string(flid) + "</FLID><STND>" + std::to_string(stand) + "</STND></FLOP></MSG>\n";
}

std::string scheduleFlights(std::int64_t seqn, std::int64_t firstFlid, int count) {
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MSG><META><SNDR>AODB</SNDR><SEQN>" +
        std::to_string(seqn) +
        "</SEQN><DTTM>20240612094000</DTTM><TYPE>SCHD</TYPE><STYP>ADFT</STYP></META><SCHD><RECS>" +
        std::to_string(count) + "</RECS>";
    for (int i = 0; i < count; ++i) {
        const std::int64_t flid = firstFlid + i;
        xml += "<FLTR><FLID>" + std::to_string(flid) + "</FLID><ALCD>3U</ALCD><FLNO>3U" +
               std::to_string(1000 + flid % 8000) +
               "</FLNO><MVIN>D</MVIN><SODT>12JUN241000</SODT><FLTY>J</FLTY><FLIN>D</FLIN><ACFT>320</ACFT>"
               "<TRML>T1</TRML><STND>101</STND></FLTR>";
    }
    return xml + "</SCHD></MSG>\n";
}

std::string readFile(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace msgx::test::http
