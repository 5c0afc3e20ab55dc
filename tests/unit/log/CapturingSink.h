#pragma once

#include <spdlog/sinks/base_sink.h>

#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

namespace msgx::test {

// A sink that keeps every formatted line; while held(), it blocks the logger's worker thread,
// which lets a test fill the async queue on purpose.
class CapturingSink final : public spdlog::sinks::base_sink<std::mutex> {
public:
    std::vector<std::string> lines() {
        std::lock_guard lock(mutex_);
        return lines_;
    }
    void hold() {
        std::lock_guard lock(gateMutex_);
        held_ = true;
    }
    void release() {
        {
            std::lock_guard lock(gateMutex_);
            held_ = false;
        }
        gate_.notify_all();
    }

protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        {
            std::unique_lock lock(gateMutex_);
            gate_.wait(lock, [&] { return !held_; });
        }
        spdlog::memory_buf_t buffer;
        formatter_->format(msg, buffer);
        lines_.emplace_back(buffer.data(), buffer.size());
    }
    void flush_() override {}

private:
    std::vector<std::string> lines_;
    std::mutex gateMutex_;
    std::condition_variable gate_;
    bool held_ = false;
};

} // namespace msgx::test
