#pragma once

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace msgx::test {

// Routes msgx::log lines (INFO and above) into a string while it lives, each formatted by the
// spdlog `pattern` ("%v": the payload as written, trace id framed by log::kTraceStart / kTraceEnd;
// "%l %v": the level name first).
class CapturedLog {
public:
    explicit CapturedLog(const std::string& pattern = "%v") : previous_(spdlog::default_logger()) {
        auto logger = std::make_shared<spdlog::logger>(
            "captured", std::make_shared<spdlog::sinks::ostream_sink_mt>(out_));
        logger->set_pattern(pattern);
        logger->set_level(spdlog::level::info);
        spdlog::set_default_logger(logger);
    }
    ~CapturedLog() { spdlog::set_default_logger(previous_); }
    CapturedLog(const CapturedLog&) = delete;
    CapturedLog& operator=(const CapturedLog&) = delete;

    [[nodiscard]] std::vector<std::string> linesWith(const std::string& text) const {
        std::vector<std::string> found;
        std::istringstream in(out_.str());
        for (std::string line; std::getline(in, line);) {
            if (line.find(text) != std::string::npos) {
                found.push_back(line);
            }
        }
        return found;
    }

private:
    std::ostringstream out_;
    std::shared_ptr<spdlog::logger> previous_;
};

} // namespace msgx::test
