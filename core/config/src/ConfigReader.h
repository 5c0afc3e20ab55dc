#pragma once

#include "Choices.h"
#include "KeyPath.h"
#include "msgx/config/ConfigError.h"
#include "msgx/config/EnvSubstitution.h"
#include "msgx/config/ValueFormats.h"

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace msgx::config::detail {

// A found value as errors quote it: the text (shortened when long) or "an empty value".
std::string describeText(std::string_view text);

template <class T>
struct Range {
    T min;
    T max;
};

// What a text value must look like beyond "not empty".
struct TextFormat {
    std::string_view expected;                   // completes "must be …", e.g. "a Kafka topic name"
    bool (*accepts)(std::string_view) = nullptr; // nullptr: any non-empty text
};

inline constexpr TextFormat kNonEmptyText{"a non-empty text"};

// Reads typed values at dotted keys of one parsed YAML document and collects every problem as a
// ConfigError instead of stopping at the first.
//
// Contract of every read:
//  - it declares the key known (so reportUnknownKeys() will not flag it), whether present or not;
//  - a scalar's ${…} references are substituted (EnvSubstitution.h) before it is parsed;
//  - an absent key gives the fallback (or nullopt); a present but invalid one records an error and
//    also gives the fallback (or nullopt), so reading goes on and failed(key) tells it apart;
//  - a section written with no keys (`kafka:` followed by nothing) counts as absent;
//  - a section that is not a map (`pipeline: 5`) is one error on the section, and its keys read as
//    absent without further "missing" errors.
class ConfigReader {
public:
    ConfigReader(YAML::Node root, std::string fileName, EnvLookup env);

    // Text; nullopt when absent or invalid.
    std::optional<std::string> text(const KeyPath& key, const TextFormat& format = kNonEmptyText);
    std::string text(const KeyPath& key, std::string fallback, const TextFormat& format = kNonEmptyText);
    // Text that must be present: absent is the error "required key is missing".
    std::optional<std::string> requiredText(const KeyPath& key, const TextFormat& format = kNonEmptyText);

    int integer(const KeyPath& key, int fallback, Range<int> range);
    bool boolean(const KeyPath& key, bool fallback);
    std::chrono::milliseconds duration(const KeyPath& key, std::chrono::milliseconds fallback,
                                       Range<std::chrono::milliseconds> range);
    // A duration, or the word `off` (nullopt) for a feature that can be switched off.
    std::optional<std::chrono::milliseconds> durationOrOff(const KeyPath& key,
                                                           std::optional<std::chrono::milliseconds> fallback,
                                                           Range<std::chrono::milliseconds> range);
    std::uint64_t size(const KeyPath& key, std::uint64_t fallback, Range<std::uint64_t> range);
    TimeOfDay timeOfDay(const KeyPath& key, TimeOfDay fallback);
    // A zone name that timeZoneExists() accepts.
    std::string timeZone(const KeyPath& key, std::string fallback);

    // One of the named values; nullopt when absent or invalid.
    template <class E>
    std::optional<E> choice(const KeyPath& key, std::span<const Choice<E>> choices);
    template <class E>
    E choice(const KeyPath& key, E fallback, std::span<const Choice<E>> choices) {
        return choice(key, choices).value_or(fallback);
    }
    template <class E>
    std::optional<E> requiredChoice(const KeyPath& key, std::span<const Choice<E>> choices) {
        if (!contains(key)) {
            missing(key);
        }
        return choice(key, choices);
    }

    // Lists; the fallback when absent or when any entry is invalid (each bad entry is one error,
    // named "key[index]" with the entry's own line).
    std::vector<std::string> textList(const KeyPath& key, std::vector<std::string> fallback,
                                      const TextFormat& format, Range<std::size_t> count);
    std::vector<std::chrono::milliseconds> durationList(const KeyPath& key,
                                                        std::vector<std::chrono::milliseconds> fallback,
                                                        Range<std::chrono::milliseconds> each,
                                                        Range<std::size_t> count);

    // A map of name → scalar text, taken as a whole (its names are not checked against known keys);
    // empty when absent.
    std::map<std::string, std::string> textMap(const KeyPath& key);

    // The names of a map whose entries are named by the file (e.g. refresh.classes.<class>), in file
    // order; empty when absent, null or `{}`. The entries' own keys are declared by their reads, so
    // unknown keys inside an entry are still reported; an absent or empty map is declared known
    // here. Not a map: one error, and no names.
    std::vector<std::string> mapNames(const KeyPath& key);

    // Declares a key known without reading it (e.g. a key a failed read made meaningless).
    void accept(const KeyPath& key);
    // Present in the document, whatever its value (does not declare it known).
    [[nodiscard]] bool contains(const KeyPath& key);
    // An error was recorded at this key.
    [[nodiscard]] bool failed(const KeyPath& key) const { return failedKeys_.count(key.text()) != 0; }
    // Every key a read has declared known so far: after readConfigSections, the loader's table of
    // keys (tests hold docs/configuration.md against it).
    [[nodiscard]] const std::set<KeyPath>& knownKeys() const { return known_; }

    // Records "<key>: <message>" at the key's value line (or, when absent, at its nearest present
    // section's line).
    void fail(const KeyPath& key, std::string message);
    // Records "<key>: required key is missing[ (<why>)]", unless a section above it was invalid.
    void missing(const KeyPath& key, std::string_view why = {});
    // Records an error about the file as a whole.
    void failDocument(std::string message, int line);

    // Walks the document and records "unknown key" (with a "did you mean" when a known key is
    // close) for every key no read declared known, and "duplicate key" for repeated keys.
    // Call after all reads.
    void reportUnknownKeys();

    // The errors so far in file order (errors without a line last); the reader is left empty.
    std::vector<ConfigError> takeErrors();

private:
    struct Lookup {
        bool present = false;
        bool underBrokenSection = false;
        YAML::Node keyNode;
        YAML::Node value;
        int line = 0; // the value's line when present; the nearest present section's line if not
    };
    struct Scalar {
        std::string text;
        int line = 0;
    };

    Lookup find(const KeyPath& key);
    void declareKnown(const KeyPath& key);
    void record(const std::string& key, int line, std::string message);
    std::optional<Scalar> scalarAt(const KeyPath& key, std::string_view expected);
    // The duration `s` of `key` within `range`; the fallback (recorded as an error) otherwise.
    template <class Fallback>
    Fallback durationIn(const KeyPath& key, const Scalar& s, Fallback fallback,
                        Range<std::chrono::milliseconds> range);
    std::optional<Scalar> scalarOf(const std::string& displayKey, const YAML::Node& node, int line,
                                   std::string_view expected);

    // Reads a scalar and parses it; on a parse failure records
    // "must be <expected>, got <text>[ (<problem>)]".
    template <class T, class Parse>
    std::optional<T> parsed(const KeyPath& key, std::string_view expected, Parse parse);
    template <class T, class Parse>
    std::optional<T> parsedScalar(const std::string& displayKey, const Scalar& s, std::string_view expected,
                                  Parse parse);

    // Reads a list whose every entry is read by readEntry(displayKey, node, line) → optional<T>.
    template <class T, class ReadEntry>
    std::optional<std::vector<T>> list(const KeyPath& key, std::string_view expectedEntries,
                                       Range<std::size_t> count, ReadEntry readEntry);

    std::optional<std::string> checkedText(const std::string& displayKey, const Scalar& s,
                                           const TextFormat& format);
    std::string suggestionFor(const KeyPath& unknown) const;
    void walkForUnknownKeys(const YAML::Node& map, const KeyPath& path);
    void walkForDuplicateKeys(const YAML::Node& node, const std::string& path);

    YAML::Node root_;
    std::string fileName_;
    EnvLookup env_;
    std::set<KeyPath> known_;    // keys read as a whole
    std::set<KeyPath> sections_; // strict prefixes of known keys
    std::set<std::string> failedKeys_;
    std::set<std::pair<std::string, std::string>> recorded_; // (key, message): no repeats
    std::vector<ConfigError> errors_;
};

// ---- templates used by the inline reads ----

template <class T, class Parse>
std::optional<T> ConfigReader::parsedScalar(const std::string& displayKey, const Scalar& s,
                                            std::string_view expected, Parse parse) {
    const ParseOutcome<T> outcome = parse(std::string_view(s.text));
    if (!outcome.value) {
        std::string message = "must be " + std::string(expected) + ", got " + describeText(s.text);
        if (!outcome.problem.empty()) {
            message += " (" + outcome.problem + ")";
        }
        record(displayKey, s.line, std::move(message));
    }
    return outcome.value;
}

template <class T, class Parse>
std::optional<T> ConfigReader::parsed(const KeyPath& key, std::string_view expected, Parse parse) {
    const std::optional<Scalar> s = scalarAt(key, expected);
    if (!s) {
        return std::nullopt;
    }
    return parsedScalar<T>(key.text(), *s, expected, parse);
}

template <class E>
std::optional<E> ConfigReader::choice(const KeyPath& key, std::span<const Choice<E>> choices) {
    const std::string expected = "one of " + joinChoices(choices);
    return parsed<E>(key, expected, [&](std::string_view text) {
        const std::optional<E> value = findChoice(choices, text);
        return value ? ParseOutcome<E>::ok(*value) : ParseOutcome<E>::fail();
    });
}

} // namespace msgx::config::detail
