#pragma once

#include "msgx/http/BodyBudget.h"
#include "msgx/json/JsonValue.h"

#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>

namespace msgx::http {

// One request and its answer, as an endpoint sees them: the path parameters of its route, the
// query, the body read within the size limit, and the JSON answer. Errors are thrown as ApiError
// (the router answers them); an endpoint answers success itself, once.
class Exchange {
public:
    // `bodies`: the budget readBody() reserves the body in (nullptr: none); what it reserved is
    // given back when the exchange ends.
    Exchange(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response,
             BodyBudget* bodies = nullptr);
    ~Exchange();
    Exchange(const Exchange&) = delete;
    Exchange& operator=(const Exchange&) = delete;

    [[nodiscard]] const std::string& method() const { return request_.getMethod(); }
    // The decoded path, without the query.
    [[nodiscard]] const std::string& path() const { return path_; }
    void setPath(std::string path) { path_ = std::move(path); }
    // A {name} segment of the route.
    [[nodiscard]] const std::string& pathParam(const std::string& name) const;
    void setPathParams(std::map<std::string, std::string> params) { pathParams_ = std::move(params); }
    // A query parameter (decoded); nullopt when absent. ApiError 400 when it is given twice.
    [[nodiscard]] std::optional<std::string> query(const std::string& name) const;
    // "address:port" of the client.
    [[nodiscard]] std::string peer() const;
    [[nodiscard]] Poco::Net::HTTPServerRequest& request() { return request_; }

    // The media type of the body, lower case, without parameters ("text/xml"); "" when none.
    [[nodiscard]] std::string mediaType() const;
    // The charset parameter of Content-Type, lower case; "" when none.
    [[nodiscard]] std::string charset() const;

    // The whole body, at most maxBytes. ApiError 413 TOO_LARGE at once when Content-Length says more,
    // or as soon as more has been read (a chunked or unsized body is never buffered past the
    // limit plus one read); ApiError 400 when the body ends early or cannot be read; ApiError 503
    // BUSY (Retry-After 1) when the body budget cannot hold it: a sized body is reserved whole before
    // it is read, another one read by read. Marks the connection's body as read
    // (ConnectionDeadlines).
    std::string readBody(std::uint64_t maxBytes);
    // A JSON object body (Content-Type application/json; an empty body is {}). ApiError 415 for
    // another media type, 400 when it is not a JSON object.
    json::JsonValue readJsonObject(std::uint64_t maxBytes);

    // Answers `status` with the compact JSON text of `body`.
    void answerJson(int status, const json::JsonValue& body);
    // A header of the answer; before answering.
    void setHeader(const std::string& name, const std::string& value) { response_.set(name, value); }
    // Answers `status` with `text` of `contentType` (GET /metrics: the Prometheus text format).
    void answerText(int status, const std::string& contentType, const std::string& text);
    // Answers `status` with a chunked JSON body the endpoint writes to the returned stream.
    std::ostream& startStream(int status);
    // Cuts the connection: a chunked answer in progress ends without its last chunk, so the client
    // sees an incomplete answer instead of a short one.
    void abortConnection();

    [[nodiscard]] bool answered() const { return status_ != 0; }
    [[nodiscard]] int status() const { return status_; }

    // After an answer sent before the body was read (413): the client may still be sending. Stop
    // writing, then read and drop what it sends for a moment, so its TCP stack does not reset the
    // connection before it has read the answer.
    void lingerIfBodyUnread();

    // For the access log: who (the operator of the token) and what came of it.
    void setOperator(std::string name) { operator_ = std::move(name); }
    [[nodiscard]] const std::optional<std::string>& operatorName() const { return operator_; }
    void setResult(std::string text) { result_ = std::move(text); }
    [[nodiscard]] const std::string& result() const { return result_; }

private:
    std::string readChunked(std::uint64_t maxBytes);
    // Takes `bytes` more from the body budget, or throws ApiError 503 BUSY.
    void reserveBody(std::uint64_t bytes);

    Poco::Net::HTTPServerRequest& request_;
    Poco::Net::HTTPServerResponse& response_;
    BodyBudget* bodies_;
    std::uint64_t reserved_ = 0;
    std::string path_;
    std::map<std::string, std::string> pathParams_;
    int status_ = 0;
    bool bodyUnread_ = false;
    std::optional<std::string> operator_;
    std::string result_;
};

// The error body of docs/http.md: {"is_success": false, "err_code": …, "err_msg": …}.
json::JsonValue errorBody(const std::string& code, const std::string& message);

} // namespace msgx::http
