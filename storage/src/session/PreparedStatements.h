#pragma once

#include <map>
#include <memory>
#include <typeindex>

namespace msgx::storage {

// The prepared statements of one session (PreparedStatement.h), by the type of the set that holds
// them. They live as long as the session: the pool drops them, before the session, whenever it
// discards the session.
class PreparedStatements {
public:
    // The set of type Set, made with make() on first use in this session.
    template <typename Set, typename Make>
    Set& get(Make make) {
        auto& slot = sets_[std::type_index(typeid(Set))];
        if (!slot) {
            slot = std::shared_ptr<void>(make());
        }
        return *static_cast<Set*>(slot.get());
    }

private:
    std::map<std::type_index, std::shared_ptr<void>> sets_;
};

} // namespace msgx::storage
