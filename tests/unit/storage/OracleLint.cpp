#include "OracleLint.h"

#include <cctype>

namespace msgx::test {

namespace {

std::string upper(std::string_view s) {
    std::string out(s);
    for (auto& c : out) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}

bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '#';
}

} // namespace

std::vector<std::string> lintOracleSql(std::string_view sql, const std::string& where) {
    std::vector<std::string> findings;
    std::vector<std::string> words; // upper-cased, outside literals and comments
    std::size_t i = 0;
    while (i < sql.size()) {
        const char c = sql[i];
        if (c == '\'') {
            const std::size_t end = sql.find('\'', i + 1);
            if (end == std::string_view::npos) {
                findings.push_back(where + ": unterminated quoted literal");
                break;
            }
            if (end == i + 1 && (end + 1 >= sql.size() || sql[end + 1] != '\'')) {
                findings.push_back(where + ": '' is NULL in Oracle, not an empty value");
            }
            i = end + 1;
        } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
            const std::size_t end = sql.find('\n', i);
            i = end == std::string_view::npos ? sql.size() : end;
        } else if (c == '"') {
            findings.push_back(where + ": quoted identifier (identifiers are unquoted upper case)");
            const std::size_t end = sql.find('"', i + 1);
            i = end == std::string_view::npos ? sql.size() : end + 1;
        } else if (isWordChar(c) && !std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t end = i;
            while (end < sql.size() && isWordChar(sql[end])) {
                ++end;
            }
            const std::string word = upper(sql.substr(i, end - i));
            if (word.size() > 30) {
                findings.push_back(where + ": identifier " + word + " is longer than 30 characters");
            }
            words.push_back(word);
            i = end;
        } else {
            ++i;
        }
    }
    for (std::size_t w = 0; w < words.size(); ++w) {
        const std::string& word = words[w];
        const std::string next = w + 1 < words.size() ? words[w + 1] : "";
        if (word == "LIMIT" || word == "OFFSET") {
            findings.push_back(where + ": " + word + " does not exist in Oracle 11g (use ROWNUM)");
        } else if (word == "FETCH" && (next == "FIRST" || next == "NEXT")) {
            findings.push_back(where + ": FETCH " + next + " is Oracle 12c (use ROWNUM)");
        } else if (word == "IDENTITY") {
            findings.push_back(where + ": identity columns are Oracle 12c (use a sequence)");
        } else if (word == "BOOLEAN") {
            findings.push_back(where + ": BOOLEAN is not a column type in Oracle 11g (use NUMBER(1))");
        } else if (word == "AUTO_INCREMENT" || word == "AUTOINCREMENT" || word == "BIGSERIAL" ||
                   word == "SERIAL") {
            findings.push_back(where + ": " + word + " is not Oracle (use a sequence)");
        } else if (word == "TEXT" || word == "MEDIUMTEXT") {
            findings.push_back(where + ": " + word + " is not an Oracle type (use CLOB)");
        }
    }
    return findings;
}

} // namespace msgx::test
