#include "migrate/SqlScript.h"

#include <cctype>
#include <stdexcept>

namespace msgx::storage {

namespace {

std::string trimmedStatement(const std::string& s) {
    std::size_t begin = 0;
    std::size_t end = s.size();
    while (begin < end && std::isspace(static_cast<unsigned char>(s[begin]))) {
        ++begin;
    }
    while (end > begin && std::isspace(static_cast<unsigned char>(s[end - 1]))) {
        --end;
    }
    return s.substr(begin, end - begin);
}

} // namespace

std::vector<std::string> splitSqlScript(std::string_view script) {
    std::vector<std::string> statements;
    std::string current;
    auto finish = [&] {
        std::string statement = trimmedStatement(current);
        if (!statement.empty()) {
            statements.push_back(std::move(statement));
        }
        current.clear();
    };
    std::size_t i = 0;
    while (i < script.size()) {
        const char c = script[i];
        if (c == '\'' || c == '"') {
            const std::size_t end = script.find(c, i + 1);
            if (end == std::string_view::npos) {
                throw std::invalid_argument("unterminated quoted text in SQL script");
            }
            current.append(script.substr(i, end + 1 - i));
            i = end + 1;
        } else if (c == '-' && i + 1 < script.size() && script[i + 1] == '-') {
            const std::size_t end = script.find('\n', i);
            i = end == std::string_view::npos ? script.size() : end;
        } else if (c == '/' && i + 1 < script.size() && script[i + 1] == '*') {
            const std::size_t end = script.find("*/", i + 2);
            if (end == std::string_view::npos) {
                throw std::invalid_argument("unterminated comment in SQL script");
            }
            current += ' ';
            i = end + 2;
        } else if (c == ';') {
            finish();
            ++i;
        } else {
            current += c;
            ++i;
        }
    }
    finish();
    return statements;
}

} // namespace msgx::storage
