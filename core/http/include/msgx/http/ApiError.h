#pragma once

#include <optional>
#include <stdexcept>
#include <string>

namespace msgx::http {

// An error answer of the HTTP API (docs/http.md "Errors"): the status and the body
// {"is_success": false, "err_code": code, "err_msg": message}. Endpoints throw it; the router turns
// it into the answer, so no endpoint writes an error body of its own.
class ApiError : public std::runtime_error {
public:
    ApiError(int status, std::string code, const std::string& message)
        : std::runtime_error(message), status_(status), code_(std::move(code)) {}
    // An answer that tells the client when to try again (429, 503): sent as Retry-After.
    ApiError(int status, std::string code, const std::string& message, int retryAfterSeconds)
        : std::runtime_error(message), status_(status), code_(std::move(code)),
          retryAfterSeconds_(retryAfterSeconds) {}

    [[nodiscard]] int status() const { return status_; }
    [[nodiscard]] const std::string& code() const { return code_; }
    [[nodiscard]] std::optional<int> retryAfterSeconds() const { return retryAfterSeconds_; }

private:
    int status_;
    std::string code_;
    std::optional<int> retryAfterSeconds_;
};

} // namespace msgx::http
