#include "ConfigReader.h"

#include <algorithm>
#include <charconv>
#include <limits>

namespace msgx::config::detail {

namespace {

constexpr std::size_t kMaxQuotedLength = 80;

int lineOfMark(const YAML::Mark& mark) {
    return mark.line >= 0 ? mark.line + 1 : 0;
}

// A value as "got …" names it.
std::string describeNode(const YAML::Node& node) {
    switch (node.Type()) {
    case YAML::NodeType::Map:
        return "a map";
    case YAML::NodeType::Sequence:
        return "a list";
    case YAML::NodeType::Scalar:
        return describeText(node.Scalar());
    default:
        return "an empty value";
    }
}

// The line a value's errors point at: its own line for a scalar, else its key's line (a block map
// or list starts on the line after its key, a missing value "starts" at the next token).
int valueLine(const YAML::Node& keyNode, const YAML::Node& value) {
    if (value.IsScalar()) {
        return lineOfMark(value.Mark());
    }
    return lineOfMark(keyNode.Mark());
}

std::optional<std::pair<YAML::Node, YAML::Node>> findEntry(const YAML::Node& map, const std::string& name) {
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (it->first.IsScalar() && it->first.Scalar() == name) {
            return std::make_pair(it->first, it->second);
        }
    }
    return std::nullopt;
}

ParseOutcome<long long> parseInteger(std::string_view text) {
    long long value = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(first, last, value);
    if (text.empty() || end != last) {
        return ParseOutcome<long long>::fail();
    }
    if (ec == std::errc::result_out_of_range) {
        // Well-formed but huge: let the range check report it with the range.
        return ParseOutcome<long long>::ok(text.front() == '-' ? std::numeric_limits<long long>::min()
                                                               : std::numeric_limits<long long>::max());
    }
    if (ec != std::errc()) {
        return ParseOutcome<long long>::fail();
    }
    return ParseOutcome<long long>::ok(value);
}

ParseOutcome<bool> parseBoolean(std::string_view text) {
    if (text == "true") {
        return ParseOutcome<bool>::ok(true);
    }
    if (text == "false") {
        return ParseOutcome<bool>::ok(false);
    }
    return ParseOutcome<bool>::fail();
}

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

} // namespace

std::string describeText(std::string_view text) {
    if (text.empty()) {
        return "an empty value";
    }
    if (text.size() > kMaxQuotedLength) {
        return std::string(text.substr(0, kMaxQuotedLength)) + "...";
    }
    return std::string(text);
}

ConfigReader::ConfigReader(YAML::Node root, std::string fileName, EnvLookup env)
    : root_(std::move(root)), fileName_(std::move(fileName)), env_(std::move(env)) {}

// ---- lookup and bookkeeping ----

ConfigReader::Lookup ConfigReader::find(const KeyPath& key) {
    Lookup result;
    YAML::Node node = root_;
    YAML::Node keyNode;
    KeyPath walked;
    for (const std::string& segment : key.segments()) {
        if (node.IsNull()) {
            return result; // a section written without keys: everything below is absent
        }
        if (!node.IsMap()) {
            record(walked.text(), valueLine(keyNode, node),
                   "must be a map of keys, got " + describeNode(node));
            result.underBrokenSection = true;
            return result;
        }
        const auto entry = findEntry(node, segment);
        if (!entry) {
            return result;
        }
        // reset(), not operator=: assigning a yaml-cpp Node overwrites the node it refers to.
        keyNode.reset(entry->first);
        node.reset(entry->second);
        walked = walked / segment;
        result.line = lineOfMark(keyNode.Mark());
    }
    result.present = true;
    result.keyNode.reset(keyNode);
    result.value.reset(node);
    result.line = valueLine(keyNode, node);
    return result;
}

void ConfigReader::declareKnown(const KeyPath& key) {
    known_.insert(key);
    for (KeyPath p = key.parent(); !p.isRoot(); p = p.parent()) {
        sections_.insert(p);
    }
}

void ConfigReader::record(const std::string& key, int line, std::string message) {
    if (!recorded_.emplace(key, message).second) {
        return;
    }
    failedKeys_.insert(key);
    errors_.push_back(ConfigError{key, std::move(message), fileName_, line});
}

void ConfigReader::accept(const KeyPath& key) {
    declareKnown(key);
}

bool ConfigReader::contains(const KeyPath& key) {
    return find(key).present;
}

void ConfigReader::fail(const KeyPath& key, std::string message) {
    declareKnown(key);
    record(key.text(), find(key).line, std::move(message));
}

void ConfigReader::missing(const KeyPath& key, std::string_view why) {
    declareKnown(key);
    const Lookup found = find(key);
    if (found.underBrokenSection) {
        return;
    }
    std::string message = "required key is missing";
    if (!why.empty()) {
        message += " (" + std::string(why) + ")";
    }
    record(key.text(), found.line, std::move(message));
}

void ConfigReader::failDocument(std::string message, int line) {
    record("", line, std::move(message));
}

// ---- scalars ----

std::optional<ConfigReader::Scalar> ConfigReader::scalarAt(const KeyPath& key, std::string_view expected) {
    declareKnown(key);
    const Lookup found = find(key);
    if (!found.present) {
        return std::nullopt;
    }
    return scalarOf(key.text(), found.value, found.line, expected);
}

std::optional<ConfigReader::Scalar> ConfigReader::scalarOf(const std::string& displayKey,
                                                           const YAML::Node& node, int line,
                                                           std::string_view expected) {
    if (!node.IsScalar()) {
        record(displayKey, line, "must be " + std::string(expected) + ", got " + describeNode(node));
        return std::nullopt;
    }
    const EnvSubstitution substituted = substituteEnv(node.Scalar(), env_);
    if (!substituted.syntaxProblem.empty()) {
        record(displayKey, line, substituted.syntaxProblem);
        return std::nullopt;
    }
    for (const std::string& name : substituted.unsetNames) {
        record(displayKey, line, "environment variable " + name + " is not set");
    }
    if (!substituted.ok()) {
        return std::nullopt;
    }
    return Scalar{substituted.value, line};
}

std::optional<std::string> ConfigReader::checkedText(const std::string& displayKey, const Scalar& s,
                                                     const TextFormat& format) {
    const bool accepted = !s.text.empty() && (format.accepts == nullptr || format.accepts(s.text));
    if (!accepted) {
        record(displayKey, s.line,
               "must be " + std::string(format.expected) + ", got " + describeText(s.text));
        return std::nullopt;
    }
    return s.text;
}

std::optional<std::string> ConfigReader::text(const KeyPath& key, const TextFormat& format) {
    const std::optional<Scalar> s = scalarAt(key, format.expected);
    if (!s) {
        return std::nullopt;
    }
    return checkedText(key.text(), *s, format);
}

std::string ConfigReader::text(const KeyPath& key, std::string fallback, const TextFormat& format) {
    return text(key, format).value_or(std::move(fallback));
}

std::optional<std::string> ConfigReader::requiredText(const KeyPath& key, const TextFormat& format) {
    if (!contains(key)) {
        missing(key);
        return std::nullopt;
    }
    return text(key, format);
}

int ConfigReader::integer(const KeyPath& key, int fallback, Range<int> range) {
    const std::optional<Scalar> s = scalarAt(key, "an integer");
    if (!s) {
        return fallback;
    }
    const std::optional<long long> value =
        parsedScalar<long long>(key.text(), *s, "an integer", parseInteger);
    if (!value) {
        return fallback;
    }
    if (*value < range.min || *value > range.max) {
        record(key.text(), s->line,
               "must be " + std::to_string(range.min) + ".." + std::to_string(range.max) + ", got " +
                   s->text);
        return fallback;
    }
    return static_cast<int>(*value);
}

bool ConfigReader::boolean(const KeyPath& key, bool fallback) {
    return parsed<bool>(key, "true or false", parseBoolean).value_or(fallback);
}

std::chrono::milliseconds ConfigReader::duration(const KeyPath& key, std::chrono::milliseconds fallback,
                                                 Range<std::chrono::milliseconds> range) {
    const std::optional<Scalar> s = scalarAt(key, kDurationFormat);
    return s ? durationIn(key, *s, fallback, range) : fallback;
}

std::optional<std::chrono::milliseconds>
ConfigReader::durationOrOff(const KeyPath& key, std::optional<std::chrono::milliseconds> fallback,
                            Range<std::chrono::milliseconds> range) {
    const std::optional<Scalar> s = scalarAt(key, kDurationOrOffFormat);
    if (!s) {
        return fallback;
    }
    if (s->text == "off") {
        return std::nullopt;
    }
    return durationIn(key, *s, fallback, range);
}

template <class Fallback>
Fallback ConfigReader::durationIn(const KeyPath& key, const Scalar& s, Fallback fallback,
                                  Range<std::chrono::milliseconds> range) {
    const auto value = parsedScalar<std::chrono::milliseconds>(key.text(), s, kDurationFormat, parseDuration);
    if (!value) {
        return fallback;
    }
    if (*value < range.min || *value > range.max) {
        record(key.text(), s.line,
               "must be " + formatDuration(range.min) + ".." + formatDuration(range.max) + ", got " + s.text);
        return fallback;
    }
    return *value;
}

std::uint64_t ConfigReader::size(const KeyPath& key, std::uint64_t fallback, Range<std::uint64_t> range) {
    const std::optional<Scalar> s = scalarAt(key, kSizeFormat);
    if (!s) {
        return fallback;
    }
    const auto value = parsedScalar<std::uint64_t>(key.text(), *s, kSizeFormat, parseSize);
    if (!value) {
        return fallback;
    }
    if (*value < range.min || *value > range.max) {
        record(key.text(), s->line,
               "must be " + formatSize(range.min) + ".." + formatSize(range.max) + ", got " + s->text);
        return fallback;
    }
    return *value;
}

TimeOfDay ConfigReader::timeOfDay(const KeyPath& key, TimeOfDay fallback) {
    return parsed<TimeOfDay>(key, kTimeOfDayFormat, parseTimeOfDay).value_or(fallback);
}

std::string ConfigReader::timeZone(const KeyPath& key, std::string fallback) {
    static constexpr std::string_view expected =
        "a time zone such as UTC or Asia/Shanghai (a file under /usr/share/zoneinfo)";
    return parsed<std::string>(key, expected,
                               [](std::string_view text) {
                                   return timeZoneExists(text)
                                              ? ParseOutcome<std::string>::ok(std::string(text))
                                              : ParseOutcome<std::string>::fail();
                               })
        .value_or(std::move(fallback));
}

// ---- lists and maps ----

template <class T, class ReadEntry>
std::optional<std::vector<T>> ConfigReader::list(const KeyPath& key, std::string_view expectedEntries,
                                                 Range<std::size_t> count, ReadEntry readEntry) {
    declareKnown(key);
    const Lookup found = find(key);
    if (!found.present) {
        return std::nullopt;
    }
    if (!found.value.IsSequence()) {
        record(key.text(), found.line,
               "must be a list of " + std::string(expectedEntries) + ", got " + describeNode(found.value));
        return std::nullopt;
    }
    const std::size_t n = found.value.size();
    if (n < count.min || n > count.max) {
        record(key.text(), found.line,
               "must have " + std::to_string(count.min) + ".." + std::to_string(count.max) +
                   " entries, got " + std::to_string(n));
        return std::nullopt;
    }
    std::vector<T> out;
    bool allValid = true;
    for (std::size_t i = 0; i < n; ++i) {
        const YAML::Node entry = found.value[i];
        const int entryLine = entry.IsScalar() ? lineOfMark(entry.Mark()) : found.line;
        std::optional<T> value = readEntry(key.text() + "[" + std::to_string(i) + "]", entry, entryLine);
        if (value) {
            out.push_back(std::move(*value));
        } else {
            allValid = false;
        }
    }
    if (!allValid) {
        return std::nullopt;
    }
    return out;
}

std::vector<std::string> ConfigReader::textList(const KeyPath& key, std::vector<std::string> fallback,
                                                const TextFormat& format, Range<std::size_t> count) {
    auto entries = list<std::string>(
        key, format.expected, count,
        [&](const std::string& displayKey, const YAML::Node& node, int line) -> std::optional<std::string> {
            const std::optional<Scalar> s = scalarOf(displayKey, node, line, format.expected);
            return s ? checkedText(displayKey, *s, format) : std::nullopt;
        });
    return entries ? std::move(*entries) : std::move(fallback);
}

std::vector<std::chrono::milliseconds>
ConfigReader::durationList(const KeyPath& key, std::vector<std::chrono::milliseconds> fallback,
                           Range<std::chrono::milliseconds> each, Range<std::size_t> count) {
    auto entries = list<std::chrono::milliseconds>(
        key, "durations", count,
        [&](const std::string& displayKey, const YAML::Node& node,
            int line) -> std::optional<std::chrono::milliseconds> {
            const std::optional<Scalar> s = scalarOf(displayKey, node, line, kDurationFormat);
            if (!s) {
                return std::nullopt;
            }
            const auto value =
                parsedScalar<std::chrono::milliseconds>(displayKey, *s, kDurationFormat, parseDuration);
            if (value && (*value < each.min || *value > each.max)) {
                record(displayKey, s->line,
                       "must be " + formatDuration(each.min) + ".." + formatDuration(each.max) + ", got " +
                           s->text);
                return std::nullopt;
            }
            return value;
        });
    return entries ? std::move(*entries) : std::move(fallback);
}

std::map<std::string, std::string> ConfigReader::textMap(const KeyPath& key) {
    declareKnown(key);
    std::map<std::string, std::string> out;
    const Lookup found = find(key);
    if (!found.present || found.value.IsNull()) {
        return out;
    }
    if (!found.value.IsMap()) {
        record(key.text(), found.line, "must be a map of name: value, got " + describeNode(found.value));
        return out;
    }
    for (auto it = found.value.begin(); it != found.value.end(); ++it) {
        if (!it->first.IsScalar() || it->first.Scalar().empty()) {
            record(key.text(), lineOfMark(it->first.Mark()),
                   "must have plain names as keys, got " + describeNode(it->first));
            continue;
        }
        const std::string name = it->first.Scalar();
        const std::string displayKey = (key / name).text();
        const std::optional<Scalar> s =
            scalarOf(displayKey, it->second, valueLine(it->first, it->second), "a value");
        if (s) {
            out.emplace(name, s->text);
        }
    }
    return out;
}

std::vector<std::string> ConfigReader::mapNames(const KeyPath& key) {
    std::vector<std::string> names;
    const Lookup found = find(key);
    if (!found.present || found.value.IsNull() || (found.value.IsMap() && found.value.size() == 0)) {
        declareKnown(key);
        return names;
    }
    if (!found.value.IsMap()) {
        declareKnown(key);
        record(key.text(), found.line, "must be a map of names, got " + describeNode(found.value));
        return names;
    }
    for (auto it = found.value.begin(); it != found.value.end(); ++it) {
        if (it->first.IsScalar() && !it->first.Scalar().empty() &&
            std::find(names.begin(), names.end(), it->first.Scalar()) == names.end()) {
            names.push_back(it->first.Scalar()); // other keys: walkForDuplicateKeys reports them
        }
    }
    return names;
}

// ---- unknown and duplicate keys ----

std::string ConfigReader::suggestionFor(const KeyPath& unknown) const {
    const std::string& name = unknown.segments().back();
    const KeyPath parent = unknown.parent();
    std::optional<KeyPath> best;
    std::size_t bestDistance = std::numeric_limits<std::size_t>::max();
    auto consider = [&](const KeyPath& candidate) {
        if (candidate.segments().size() != unknown.segments().size() || candidate.parent() != parent) {
            return;
        }
        const std::size_t d = editDistance(name, candidate.segments().back());
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    };
    for (const KeyPath& k : known_) {
        consider(k);
    }
    for (const KeyPath& k : sections_) {
        consider(k);
    }
    // Close means a typo or two, not a different short word.
    if (!best || bestDistance > 2 || bestDistance * 2 >= name.size()) {
        return {};
    }
    return " (did you mean " + best->text() + "?)";
}

void ConfigReader::walkForUnknownKeys(const YAML::Node& map, const KeyPath& path) {
    for (auto it = map.begin(); it != map.end(); ++it) {
        if (!it->first.IsScalar()) {
            continue; // reported by walkForDuplicateKeys
        }
        const KeyPath child = path / it->first.Scalar();
        if (known_.count(child) != 0) {
            continue;
        }
        if (sections_.count(child) != 0) {
            if (it->second.IsMap()) {
                walkForUnknownKeys(it->second, child);
            }
            continue;
        }
        record(child.text(), lineOfMark(it->first.Mark()), "unknown key" + suggestionFor(child));
    }
}

void ConfigReader::walkForDuplicateKeys(const YAML::Node& node, const std::string& path) {
    if (node.IsSequence()) {
        for (std::size_t i = 0; i < node.size(); ++i) {
            walkForDuplicateKeys(node[i], path + "[" + std::to_string(i) + "]");
        }
        return;
    }
    if (!node.IsMap()) {
        return;
    }
    std::map<std::string, int> firstLine;
    for (auto it = node.begin(); it != node.end(); ++it) {
        const int line = lineOfMark(it->first.Mark());
        if (!it->first.IsScalar()) {
            record(path, line, "must have plain names as keys, got " + describeNode(it->first));
            continue;
        }
        const std::string child = path.empty() ? it->first.Scalar() : path + "." + it->first.Scalar();
        const auto [seen, inserted] = firstLine.emplace(it->first.Scalar(), line);
        if (!inserted) {
            record(child, line, "duplicate key (first at line " + std::to_string(seen->second) + ")");
        }
        walkForDuplicateKeys(it->second, child);
    }
}

void ConfigReader::reportUnknownKeys() {
    if (root_.IsMap()) {
        walkForDuplicateKeys(root_, "");
        walkForUnknownKeys(root_, KeyPath());
    }
}

std::vector<ConfigError> ConfigReader::takeErrors() {
    std::vector<ConfigError> out = std::move(errors_);
    errors_.clear();
    std::stable_sort(out.begin(), out.end(), [](const ConfigError& a, const ConfigError& b) {
        const int la = a.line > 0 ? a.line : std::numeric_limits<int>::max();
        const int lb = b.line > 0 ? b.line : std::numeric_limits<int>::max();
        return la < lb;
    });
    return out;
}

} // namespace msgx::config::detail
