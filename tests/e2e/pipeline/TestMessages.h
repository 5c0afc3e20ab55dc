#pragma once

// Upstream documents for the end-to-end runs: the scripted test handler's keys (tests/plugins,
// TEST-SET / TEST-THRW), a key no plugin serves, an ignored key and a document that is not XML.

#include <cstdint>
#include <string>

namespace msgx::test {

// TEST-SET: flight `flid` gets attribute `name` = `value` (created when unknown): SUCCEEDED with one
// `msg` event and a `schd` push.
std::string testSet(std::int64_t seqn, std::int64_t flid, const std::string& name, const std::string& value);
// TEST-THRW: the handler throws: FAILED(INFRA) on every attempt, DEAD(EXHAUSTED) at the end.
std::string testThrow(std::int64_t seqn);
// TEST-NONE: no plugin serves it: FAILED(UNSUPPORTED), DEAD(EXHAUSTED) at the end.
std::string unsupported(std::int64_t seqn);
// LDM-TEST: matches the default ignore rule LDM-*: SKIPPED ignored:LDM-*.
std::string ignored(std::int64_t seqn);
// Not well-formed: DEAD(MALFORMED) at once.
std::string malformed(std::int64_t seqn);

} // namespace msgx::test
