#include "UniqueName.h"

#include <atomic>
#include <random>
#include <unistd.h>

namespace msgx::test {

std::string uniqueName(std::string_view prefix) {
    static std::atomic<unsigned> counter{0};
    static const char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    std::random_device entropy;
    std::string suffix;
    for (int i = 0; i < 6; ++i) {
        suffix.push_back(kDigits[entropy() % 36]);
    }
    return std::string(prefix) + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + "_" +
           suffix;
}

} // namespace msgx::test
