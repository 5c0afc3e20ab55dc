// msgxctl events: placeholder until its implementation lands (delivery/pipeline work).
#include "CtlCommand.h"

#include <iostream>

namespace msgx::ctl {

CommandRun addEventsCommand(CLI::App& app) {
    app.description("not available yet");
    return [] {
        std::cerr << "msgxctl events: not available yet\n";
        return 1;
    };
}

} // namespace msgx::ctl
