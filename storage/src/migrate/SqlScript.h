#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace msgx::storage {

// The statements of a migration file: split on `;` outside quoted text and comments, with
// comments removed and surrounding white space trimmed; empty statements dropped. The terminating
// `;` is not part of a statement (Oracle refuses it through ODBC).
std::vector<std::string> splitSqlScript(std::string_view script);

} // namespace msgx::storage
