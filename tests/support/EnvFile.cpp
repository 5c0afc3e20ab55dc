#include "EnvFile.h"

#include <fstream>
#include <stdexcept>

namespace msgx::test {
namespace {

// Decodes a shell word made of '...' segments and backslash-escaped characters.
std::string unquoteShellWord(const std::string& word) {
    std::string value;
    for (size_t i = 0; i < word.size(); ++i) {
        if (word[i] == '\'') {
            const size_t close = word.find('\'', i + 1);
            if (close == std::string::npos) {
                throw std::invalid_argument("unterminated single quote");
            }
            value.append(word, i + 1, close - i - 1);
            i = close;
        } else if (word[i] == '\\' && i + 1 < word.size()) {
            value.push_back(word[++i]);
        } else {
            value.push_back(word[i]);
        }
    }
    return value;
}

} // namespace

std::map<std::string, std::string> readEnvFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) {
        throw std::runtime_error("cannot read " + path.string());
    }
    static const std::string kExport = "export ";
    std::map<std::string, std::string> variables;
    std::string line;
    for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        const size_t equals = line.find('=');
        if (line.rfind(kExport, 0) != 0 || equals == std::string::npos || equals == kExport.size()) {
            throw std::runtime_error(path.string() + ":" + std::to_string(lineNumber) +
                                     ": expected export NAME='value'");
        }
        try {
            variables[line.substr(kExport.size(), equals - kExport.size())] =
                unquoteShellWord(line.substr(equals + 1));
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error(path.string() + ":" + std::to_string(lineNumber) + ": " + e.what());
        }
    }
    return variables;
}

} // namespace msgx::test
