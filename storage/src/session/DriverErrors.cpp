#include "session/DriverErrors.h"

#include "msgx/codec/Ascii.h"

#include <Poco/Data/DataException.h>

#include <array>
#include <string_view>

namespace msgx::storage {

namespace {

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

// Texts of broken or refused connections from libpq, MariaDB Connector/C, the ODBC drivers and Poco.
constexpr std::array kConnectionLostTexts{
    "server closed the connection",
    "no connection to the server",
    "could not connect",
    "connection to server",
    "terminating connection",
    "Connection refused",
    "Lost connection",
    "gone away",
    "Can't connect",
    "Communication link failure",
    "Connection timed out",
    "connection not open",
    "SSL SYSCALL error",
    "could not receive data",
    "could not send data",
    "Broken pipe",
};

InfraError::Reason classify(const Poco::Exception& error, const std::string& text,
                            const std::optional<std::string>& state) {
    if (dynamic_cast<const Poco::Data::ConnectionFailedException*>(&error) != nullptr ||
        dynamic_cast<const Poco::Data::NotConnectedException*>(&error) != nullptr) {
        return InfraError::Reason::Unavailable;
    }
    if (state) {
        if (*state == "22001") {
            return InfraError::Reason::ValueTooLong;
        }
        if (state->rfind("23", 0) == 0) {
            return InfraError::Reason::Constraint;
        }
        // 08: connection exception; 57P0x: the server shuts down; HYT0x: ODBC timeouts.
        if (state->rfind("08", 0) == 0 || state->rfind("57P0", 0) == 0) {
            return InfraError::Reason::Unavailable;
        }
        if (state->rfind("HYT0", 0) == 0) {
            return InfraError::Reason::Timeout;
        }
    }
    // SQLite: the length limits of the own store are CHECK (length(X) <= n) constraints.
    if (contains(text, "CHECK constraint failed") && contains(text, "length(")) {
        return InfraError::Reason::ValueTooLong;
    }
    if (contains(text, "constraint failed") || contains(text, "Duplicate entry")) {
        return InfraError::Reason::Constraint;
    }
    for (const char* lost : kConnectionLostTexts) {
        if (contains(text, lost)) {
            return InfraError::Reason::Unavailable;
        }
    }
    return InfraError::Reason::Statement;
}

// Poco's texts span many lines with empty ones and "=====" banners; one line reads better in a log.
std::string oneLine(const std::string& text) {
    std::string out;
    bool space = false;
    for (const char c : text) {
        if (c == '\n' || c == '\r' || c == '\t') {
            space = !out.empty();
            continue;
        }
        if (space) {
            out += ' ';
            space = false;
        }
        out += c;
    }
    std::string squeezed;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i] == '=' && i + 1 < out.size() && out[i + 1] == '=') {
            continue;
        }
        squeezed += out[i];
    }
    return squeezed;
}

} // namespace

std::optional<std::string> sqlStateIn(const std::string& driverText) {
    for (const std::string_view marker : {"State: ", "sqlstate]: ", "SQLSTATE = ", "SQLSTATE: "}) {
        const std::size_t at = driverText.find(marker);
        if (at == std::string::npos) {
            continue;
        }
        const std::size_t start = at + marker.size();
        if (start + 5 > driverText.size()) {
            continue;
        }
        const std::string state = driverText.substr(start, 5);
        bool valid = true;
        for (const char c : state) {
            valid = valid && (codec::isAsciiDigit(c) || codec::isAsciiUpper(c));
        }
        if (valid) {
            return state;
        }
    }
    return std::nullopt;
}

InfraError infraErrorFrom(const std::string& operation, const Poco::Exception& error) {
    const std::string text = error.displayText();
    const auto state = sqlStateIn(text);
    return InfraError(classify(error, text, state), operation, oneLine(text), state);
}

} // namespace msgx::storage
