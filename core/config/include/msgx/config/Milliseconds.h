#pragma once

#include <chrono>

// Durations of the configuration are whole milliseconds.
namespace msgx::config {

using Milliseconds = std::chrono::milliseconds;

} // namespace msgx::config
