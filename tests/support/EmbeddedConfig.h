#pragma once

#include <filesystem>

namespace msgx::test {

// Writes etc/msgx.embedded.yaml (the `make run` profile) into `dir`/msgx.yaml with the HTTP
// listener on a free port (http.listen 127.0.0.1:0) instead of 8470: tests run in parallel, and a
// developer's `make run` may hold 8470. Returns the file's path.
std::filesystem::path embeddedConfigOnFreePort(const std::filesystem::path& dir);

// Writes `dir`/msgx.yaml: the embedded profile with everything in `dir` (SQLite store.db and
// mailbox.db, file targets msg.jsonl and schd.jsonl), for msgxctl run on a store the test fills.
// Returns the file's path.
std::filesystem::path sqliteConfigIn(const std::filesystem::path& dir);

} // namespace msgx::test
