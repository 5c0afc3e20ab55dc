#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace msgx::test {

// Checks SQL meant for Oracle 11g for what 11g does not have or treats differently: LIMIT and
// FETCH FIRST (12c), identity columns (12c), the BOOLEAN column type (PL/SQL only), identifiers
// longer than 30 characters, and '' used as a value (Oracle reads it as NULL). Quoted literals and
// comments are skipped except for the '' check. Returns one line per finding, "<where>: <what>".
std::vector<std::string> lintOracleSql(std::string_view sql, const std::string& where);

} // namespace msgx::test
