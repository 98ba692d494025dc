// solve, count, validate, candidates.

#include "ops/fpuzzles.h"
#include "ops/formats.h"
#include "ops/ops.h"
#include "ops/text.h"

namespace nonet::ops {

Result<SolveAnswer> solve(const SolveRequest& request, Context& context) {
  const Grid& puzzle = request.variant ? request.variant->givens : request.puzzle;
  const Geometry& g = puzzle.geometry();
  SolveResult r;
  if (request.variant) {
    if (request.solver != "auto")
      return fail(Code::unsupported,
                  "solver '" + request.solver + "' does not handle variant puzzles", "solver");
    r = solve_variant(*request.variant, context.solve_options(request.limit));
  } else {
    Solver* solver = context.scratch_for_now().solver(g, request.solver);
    if (!solver) {
      return fail(Code::unsupported,
                  "solver '" + request.solver + "' does not handle " + g.describe() + " puzzles",
                  "solver");
    }
    r = solver->solve(puzzle, context.solve_options(request.limit));
  }
  SolveAnswer answer;
  answer.variant = request.variant;
  answer.geometry = &g;
  answer.counting = request.counting;
  answer.count = r.count;
  answer.exact = r.exhausted;
  answer.guesses = r.guesses;
  switch (r.outcome()) {
    case Outcome::solved:
      answer.status = Status::solved;
      break;
    case Outcome::no_solution:
      answer.status = Status::no_solution;
      break;
    case Outcome::multiple:
      answer.status = Status::multiple;
      break;
    case Outcome::limit:
      answer.status = Status::limit;
      break;
    case Outcome::timeout:
      answer.status = context.cancelled() ? Status::cancelled : Status::timeout;
      if (answer.status == Status::cancelled)
        answer.message = "the search was " + context.cancelled_text();
      break;
  }
  // Conflicting givens have no solution; only then is it worth looking for
  // them (validating every puzzle first cost 10 % of a run on easy sets).
  if (answer.status == Status::no_solution && !request.variant) {
    Validation v = nonet::validate(puzzle);
    if (v.state == GridState::invalid) {
      answer.status = Status::invalid;
      answer.message = conflicts_text(v.conflicts, g);
      answer.conflicts = std::move(v.conflicts);
    }
  }
  // solve shows a solution that is one (or one of several); count, the first found.
  if (r.solution && (request.counting || answer.status == Status::solved ||
                     answer.status == Status::multiple))
    answer.solution = std::move(r.solution);
  return answer;
}

Status ValidateAnswer::status() const {
  switch (validation.state) {
    case GridState::invalid:
      return Status::invalid;
    case GridState::incomplete:
      return Status::incomplete;
    case GridState::solved:
      return Status::solved;
  }
  return Status::invalid;
}

ValidateAnswer validate(const Grid& puzzle) { return {puzzle, nonet::validate(puzzle)}; }

const char* form_name(Form form) {
  switch (form) {
    case Form::fpuzzles: return "fpuzzles";
    case Form::url: return "url";
    case Form::nonet: return "nonet";
    case Form::sdk: return "sdk";
    case Form::sdm: return "sdm";
    case Form::ipuz: return "ipuz";
    case Form::opensudoku: return "opensudoku";
    case Form::hodoku: return "hodoku";
    case Form::pm: return "pm";
    case Form::sudokuwiki: return "sudokuwiki";
  }
  return "fpuzzles";
}

Result<ConvertAnswer> convert(const ConvertRequest& request) {
  if (is_document_form(request.to)) {
    if (request.variant)
      return fail(Code::bad_value,
                  std::string("a variant puzzle cannot be written as ") + form_name(request.to) +
                      ", which holds classic puzzles; fpuzzles, url and nonet hold variants",
                  "to");
    Document d = request.document ? *request.document : Document(request.puzzle.geometry());
    if (!request.document) d.givens = d.values = request.puzzle;
    nonet::Result<std::string> text = write_document(d, request.to);
    if (!text) return fail(Code::bad_value, text.error().message, "to");
    if (request.to == Form::opensudoku && !request.part)
      *text = std::string(opensudoku_header()) + *text + std::string(opensudoku_footer());
    if (!text->empty() && text->back() == '\n') text->pop_back();
    return ConvertAnswer{request.to, std::move(*text)};
  }
  std::shared_ptr<const VariantPuzzle> p = request.variant;
  if (!p) {
    auto classic = std::make_shared<VariantPuzzle>(request.puzzle.geometry());
    classic->givens = request.puzzle;
    const Geometry& g = request.puzzle.geometry();
    // Boxes other than the size's usual ones are written as regions.
    if (&g != Geometry::for_side(g.side()))
      for (int cell = 0; cell < g.cell_count(); ++cell) classic->regions.push_back(g.box_of(cell));
    p = std::move(classic);
  }
  // A game in progress (another program's file with entries or marks) keeps
  // them in f-puzzles' cells.
  FpuzzlesProgress progress;
  if (request.document && request.document->played()) {
    progress.values = &request.document->values;
    progress.marks = &request.document->marks;
  }
  switch (request.to) {
    case Form::url:
      return ConvertAnswer{request.to, fpuzzles_link(*p, progress)};
    case Form::nonet:
      return ConvertAnswer{request.to, to_nonet_json(*p).dump()};
    default:
      break;
  }
  return ConvertAnswer{request.to, to_fpuzzles(*p, progress).dump()};
}

ValidateAnswer validate(std::shared_ptr<const VariantPuzzle> puzzle) {
  VariantValidation v = validate_variant(*puzzle);
  ValidateAnswer answer{puzzle->givens};
  answer.validation.state = v.state;
  answer.validation.empty_cells = v.empty_cells;
  answer.violations = std::move(v.violations);
  answer.variant = std::move(puzzle);
  return answer;
}

CandidatesAnswer candidates(const Grid& puzzle) {
  CandidatesAnswer answer{puzzle, compute_candidates(puzzle)};
  for (int cell = 0; cell < puzzle.size(); ++cell)
    if (puzzle[cell] != 0) answer.candidates[static_cast<std::size_t>(cell)] = 0;
  return answer;
}

}  // namespace nonet::ops
