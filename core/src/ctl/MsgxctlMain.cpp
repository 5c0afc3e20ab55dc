// msgxctl: the operator's command line. Offline commands work on the store or on files directly;
// live ones talk to the running msgxd over its control socket (architecture.md §8).
//
// Exit codes: 0 success; 1 the operation failed; 2 usage error.
#include "CtlCommand.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>

int main(int argc, char** argv) {
    CLI::App app{"msgxctl - operate msgexchange"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("msgxctl ") + MSGX_VERSION);
    msgx::ctl::CommandRun selected;
    for (const auto& command : msgx::ctl::allCommands()) {
        CLI::App* sub = app.add_subcommand(command.name);
        auto run = command.add(*sub);
        sub->callback([&selected, run] { selected = run; });
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? 0 : 2;
    }
    try {
        return selected ? selected() : 2;
    } catch (const std::exception& e) {
        std::cerr << "msgxctl: " << e.what() << '\n';
        return 1;
    }
}
