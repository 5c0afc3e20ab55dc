#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <vector>

namespace msgx::ctl {

// One `msgxctl` subcommand. add() declares its options on a CLI11 subcommand and returns the
// function that runs it once the command line is parsed; that function returns the exit code
// (0 success, 1 failure of the operation, 2 usage error such as a missing file).
using CommandRun = std::function<int()>;
using CommandAdder = CommandRun (*)(CLI::App& app);

// Every subcommand of msgxctl, in the order `msgxctl --help` lists them. Each is defined in its own
// file (core/ctl/src/<Name>Command.cpp) and listed in Commands.cpp.
struct CommandEntry {
    const char* name;
    CommandAdder add;
};
const std::vector<CommandEntry>& allCommands();

} // namespace msgx::ctl
