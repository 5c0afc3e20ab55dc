// Every statement of the own store has a hand-reviewed Oracle 11g text
// (oracle-expected-statements.sql), and the Oracle dialect produces exactly that text.
#include "sql/Dialect.h"
#include "sql/StoreStatements.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace msgx::test {
namespace {

constexpr std::string_view kMarker = "-- statement: ";

// White space runs become one space; leading and trailing space goes.
std::string normalized(const std::string& sql) {
    std::string out;
    bool space = false;
    for (const char c : sql) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            space = !out.empty();
            continue;
        }
        if (space) {
            out += ' ';
            space = false;
        }
        out += c;
    }
    return out;
}

std::map<std::string, std::string> reviewedStatements() {
    std::ifstream in(MSGX_ORACLE_EXPECTED_STATEMENTS);
    EXPECT_TRUE(in) << "cannot read " << MSGX_ORACLE_EXPECTED_STATEMENTS;
    std::map<std::string, std::string> statements;
    std::string current;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(kMarker, 0) == 0) {
            current = line.substr(kMarker.size());
            EXPECT_EQ(statements.count(current), 0u) << "statement " << current << " is reviewed twice";
            statements[current];
        } else if (!current.empty() && line.rfind("--", 0) != 0) {
            statements[current] += line + "\n";
        }
    }
    for (auto& [name, sql] : statements) {
        sql = normalized(sql);
    }
    return statements;
}

TEST(OracleStatementReview, EveryStatementHasItsReviewedOracleText) {
    const auto dialect =
        storage::makeDialect(storage::SqlDialect::Oracle, storage::PlaceholderStyle::QuestionMark);
    const auto catalog = storage::storeStatements(*dialect);
    const auto reviewed = reviewedStatements();
    ASSERT_FALSE(catalog->all().empty());
    for (const auto& [name, sql] : catalog->all()) {
        const auto it = reviewed.find(name);
        if (it == reviewed.end()) {
            ADD_FAILURE() << "statement " << name << " has no reviewed Oracle text in "
                          << MSGX_ORACLE_EXPECTED_STATEMENTS << "; after reviewing it, add:\n"
                          << kMarker << name << "\n"
                          << sql << "\n";
            continue;
        }
        EXPECT_EQ(normalized(sql), it->second)
            << "the Oracle text of " << name << " changed; review it and update "
            << MSGX_ORACLE_EXPECTED_STATEMENTS;
    }
    for (const auto& [name, sql] : reviewed) {
        EXPECT_EQ(catalog->all().count(name), 1u)
            << "reviewed statement " << name << " is not sent by the store";
    }
}

} // namespace
} // namespace msgx::test
