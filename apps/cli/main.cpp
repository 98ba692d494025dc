// The nonet command-line tool: a thin front end over the engine.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "nonet/version.h"

namespace {

// Edits (insertions, deletions, substitutions) between two words.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// A first word that names no command: say so, with the commands there are and
// the closest one. False when the word is a command (the error is another).
bool report_unknown_command(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return false;
  const std::string word = argv[1];
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), word) != names.end()) return false;
  std::string list, closest;
  std::size_t best = 3;  // suggest only near misses
  for (const std::string& n : names) {
    list += (list.empty() ? "" : ", ") + n;
    if (const std::size_t d = edit_distance(word, n); d < best) {
      best = d;
      closest = n;
    }
  }
  std::fprintf(stderr,
               "nonet: '%s' is not a command%s\nThe commands are: %s (nonet --help tells more)\n",
               word.c_str(), closest.empty() ? "" : ("; did you mean '" + closest + "'?").c_str(),
               list.c_str());
  return true;
}

// What went through stdio and iostreams (help, lists, the banner) is checked
// too: a full disk or a closed pipe is an error, never a silent success.
int checked(int code) {
  std::cout.flush();
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout) {
    std::fprintf(stderr, "nonet: cannot write to standard output: %s\n", std::strerror(errno));
    if (code == 0) code = 1;
  }
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"nonet: solve, check, explain, rate and generate Sudoku puzzles of every size"};
  app.set_version_flag("-V,--version", std::string("nonet ") + nonet::kVersion);
  app.require_subcommand(1);
  app.fallthrough(false);
  // Every usage error speaks as nonet does elsewhere, and names the help of
  // the command it was for.
  app.failure_message([](const CLI::App* top, const CLI::Error& e) {
    std::string help = "nonet --help";
    for (const CLI::App* sub : top->get_subcommands())
      help = "nonet " + sub->get_name() + " --help";
    return std::string("nonet: ") + e.what() + "\nRun " + help + " for more.\n";
  });

  nonet::cli::Action action;
  // In the order of the operations' table, then the server and the listings.
  nonet::cli::add_solve_commands(app, action);
  nonet::cli::add_logic_commands(app, action);
  nonet::cli::add_generate_commands(app, action);
  nonet::cli::add_transform_commands(app, action);
  nonet::cli::add_book_command(app, action);
  nonet::cli::add_serve_command(app, action);
  nonet::cli::add_info_commands(app, action);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return checked(app.exit(e));
  } catch (const CLI::CallForAllHelp& e) {
    return checked(app.exit(e));
  } catch (const CLI::CallForVersion& e) {
    return checked(app.exit(e));
  } catch (const CLI::Error& e) {
    if (!report_unknown_command(app, argc, argv)) app.exit(e);
    return 2;  // usage error
  }
  return checked(action ? action() : 2);
}
