#pragma once

// The binary contract between the plugin host (core) and a handler plugin (.so), checked before any
// plugin code runs (GStreamer's descriptor, Redis modules' handshake; docs in plugins/README.md).
//
// A plugin exports exactly one symbol, MSGX_PLUGIN_ENTRY_SYMBOL, an extern "C" function returning
// a pointer to a static MsgxPluginDescriptorV1. The host reads abi_version first and refuses the
// plugin unless it equals MSGX_PLUGIN_ABI_VERSION; only then does it read the rest. It then
// refuses a build_tag that differs from its own, because the handler interface passes C++ objects
// (std::string, std::vector, virtual calls) that only the same compiler and standard library lay
// out alike.
//
// Rules for changing this file: the V1 struct never changes. A change of the descriptor adds a V2
// struct and entry symbol. A change of any SDK type that crosses the boundary (Handler,
// HandlerContext, FlightView, ReferenceView, Decision, the codec message model) raises
// MSGX_PLUGIN_ABI_VERSION, so plugins built against the old SDK are refused with a clear reason
// instead of crashing. The ABI guard (tests/unit/sdk, abi_guard_test) holds those types - sizes, member
// offsets and types, virtual signatures and vtable slots, enumerator values - against the table recorded for
// the current version (abi-v<N>.txt, frozen once released) and fails on a change without a bump;
// a bump records the new table. The list of types it checks is tests/unit/sdk/BoundaryTypes.cpp:
// a member or type added to the boundary is added there too.

#include <cstddef>
#include <cstdint>

// Raised on every incompatible change of the types that cross the boundary.
#define MSGX_PLUGIN_ABI_VERSION 1u
// The SDK release a plugin was built against (semver); informational, shown by `plugins list`.
#define MSGX_PLUGIN_SDK_VERSION "1.0.0"
#define MSGX_PLUGIN_ENTRY_SYMBOL "msgx_plugin_descriptor_v1"

#define MSGX_PLUGIN_STRINGIFY_(x) #x
#define MSGX_PLUGIN_STRINGIFY(x) MSGX_PLUGIN_STRINGIFY_(x)

#if defined(__SANITIZE_ADDRESS__)
#define MSGX_PLUGIN_SANITIZER_TAG " asan"
#else
#define MSGX_PLUGIN_SANITIZER_TAG ""
#endif

#if defined(_GLIBCXX_RELEASE) && defined(__GLIBCXX__)
#define MSGX_PLUGIN_STDLIB_TAG                                                                               \
    "libstdc++ " MSGX_PLUGIN_STRINGIFY(_GLIBCXX_RELEASE) "/" MSGX_PLUGIN_STRINGIFY(                          \
        __GLIBCXX__) " cxx11-abi=" MSGX_PLUGIN_STRINGIFY(_GLIBCXX_USE_CXX11_ABI)
#else
#define MSGX_PLUGIN_STDLIB_TAG "unknown-stdlib"
#endif

// The compiler and standard library a binary was built with, e.g.
// "c++ 12.2.0; libstdc++ 12/20220819 cxx11-abi=1; C++ 202002 asan". Host and plugin must agree.
#define MSGX_PLUGIN_BUILD_TAG                                                                                \
    "c++ " __VERSION__ "; " MSGX_PLUGIN_STDLIB_TAG "; C++ " MSGX_PLUGIN_STRINGIFY(__cplusplus)               \
        MSGX_PLUGIN_SANITIZER_TAG

extern "C" {

// What a plugin tells the host before any of its code runs. All strings are static, NUL-terminated,
// UTF-8. `keys` is a NULL-terminated array of routing keys "TYPE-STYP" (upper case, e.g.
// "FLOP-STND"). `create` makes the handler (a msgx::sdk::Handler*) or returns NULL after writing
// why into `error` (at most errorSize bytes, NUL-terminated); it never throws. `destroy` deletes a
// handler `create` made.
struct MsgxPluginDescriptorV1 {
    std::uint32_t abi_version; // first, at the same offset in every version
    const char* sdk_version;
    const char* build_tag;
    const char* name;    // unique plugin name, e.g. "flop-stnd"
    const char* version; // the plugin's own version, semver "MAJOR.MINOR.PATCH"
    const char* const* keys;
    void* (*create)(char* error, std::size_t errorSize);
    void (*destroy)(void* handler);
};

// The type of the entry symbol.
typedef const MsgxPluginDescriptorV1* (*MsgxPluginEntryV1)(void);

} // extern "C"
