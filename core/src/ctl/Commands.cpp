#include "CtlCommand.h"

namespace msgx::ctl {

// Add a line per subcommand: {"name", &addNameCommand}, with the adder declared below.

const std::vector<CommandEntry>& allCommands() {
    static const std::vector<CommandEntry> commands{};
    return commands;
}

} // namespace msgx::ctl
