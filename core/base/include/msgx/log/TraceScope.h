#pragma once

#include <string>
#include <string_view>

namespace msgx::log {

// Marks every line logged through msgx::log on this thread, while the scope lives, with a trace id
// (the pump uses the mailbox message id), so an operator can grep one message's whole story.
// Scopes nest; the innermost wins and the outer id comes back when it ends.
class TraceScope {
public:
    explicit TraceScope(std::string traceId);
    ~TraceScope();
    TraceScope(const TraceScope&) = delete;
    TraceScope& operator=(const TraceScope&) = delete;

    // The current thread's trace id, empty outside any scope.
    [[nodiscard]] static std::string_view current();

private:
    std::string previous_;
};

} // namespace msgx::log
