#pragma once
// Each subcommand adds itself to the application; main() lists them.

#include <CLI/CLI.hpp>
#include <functional>

namespace nonet::cli {

// A subcommand's action, run after the command line has been parsed; returns the
// process exit code.
using Action = std::function<int()>;

void add_solve_commands(CLI::App& app, Action& action);  // solve, count, validate, candidates
void add_logic_commands(CLI::App& app, Action& action);  // hint, explain, rate
void add_generate_commands(CLI::App& app, Action& action);   // generate
void add_transform_commands(CLI::App& app, Action& action);  // transform, canon
void add_info_commands(CLI::App& app, Action& action);  // techniques, solvers, options
void add_serve_command(CLI::App& app, Action& action);  // serve
void add_book_command(CLI::App& app, Action& action);   // book

}  // namespace nonet::cli
