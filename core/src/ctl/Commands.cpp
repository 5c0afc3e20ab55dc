#include "CtlCommand.h"

namespace msgx::ctl {

// Add a line per subcommand: {"name", &addNameCommand}, with the adder declared here.
CommandRun addMigrateCommand(CLI::App& app); // MigrateCommand.cpp
CommandRun addDecodeCommand(CLI::App& app);  // DecodeCommand.cpp
CommandRun addGoldenCommand(CLI::App& app);  // GoldenCommand.cpp
CommandRun addPluginsCommand(CLI::App& app); // PluginsCommand.cpp

const std::vector<CommandEntry>& allCommands() {
    static const std::vector<CommandEntry> commands{
        {"migrate", &addMigrateCommand},
        {"decode", &addDecodeCommand},
        {"golden", &addGoldenCommand},
        {"plugins", &addPluginsCommand},
    };
    return commands;
}

} // namespace msgx::ctl
