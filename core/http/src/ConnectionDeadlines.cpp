#include "msgx/http/ConnectionDeadlines.h"

namespace msgx::http {

namespace {

struct Current {
    ConnectionDeadlines* deadlines = nullptr;
    ConnectionDeadlines::Id id = 0;
};
thread_local Current current;

} // namespace

ConnectionDeadlines::ConnectionDeadlines(const Clock& clock, Clock::duration headerTimeout,
                                         Clock::duration bodyTimeout)
    : clock_(clock), headerTimeout_(headerTimeout), bodyTimeout_(bodyTimeout) {}

ConnectionDeadlines::Id ConnectionDeadlines::add(std::function<void()> close) {
    const std::lock_guard<std::mutex> lock(mutex_);
    const Id id = next_++;
    entries_.emplace(id, Entry{std::move(close), clock_.now() + headerTimeout_, false});
    return id;
}

void ConnectionDeadlines::headRead(Id id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = entries_.find(id); it != entries_.end()) {
        it->second.deadline = clock_.now() + bodyTimeout_;
    }
}

void ConnectionDeadlines::bodyRead(Id id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (auto it = entries_.find(id); it != entries_.end()) {
        it->second.deadline.reset();
    }
}

void ConnectionDeadlines::remove(Id id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    entries_.erase(id);
}

int ConnectionDeadlines::sweep() {
    // Closed under the lock: remove() (the owner ending the connection) waits, so a socket is never
    // shut down after its owner let it go.
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto now = clock_.now();
    int closed = 0;
    for (auto& [id, entry] : entries_) {
        if (!entry.closed && entry.deadline && now >= *entry.deadline) {
            entry.closed = true;
            entry.close();
            ++closed;
        }
    }
    return closed;
}

void ConnectionDeadlines::closeAll() {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [id, entry] : entries_) {
        if (!entry.closed) {
            entry.closed = true;
            entry.close();
        }
    }
}

std::size_t ConnectionDeadlines::size() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return entries_.size();
}

ConnectionDeadlines::Scope::Scope(ConnectionDeadlines& deadlines, Id id) {
    current = Current{&deadlines, id};
}

ConnectionDeadlines::Scope::~Scope() {
    current = Current{};
}

void ConnectionDeadlines::currentHeadRead() {
    if (current.deadlines != nullptr) {
        current.deadlines->headRead(current.id);
    }
}

void ConnectionDeadlines::currentBodyRead() {
    if (current.deadlines != nullptr) {
        current.deadlines->bodyRead(current.id);
    }
}

} // namespace msgx::http
