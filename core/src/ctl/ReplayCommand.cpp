// msgxctl replay: placeholder until its implementation lands (delivery/pipeline work).
#include "CtlCommand.h"

#include <iostream>

namespace msgx::ctl {

CommandRun addReplayCommand(CLI::App& app) {
    app.description("not available yet");
    return [] {
        std::cerr << "msgxctl replay: not available yet\n";
        return 1;
    };
}

} // namespace msgx::ctl
