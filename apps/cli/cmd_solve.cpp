// nonet solve | count | validate | solvers

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/options.h"
#include "common/interrupt.h"
#include "common/json_shapes.h"
#include "nonet/format.h"
#include "nonet/validate.h"

namespace nonet::cli {
namespace {

struct SolveCommand {
  BatchOptions batch;
  std::string solver = "auto";
  std::uint64_t limit = 2;
};

// Solvers are made per thread and per geometry, on first need.
class SolverCache {
 public:
  explicit SolverCache(std::string name) : name_(std::move(name)) {}
  Solver* get(const Geometry& g) {
    if (geometry_ != &g) {
      solver_ = make_solver(g, name_);
      geometry_ = &g;
    }
    return solver_.get();
  }

 private:
  std::string name_;
  const Geometry* geometry_ = nullptr;
  std::unique_ptr<Solver> solver_;
};

nlohmann::json head(const app::InputItem& item) {
  return {{"index", item.index + 1}, {"line", item.puzzle.line}};
}

// Conflicting givens: reported with every conflict, no search needed.
bool invalid_givens(const app::InputItem& item, const Validation& v, Format format,
                    std::string& out, std::string& err) {
  const Geometry& g = item.puzzle->geometry();
  const std::string text = app::conflicts_text(v, g);
  err += "nonet: " + place(item) + ": " + text + "\n";
  if (format == Format::json) {
    nlohmann::json j = head(item);
    j["status"] = "invalid";
    j["error"] = {{"message", text}, {"line", item.puzzle.line}};
    j["conflicts"] = app::validation_json(v, g)["conflicts"];
    out += j.dump() + "\n";
  } else {
    out += "invalid: " + text + "\n";
    if (format == Format::grid) out += "\n";
  }
  return false;
}

app::PuzzleJob solve_job(const SolveCommand& cmd, bool counting) {
  auto solvers = std::make_shared<SolverCache>(cmd.solver);
  return [&cmd, counting, solvers](const app::InputItem& item, std::string& out,
                                   std::string& err) -> app::JobResult {
    const Format format = cmd.batch.format;
    if (!item.puzzle.ok()) {
      report_parse_error(item, format, out, err);
      return false;
    }
    const Grid& grid = *item.puzzle;
    Solver* solver = solvers->get(grid.geometry());
    if (!solver) {
      const std::string msg =
          "solver '" + cmd.solver + "' does not handle " + grid.geometry().describe() + " puzzles";
      err += "nonet: " + place(item) + ": " + msg + "\n";
      if (format == Format::json) {
        nlohmann::json j = head(item);
        j["status"] = "invalid";
        j["error"] = {{"message", msg}};
        out += j.dump() + "\n";
      } else {
        out += "invalid: " + msg + "\n";
      }
      return false;
    }
    const SolveResult r = solver->solve(grid, solve_options(cmd.batch, cmd.limit));
    const Outcome outcome = r.outcome();
    // Stopped by Ctrl-C rather than by its budget: no answer to write.
    if (outcome == Outcome::timeout && app::interrupt_flag()->load())
      return app::JobResult::interrupted();
    // Conflicting givens have no solution; only then is it worth looking for
    // them (validating every puzzle first cost 10 % of a run on easy sets).
    if (outcome == Outcome::no_solution) {
      const Validation v = validate(grid);
      if (v.state == GridState::invalid) return invalid_givens(item, v, format, out, err);
    }
    if (format == Format::json) {
      nlohmann::json j = head(item);
      j.update(app::solve_json(r));
      if (!counting && outcome != Outcome::solved) j.erase("solution");
      if (!counting && outcome == Outcome::multiple) j["solution"] = to_line(*r.solution);
      out += j.dump() + "\n";
    } else if (counting) {
      out += std::to_string(r.count);
      if (outcome == Outcome::limit) out += "+";
      if (outcome == Outcome::timeout) out += "+ timeout";
      out += "\n";
    } else if (outcome == Outcome::solved) {
      out +=
          format == Format::grid ? to_grid_text(*r.solution) + "\n" : to_line(*r.solution) + "\n";
    } else {
      out += to_string(outcome);
      if (outcome == Outcome::multiple) out += " (at least 2 solutions)";
      out += format == Format::grid ? "\n\n" : "\n";
    }
    if (outcome == Outcome::timeout) {
      err += "nonet: " + place(item) + ": time budget ran out\n";
      return false;
    }
    if (counting) return outcome != Outcome::no_solution;
    return outcome == Outcome::solved;
  };
}

app::PuzzleJob validate_job(const BatchOptions& batch) {
  return
      [&batch](const app::InputItem& item, std::string& out, std::string& err) -> app::JobResult {
        if (!item.puzzle.ok()) {
          report_parse_error(item, batch.format, out, err);
          return false;
        }
        const Grid& grid = *item.puzzle;
        const Validation v = validate(grid);
        if (batch.format == Format::json) {
          nlohmann::json j = head(item);
          j.update(app::validation_json(v, grid.geometry()));
          out += j.dump() + "\n";
        } else if (v.state == GridState::invalid) {
          out += "invalid: " + app::conflicts_text(v, grid.geometry()) + "\n";
        } else if (v.state == GridState::incomplete) {
          out += "incomplete: " + std::to_string(v.empty_cells) + " empty cells\n";
        } else {
          out += "solved\n";
        }
        if (v.state == GridState::invalid) {
          err += "nonet: " + place(item) + ": " + app::conflicts_text(v, grid.geometry()) + "\n";
          return false;
        }
        return true;
      };
}

std::string solver_names() {
  std::string s;
  for (const SolverInfo& info : solvers()) s += (s.empty() ? "" : ", ") + std::string(info.name);
  return s;
}

void add_solver_option(CLI::App& cmd, SolveCommand& c) {
  cmd.add_option("-s,--solver", c.solver, "Solver: auto (the best for the size), " + solver_names())
      ->check([](const std::string& name) {
        return name == "auto" || find_solver(name)
                   ? std::string()
                   : "unknown solver '" + name + "'; choose from auto, " + solver_names();
      });
}

}  // namespace

void add_solve_commands(CLI::App& app, Action& action) {
  static SolveCommand solve_cmd, count_cmd;
  static BatchOptions validate_opts;

  CLI::App* solve = app.add_subcommand(
      "solve",
      "Solve puzzles: one answer line per puzzle; reports puzzles with no or several "
      "solutions");
  add_batch_options(*solve, solve_cmd.batch);
  add_solver_option(*solve, solve_cmd);
  solve->callback([&action] {
    action = [] { return run(solve_cmd.batch, [] { return solve_job(solve_cmd, false); }); };
  });

  CLI::App* count = app.add_subcommand("count", "Count the solutions of puzzles, up to a limit");
  add_batch_options(*count, count_cmd.batch);
  add_solver_option(*count, count_cmd);
  count_cmd.limit = 1000;
  count->add_option("-l,--limit", count_cmd.limit, "Stop counting at this many solutions")
      ->check(whole_range(1, std::uint64_t{1} << 62));
  count->callback([&action] {
    action = [] { return run(count_cmd.batch, [] { return solve_job(count_cmd, true); }); };
  });

  CLI::App* val = app.add_subcommand(
      "validate",
      "Check puzzles or grids against the rules: every duplicate in a row, column "
      "or box");
  add_batch_options(*val, validate_opts);
  val->callback([&action] {
    action = [] { return run(validate_opts, [] { return validate_job(validate_opts); }); };
  });

  CLI::App* list = app.add_subcommand("solvers", "List the solvers");
  list->callback([&action] {
    action = [] {
      for (const SolverInfo& info : solvers()) {
        std::printf("%-8s %.*s\n", std::string(info.name).c_str(),
                    static_cast<int>(info.summary.size()), info.summary.data());
      }
      return 0;
    };
  });
}

}  // namespace nonet::cli
