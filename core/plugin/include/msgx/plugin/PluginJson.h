#pragma once

#include "msgx/json/JsonValue.h"
#include "msgx/plugin/HandlerRegistry.h"
#include "msgx/plugin/ReloadReport.h"

#include <filesystem>

namespace msgx::plugin {

// `plugins list`: {"directory": D, "plugins": [{"name", "version", "sdk_version", "keys", "file"}],
// "refused": [{"file", "reason"}]} - what the control socket answers and `msgxctl plugins list`
// prints.
json::JsonValue pluginListJson(const std::filesystem::path& directory, const HandlerRegistry& registry);

// `plugins reload`: {"directory", "summary", "problem", "loaded", "replaced" [{"name", "from", "to",
// "file"}], "unchanged", "removed", "refused"}.
json::JsonValue reloadReportJson(const std::filesystem::path& directory, const ReloadReport& report);

} // namespace msgx::plugin
