#include "msgx/config/EnvSubstitution.h"

#include "msgx/codec/Ascii.h"

#include <cstdlib>

namespace msgx::config {

std::optional<std::string> processEnv(const std::string& name) {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) {
        return std::nullopt;
    }
    return std::string(value);
}

namespace {

bool isNameStart(char c) {
    return codec::isAsciiLetter(c) || c == '_';
}
bool isNameChar(char c) {
    return isNameStart(c) || codec::isAsciiDigit(c);
}

bool isName(std::string_view s) {
    if (s.empty() || !isNameStart(s.front())) {
        return false;
    }
    for (char c : s) {
        if (!isNameChar(c)) {
            return false;
        }
    }
    return true;
}

} // namespace

EnvSubstitution substituteEnv(std::string_view text, const EnvLookup& env) {
    EnvSubstitution out;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text.compare(i, 3, "$${") == 0) {
            out.value += "${";
            i += 3;
            continue;
        }
        if (text.compare(i, 2, "${") != 0) {
            out.value += text[i];
            ++i;
            continue;
        }
        const std::size_t close = text.find('}', i + 2);
        if (close == std::string_view::npos) {
            out.syntaxProblem = "unterminated ${ (a reference is ${NAME} or ${NAME:-default})";
            return out;
        }
        const std::string_view inside = text.substr(i + 2, close - i - 2);
        const std::size_t defaultMark = inside.find(":-");
        const std::string_view name = inside.substr(0, defaultMark);
        if (!isName(name)) {
            out.syntaxProblem =
                "malformed reference ${" + std::string(inside) +
                "} (a reference is ${NAME} or ${NAME:-default}, NAME of letters, digits and _)";
            return out;
        }
        const std::optional<std::string> value = env(std::string(name));
        if (defaultMark == std::string_view::npos) {
            if (value) {
                out.value += *value;
            } else {
                out.unsetNames.emplace_back(name);
            }
        } else if (value && !value->empty()) {
            out.value += *value;
        } else {
            out.value += inside.substr(defaultMark + 2);
        }
        i = close + 1;
    }
    return out;
}

} // namespace msgx::config
