#include "msgx/golden/TextDiff.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace msgx::golden {

namespace {

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        lines.push_back(line);
    }
    return lines;
}

struct Step {
    char kind; // ' ', '-', '+'
    std::size_t expectedLine;
    std::size_t actualLine;
    const std::string* text;
};

// Longest common subsequence over lines; the files compared are small (golden expectations).
std::vector<Step> diffSteps(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    std::vector<std::vector<std::size_t>> lcs(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
    for (std::size_t i = a.size(); i-- > 0;) {
        for (std::size_t j = b.size(); j-- > 0;) {
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
        }
    }
    std::vector<Step> steps;
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (i < a.size() && j < b.size() && a[i] == b[j]) {
            steps.push_back({' ', i, j, &a[i]});
            ++i;
            ++j;
        } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
            steps.push_back({'-', i, j, &a[i]});
            ++i;
        } else {
            steps.push_back({'+', i, j, &b[j]});
            ++j;
        }
    }
    return steps;
}

} // namespace

std::string lineDiff(const std::string& expected, const std::string& actual) {
    if (expected == actual) {
        return {};
    }
    const auto a = splitLines(expected);
    const auto b = splitLines(actual);
    const std::vector<Step> steps = diffSteps(a, b);
    constexpr std::size_t kContext = 2;
    std::vector<bool> shown(steps.size(), false);
    for (std::size_t s = 0; s < steps.size(); ++s) {
        if (steps[s].kind != ' ') {
            const std::size_t from = s >= kContext ? s - kContext : 0;
            const std::size_t to = std::min(steps.size(), s + kContext + 1);
            std::fill(shown.begin() + static_cast<long>(from), shown.begin() + static_cast<long>(to), true);
        }
    }
    std::string out;
    for (std::size_t s = 0; s < steps.size(); ++s) {
        if (!shown[s]) {
            continue;
        }
        if (s == 0 || !shown[s - 1]) {
            out += "@@ expected line " + std::to_string(steps[s].expectedLine + 1) + ", actual line " +
                   std::to_string(steps[s].actualLine + 1) + " @@\n";
        }
        out += steps[s].kind;
        out += ' ';
        out += *steps[s].text;
        out += '\n';
    }
    return out;
}

} // namespace msgx::golden
