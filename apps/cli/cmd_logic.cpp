// nonet rate | explain | hint: human-style solving over the engine's logic.

#include <cstdio>
#include <memory>

#include "cli/commands.h"
#include "cli/options.h"
#include "nonet/format.h"
#include "ops/json.h"
#include "ops/text.h"
#include "ops/values.h"

namespace nonet::cli {
namespace {

struct LogicCommand {
  BatchOptions batch;
  std::string profile = "se";
  std::string level = "concrete";
  std::string candidates;
  std::string givens;
  std::string solution;
  std::string cell;
  Profile technique_set() const { return *ops::read_profile(profile); }  // checked by CLI11
};

// The player's candidates for this puzzle's board, when given.
ops::Result<std::vector<Mask>> marks_for(const std::string& text, const Geometry& g) {
  if (text.empty()) return std::vector<Mask>();
  return ops::read_candidates(text, g);
}

// Why a --candidates text fits no board: it is read per puzzle, against that
// puzzle's board, but text that suits none is a mistake to report at once.
std::string candidates_problem(const std::string& text) {
  int groups = 0;
  bool in = false;
  for (const char ch : text) {
    const bool sep = ch == ' ' || ch == '\t' || ch == ',' || ch == '\n' || ch == '\r';
    if (!sep && !in) ++groups;
    in = !sep;
  }
  const Geometry* best = Geometry::for_cell_count(groups);
  // The positional form: N*N*N characters for a side up to 9.
  for (int side = 4; side <= 9 && groups == 1; ++side)
    if (text.size() == static_cast<std::size_t>(side * side * side)) best = Geometry::for_side(side);
  if (!best) best = Geometry::for_side(9);
  const nonet::Result<std::vector<Mask>> parsed = parse_candidates(text, *best);
  return parsed ? std::string() : parsed.error().to_string();
}

// The budget stopped the logic before the end: what it knew is reported,
// figures not yet settled as lower bounds, and the puzzle counts as not done.
void note_stopped(const ops::Context& context, const app::InputItem& item, const Rating& r,
                  std::string& err) {
  err += "nonet: " + place(item) + ": " + context.budget_text() + " ran out; ER at least " +
         format_rating(r.er, true) + "\n";
}

PuzzleJob rate_job(const LogicCommand& cmd) {
  return [&cmd](app::InputItem& item, ops::Scratch& scratch, std::string& out,
                std::string& err) -> JobResult {
    const Format format = cmd.batch.format;
    std::shared_ptr<const VariantPuzzle> variant = read_other(item).variant;
    if (!item.puzzle.ok()) return report_parse_error(item, format, out, err);
    const Grid& grid = *item.puzzle;
    ops::Context context =
        item_context(cmd.batch, grid.geometry().side(), ops::Work::logic, scratch, variant.get());
    const ops::Result<ops::RateAnswer> r =
        ops::rate({grid, cmd.technique_set(), std::move(variant)}, context);
    if (!r) return report_failure(item, format, r.error(), out, err);
    if (r->status == ops::Status::cancelled) return JobResult::interrupted();
    const bool stopped = r->status == ops::Status::timeout;
    if (stopped) note_stopped(context, item, r->rating, err);
    out += format == Format::json ? json_line(item, ops::to_json(*r)) : ops::text(*r);
    return !stopped;
  };
}

PuzzleJob explain_job(const LogicCommand& cmd) {
  return [&cmd](app::InputItem& item, ops::Scratch& scratch, std::string& out,
                std::string& err) -> JobResult {
    const Format format = cmd.batch.format;
    std::shared_ptr<const VariantPuzzle> variant = read_other(item).variant;
    if (!item.puzzle.ok()) return report_parse_error(item, format, out, err);
    const Grid& grid = *item.puzzle;
    ops::Result<std::vector<Mask>> marks = marks_for(cmd.candidates, grid.geometry());
    if (!marks) return report_failure(item, format, marks.error(), out, err);
    ops::Context context =
        item_context(cmd.batch, grid.geometry().side(), ops::Work::logic, scratch, variant.get());
    const ops::Result<ops::ExplainAnswer> r = ops::explain(
        {grid, std::move(*marks), cmd.technique_set(), std::move(variant)}, context);
    if (!r) return report_failure(item, format, r.error(), out, err);
    if (r->status == ops::Status::cancelled) return JobResult::interrupted();
    const bool stopped = r->status == ops::Status::timeout;
    if (stopped) note_stopped(context, item, r->rating, err);
    out += format == Format::json ? json_line(item, ops::to_json(*r)) : ops::text(*r);
    return !stopped;
  };
}

PuzzleJob hint_job(const LogicCommand& cmd, std::shared_ptr<const Grid> givens,
                   std::shared_ptr<const Grid> solution) {
  return [&cmd, givens, solution](app::InputItem& item, ops::Scratch& scratch, std::string& out,
                        std::string& err) -> JobResult {
    const Format format = cmd.batch.format;
    std::shared_ptr<const VariantPuzzle> variant = read_other(item).variant;
    if (!item.puzzle.ok()) return report_parse_error(item, format, out, err);
    const Grid& grid = *item.puzzle;
    const Geometry& g = grid.geometry();
    ops::HintRequest request{.puzzle = grid};
    request.variant = std::move(variant);
    request.profile = cmd.technique_set();
    request.level = *ops::read_hint_level(cmd.level);  // checked by CLI11
    ops::Result<std::vector<Mask>> marks = marks_for(cmd.candidates, g);
    if (!marks) return report_failure(item, format, marks.error(), out, err);
    request.candidates = std::move(*marks);
    if (givens) request.givens = *givens;
    if (solution) request.solution = *solution;
    if (!cmd.cell.empty()) {
      const ops::Result<int> cell = ops::read_cell(cmd.cell, g);
      if (!cell) return report_failure(item, format, cell.error(), out, err);
      request.cell = *cell;
    }
    ops::Context context =
        item_context(cmd.batch, g.side(), ops::Work::logic, scratch, request.variant.get());
    const ops::Result<ops::HintAnswer> r = ops::hint(request, context);
    if (!r) return report_failure(item, format, r.error(), out, err);
    if (r->status == ops::Status::cancelled) return JobResult::interrupted();
    const bool stopped = r->status == ops::Status::timeout;
    if (stopped) err += "nonet: " + place(item) + ": " + context.budget_text() + " ran out\n";
    out += format == Format::json ? json_line(item, ops::to_json(*r)) : ops::text(*r);
    return !stopped;
  };
}

void add_profile_option(CLI::App& cmd, std::string_view op, LogicCommand& c) {
  add_op_option(cmd, op, "profile", c.profile)->check(ops_check(ops::read_profile));
  // The name of the option before it was --profile everywhere.
  cmd.add_option("--techniques", c.profile)->group("")->check(ops_check(ops::read_profile));
}

}  // namespace

void add_logic_commands(CLI::App& app, Action& action) {
  static LogicCommand rate_cmd, explain_cmd, hint_cmd;

  CLI::App* hint = app.add_subcommand(
      "hint", "The next step for a position (givens plus entries): vague, concrete or placement");
  add_batch_options(*hint, "hint", hint_cmd.batch);
  add_profile_option(*hint, "hint", hint_cmd);
  add_op_option(*hint, "hint", "level", hint_cmd.level)->check(ops_check(ops::read_hint_level));
  add_op_option(*hint, "hint", "candidates", hint_cmd.candidates)->check(candidates_problem);
  add_op_option(*hint, "hint", "givens", hint_cmd.givens);
  add_op_option(*hint, "hint", "solution", hint_cmd.solution);
  add_op_option(*hint, "hint", "cell", hint_cmd.cell)->check([](const std::string& text) {
    // Which cells exist depends on each puzzle's board; a text that names a
    // cell on none, not even 25x25, is refused at once.
    const ops::Result<int> cell = ops::read_cell(text, *Geometry::for_side(kMaxSide));
    return cell ? std::string() : "expected a cell name like r3c5 or an index, not '" +
                                      text.substr(0, 40) + "'";
  });
  hint->callback([&action] {
    action = [] {
      std::shared_ptr<const Grid> grids[2];
      const std::pair<const char*, const std::string*> options[] = {
          {"givens", &hint_cmd.givens}, {"solution", &hint_cmd.solution}};
      for (int i = 0; i < 2; ++i) {
        if (options[i].second->empty()) continue;
        ParsedPuzzle p = parse_puzzle(*options[i].second, parse_options(hint_cmd.batch));
        if (!p.ok()) {
          std::fprintf(stderr, "nonet: --%s: %s\n", options[i].first,
                       p.error().to_string().c_str());
          return 2;
        }
        grids[i] = std::make_shared<const Grid>(*p);
      }
      return run(hint_cmd.batch, hint_job(hint_cmd, grids[0], grids[1]));
    };
  });

  CLI::App* explain = app.add_subcommand(
      "explain", "Solve puzzles step by step with human techniques, one step a line");
  add_batch_options(*explain, "explain", explain_cmd.batch);
  add_profile_option(*explain, "explain", explain_cmd);
  add_op_option(*explain, "explain", "candidates", explain_cmd.candidates)
      ->check(candidates_problem);
  explain->callback(
      [&action] { action = [] { return run(explain_cmd.batch, explain_job(explain_cmd)); }; });

  CLI::App* rate_app = app.add_subcommand(
      "rate", "Rate puzzles on the Sudoku Explainer scale: ER/EP/ED and level, one line each");
  add_batch_options(*rate_app, "rate", rate_cmd.batch);
  add_profile_option(*rate_app, "rate", rate_cmd);
  rate_app->callback([&action] { action = [] { return run(rate_cmd.batch, rate_job(rate_cmd)); }; });
}

}  // namespace nonet::cli
