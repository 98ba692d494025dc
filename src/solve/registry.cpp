// The one table of solvers. Tests, the benchmark and the CLI all read it; the
// first entry that supports a geometry is that geometry's default.

#include <array>

#include "solve/fast9/fast9.h"
#include "solve/general_solver.h"

namespace nonet {
namespace {

constexpr std::array kSolvers = {
    SolverInfo{"fast9", "9x9 only: per-digit band bitboards, band matching, bivalue branching",
               &detail::fast9_supports, &detail::make_fast9_solver},
    SolverInfo{"general",
               "every size: candidate and position masks, singles, locked candidates, "
               "failed-literal probing, branching on the best-probed choice",
               &detail::general_supports, &detail::make_general_solver},
    SolverInfo{"variant",
               "every board, and the only one for a variant's regions, extra houses or chess "
               "rules: the propagating search of variant puzzles",
               &detail::layout_supports, &detail::make_layout_solver},
    SolverInfo{"basic",
               "the teaching backtracker: try 1..N in each empty cell in order, step back "
               "when none fits",
               &detail::basic_supports, &detail::make_basic_solver},
};

}  // namespace

std::span<const SolverInfo> solvers() { return kSolvers; }

const SolverInfo* find_solver(std::string_view name) {
  for (const SolverInfo& info : kSolvers) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

std::unique_ptr<Solver> make_solver(const Geometry& geometry, std::string_view name) {
  if (name.empty() || name == "auto") {
    for (const SolverInfo& info : kSolvers) {
      if (info.supports(geometry)) return info.make();
    }
    return nullptr;
  }
  const SolverInfo* info = find_solver(name);
  if (!info || !info->supports(geometry)) return nullptr;
  return info->make();
}

}  // namespace nonet
