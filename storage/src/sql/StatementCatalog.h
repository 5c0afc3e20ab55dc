#pragma once

#include <map>
#include <string>
#include <string_view>

namespace msgx::storage {

class Dialect;

// Every SQL statement the storage layer sends to one database, by name, in that database's dialect
// and placeholder syntax. Repositories take their SQL only from here, so the catalog is the complete
// list: the Oracle review test (tests/unit/storage) compares each entry with a hand-reviewed text.
class StatementCatalog {
public:
    // Adds `sql` (written with ? markers) under `name`, rendered for `dialect`. A name may be added
    // once (std::logic_error otherwise).
    void add(const Dialect& dialect, std::string name, std::string_view sql);

    // The statement; std::out_of_range naming it when there is none.
    [[nodiscard]] const std::string& operator[](std::string_view name) const;

    [[nodiscard]] const std::map<std::string, std::string, std::less<>>& all() const { return statements_; }

private:
    std::map<std::string, std::string, std::less<>> statements_;
};

} // namespace msgx::storage
