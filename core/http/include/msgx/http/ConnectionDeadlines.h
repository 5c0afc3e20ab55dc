#pragma once

#include "msgx/clock/Clock.h"

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>

namespace msgx::http {

// The total time a connection may take to send its request (http.header-timeout for the head,
// http.body-timeout for the body). A socket read timeout alone does not bound it: a client that
// sends one byte just before each read times out (a "slow loris") would hold a thread forever.
//
// Every accepted connection is added with a way to close it; its deadline is accept +
// header-timeout, then (headRead) end of head + body-timeout, then none while the answer is made
// and written (bodyRead; writes have the socket's send timeout). sweep() - called by the server's
// reaper thread a few times a second - closes every connection past its deadline. Closing shuts the
// socket down (it is not closed under the thread that owns it), so its blocked read returns and the
// thread ends the connection without an answer. Thread-safe.
class ConnectionDeadlines {
public:
    using Id = std::uint64_t;

    ConnectionDeadlines(const Clock& clock, Clock::duration headerTimeout, Clock::duration bodyTimeout);

    Id add(std::function<void()> close);
    void headRead(Id id);
    void bodyRead(Id id);
    void remove(Id id);

    // Closes (once) every connection whose deadline has passed; returns how many it closed.
    int sweep();
    // Closes every connection now (the server stops).
    void closeAll();
    [[nodiscard]] std::size_t size() const;

    // The connection whose request the calling thread is serving (set by Scope), if any: the
    // endpoints report the phases of their own connection through it.
    class Scope {
    public:
        Scope(ConnectionDeadlines& deadlines, Id id);
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;
    };
    static void currentHeadRead();
    static void currentBodyRead();

private:
    struct Entry {
        std::function<void()> close;
        std::optional<Clock::time_point> deadline;
        bool closed = false;
    };

    const Clock& clock_;
    Clock::duration headerTimeout_;
    Clock::duration bodyTimeout_;
    mutable std::mutex mutex_;
    Id next_ = 1;
    std::map<Id, Entry> entries_;
};

} // namespace msgx::http
