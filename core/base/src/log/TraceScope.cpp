#include "msgx/log/TraceScope.h"

#include "msgx/log/Log.h"

namespace msgx::log {

namespace {
thread_local std::string currentTrace;
}

TraceScope::TraceScope(std::string traceId) : previous_(std::exchange(currentTrace, std::move(traceId))) {}

TraceScope::~TraceScope() {
    currentTrace = std::move(previous_);
}

std::string_view TraceScope::current() {
    return currentTrace;
}

std::string withTrace(std::string_view message) {
    const std::string_view trace = TraceScope::current();
    if (trace.empty()) {
        return std::string(message);
    }
    std::string framed;
    framed.reserve(trace.size() + message.size() + 2);
    framed += kTraceStart;
    framed += trace;
    framed += kTraceEnd;
    framed += message;
    return framed;
}

} // namespace msgx::log
