#pragma once

#include "msgx/config/ConfigLoader.h"

#include <map>
#include <string>
#include <vector>

namespace msgx::config::test {

// An environment that holds exactly the given variables.
inline EnvLookup fakeEnv(std::map<std::string, std::string> vars = {}) {
    return [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
        const auto it = vars.find(name);
        if (it == vars.end()) {
            return std::nullopt;
        }
        return it->second;
    };
}

inline constexpr const char* kTestFile = "test.yaml";

// The texts of every error parseConfig reports for `yaml` (empty when it is valid).
inline std::vector<std::string> errorTexts(const std::string& yaml,
                                           std::map<std::string, std::string> env = {},
                                           const std::string& fileName = kTestFile) {
    try {
        parseConfig(yaml, fileName, fakeEnv(std::move(env)));
    } catch (const ConfigInvalid& invalid) {
        std::vector<std::string> out;
        for (const ConfigError& e : invalid.errors()) {
            out.push_back(e.text());
        }
        return out;
    }
    return {};
}

// A valid embedded configuration with every optional key left out; `extra` is appended, so its
// first line is line 15.
inline std::string minimalEmbedded(const std::string& extra = {}) {
    return "profile: embedded\n"                                  // 1
           "store:\n"                                             // 2
           "  backend: sqlite\n"                                  // 3
           "  connect: /tmp/msgx/msgx.db\n"                       // 4
           "mailbox:\n"                                           // 5
           "  backend: sqlite\n"                                  // 6
           "  connect: /tmp/msgx/mailbox.db\n"                    // 7
           "delivery:\n"                                          // 8
           "  targets:\n"                                         // 9
           "    msg:\n"                                           // 10
           "      type: file\n"                                   // 11
           "      path: /tmp/msgx/msg.jsonl\n"                    // 12
           "    schd: {type: file, path: /tmp/msgx/schd.jsonl}\n" // 13
           "shadow: false\n"                                      // 14
           + extra;
}

// A valid production configuration; `extra` is appended, so its first line is line 17.
inline std::string minimalProduction(const std::string& extra = {}) {
    return "profile: production\n"                       // 1
           "store:\n"                                    // 2
           "  backend: postgresql\n"                     // 3
           "  connect: host=db port=5432 dbname=msgx\n"  // 4
           "mailbox:\n"                                  // 5
           "  backend: mysql\n"                          // 6
           "  connect: host=mbx;port=3306;db=ciims\n"    // 7
           "delivery:\n"                                 // 8
           "  targets:\n"                                // 9
           "    msg:\n"                                  // 10
           "      type: kafka\n"                         // 11
           "      topic: msgx.msg\n"                     // 12
           "    schd: {type: kafka, topic: msgx.schd}\n" // 13
           "kafka:\n"                                    // 14
           "  bootstrap: broker1:9092,broker2:9092\n"    // 15
           "shadow: false\n"                             // 16
           + extra;
}

} // namespace msgx::config::test
