// rate, explain, hint: the logic, on puzzles that have exactly one solution.

#include "ops/ops.h"
#include "ops/text.h"

namespace nonet::ops {
namespace {

LogicOptions logic_options(const Context& context, Profile profile) {
  LogicOptions options;
  options.profile = profile;
  options.deadline = context.deadline;
  options.cancel = context.cancel;
  options.threads = context.threads;
  return options;
}

Status stop_status(const Context& context) {
  return context.cancelled() ? Status::cancelled : Status::timeout;
}

// What a search cut short knows: the least rating of the step it was after.
std::string stopped_text(const Context& context, int floor) {
  return (context.cancelled() ? "the search was " + context.cancelled_text()
                              : context.budget_text() + " ran out before the search ended") +
         "; the next step rates at least " + format_rating(floor, true);
}

Failure stopped_failure(const Context& context, const std::string& before) {
  return context.cancelled() ? fail(Code::cancelled, context.cancelled_text() + " " + before)
                             : fail(Code::timeout, context.budget_text() + " ran out " + before);
}

}  // namespace

Result<Grid> unique_solution(const Grid& puzzle, Context& context) {
  const Validation v = nonet::validate(puzzle);
  if (v.state == GridState::invalid) {
    return fail(Code::conflicting_givens, conflicts_text(v.conflicts, puzzle.geometry()));
  }
  SolveResult r =
      context.scratch_for_now().solver(puzzle.geometry())->solve(puzzle, context.solve_options(2));
  switch (r.outcome()) {
    case Outcome::solved:
      return std::move(*r.solution);
    case Outcome::no_solution:
      return fail(Code::no_solution, "the puzzle has no solution");
    case Outcome::multiple:
    case Outcome::limit:
      return fail(Code::not_unique, "the puzzle has several solutions");
    case Outcome::timeout:
      break;
  }
  return stopped_failure(context, "before the solution was known to be unique");
}

Result<RateAnswer> rate(const RateRequest& request, Context& context) {
  if (Result<Grid> solution = unique_solution(request.puzzle, context); !solution)
    return solution.error();
  const LogicPath path =
      solve_path(LogicState(request.puzzle), logic_options(context, request.profile));
  RateAnswer answer;
  answer.geometry = &request.puzzle.geometry();
  answer.rating = rate_path(path);
  if (path.stopped) {
    answer.status = stop_status(context);
    answer.message =
        stopped_text(context, path.floor) + "; each figure with _min is a lower bound";
  }
  return answer;
}

Result<ExplainAnswer> explain(const ExplainRequest& request, Context& context) {
  const Grid& puzzle = request.puzzle;
  const Geometry& g = puzzle.geometry();
  Result<Grid> solution = unique_solution(puzzle, context);
  if (!solution) return solution.error();
  const LogicState start =
      request.candidates.empty() ? LogicState(puzzle) : LogicState(puzzle, request.candidates);
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    if (puzzle[cell] == 0 && !(start.candidates(cell) >> ((*solution)[cell] - 1) & 1u)) {
      return fail(Code::bad_candidates,
                  "the candidates of " + g.cell_name(cell) + " lack its solution digit",
                  "candidates");
    }
  }
  ExplainAnswer answer{.status = Status::solved, .puzzle = puzzle, .solution = std::move(*solution)};
  answer.path = solve_path(start, logic_options(context, request.profile));
  answer.rating = rate_path(answer.path);
  const std::string after = " (after step " + std::to_string(answer.path.steps.size()) + ")";
  if (answer.path.stopped) {
    answer.status = stop_status(context);
    answer.message = stopped_text(context, answer.path.floor) + after;
  } else if (!answer.path.solved) {
    answer.status = Status::stuck;
    answer.message = "no technique of this profile applies after step " +
                     std::to_string(answer.path.steps.size()) + "; the rest needs chains";
  }
  if (!answer.path.solved) {
    LogicState end = start;
    for (const Step& s : answer.path.steps) end.apply(s);
    answer.stuck_at = end.grid();
  }
  return answer;
}

Result<HintAnswer> hint(const HintRequest& request, Context& context) {
  const Geometry& g = request.puzzle.geometry();
  HintOptions options;
  options.logic = logic_options(context, request.profile);
  options.candidates = request.candidates;
  options.givens = request.givens ? &*request.givens : nullptr;
  options.level = request.level;
  HintAnswer answer;
  answer.level = request.level;
  answer.geometry = &g;
  answer.cell = request.cell;
  answer.hint = find_hint(request.puzzle, options);
  Hint& h = answer.hint;
  answer.message = h.message;
  switch (h.status) {
    case HintStatus::step:
      answer.status = Status::step;
      break;
    case HintStatus::solved:
      answer.status = Status::solved;
      break;
    case HintStatus::wrong_entries:
      answer.status = Status::wrong_entries;
      break;
    case HintStatus::wrong_candidates:
      answer.status = Status::wrong_candidates;
      break;
    case HintStatus::stuck:
      answer.status = Status::stuck;
      break;
    case HintStatus::stopped:
      // Stopped before the solution was known: nothing to say yet.
      if (!h.solution) return stopped_failure(context, "before the solution was known");
      answer.status = stop_status(context);
      answer.message = stopped_text(context, h.floor);
      break;
    case HintStatus::invalid:
      switch (h.problem) {
        case HintProblem::givens_conflict:
          return fail(Code::conflicting_givens, h.message, "givens");
        case HintProblem::givens_unsolvable:
          return fail(Code::no_solution, h.message, "givens");
        case HintProblem::several_solutions:
          return fail(Code::not_unique, h.message);
        case HintProblem::candidates_differ:
          return fail(Code::bad_candidates, h.message, "candidates");
        case HintProblem::sizes_differ:
        case HintProblem::changes_given:
        case HintProblem::none:
          break;
      }
      return fail(Code::bad_givens, h.message, "givens");
  }
  return answer;
}

}  // namespace nonet::ops
