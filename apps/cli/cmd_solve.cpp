// nonet solve | count | validate | candidates | convert

#include <cstdio>

#include "cli/commands.h"
#include "cli/options.h"
#include "ops/formats.h"
#include "ops/fpuzzles.h"
#include "ops/json.h"
#include "ops/text.h"
#include "ops/values.h"

namespace nonet::cli {
namespace {

struct SolveCommand {
  BatchOptions batch;
  std::string solver = "auto";
  std::uint64_t limit = 2;
};

ops::TextForm text_form(Format format) {
  return format == Format::grid ? ops::TextForm::grid : ops::TextForm::line;
}

// The item's variant puzzle, when it holds one: read, its givens put in the
// item's place (or the item made the error that says why it is unread).
std::shared_ptr<const VariantPuzzle> variant_of(app::InputItem& item) {
  return read_other(item).variant;
}

PuzzleJob solve_job(const SolveCommand& cmd, bool counting) {
  return [&cmd, counting](app::InputItem& item, ops::Scratch& scratch, std::string& out,
                          std::string& err) -> JobResult {
    const Format format = cmd.batch.format;
    std::shared_ptr<const VariantPuzzle> variant = variant_of(item);
    if (!item.puzzle.ok()) return report_parse_error(item, format, out, err);
    ops::Context context = item_context(cmd.batch, item.puzzle->geometry().side(), ops::Work::search,
                                        scratch);
    // The grid moves into the request: copying it was a tenth of the work on easy puzzles.
    const ops::Result<ops::SolveAnswer> r = ops::solve(
        {std::move(*item.puzzle), cmd.solver, cmd.limit, counting, std::move(variant)}, context);
    if (!r) return report_failure(item, format, r.error(), out, err);
    const ops::SolveAnswer& a = *r;
    // Stopped by Ctrl-C rather than by its budget: no answer to write.
    if (a.status == ops::Status::cancelled) return JobResult::interrupted();
    if (format == Format::json) {
      out += json_line(item, ops::to_json(a));
    } else {
      ops::append_text(out, a, text_form(format));
    }
    switch (a.status) {
      case ops::Status::invalid:
        err += "nonet: " + place(item) + ": " + a.message + "\n";
        return false;
      case ops::Status::timeout:
        err += "nonet: " + place(item) + ": time budget ran out\n";
        return false;
      case ops::Status::solved:
        return true;
      case ops::Status::no_solution:
        return false;
      default:
        return counting;  // several solutions, or the limit: a count, not a solution
    }
  };
}

PuzzleJob validate_job(const BatchOptions& batch) {
  return [&batch](app::InputItem& item, ops::Scratch&, std::string& out,
                  std::string& err) -> JobResult {
    std::shared_ptr<const VariantPuzzle> variant = variant_of(item);
    if (!item.puzzle.ok()) return report_parse_error(item, batch.format, out, err);
    const ops::ValidateAnswer a =
        variant ? ops::validate(std::move(variant)) : ops::validate(*item.puzzle);
    out += batch.format == Format::json ? json_line(item, ops::to_json(a)) : ops::text(a);
    if (a.status() != ops::Status::invalid) return true;
    err += "nonet: " + place(item) + ": " + ops::problems_text(a) + "\n";
    return false;
  };
}

PuzzleJob candidates_job(const BatchOptions& batch) {
  return [&batch](app::InputItem& item, ops::Scratch&, std::string& out,
                  std::string& err) -> JobResult {
    if (!item.puzzle.ok()) return report_parse_error(item, batch.format, out, err);
    const ops::CandidatesAnswer a = ops::candidates(*item.puzzle);
    out += batch.format == Format::json ? json_line(item, ops::to_json(a))
                                        : ops::text(a, text_form(batch.format));
    return true;
  };
}

struct ConvertCommand {
  BatchOptions batch;
  std::string to = "fpuzzles";
};

PuzzleJob convert_job(const ConvertCommand& cmd) {
  return
      [&cmd](app::InputItem& item, ops::Scratch&, std::string& out, std::string& err) -> JobResult {
        ops::OtherPuzzle other = read_other(item);
        if (!item.puzzle.ok()) return report_parse_error(item, cmd.batch.format, out, err);
        const ops::Form to = *ops::read_form(cmd.to);
        const ops::Result<ops::ConvertAnswer> a = ops::convert(
            {*item.puzzle, std::move(other.variant), to, std::move(other.document), true});
        if (!a) return report_failure(item, cmd.batch.format, a.error(), out, err);
        if (cmd.batch.format == Format::json) {
          out += json_line(item, ops::to_json(*a));
        } else {
          out += a->text + "\n";
          // Puzzles of several lines (sdk, pm) are set apart by a blank line.
          if (to != ops::Form::opensudoku && a->text.find('\n') != std::string::npos) out += "\n";
        }
        return true;
      };
}

void add_solver_option(CLI::App& cmd, std::string_view op, SolveCommand& c) {
  add_op_option(cmd, op, "solver", c.solver)->check(ops_check(ops::read_solver));
}

}  // namespace

void add_solve_commands(CLI::App& app, Action& action) {
  static SolveCommand solve_cmd, count_cmd;
  static BatchOptions validate_opts, candidates_opts;

  CLI::App* solve = app.add_subcommand(
      "solve",
      "Solve puzzles: one answer line per puzzle; reports puzzles with no or several "
      "solutions");
  add_batch_options(*solve, "solve", solve_cmd.batch);
  add_solver_option(*solve, "solve", solve_cmd);
  solve->callback([&action] {
    action = [] { return run(solve_cmd.batch, solve_job(solve_cmd, false)); };
  });

  CLI::App* count = app.add_subcommand("count", "Count the solutions of puzzles, up to a limit");
  add_batch_options(*count, "count", count_cmd.batch);
  add_solver_option(*count, "count", count_cmd);
  count_cmd.limit = 1000;
  add_op_option(*count, "count", "limit", count_cmd.limit)
      ->check(whole_range(1, std::uint64_t{1} << 62));
  count->callback([&action] {
    action = [] { return run(count_cmd.batch, solve_job(count_cmd, true)); };
  });

  CLI::App* val = app.add_subcommand(
      "validate",
      "Check puzzles or grids against the rules: every duplicate in a row, column "
      "or box");
  add_batch_options(*val, "validate", validate_opts);
  val->callback([&action] { action = [] { return run(validate_opts, validate_job(validate_opts)); }; });

  static ConvertCommand convert_cmd;
  CLI::App* convert = app.add_subcommand(
      "convert",
      "Write puzzles, classic or variant, in another form: f-puzzles JSON, an f-puzzles link, "
      "nonet's JSON (one line per puzzle), or another program's form (sdk, sdm, ipuz, "
      "opensudoku, hodoku, pm, sudokuwiki) with the player's entries and marks where it holds "
      "them");
  add_batch_options(*convert, "convert", convert_cmd.batch);
  add_op_option(*convert, "convert", "to", convert_cmd.to)->check(ops_check(ops::read_form));
  convert->callback([&action] {
    action = [] {
      // OpenSudoku's games go in one <opensudoku> element around them all.
      const bool wrapped = convert_cmd.to == "opensudoku" && convert_cmd.batch.format != Format::json;
      if (wrapped) {
        std::fputs(std::string(ops::opensudoku_header()).c_str(), stdout);
        std::fflush(stdout);  // the answers go straight to the descriptor
      }
      const int code = run(convert_cmd.batch, convert_job(convert_cmd));
      if (wrapped && std::fputs(std::string(ops::opensudoku_footer()).c_str(), stdout) < 0) return 1;
      return code;
    };
  });

  CLI::App* cand = app.add_subcommand(
      "candidates",
      "The candidates of every empty cell, one group per cell (a filled cell's digit), in the "
      "form hint --candidates reads");
  add_batch_options(*cand, "candidates", candidates_opts);
  cand->callback(
      [&action] { action = [] { return run(candidates_opts, candidates_job(candidates_opts)); }; });
}

}  // namespace nonet::cli
