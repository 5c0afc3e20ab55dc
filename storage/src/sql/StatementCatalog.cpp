#include "sql/StatementCatalog.h"

#include "sql/Dialect.h"

#include <stdexcept>

namespace msgx::storage {

void StatementCatalog::add(const Dialect& dialect, std::string name, std::string_view sql) {
    const auto [at, inserted] = statements_.emplace(std::move(name), dialect.render(sql));
    if (!inserted) {
        throw std::logic_error("SQL statement '" + at->first + "' is defined twice");
    }
}

const std::string& StatementCatalog::operator[](std::string_view name) const {
    const auto it = statements_.find(name);
    if (it == statements_.end()) {
        throw std::out_of_range("no SQL statement named '" + std::string(name) + "'");
    }
    return it->second;
}

} // namespace msgx::storage
