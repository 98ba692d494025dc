// nonet explain | hint | rate: human-style solving over the engine's logic module.

#include <algorithm>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "cli/commands.h"
#include "cli/options.h"
#include "common/json_shapes.h"
#include "nonet/format.h"
#include "nonet/logic.h"
#include "nonet/validate.h"

namespace nonet::cli {
namespace {

struct LogicCommand {
  BatchOptions batch;
  std::string techniques = "se";
  std::string level = "concrete";
  std::string candidates;
  std::string givens;
  Profile profile() const { return profile_from_name(techniques).value_or(Profile::se); }
};

// One puzzle at a time (no -j): a search for nested chains may use up to four
// cores. With -j the batch already keeps them busy.
int chain_threads(const BatchOptions& batch) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return batch.threads > 1 ? 1 : std::min(cores, 4);
}

nlohmann::json head(const app::InputItem& item) {
  return {{"index", item.index + 1}, {"line", item.puzzle.line}};
}

// One solver per thread, remade when the board size changes.
class UniqueCheck {
 public:
  // Empty when the puzzle has exactly one solution, else why not.
  std::string problem(const Grid& grid, const SolveOptions& options) {
    if (geometry_ != &grid.geometry()) {
      solver_ = make_solver(grid.geometry());
      geometry_ = &grid.geometry();
    }
    const Validation v = validate(grid);
    if (v.state == GridState::invalid) return app::conflicts_text(v, grid.geometry());
    const SolveResult r = solver_->solve(grid, options);
    switch (r.outcome()) {
      case Outcome::solved:
        return "";
      case Outcome::multiple:
        return "the puzzle has several solutions";
      case Outcome::timeout:
        return "the time budget ran out checking that the solution is unique";
      default:
        return "the puzzle has no solution";
    }
  }

 private:
  const Geometry* geometry_ = nullptr;
  std::unique_ptr<Solver> solver_;
};

bool report_invalid(const app::InputItem& item, Format format, const std::string& why,
                    std::string& out, std::string& err) {
  err += "nonet: " + place(item) + ": " + why + "\n";
  if (format == Format::json) {
    nlohmann::json j = head(item);
    j["status"] = "invalid";
    j["error"] = {{"message", why}, {"line", item.puzzle.line}};
    out += j.dump() + "\n";
  } else {
    out += "invalid: " + why + "\n";
  }
  return false;
}

std::string rating_line(const Rating& r) {
  return format_rating(r.er, r.er_exact) + "/" + format_rating(r.ep, r.ep_exact) + "/" +
         format_rating(r.ed, r.ed_exact) + " " + std::string(level_name(r.level));
}

// The budget (or Ctrl-C) stopped the logic before the end: what it knew is
// reported, figures not yet settled as lower bounds, and the puzzle counts as
// not done.
void note_stopped(const app::InputItem& item, const Rating& r, std::string& err) {
  err += "nonet: " + place(item) + ": time budget ran out; ER at least " +
         format_rating(r.er, true) + "\n";
}

// The logic's options for one puzzle: its technique set, the --timeout
// budget, Ctrl-C, and the threads of a nested chain search.
LogicOptions logic_options(const LogicCommand& cmd) {
  const SolveOptions budget = solve_options(cmd.batch, 2);
  LogicOptions options;
  options.profile = cmd.profile();
  options.deadline = budget.deadline;
  options.cancel = budget.cancel;
  options.threads = chain_threads(cmd.batch);
  return options;
}

app::PuzzleJob rate_job(const LogicCommand& cmd) {
  auto check = std::make_shared<UniqueCheck>();
  return [&cmd, check](const app::InputItem& item, std::string& out, std::string& err) {
    const Format format = cmd.batch.format;
    if (!item.puzzle.ok()) {
      report_parse_error(item, format, out, err);
      return false;
    }
    const Grid& grid = *item.puzzle;
    const SolveOptions budget = solve_options(cmd.batch, 2);
    const std::string why = check->problem(grid, budget);
    if (!why.empty()) return report_invalid(item, format, why, out, err);
    const Rating r = rate(grid, logic_options(cmd));
    if (r.stopped) note_stopped(item, r, err);
    if (format == Format::json) {
      nlohmann::json j = head(item);
      j["status"] = r.stopped ? "timeout" : "rated";
      j.update(app::rating_json(r));
      out += j.dump() + "\n";
    } else {
      out += (r.stopped ? "timeout: " : "") + rating_line(r) + "\n";
    }
    return !r.stopped;
  };
}

app::PuzzleJob explain_job(const LogicCommand& cmd) {
  auto check = std::make_shared<UniqueCheck>();
  return [&cmd, check](const app::InputItem& item, std::string& out, std::string& err) {
    const Format format = cmd.batch.format;
    if (!item.puzzle.ok()) {
      report_parse_error(item, format, out, err);
      return false;
    }
    const Grid& grid = *item.puzzle;
    const SolveOptions budget = solve_options(cmd.batch, 2);
    const std::string why = check->problem(grid, budget);
    if (!why.empty()) return report_invalid(item, format, why, out, err);
    const Geometry& g = grid.geometry();
    const LogicPath path = solve_path(LogicState(grid), logic_options(cmd));
    const Rating r = rate_path(path);
    if (path.stopped) note_stopped(item, r, err);
    if (format == Format::json) {
      nlohmann::json j = head(item);
      j["status"] = path.solved ? "solved" : path.stopped ? "timeout" : "stuck";
      nlohmann::json steps = nlohmann::json::array();
      for (const Step& s : path.steps) steps.push_back(app::step_json(s, g));
      j["steps"] = std::move(steps);
      j["rating"] = app::rating_json(r);
      if (!path.solved) {
        LogicState end(grid);
        for (const Step& s : path.steps) end.apply(s);
        j["stuck_at"] = to_line(end.grid());
      }
      out += j.dump() + "\n";
    } else {
      for (const Step& s : path.steps) {
        out += format_rating(s.rating, true) + "  " + render_step(s, g) + "\n";
      }
      out += path.solved ? "solved: " : path.stopped ? "timeout: " : "stuck (needs chains): ";
      out += rating_line(r) + "\n\n";
    }
    return !path.stopped;
  };
}

app::PuzzleJob hint_job(const LogicCommand& cmd, std::shared_ptr<const std::vector<Mask>> marks,
                        std::shared_ptr<const Grid> givens) {
  return [&cmd, marks, givens](const app::InputItem& item, std::string& out, std::string& err) {
    const Format format = cmd.batch.format;
    if (!item.puzzle.ok()) {
      report_parse_error(item, format, out, err);
      return false;
    }
    const Grid& grid = *item.puzzle;
    const Geometry& g = grid.geometry();
    HintOptions options;
    options.logic = logic_options(cmd);
    if (marks) {
      if (static_cast<int>(marks->size()) != g.cell_count()) {
        return report_invalid(item, format, "--candidates is for another board size", out, err);
      }
      options.candidates = *marks;
    }
    if (givens) {
      if (&givens->geometry() != &g) {
        return report_invalid(item, format, "--givens is for another board size", out, err);
      }
      options.givens = givens.get();
    }
    const HintLevel level = hint_level_from_name(cmd.level).value_or(HintLevel::concrete);
    const Hint hint = find_hint(grid, options);
    if (hint.status == HintStatus::stopped) {
      err += "nonet: " + place(item) + ": time budget ran out\n";
    }
    nlohmann::json j = app::hint_json(hint, level, g);
    if (hint.status == HintStatus::stopped) j["status"] = "timeout";
    if (format == Format::json) {
      nlohmann::json full = head(item);
      full.update(j);
      out += full.dump() + "\n";
    } else if (hint.status == HintStatus::step) {
      out += j["message"].get<std::string>() + "\n";
    } else {
      out += j["status"].get<std::string>() + ": " + hint.message + "\n";
    }
    if (hint.status == HintStatus::stopped) return false;
    if (hint.status == HintStatus::invalid) {
      err += "nonet: " + place(item) + ": " + hint.message + "\n";
      return false;
    }
    return true;
  };
}

// The technique table, as `nonet techniques` prints it: every row, or one
// profile's rows in the order it tries them.
std::string techniques_text(std::optional<Profile> profile, const std::string& format) {
  std::vector<Technique> rows;
  if (profile) {
    const auto list = profile_techniques(*profile);
    rows.assign(list.begin(), list.end());
  } else {
    for (const TechniqueInfo& info : technique_table()) rows.push_back(info.technique);
  }
  auto profiles = [](const TechniqueInfo& info) {
    std::string p;
    for (Profile pr : {Profile::se, Profile::modern}) {
      if (info.in(pr)) p += (p.empty() ? "" : " ") + std::string(profile_name(pr));
    }
    return p;
  };
  std::string out;
  if (format == "json") {
    for (Technique t : rows) {
      const TechniqueInfo& info = technique_info(t);
      nlohmann::json profs = nlohmann::json::array();
      for (Profile pr : {Profile::se, Profile::modern}) {
        if (info.in(pr)) profs.push_back(std::string(profile_name(pr)));
      }
      out += nlohmann::json{{"id", std::string(info.id)},
                            {"name", std::string(info.name)},
                            {"rating", info.rating / 10.0},
                            {"rating_rule", std::string(info.rating_rule)},
                            {"hodoku_level", std::string(hodoku_level_name(info.hodoku_level))},
                            {"hodoku_score", info.hodoku_score},
                            {"profiles", std::move(profs)}}
                 .dump() +
             "\n";
    }
    return out;
  }
  if (format == "markdown") {
    out =
        "| technique | id | SE rating | HoDoKu level, score | profiles |\n"
        "|---|---|---|---|---|\n";
    for (Technique t : rows) {
      const TechniqueInfo& info = technique_info(t);
      out += "| " + std::string(info.name) + " | `" + std::string(info.id) + "` | " +
             std::string(info.rating_rule) + " | " +
             std::string(hodoku_level_name(info.hodoku_level)) + ", " +
             std::to_string(info.hodoku_score) + " | " + profiles(info) + " |\n";
    }
    return out;
  }
  for (Technique t : rows) {
    const TechniqueInfo& info = technique_info(t);
    char line[160];
    std::snprintf(line, sizeof line, "%-27s %-27s %4s  %-8s %5d  %s\n",
                  std::string(info.id).c_str(), std::string(info.name).c_str(),
                  format_rating(info.rating, true).c_str(),
                  std::string(hodoku_level_name(info.hodoku_level)).c_str(), info.hodoku_score,
                  profiles(info).c_str());
    out += line;
  }
  return out;
}

void add_techniques_option(CLI::App& cmd, LogicCommand& c) {
  cmd.add_option("-t,--techniques", c.techniques,
                 "Technique set: se (Sudoku Explainer 1.2.1, default; defines ratings) or modern")
      ->check([](const std::string& name) {
        return profile_from_name(name)
                   ? std::string()
                   : "unknown technique set '" + name + "'; choose se or modern";
      });
}

}  // namespace

void add_logic_commands(CLI::App& app, Action& action) {
  static LogicCommand rate_cmd, explain_cmd, hint_cmd;

  static std::string list_profile = "all", list_format = "line";
  CLI::App* list = app.add_subcommand(
      "techniques", "List the techniques: id, name, SE rating, HoDoKu level and score, profiles");
  list->add_option("-t,--techniques", list_profile,
                   "Which: all (every technique, in table order, the default), se or modern (the "
                   "profile's techniques in the order it tries them)")
      ->check([](const std::string& name) {
        return name == "all" || profile_from_name(name)
                   ? std::string()
                   : "unknown technique set '" + name + "'; choose all, se or modern";
      });
  list->add_option("-f,--format", list_format,
                   "Output: line (aligned columns, the default), json (JSON Lines) or markdown")
      ->check(CLI::IsMember({"line", "json", "markdown"}));
  list->callback([&action] {
    action = [] {
      const std::optional<Profile> profile =
          list_profile == "all" ? std::nullopt : profile_from_name(list_profile);
      const std::string text = techniques_text(profile, list_format);
      return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() ? 0 : 1;
    };
  });

  CLI::App* rate_app = app.add_subcommand(
      "rate", "Rate puzzles on the Sudoku Explainer scale: ER/EP/ED and level, one line each");
  add_batch_options(*rate_app, rate_cmd.batch);
  add_techniques_option(*rate_app, rate_cmd);
  rate_app->callback([&action] {
    action = [] { return run(rate_cmd.batch, [] { return rate_job(rate_cmd); }); };
  });

  CLI::App* explain = app.add_subcommand(
      "explain", "Solve puzzles step by step with human techniques, one step a line");
  add_batch_options(*explain, explain_cmd.batch);
  add_techniques_option(*explain, explain_cmd);
  explain->callback([&action] {
    action = [] { return run(explain_cmd.batch, [] { return explain_job(explain_cmd); }); };
  });

  CLI::App* hint = app.add_subcommand(
      "hint", "The next step for a position (givens plus entries): vague, concrete or placement");
  add_batch_options(*hint, hint_cmd.batch);
  add_techniques_option(*hint, hint_cmd);
  hint->add_option("-l,--level", hint_cmd.level, "Hint grade: vague, concrete (default), placement")
      ->check(CLI::IsMember({"vague", "concrete", "placement"}));
  hint->add_option("--candidates", hint_cmd.candidates,
                   "The player's candidates: N*N groups (e.g. \"12 5 379 ...\") or a "
                   "729-character pencil-mark string");
  hint->add_option("--givens", hint_cmd.givens,
                   "The original puzzle, so that wrong entries can be named");
  hint->callback([&action] {
    action = [] {
      std::shared_ptr<const Grid> givens;
      if (!hint_cmd.givens.empty()) {
        ParsedPuzzle p = parse_puzzle(hint_cmd.givens, parse_options(hint_cmd.batch));
        if (!p.ok()) {
          std::fprintf(stderr, "nonet: --givens: %s\n", p.error().to_string().c_str());
          return 2;
        }
        givens = std::make_shared<const Grid>(*p);
      }
      std::shared_ptr<const std::vector<Mask>> marks;
      if (!hint_cmd.candidates.empty()) {
        const Geometry* g = givens ? &givens->geometry() : nullptr;
        if (!g) {
          ParseOptions po = parse_options(hint_cmd.batch);
          g = po.box_rows > 0 ? Geometry::get(po.box_rows, po.box_cols) : nullptr;
        }
        if (!g) {
          // Infer the size from the number of groups (or N^3 characters).
          const std::string& t = hint_cmd.candidates;
          int groups = 0;
          bool in = false;
          for (char ch : t) {
            const bool sep = ch == ' ' || ch == '\t' || ch == ',' || ch == '\n' || ch == '\r';
            if (!sep && !in) ++groups;
            in = !sep;
          }
          g = Geometry::for_cell_count(groups);
          if (!g && t.size() == 729) g = Geometry::get(3, 3);
        }
        if (!g) {
          std::fprintf(stderr,
                       "nonet: --candidates: cannot tell the board size; expected N*N "
                       "groups or 729 characters\n");
          return 2;
        }
        Result<std::vector<Mask>> parsed = parse_candidates(hint_cmd.candidates, *g);
        if (!parsed) {
          std::fprintf(stderr, "nonet: --candidates: %s\n", parsed.error().to_string().c_str());
          return 2;
        }
        marks = std::make_shared<const std::vector<Mask>>(std::move(*parsed));
      }
      return run(hint_cmd.batch, [marks, givens] { return hint_job(hint_cmd, marks, givens); });
    };
  });
}

}  // namespace nonet::cli
