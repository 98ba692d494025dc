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

// The board a variant puzzle is read on by the logic, or why it cannot be.
Result<std::shared_ptr<const Geometry>> board_of(const VariantPuzzle& variant) {
  if (nonet::Result<void> checked = check(variant); !checked) {
    return fail(Code::bad_puzzle, checked.error().message);
  }
  nonet::Result<std::shared_ptr<const Geometry>> board = house_geometry(variant);
  if (!board) return fail(Code::unsupported, board.error().message);
  return std::move(*board);
}

// `grid`'s digits on `board`.
Grid on_board(const Grid& grid, const Geometry& board) {
  Grid out(board);
  for (int c = 0; c < out.size(); ++c) out.set(c, grid[c]);
  return out;
}

}  // namespace

Result<Grid> unique_solution(const Grid& puzzle, Context& context) {
  const Validation v = nonet::validate(puzzle);
  if (v.state == GridState::invalid) {
    return fail(Code::conflicting_givens, conflicts_text(v.conflicts, puzzle.geometry()));
  }
  // A variant's board is made per request: its solver too, never one kept for
  // a board that may since have gone.
  const Geometry& g = puzzle.geometry();
  std::unique_ptr<Solver> own = g.regular() ? nullptr : make_solver(g);
  Solver* solver = own ? own.get() : context.scratch_for_now().solver(g);
  SolveResult r = solver->solve(puzzle, context.solve_options(2));
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
  RateAnswer answer;
  if (request.variant) {
    Result<std::shared_ptr<const Geometry>> board = board_of(*request.variant);
    if (!board) return board.error();
    answer.board = std::move(*board);
  }
  const Grid puzzle =
      answer.board ? on_board(request.variant->givens, *answer.board) : request.puzzle;
  if (Result<Grid> solution = unique_solution(puzzle, context); !solution)
    return solution.error();
  const LogicPath path = solve_path(LogicState(puzzle), logic_options(context, request.profile));
  answer.geometry = &puzzle.geometry();
  answer.rating = rate_path(path);
  if (path.stopped) {
    answer.status = stop_status(context);
    answer.message =
        stopped_text(context, path.floor) + "; each figure with _min is a lower bound";
  }
  return answer;
}

Result<ExplainAnswer> explain(const ExplainRequest& request, Context& context) {
  std::shared_ptr<const Geometry> board;
  if (request.variant) {
    Result<std::shared_ptr<const Geometry>> made = board_of(*request.variant);
    if (!made) return made.error();
    board = std::move(*made);
  }
  const Grid puzzle = board ? on_board(request.variant->givens, *board) : request.puzzle;
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
  ExplainAnswer answer{.status = Status::solved,
                       .board = std::move(board),
                       .puzzle = puzzle,
                       .solution = std::move(*solution)};
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
  HintAnswer answer;
  if (request.variant) {
    Result<std::shared_ptr<const Geometry>> board = board_of(*request.variant);
    if (!board) return board.error();
    answer.board = std::move(*board);
  }
  // On a variant's board, the position and the givens (the variant's own when
  // none are named) are put on it.
  if (answer.board && request.puzzle.size() != answer.board->cell_count())
    return fail(Code::bad_givens,
                "the position has " + std::to_string(request.puzzle.size()) +
                    " cells; the variant puzzle's board has " +
                    std::to_string(answer.board->cell_count()),
                "givens");
  const Grid position = answer.board ? on_board(request.puzzle, *answer.board) : request.puzzle;
  std::optional<Grid> givens = request.givens;
  if (answer.board && (!givens || givens->size() == answer.board->cell_count()))
    givens = on_board(givens ? *givens : request.variant->givens, *answer.board);
  const Geometry& g = position.geometry();
  std::optional<Grid> solution = request.solution;
  if (solution && solution->size() != g.cell_count())
    return fail(Code::bad_value,
                "the solution has " + std::to_string(solution->size()) + " cells; the puzzle has " +
                    std::to_string(g.cell_count()),
                "solution");
  if (solution && answer.board) {
    // A variant's rules beyond its houses are the variant's to check.
    VariantPuzzle filled = *request.variant;
    for (int c = 0; c < solution->size(); ++c) filled.givens.set(c, (*solution)[c]);
    const VariantValidation v = validate_variant(filled);
    if (!v.violations.empty())
      return fail(Code::bad_value, "the solution breaks a rule: " + v.violations.front().where,
                  "solution");
    solution = on_board(*solution, *answer.board);
  }
  HintOptions options;
  options.logic = logic_options(context, request.profile);
  options.candidates = request.candidates;
  options.givens = givens ? &*givens : nullptr;
  options.solution = solution ? &*solution : nullptr;
  options.level = request.level;
  answer.level = request.level;
  answer.geometry = &g;
  answer.cell = request.cell;
  answer.hint = find_hint(position, options);
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
        case HintProblem::bad_solution:
          return fail(Code::bad_value, h.message, "solution");
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
