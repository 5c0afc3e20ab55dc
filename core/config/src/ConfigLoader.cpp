#include "msgx/config/ConfigLoader.h"

#include "ConfigReader.h"
#include "ConfigSections.h"
#include "CrossKeyRules.h"

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace msgx::config {

namespace {

[[noreturn]] void throwOne(std::string message, const std::string& fileName, int line) {
    throw ConfigInvalid({ConfigError{"", std::move(message), fileName, line}});
}

// The one YAML document of the file; a syntax error or a second document is the file's only error.
YAML::Node parseDocument(std::string_view yaml, const std::string& fileName) {
    std::vector<YAML::Node> documents;
    try {
        documents = YAML::LoadAll(std::string(yaml));
    } catch (const YAML::Exception& e) {
        throwOne("YAML syntax error: " + e.msg, fileName, e.mark.line >= 0 ? e.mark.line + 1 : 0);
    }
    if (documents.size() > 1) {
        throwOne("must be one YAML document, got " + std::to_string(documents.size()), fileName,
                 documents[1].Mark().line >= 0 ? documents[1].Mark().line + 1 : 0);
    }
    YAML::Node root = documents.empty() ? YAML::Node() : documents.front();
    if (!root.IsNull() && !root.IsMap()) {
        throwOne(std::string("must be a map of sections (profile:, store:, ...), got ") +
                     (root.IsSequence() ? "a list" : "a single value"),
                 fileName, root.Mark().line >= 0 ? root.Mark().line + 1 : 0);
    }
    return root;
}

} // namespace

Config parseConfig(std::string_view yaml, const std::string& fileName, EnvLookup env) {
    detail::ConfigReader reader(parseDocument(yaml, fileName), fileName, std::move(env));
    Config config;
    detail::readConfigSections(reader, config);
    detail::checkCrossKeyRules(reader, config);
    reader.reportUnknownKeys();
    std::vector<ConfigError> errors = reader.takeErrors();
    if (!errors.empty()) {
        throw ConfigInvalid(std::move(errors));
    }
    return config;
}

Config loadConfigFile(const std::string& path, EnvLookup env) {
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) {
        throwOne("cannot read the file: " + std::string(std::strerror(errno)), path, 0);
    }
    std::string text;
    char buffer[8192];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) {
        text.append(buffer, n);
    }
    if (std::ferror(file.get())) {
        throwOne("cannot read the file: " + std::string(std::strerror(errno)), path, 0);
    }
    return parseConfig(text, path, std::move(env));
}

} // namespace msgx::config
