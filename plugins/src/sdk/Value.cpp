#include "msgx/sdk/Value.h"

#include <sstream>

namespace msgx::sdk {

const Value* findField(const Fields& fields, std::string_view name) {
    const auto found = fields.find(name);
    return found == fields.end() ? nullptr : &found->second;
}

namespace {

struct Describe {
    std::string operator()(std::monostate) const { return "null"; }
    std::string operator()(bool flag) const { return flag ? "true" : "false"; }
    std::string operator()(std::int64_t number) const { return std::to_string(number); }
    std::string operator()(double number) const {
        std::ostringstream out;
        out << number;
        return out.str();
    }
    std::string operator()(const std::string& text) const { return "'" + text + "'"; }
    std::string operator()(const StringList& list) const {
        std::string out = "[";
        for (std::size_t i = 0; i < list.size(); ++i) {
            out += (i == 0 ? "'" : ", '") + list[i] + "'";
        }
        return out + "]";
    }
};

} // namespace

std::string describeValue(const Value& value) {
    return std::visit(Describe{}, value);
}

} // namespace msgx::sdk
