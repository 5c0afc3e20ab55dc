#include "CtlCommand.h"

namespace msgx::ctl {

// Add a line per subcommand: {"name", &addNameCommand}, with the adder declared here.
CommandRun addMigrateCommand(CLI::App& app);  // MigrateCommand.cpp
CommandRun addDecodeCommand(CLI::App& app);   // DecodeCommand.cpp
CommandRun addGoldenCommand(CLI::App& app);   // GoldenCommand.cpp
CommandRun addPluginsCommand(CLI::App& app);  // PluginsCommand.cpp
CommandRun addInjectCommand(CLI::App& app);   // InjectCommand.cpp
CommandRun addStatusCommand(CLI::App& app);   // StatusCommand.cpp
CommandRun addMessagesCommand(CLI::App& app); // MessagesCommand.cpp
CommandRun addReplayCommand(CLI::App& app);   // ReplayCommand.cpp
CommandRun addEventsCommand(CLI::App& app);   // EventsCommand.cpp
CommandRun addRequestCommand(CLI::App& app);  // RequestCommand.cpp
CommandRun addCursorCommand(CLI::App& app);   // CursorCommand.cpp
CommandRun addSkipCommand(CLI::App& app);     // SkipCommand.cpp

const std::vector<CommandEntry>& allCommands() {
    static const std::vector<CommandEntry> commands{
        {"migrate", &addMigrateCommand},   {"decode", &addDecodeCommand}, {"golden", &addGoldenCommand},
        {"plugins", &addPluginsCommand},   {"inject", &addInjectCommand}, {"status", &addStatusCommand},
        {"messages", &addMessagesCommand}, {"replay", &addReplayCommand}, {"events", &addEventsCommand},
        {"request", &addRequestCommand},   {"cursor", &addCursorCommand}, {"skip", &addSkipCommand},
    };
    return commands;
}

} // namespace msgx::ctl
