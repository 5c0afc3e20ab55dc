#include "SinkReadBack.h"

#include "Subprocess.h"

#include <gtest/gtest.h>

#include <sstream>

namespace msgx::test {

namespace {

// Fields are separated by the ASCII unit separator, which none of the test's keys, headers or
// JSON values contain; kcat -Z prints a null key or value as "NULL".
constexpr char kSeparator = '\x1f';

std::optional<std::string> nullable(const std::string& text) {
    if (text == "NULL") {
        return std::nullopt;
    }
    return text;
}

} // namespace

std::vector<ReadBackRecord> readTopic(const std::string& bootstrap, const std::string& topic,
                                      std::chrono::seconds timeout) {
    const std::string format =
        std::string("%p") + kSeparator + "%k" + kSeparator + "%h" + kSeparator + "%s\\n";
    const auto kcat = runSubprocess(
        {"kcat", "-C", "-b", bootstrap, "-t", topic, "-o", "beginning", "-e", "-q", "-Z", "-f", format},
        timeout);
    EXPECT_EQ(kcat.exitCode, 0) << kcat.err;
    std::vector<ReadBackRecord> records;
    std::istringstream lines(kcat.out);
    for (std::string line; std::getline(lines, line);) {
        std::vector<std::string> fields;
        std::istringstream parts(line);
        for (std::string field; std::getline(parts, field, kSeparator);) {
            fields.push_back(field);
        }
        if (fields.size() == 3) {
            fields.emplace_back(); // an empty value
        }
        if (fields.size() != 4) {
            ADD_FAILURE() << "unexpected kcat line: " << line;
            continue;
        }
        records.push_back(
            ReadBackRecord{std::stoi(fields[0]), nullable(fields[1]), fields[2], nullable(fields[3])});
    }
    return records;
}

std::optional<std::string> headerValue(const std::string& headers, const std::string& name) {
    std::istringstream parts(headers);
    for (std::string part; std::getline(parts, part, ',');) {
        if (part.rfind(name + "=", 0) == 0) {
            return part.substr(name.size() + 1);
        }
    }
    return std::nullopt;
}

} // namespace msgx::test
