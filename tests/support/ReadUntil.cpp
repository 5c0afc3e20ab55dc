#include "ReadUntil.h"

#include <gtest/gtest.h>

namespace msgx::test {

std::string readUntil(std::istream& in, const std::string& marker) {
    std::string seen;
    std::string line;
    while (std::getline(in, line)) {
        seen += line + '\n';
        if (line.find(marker) != std::string::npos) {
            return seen;
        }
    }
    ADD_FAILURE() << "the stream ended before a line with '" << marker << "'; it held:\n" << seen;
    return seen;
}

} // namespace msgx::test
