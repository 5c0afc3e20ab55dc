// msgxctl inject: placeholder until its implementation lands (delivery/pipeline work).
#include "CtlCommand.h"

#include <iostream>

namespace msgx::ctl {

CommandRun addInjectCommand(CLI::App& app) {
    app.description("not available yet");
    return [] {
        std::cerr << "msgxctl inject: not available yet\n";
        return 1;
    };
}

} // namespace msgx::ctl
