#pragma once

// The registration macro: one line at the end of a handler's source file turns a Handler class into
// a plugin (plugins/README.md).
//
//   MSGX_HANDLER_PLUGIN(StandHandler, "flop-stnd", "1.0.0", "FLOP-STND")
//
// It defines the descriptor (PluginAbi.h) and the one exported entry symbol. `HandlerClass` must be
// default-constructible; an exception from its constructor is reported to the host as a refusal.

#include "msgx/sdk/Handler.h"
#include "msgx/sdk/PluginAbi.h"

#include <cstddef>
#include <cstring>
#include <exception>

namespace msgx::sdk::detail {

inline void copyError(char* error, std::size_t errorSize, const char* text) {
    if (error == nullptr || errorSize == 0) {
        return;
    }
    std::strncpy(error, text, errorSize - 1);
    error[errorSize - 1] = '\0';
}

template <class HandlerClass>
void* createHandler(char* error, std::size_t errorSize) noexcept {
    try {
        Handler* handler = new HandlerClass();
        return handler;
    } catch (const std::exception& e) {
        copyError(error, errorSize, e.what());
    } catch (...) {
        copyError(error, errorSize, "unknown exception");
    }
    return nullptr;
}

inline void destroyHandler(void* handler) noexcept {
    delete static_cast<Handler*>(handler);
}

} // namespace msgx::sdk::detail

#define MSGX_HANDLER_PLUGIN(HandlerClass, pluginName, pluginVersion, ...)                                    \
    namespace {                                                                                              \
    const char* const msgxPluginKeys[] = {__VA_ARGS__, nullptr};                                             \
    void* msgxPluginCreate(char* error, std::size_t errorSize) noexcept {                                    \
        return ::msgx::sdk::detail::createHandler<HandlerClass>(error, errorSize);                           \
    }                                                                                                        \
    const MsgxPluginDescriptorV1 msgxPluginDescriptor{                                                       \
        MSGX_PLUGIN_ABI_VERSION, MSGX_PLUGIN_SDK_VERSION,                                                    \
        MSGX_PLUGIN_BUILD_TAG,   pluginName,                                                                 \
        pluginVersion,           msgxPluginKeys,                                                             \
        &msgxPluginCreate,       &::msgx::sdk::detail::destroyHandler};                                      \
    }                                                                                                        \
    extern "C" __attribute__((visibility("default"))) const MsgxPluginDescriptorV1*                          \
    msgx_plugin_descriptor_v1() {                                                                            \
        return &msgxPluginDescriptor;                                                                        \
    }
