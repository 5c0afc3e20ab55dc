#pragma once

#include <optional>
#include <string_view>

namespace msgx {

// Why a message did not succeed, for the whole product (architecture.md §4). The class decides what
// happens next: Malformed goes DEAD at once; CodecError, Unsupported and Infra are FAILED and retried
// (replayable); Exhausted is the DEAD state of a message whose retries or head-of-line deadline ran
// out.
enum class ErrorClass {
    Malformed,   // not XML, no MSG root, no META, no TYPE or STYP (set by the decoder)
    CodecError,  // a value a handler needs cannot be parsed (the field parsers' invalid results)
    Unsupported, // no handler serves the message's TYPE-STYP key (set by the router)
    Infra,       // a dependency is not ready or failed: store, view not loaded, delivery
    Exhausted,   // retries spent or head-of-line deadline passed
};

// "MALFORMED", "CODEC_ERROR", "UNSUPPORTED", "INFRA", "EXHAUSTED": the names stored in PROC_STATE
// and written in log lines.
std::string_view errorClassName(ErrorClass errorClass);

// The class named `name` (exact, upper case as errorClassName writes it), nullopt for any other text.
std::optional<ErrorClass> errorClassFromName(std::string_view name);

} // namespace msgx
