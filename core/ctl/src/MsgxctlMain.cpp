// msgxctl: the operator's command line. Offline commands work on the store or on files directly;
// live ones talk to the running msgxd over its control socket (architecture.md §8).
//
// Exit codes: 0 success; 1 the operation failed; 2 usage error.
#include "CtlCommand.h"

#include <CLI/CLI.hpp>

#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

// `msgxctl --config F <command> ...` is `msgxctl <command> --config F ...`: the configuration option
// is declared by each command, and scripts may name it before the command.
std::vector<std::string> withConfigAfterCommand(int argc, char** argv) {
    std::vector<std::string> args(argv, argv + argc);
    std::vector<std::string> leading;
    std::size_t i = 1;
    while (i < args.size()) {
        if ((args[i] == "--config" || args[i] == "-c") && i + 1 < args.size()) {
            leading.insert(leading.end(), {args[i], args[i + 1]});
            i += 2;
        } else if (args[i].rfind("--config=", 0) == 0) {
            leading.push_back(args[i]);
            i += 1;
        } else {
            break;
        }
    }
    if (leading.empty() || i >= args.size()) {
        return args;
    }
    std::vector<std::string> result{args[0], args[i]};
    result.insert(result.end(), leading.begin(), leading.end());
    result.insert(result.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
    return result;
}

} // namespace

int main(int argc, char** argv) {
    const auto arguments = withConfigAfterCommand(argc, argv);
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
        std::vector<std::string> reversed(arguments.rbegin(),
                                          arguments.rend() - 1); // CLI11 wants them reversed
        app.parse(reversed);
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
