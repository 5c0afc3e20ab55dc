#include "msgx/pipeline/intake/PollCadence.h"

#include <algorithm>

namespace msgx::pipeline {

Clock::time_point nextPollAt(Clock::time_point started, Clock::time_point finished,
                             Clock::duration interval) {
    if (finished < started) {
        return finished + interval;
    }
    return std::max(started + interval, finished + interval / 2);
}

} // namespace msgx::pipeline
