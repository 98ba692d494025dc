// Hints: the next step for a player's position, checked against the solution so
// that a wrong entry or a wrongly removed candidate is reported instead of a
// step built on it.

#include <algorithm>
#include <optional>
#include <string>

#include "logic/finders.h"
#include "logic/path.h"
#include "nonet/solver.h"
#include "nonet/validate.h"

namespace nonet {
namespace {

using namespace logic_detail;

bool sound(const Step& step, const Grid& solution) {
  for (const CellDigit& p : step.placements) {
    if (solution[p.cell] != p.digit) return false;
  }
  for (const CellDigit& e : step.eliminations) {
    if (solution[e.cell] == e.digit) return false;
  }
  return true;
}

Hint fail(HintStatus status, std::string message, HintProblem problem = HintProblem::none) {
  Hint h;
  h.status = status;
  h.message = std::move(message);
  h.problem = problem;
  return h;
}

// Why `solution` cannot be the solution of a puzzle on board `g` with these
// `givens` (when known), or nullopt when it can: of the board, filled, keeping
// the rules and every given. (Without the givens, an entry it does not have
// is a wrong entry.)
std::optional<std::string> not_a_solution(const Grid& solution, const Geometry& g,
                                          const Grid* givens) {
  if (&solution.geometry() != &g) return "the solution is not of the puzzle's board";
  const Validation v = validate(solution);
  if (v.state == GridState::invalid)
    return "the solution breaks the rules: " + describe(v.conflicts[0], g);
  if (v.state != GridState::solved)
    return "the solution is not filled: " + std::to_string(v.empty_cells) + " cells are empty";
  for (int c = 0; givens && c < g.cell_count(); ++c) {
    if ((*givens)[c] != 0 && solution[c] != (*givens)[c])
      return "the solution has " + std::string(1, Geometry::symbol(solution[c])) + " at " +
             g.cell_name(c) + " where the givens have " +
             std::string(1, Geometry::symbol((*givens)[c]));
  }
  return std::nullopt;
}

// The placement grade's sentence: "r3c5 = 7".
std::string placement_text(const std::optional<CellDigit>& placement, const Geometry& g) {
  if (!placement) return "no placement follows from the techniques of this profile";
  return g.cell_name(placement->cell) + " = " + std::string(1, Geometry::symbol(placement->digit));
}

}  // namespace

std::optional<HintLevel> hint_level_from_name(std::string_view name) {
  if (name == "vague") return HintLevel::vague;
  if (name == "concrete") return HintLevel::concrete;
  if (name == "placement") return HintLevel::placement;
  return std::nullopt;
}

std::string_view hint_status_name(HintStatus status) {
  switch (status) {
    case HintStatus::step:
      return "step";
    case HintStatus::solved:
      return "solved";
    case HintStatus::wrong_entries:
      return "wrong_entries";
    case HintStatus::wrong_candidates:
      return "wrong_candidates";
    case HintStatus::invalid:
      return "invalid";
    case HintStatus::stuck:
      return "stuck";
    case HintStatus::stopped:
      return "stopped";
  }
  return "invalid";
}

Hint find_hint(const Grid& position, const HintOptions& options) {
  const Geometry& g = position.geometry();
  if (options.givens && &options.givens->geometry() != &g) {
    return fail(HintStatus::invalid, "the givens and the position differ in size",
                HintProblem::sizes_differ);
  }
  if (!options.candidates.empty() &&
      static_cast<int>(options.candidates.size()) != g.cell_count()) {
    return fail(HintStatus::invalid,
                "expected candidates for " + std::to_string(g.cell_count()) + " cells, got " +
                    std::to_string(options.candidates.size()),
                HintProblem::candidates_differ);
  }
  // The solution comes from the givens when known (so wrong entries can be
  // named), else from the position itself.
  const Grid& basis = options.givens ? *options.givens : position;
  if (options.givens) {
    for (int c = 0; c < g.cell_count(); ++c) {
      if (basis[c] != 0 && position[c] != basis[c]) {
        return fail(HintStatus::invalid, "the position changes the given at " + g.cell_name(c),
                    HintProblem::changes_given);
      }
    }
  }
  const Validation basis_check = validate(basis);
  if (basis_check.state == GridState::invalid) {
    if (options.givens)
      return fail(HintStatus::invalid,
                  "the givens conflict: " + describe(basis_check.conflicts[0], g),
                  HintProblem::givens_conflict);
    Hint h = fail(HintStatus::wrong_entries,
                  "an entry breaks the rules: " + describe(basis_check.conflicts[0], g));
    for (const Conflict& c : basis_check.conflicts) {
      h.wrong_cells.insert(h.wrong_cells.end(), c.cells.begin(), c.cells.end());
    }
    std::sort(h.wrong_cells.begin(), h.wrong_cells.end());
    h.wrong_cells.erase(std::unique(h.wrong_cells.begin(), h.wrong_cells.end()),
                        h.wrong_cells.end());
    return h;
  }
  std::optional<Grid> solved;
  if (options.solution) {
    if (std::optional<std::string> why = not_a_solution(*options.solution, g, options.givens))
      return fail(HintStatus::invalid, *why, HintProblem::bad_solution);
  } else {
    auto solver = make_solver(g);
    SolveOptions solve;
    solve.deadline = options.logic.deadline;
    solve.cancel = options.logic.cancel;
    SolveResult result = solver->solve(basis, solve);
    if (result.outcome() == Outcome::timeout) {
      return fail(HintStatus::stopped, "the search was stopped before the solution was known");
    }
    if (result.outcome() == Outcome::multiple) {
      return fail(HintStatus::invalid, "the puzzle has several solutions; hints need exactly one",
                  HintProblem::several_solutions);
    }
    if (result.outcome() != Outcome::solved) {
      if (options.givens)
        return fail(HintStatus::invalid, "the givens have no solution",
                    HintProblem::givens_unsolvable);
      return fail(HintStatus::wrong_entries,
                  "the position has no solution: at least one entry is wrong");
    }
    solved = std::move(result.solution);
  }
  const Grid& solution = options.solution ? *options.solution : *solved;

  Hint hint;
  hint.solution = solution;
  for (int c = 0; c < g.cell_count(); ++c) {
    if (position[c] != 0 && position[c] != solution[c]) hint.wrong_cells.push_back(c);
  }
  if (!hint.wrong_cells.empty()) {
    hint.status = HintStatus::wrong_entries;
    std::string cells;
    for (int c : hint.wrong_cells) {
      if (!cells.empty()) cells += ", ";
      cells += g.cell_name(c);
    }
    hint.message = "these entries contradict the solution: " + cells;
    return hint;
  }
  if (position.complete()) {
    hint.status = HintStatus::solved;
    hint.message = "the puzzle is solved";
    return hint;
  }
  const LogicState state =
      options.candidates.empty() ? LogicState(position) : LogicState(position, options.candidates);
  for (int c = 0; c < g.cell_count(); ++c) {
    if (position[c] == 0 && !(state.candidates(c) & digit_bit(solution[c]))) {
      hint.missing_candidates.push_back({c, solution[c]});
    }
  }
  if (!hint.missing_candidates.empty()) {
    hint.status = HintStatus::wrong_candidates;
    std::string cells;
    for (const CellDigit& m : hint.missing_candidates) {
      if (!cells.empty()) cells += ", ";
      cells += g.cell_name(m.cell);
    }
    hint.message = "a candidate that is needed was removed in " + cells;
    return hint;
  }
  FindContext context(options.logic);
  const Profile profile = options.logic.profile;
  std::optional<Step> step = find_next_step(state, profile, context);
  if (!step && context.stopped()) {
    hint.status = HintStatus::stopped;
    hint.floor = context.floor();
    hint.message = "the search for the next step was stopped before it found one; that step " +
                   std::string("rates at least ") + format_rating(hint.floor, true);
    return hint;
  }
  if (!step || !sound(*step, solution)) {
    hint.status = HintStatus::stuck;
    hint.message = "no technique of this profile applies here; the next step needs chains";
    return hint;
  }
  hint.status = HintStatus::step;
  const std::optional<HintLevel> level = options.level;
  if (!level || level == HintLevel::placement) {
    // The first placement on the path from here, for the placement grade: up
    // to one search per candidate, so only when that grade is asked for.
    LogicState walk = state;
    Step current = *step;
    for (int guard = 0; guard < g.cell_count() * (g.side() + 1); ++guard) {
      if (!current.placements.empty()) {
        hint.placement = current.placements.front();
        break;
      }
      walk.apply(current);
      std::optional<Step> next = find_next_step(walk, profile, context);
      if (!next || !sound(*next, solution)) break;
      current = std::move(*next);
    }
    // A walk the deadline cut short knows no placement yet: for that grade the
    // hint was stopped, not found to have none.
    if (!hint.placement && level == HintLevel::placement && context.stopped()) {
      hint.status = HintStatus::stopped;
      hint.floor = context.floor();
      hint.message = "the search for the next placement was stopped before it found one";
      hint.step = std::move(step);
      return hint;
    }
  }
  hint.message = level == HintLevel::vague       ? render_vague(*step, g)
                 : level == HintLevel::placement ? placement_text(hint.placement, g)
                                                 : render_step(*step, g);
  hint.step = std::move(step);
  return hint;
}

}  // namespace nonet

namespace nonet {

Result<std::vector<Mask>> parse_candidates(std::string_view text, const Geometry& g) {
  const int n = g.side();
  const std::size_t cells = static_cast<std::size_t>(g.cell_count());
  std::vector<Mask> out(cells, 0);
  auto bad = [&](std::size_t at, std::string message) {
    return Error{1, static_cast<int>(at) + 1, std::move(message)};
  };
  auto separator = [](char c) {
    return c == ' ' || c == '\t' || c == ',' || c == '\n' || c == '\r';
  };
  if (text.size() > cells * static_cast<std::size_t>(n + 1) * 4 + 64) {
    return bad(0, "candidate text too long for a " + g.describe() + " board");
  }
  // Positional form: N characters per cell, no separators.
  if (n <= 9 && text.size() == cells * static_cast<std::size_t>(n) &&
      std::none_of(text.begin(), text.end(), separator)) {
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char ch = text[i];
      const int slot = static_cast<int>(i % static_cast<std::size_t>(n)) + 1;
      if (ch == '.' || ch == '0' || ch == '-') continue;
      if (Geometry::digit_of_symbol(ch) != slot) {
        return bad(i, std::string("expected '") + Geometry::symbol(slot) + "' or '.' but found '" +
                          ch + "'");
      }
      out[i / static_cast<std::size_t>(n)] |= Mask{1} << (slot - 1);
    }
    return out;
  }
  std::size_t cell = 0, i = 0;
  while (i < text.size()) {
    if (separator(text[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && !separator(text[i])) ++i;
    if (cell >= cells)
      return bad(start, "more than " + std::to_string(cells) + " cells of candidates");
    const std::string_view group = text.substr(start, i - start);
    Mask m = 0;
    if (!(group == "." || group == "0" || group == "-")) {
      for (std::size_t k = 0; k < group.size(); ++k) {
        const int d = Geometry::digit_of_symbol(group[k]);
        if (d < 1 || d > n) {
          return bad(start + k, std::string("'") + group[k] + "' is not a digit of a " +
                                    g.describe() + " board");
        }
        m |= Mask{1} << (d - 1);
      }
    }
    out[cell++] = m;
  }
  if (cell != cells) {
    return bad(text.size(), "expected candidates for " + std::to_string(cells) + " cells, found " +
                                std::to_string(cell));
  }
  return out;
}

}  // namespace nonet
