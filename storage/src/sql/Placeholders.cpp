#include "sql/Placeholders.h"

#include <stdexcept>

namespace msgx::storage {

namespace {

// Calls onMarker(out) for every parameter marker and copies everything else to out.
template <typename OnMarker>
std::string scan(std::string_view sql, OnMarker onMarker) {
    std::string out;
    out.reserve(sql.size() + 16);
    std::size_t i = 0;
    auto copyUntil = [&](std::string_view terminator, const char* what) {
        const std::size_t end = sql.find(terminator, i);
        if (end == std::string_view::npos) {
            throw std::invalid_argument(std::string("unterminated ") + what + " in SQL: " + std::string(sql));
        }
        out.append(sql.substr(i, end + terminator.size() - i));
        i = end + terminator.size();
    };
    while (i < sql.size()) {
        const char c = sql[i];
        if (c == '\'' || c == '"') {
            out += c;
            ++i;
            copyUntil(std::string_view(&c, 1), c == '\'' ? "quoted literal" : "quoted identifier");
        } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
            const std::size_t end = sql.find('\n', i);
            const std::size_t stop = end == std::string_view::npos ? sql.size() : end;
            out.append(sql.substr(i, stop - i));
            i = stop;
        } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
            copyUntil("*/", "comment");
        } else if (c == '?') {
            onMarker(out);
            ++i;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

} // namespace

std::string numberPlaceholders(std::string_view sql) {
    std::size_t n = 0;
    return scan(sql, [&n](std::string& out) { out += "$" + std::to_string(++n); });
}

std::size_t countPlaceholders(std::string_view sql) {
    std::size_t n = 0;
    scan(sql, [&n](std::string& out) {
        ++n;
        out += '?';
    });
    return n;
}

} // namespace msgx::storage
