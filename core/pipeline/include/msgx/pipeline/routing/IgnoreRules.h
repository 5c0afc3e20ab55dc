#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::pipeline {

// The ignore rules of pipeline.ignore (architecture.md §4): TYPE-STYP glob patterns with `*` (any
// run of characters) and `?` (one character), matched case-insensitively against a message's key
// before identity and routing. A match ends the message SKIPPED "ignored:<pattern>".
class IgnoreRules {
public:
    explicit IgnoreRules(std::vector<std::string> patterns);

    // The first pattern (as written) that matches `key` ("REGN-UPD"), std::nullopt when none does.
    [[nodiscard]] std::optional<std::string> match(std::string_view key) const;

private:
    std::vector<std::string> patterns_;
};

} // namespace msgx::pipeline
