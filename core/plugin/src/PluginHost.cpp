#include "msgx/plugin/PluginHost.h"

#include "PluginTrust.h"
#include "msgx/log/Log.h"
#include "msgx/metrics/Metrics.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <map>
#include <set>
#include <system_error>
#include <unistd.h>

namespace msgx::plugin {

namespace fs = std::filesystem;

namespace {

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) {
        out += (out.empty() ? "" : ", ") + item;
    }
    return out;
}

// The *.so files directly in `directory` (regular files or links to them), sorted by path.
std::vector<fs::path> pluginFiles(const fs::path& directory, std::error_code& error) {
    std::vector<fs::path> files;
    fs::directory_iterator it(directory, error);
    if (error) {
        return files;
    }
    for (const fs::directory_entry& entry : it) {
        std::error_code ignored;
        if (entry.path().extension() == ".so" && entry.is_regular_file(ignored)) {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

// Alias names are unique in the process, also across several hosts.
unsigned long nextAliasNumber() {
    static std::atomic<unsigned long> counter{0};
    return ++counter;
}

// A fresh folder of our own (mode 0700) under the temporary directory: a predictable name there
// could be taken first by another local user, to block reloads or to hand us a link of theirs.
fs::path makeAliasDirectory(std::error_code& error) {
    std::string pattern = (fs::temp_directory_path(error) / "msgx-plugin-aliases-XXXXXX").string();
    if (error) {
        return {};
    }
    if (::mkdtemp(pattern.data()) == nullptr) {
        error = std::error_code(errno, std::generic_category());
        return {};
    }
    return pattern;
}

struct Candidate {
    std::shared_ptr<const LoadedPlugin> plugin;
    bool servedBefore = false; // this very LoadedPlugin was in the previous registry
};

// Phase 1 of a reload: a candidate per loadable file, the plugin already loaded from an unchanged
// file or a fresh load; a file that does not load is refused. A changed file at a path in service is
// opened through a fresh link in `aliasDirectory` (created on demand), because the dynamic loader
// would hand back the old library for the same path.
std::vector<Candidate> loadCandidates(const std::vector<fs::path>& files, const HandlerRegistry& previous,
                                      fs::path& aliasDirectory, std::vector<PluginRefusal>& refused) {
    std::error_code error;
    std::vector<Candidate> candidates;
    for (const fs::path& file : files) {
        if (auto problem = detail::untrustedPluginFileProblem(file)) {
            refused.push_back({file, std::move(*problem)});
            continue;
        }
        const std::optional<FileIdentity> identity = FileIdentity::of(file);
        const auto& served = previous.plugins();
        const auto same = std::find_if(served.begin(), served.end(), [&](const auto& plugin) {
            return plugin->file() == file && identity && plugin->identity() == *identity;
        });
        if (same != served.end()) {
            candidates.push_back({*same, true});
            continue;
        }
        const bool pathInUse =
            std::any_of(served.begin(), served.end(), [&](const auto& p) { return p->file() == file; });
        fs::path alias;
        if (pathInUse) {
            // The dynamic loader would hand back the old library for the same path: open the new
            // file under a fresh name.
            if (aliasDirectory.empty()) {
                aliasDirectory = makeAliasDirectory(error);
            }
            if (!error) {
                alias = aliasDirectory / (std::to_string(nextAliasNumber()) + "-" + file.filename().string());
                fs::create_symlink(fs::absolute(file), alias, error);
            }
            if (error) {
                refused.push_back(
                    {file, "cannot be reloaded: alias " + alias.string() + ": " + error.message()});
                continue;
            }
        }
        LoadResult result = loadPluginFile(file, alias);
        if (!alias.empty()) {
            std::error_code ignored;
            fs::remove(alias, ignored);
        }
        if (auto* refusal = std::get_if<PluginRefusal>(&result)) {
            refused.push_back(std::move(*refusal));
        } else {
            candidates.push_back({std::get<std::shared_ptr<const LoadedPlugin>>(result), false});
        }
    }

    return candidates;
}

// Phase 2: per plugin name, the newest version whose keys are free; names served before choose
// first, so a newcomer can never take a key away from a plugin in service. Every other candidate is
// refused with its reason.
std::vector<std::shared_ptr<const LoadedPlugin>> chooseServed(std::vector<Candidate> candidates,
                                                              const HandlerRegistry& previous,
                                                              std::vector<PluginRefusal>& refused) {
    std::map<std::string, std::vector<Candidate>> byName;
    for (auto& candidate : candidates) {
        byName[candidate.plugin->name()].push_back(candidate);
    }
    std::vector<std::string> nameOrder;
    for (const auto& plugin : previous.plugins()) {
        if (byName.contains(plugin->name())) {
            nameOrder.push_back(plugin->name());
        }
    }
    for (const auto& [name, group] : byName) {
        if (std::find(nameOrder.begin(), nameOrder.end(), name) == nameOrder.end()) {
            nameOrder.push_back(name);
        }
    }
    std::map<std::string, std::shared_ptr<const LoadedPlugin>> keyOwner;
    std::vector<std::shared_ptr<const LoadedPlugin>> accepted;
    for (const std::string& name : nameOrder) {
        auto& group = byName[name];
        std::sort(group.begin(), group.end(), [](const Candidate& a, const Candidate& b) {
            if (a.plugin->version() != b.plugin->version()) {
                return a.plugin->version() > b.plugin->version();
            }
            if (a.servedBefore != b.servedBefore) {
                return a.servedBefore;
            }
            return a.plugin->file() < b.plugin->file();
        });
        std::shared_ptr<const LoadedPlugin> chosen;
        for (const Candidate& candidate : group) {
            const auto& plugin = candidate.plugin;
            if (chosen) {
                refused.push_back(
                    {plugin->file(), "plugin " + plugin->name() + " " + plugin->summary().version +
                                         " is not the newest: " + chosen->describe() + " is loaded instead"});
                continue;
            }
            std::string conflict;
            for (const std::string& key : plugin->keys()) {
                if (const auto owner = keyOwner.find(key); owner != keyOwner.end()) {
                    conflict = "key " + key + " is already served by plugin " + owner->second->describe();
                    break;
                }
            }
            if (!conflict.empty()) {
                refused.push_back({plugin->file(), "plugin " + plugin->name() + " " +
                                                       plugin->summary().version + " refused: " + conflict});
                continue;
            }
            chosen = plugin;
            for (const std::string& key : plugin->keys()) {
                keyOwner.emplace(key, plugin);
            }
            accepted.push_back(plugin);
        }
    }

    return accepted;
}

// Phase 3: what the accepted plugins change against `previous` (loaded, replaced, unchanged, removed).
void describeChanges(const std::vector<std::shared_ptr<const LoadedPlugin>>& accepted,
                     const HandlerRegistry& previous, ReloadReport& report) {
    std::set<std::string> acceptedNames;
    for (const auto& plugin : accepted) {
        acceptedNames.insert(plugin->name());
        const auto before = previous.pluginNamed(plugin->name());
        if (before == plugin) {
            report.unchanged.push_back(plugin->summary());
        } else if (before) {
            report.replaced.push_back({before->summary(), plugin->summary()});
        } else {
            report.loaded.push_back(plugin->summary());
        }
    }
    for (const auto& plugin : previous.plugins()) {
        if (!acceptedNames.contains(plugin->name())) {
            report.removed.push_back(plugin->summary());
        }
    }
}

// One line per change at info level, per refusal and removal at warning level, then the summary.
void logReload(const ReloadReport& report, const fs::path& directory) {
    for (const auto& plugin : report.loaded) {
        log::info("plugin {} {} loaded from {}: keys {}", plugin.name, plugin.version, plugin.file.string(),
                  joined(plugin.keys));
    }
    for (const auto& replacement : report.replaced) {
        log::info("plugin {} {} replaced by {} from {}: keys {}", replacement.before.name,
                  replacement.before.version, replacement.after.version, replacement.after.file.string(),
                  joined(replacement.after.keys));
    }
    for (const auto& plugin : report.removed) {
        log::warn("plugin {} {} unloaded: {} is gone; its keys {} have no handler now", plugin.name,
                  plugin.version, plugin.file.string(), joined(plugin.keys));
    }
    for (const auto& refusal : report.refused) {
        log::warn("plugin file {} refused: {}", refusal.file.string(), refusal.reason);
    }
    log::info("plugins in {}: {}", directory.string(), report.summaryLine());
}

} // namespace

PluginHost::PluginHost(fs::path directory)
    : directory_(std::move(directory)), current_(std::make_shared<const HandlerRegistry>()) {}

PluginHost::~PluginHost() {
    {
        std::lock_guard lock(currentMutex_);
        current_.reset();
    }
    if (!aliasDirectory_.empty()) {
        std::error_code ignored;
        fs::remove_all(aliasDirectory_, ignored);
    }
}

std::shared_ptr<const HandlerRegistry> PluginHost::snapshot() const {
    std::lock_guard lock(currentMutex_);
    return current_;
}

std::optional<HandlerLease> PluginHost::acquire(std::string_view key) const {
    auto plugin = snapshot()->pluginFor(key);
    if (!plugin) {
        return std::nullopt;
    }
    return HandlerLease(std::move(plugin));
}

ReloadReport PluginHost::reload() {
    std::lock_guard reloadLock(reloadMutex_);
    ReloadReport report;
    const std::shared_ptr<const HandlerRegistry> previous = snapshot();

    std::error_code error;
    const std::vector<fs::path> files = pluginFiles(directory_, error);
    if (error) {
        report.problem = "plugins directory " + directory_.string() + " cannot be read: " + error.message() +
                         "; the loaded plugins stay as they are";
        log::error("plugin reload: {}", *report.problem);
        return report;
    }
    if (auto untrusted = detail::untrustedPathProblem(directory_)) {
        report.problem = "plugins directory " + *untrusted +
                         "; nothing is loaded from it, the loaded plugins stay as they are";
        log::error("plugin reload: {}", *report.problem);
        return report;
    }

    std::vector<std::shared_ptr<const LoadedPlugin>> accepted = chooseServed(
        loadCandidates(files, *previous, aliasDirectory_, report.refused), *previous, report.refused);
    describeChanges(accepted, *previous, report);
    auto next = std::make_shared<const HandlerRegistry>(std::move(accepted), report.refused);
    {
        std::lock_guard lock(currentMutex_);
        current_ = std::move(next);
    }

    logReload(report, directory_);
    std::vector<std::string> servedKeys;
    for (const auto& plugin : snapshot()->plugins()) {
        servedKeys.insert(servedKeys.end(), plugin->keys().begin(), plugin->keys().end());
    }
    metrics::Metrics::process().servedKeys(servedKeys);
    metrics::Metrics::process().pluginLoads(
        static_cast<std::int64_t>(report.loaded.size() + report.replaced.size()));
    metrics::Metrics::process().pluginRefusals(static_cast<std::int64_t>(report.refused.size()));
    return report;
}

std::string ReloadReport::summaryLine() const {
    return std::to_string(loaded.size()) + " loaded, " + std::to_string(replaced.size()) + " replaced, " +
           std::to_string(unchanged.size()) + " unchanged, " + std::to_string(removed.size()) + " removed, " +
           std::to_string(refused.size()) + " refused";
}

} // namespace msgx::plugin
