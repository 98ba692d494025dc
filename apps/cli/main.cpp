// The nonet command-line tool: a thin front end over the engine.

#include <CLI/CLI.hpp>
#include <cstdio>

#include "cli/commands.h"
#include "nonet/version.h"

int main(int argc, char** argv) {
  CLI::App app{"nonet: solve, check, explain, rate and generate Sudoku puzzles of every size"};
  app.set_version_flag("-V,--version", std::string("nonet ") + nonet::kVersion);
  app.require_subcommand(1);
  app.fallthrough(false);

  nonet::cli::Action action;
  nonet::cli::add_solve_commands(app, action);
  nonet::cli::add_logic_commands(app, action);
  nonet::cli::add_serve_command(app, action);
  nonet::cli::add_generate_commands(app, action);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::Error& e) {
    app.exit(e);
    return 2;  // usage error
  }
  return action ? action() : 2;
}
