#pragma once

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

    [[nodiscard]] int status() const { return status_; }
    [[nodiscard]] const std::string& code() const { return code_; }

private:
    int status_;
    std::string code_;
};

} // namespace msgx::http
