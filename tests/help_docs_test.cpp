// The man page and the shell completions name every command and option that
// `nonet --help` lists, and nothing else: a change to the CLI that is not carried
// into them fails here.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "nonet/version.h"
#include "support/run.h"

namespace nonet::testing {
namespace {

using Names = std::set<std::string>;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string join(const Names& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : " ") + n;
  return s;
}

// The subcommands listed by `nonet --help`.
std::vector<std::string> help_commands() {
  const RunResult r = run_cli("--help");
  EXPECT_EQ(r.exit_code, 0);
  std::vector<std::string> out;
  bool in_list = false;
  for (const std::string& l : lines_of(r.out)) {
    if (l.rfind("Subcommands:", 0) == 0) {
      in_list = true;
    } else if (in_list && l.size() > 2 && l[0] == ' ' && l[2] != ' ') {
      out.push_back(l.substr(2, l.find(' ', 2) - 2));
    } else if (in_list && l.empty()) {
      in_list = false;
    }
  }
  return out;
}

// Every option name (short and long) `nonet <command> --help` lists.
Names help_options(const std::string& command) {
  const RunResult r = run_cli(command + " --help");
  EXPECT_EQ(r.exit_code, 0) << command;
  Names out;
  bool in_options = false;
  for (const std::string& l : lines_of(r.out)) {
    if (l.rfind("Options:", 0) == 0) {
      in_options = true;
    } else if (in_options && l.rfind("  -", 0) == 0) {
      std::string spec = l.substr(2, l.find(' ', 2) - 2);
      std::stringstream names(spec);
      for (std::string name; std::getline(names, name, ',');) out.insert(name);
    } else if (!l.empty() && l[0] != ' ') {
      in_options = false;
    }
  }
  return out;
}

// --- The man page ----------------------------------------------------------------

struct ManPage {
  std::map<std::string, Names> command_options;  // from each "nonet <command>" heading
  std::map<std::string, bool> takes_puzzle_options;
  Names puzzle_options;  // PUZZLE OPTIONS
  Names global_options;  // OPTIONS
};

// Option names on a .TP tag line: "\fB\-f\fR, \fB\-\-format\fR \fBline\fR|..." or
// ".BR \-h \", \" \-\-help".
Names tag_options(std::string line) {
  static const std::regex fonts(R"(\\f[BIRP]|")");
  line = std::regex_replace(line, fonts, " ");
  Names out;
  std::istringstream words(line);
  for (std::string w; words >> w;) {
    if (!w.empty() && w.back() == ',') w.pop_back();
    if (w.rfind("\\-", 0) != 0) continue;
    std::string name = std::regex_replace(w, std::regex(R"(\\-)"), "-");
    if (std::regex_match(name, std::regex("--?[A-Za-z0-9][A-Za-z0-9-]*"))) out.insert(name);
  }
  return out;
}

ManPage read_man_page() {
  ManPage page;
  const std::string text = read_file(std::string(NONET_SOURCE_DIR) + "/apps/cli/nonet.1.in");
  EXPECT_FALSE(text.empty());
  Names* section = nullptr;
  std::string command;
  bool tag_next = false;
  for (const std::string& l : lines_of(text)) {
    if (l.rfind(".SH ", 0) == 0) {
      command.clear();
      section = l == ".SH OPTIONS"          ? &page.global_options
                : l == ".SH PUZZLE OPTIONS" ? &page.puzzle_options
                                            : nullptr;
    } else if (l.rfind(".SS \"nonet ", 0) == 0) {
      command = l.substr(11, l.find_first_of(" \"", 11) - 11);
      section = &page.command_options[command];
      page.takes_puzzle_options[command] = false;
    } else if (l == ".TP") {
      tag_next = true;
      continue;
    } else if (tag_next && section) {
      const Names names = tag_options(l);
      section->insert(names.begin(), names.end());
    } else if (!command.empty() && l.find("PUZZLE OPTIONS") != std::string::npos) {
      page.takes_puzzle_options[command] = true;
    }
    tag_next = false;
  }
  return page;
}

TEST(HelpDocs, ManPageHasEveryCommandAndNoOther) {
  const ManPage page = read_man_page();
  Names documented, listed;
  for (const auto& [command, options] : page.command_options) documented.insert(command);
  for (const std::string& c : help_commands()) listed.insert(c);
  EXPECT_FALSE(listed.empty());
  EXPECT_EQ(join(documented), join(listed));
  EXPECT_EQ(join(page.global_options), join(help_options("")));
}

TEST(HelpDocs, ManPageHasEveryOptionOfEachCommandAndNoOther) {
  const ManPage page = read_man_page();
  for (const std::string& command : help_commands()) {
    Names documented =
        page.command_options.count(command) ? page.command_options.at(command) : Names{};
    if (page.takes_puzzle_options.count(command) && page.takes_puzzle_options.at(command)) {
      documented.insert(page.puzzle_options.begin(), page.puzzle_options.end());
    }
    // -h/--help is documented once, under OPTIONS.
    documented.insert({"-h", "--help"});
    EXPECT_EQ(join(documented), join(help_options(command))) << "nonet " << command;
  }
}

TEST(HelpDocs, ManPageRendersWithoutWarnings) {
  if (std::system("command -v groff >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "groff is not installed (Debian: groff-base)";
  }
  const std::string page = std::string(NONET_BINARY_DIR) + "/apps/cli/nonet.1";
  const RunResult r = run_shell("groff -man -Tutf8 -ww -z " + page + " 2>&1");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "") << "groff warns about " << page;
  // The version comes from the one place it is written.
  EXPECT_NE(
      read_file(page).find(
          std::string("\"nonet ") +
          NONET_VERSION_TEXT(NONET_VERSION_MAJOR, NONET_VERSION_MINOR, NONET_VERSION_PATCH) + "\""),
      std::string::npos);
}

// --- bash ------------------------------------------------------------------------

std::string completion_dir() { return std::string(NONET_SOURCE_DIR) + "/apps/cli/completion"; }

// What bash completes for the words of `line`, the cursor after the last word
// (or on an empty word when `line` ends in a space).
Names bash_completions(const std::string& line) {
  std::vector<std::string> words;
  std::istringstream in(line);
  for (std::string w; in >> w;) words.push_back(w);
  if (line.back() == ' ') words.push_back("");
  std::string array;
  for (const std::string& w : words) array += "'" + w + "' ";
  const std::string script =
      temp_file("complete.bash", "source '" + completion_dir() + "/nonet.bash'\nCOMP_WORDS=(" +
                                     array + ")\nCOMP_CWORD=" + std::to_string(words.size() - 1) +
                                     "\n_nonet\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n");
  const RunResult r = run_shell("bash --norc --noprofile '" + script + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  Names out;
  for (const std::string& l : lines_of(r.out)) {
    if (!l.empty()) out.insert(l);
  }
  return out;
}

TEST(HelpDocs, BashCompletesEveryCommand) {
  Names expected = help_options("");
  for (const std::string& c : help_commands()) expected.insert(c);
  EXPECT_EQ(join(bash_completions("nonet ")), join(expected));
}

TEST(HelpDocs, BashCompletesEveryOptionOfEachCommand) {
  for (const std::string& command : help_commands()) {
    EXPECT_EQ(join(bash_completions("nonet " + command + " -")), join(help_options(command)))
        << "nonet " << command;
  }
}

TEST(HelpDocs, BashCompletesOptionValues) {
  EXPECT_EQ(join(bash_completions("nonet solve --format ")), "grid json line");
  EXPECT_EQ(join(bash_completions("nonet rate -t ")), "modern se");
  EXPECT_EQ(join(bash_completions("nonet hint --level p")), "placement");
  EXPECT_EQ(join(bash_completions("nonet generate --level ex")), "expert extreme");
  EXPECT_EQ(join(bash_completions("nonet generate --difficulty ex")), "expert extreme");
  EXPECT_EQ(join(bash_completions("nonet count -l ")), "");  // a number of the user's
}

// --- zsh -------------------------------------------------------------------------

// The option names in one `command)` branch of _nonet's case, with the shared
// lists it uses.
std::map<std::string, Names> zsh_options() {
  const std::string text = read_file(completion_dir() + "/_nonet");
  EXPECT_FALSE(text.empty());
  static const std::regex option(R"((?:^|[{,'(*\s])(--?[A-Za-z][A-Za-z0-9-]*)(?=[+=\[,}' )]))");
  auto names_in = [](const std::string& s) {
    Names out;
    for (std::sregex_iterator it(s.begin(), s.end(), option), end; it != end; ++it) {
      out.insert((*it)[1]);
    }
    return out;
  };
  auto block = [&](const std::string& start, const std::string& stop) {
    const std::size_t a = text.find(start);
    EXPECT_NE(a, std::string::npos) << start;
    return text.substr(a, text.find(stop, a) - a);
  };
  const Names help = names_in(block("help_options=(", ")\n"));
  const Names puzzle = names_in(block("puzzle_options=(", "\n)\n"));
  const Names timeout = names_in(block("timeout_option=(", "\n)\n"));
  std::map<std::string, Names> out;
  const std::regex branch(R"(\n      ([a-z |]+)\)\n([\s\S]*?);;)");
  for (std::sregex_iterator it(text.begin(), text.end(), branch), end; it != end; ++it) {
    const std::string body = (*it)[2];
    Names names = names_in(body);
    if (body.find("$help_options") != std::string::npos) names.insert(help.begin(), help.end());
    if (body.find("$puzzle_options") != std::string::npos) {
      names.insert(puzzle.begin(), puzzle.end());
    }
    if (body.find("$timeout_option") != std::string::npos) {
      names.insert(timeout.begin(), timeout.end());
    }
    std::istringstream commands((*it)[1]);
    for (std::string c; commands >> c;) {
      if (c != "|") out[c] = names;
    }
  }
  return out;
}

TEST(HelpDocs, ZshCompletesEveryOptionOfEachCommand) {
  const auto options = zsh_options();
  Names listed, completed;
  for (const std::string& c : help_commands()) listed.insert(c);
  for (const auto& [command, names] : options) completed.insert(command);
  EXPECT_EQ(join(completed), join(listed));
  for (const std::string& command : help_commands()) {
    ASSERT_TRUE(options.count(command)) << command;
    EXPECT_EQ(join(options.at(command)), join(help_options(command))) << "nonet " << command;
  }
  const std::string text = read_file(completion_dir() + "/_nonet");
  for (const std::string& c : help_commands()) {
    EXPECT_NE(text.find("'" + c + ":"), std::string::npos) << c << " is not described";
  }
}

TEST(HelpDocs, ZshCompletionParses) {
  if (std::system("command -v zsh >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "zsh is not installed";
  }
  const RunResult r = run_shell("zsh -n " + completion_dir() + "/_nonet 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.out;
}

}  // namespace
}  // namespace nonet::testing
