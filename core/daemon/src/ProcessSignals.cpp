#include "msgx/daemon/ProcessSignals.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>

namespace msgx {

ProcessSignals::ProcessSignals() {
    sigemptyset(&handled_);
    sigaddset(&handled_, SIGINT);
    sigaddset(&handled_, SIGTERM);
    sigaddset(&handled_, SIGHUP);
    if (const int rc = pthread_sigmask(SIG_BLOCK, &handled_, &previousMask_); rc != 0) {
        throw std::runtime_error(std::string("cannot block SIGINT/SIGTERM/SIGHUP: ") + std::strerror(rc));
    }
}

ProcessSignals::~ProcessSignals() {
    pthread_sigmask(SIG_SETMASK, &previousMask_, nullptr);
}

ProcessSignals::Received ProcessSignals::wait(std::chrono::milliseconds timeout) {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(timeout);
    const timespec limit{static_cast<time_t>(seconds.count()),
                         static_cast<long>(std::chrono::nanoseconds(timeout - seconds).count())};
    const int signal = sigtimedwait(&handled_, nullptr, &limit);
    if (signal < 0) {
        if (errno == EAGAIN || errno == EINTR) {
            return Received::None;
        }
        throw std::runtime_error(std::string("sigtimedwait failed: ") + std::strerror(errno));
    }
    lastSignal_ = signal;
    return signal == SIGHUP ? Received::Reload : Received::Stop;
}

} // namespace msgx
