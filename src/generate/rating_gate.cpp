// Judging candidates by their rating: see rating_gate.h.

#include "generate/rating_gate.h"

#include <algorithm>
#include <span>

#include "logic/context.h"
#include "logic/table.h"

namespace nonet::detail {
namespace {

using logic_detail::FindContext;
using logic_detail::Search;
using logic_detail::StepSink;

// The rater's own guard: a step that changes nothing would repeat forever.
bool progresses(const LogicState& state, const Step& step) {
  for (const CellDigit& p : step.placements)
    if (state.value(p.cell) == 0) return true;
  for (const CellDigit& e : step.eliminations)
    if (state.candidates(e.cell) >> (e.digit - 1) & 1u) return true;
  return false;
}

}  // namespace

CeilingWalk walk_within(const Grid& puzzle, int ceiling, Profile profile, bool record,
                        const Deadline& deadline) {
  // Each search's floor is the least rating of any step it or a later search
  // can find: once that passes the ceiling, whatever step the rater takes next
  // (or getting stuck) lies past the ceiling too.
  const std::span<const Search> list = logic_detail::searches(profile);
  LogicOptions options;
  options.profile = profile;
  options.deadline = deadline;
  FindContext context(options);
  CeilingWalk walk;
  LogicState state(puzzle);
  const int limit = state.geometry().cell_count() * (state.geometry().side() + 1);
  for (int steps = 0; !state.solved(); ++steps) {
    if (steps >= limit || context.stopped()) return walk;
    StepSink sink;
    for (const Search& search : list) {
      if (search.floor > ceiling) return walk;
      search.find(state, context, sink);
      if (!sink.empty()) break;
    }
    if (sink.empty() || context.stopped()) return walk;
    Step& step = sink.steps().front();
    if (step.rating > ceiling || !progresses(state, step)) return walk;
    walk.assumed_unique = walk.assumed_unique || step.technique == Technique::unique_rectangle ||
                          step.technique == Technique::bug;
    walk.er = std::max(walk.er, step.rating);
    state.apply(step);
    if (record) walk.path.steps.push_back(std::move(step));
  }
  walk.path.solved = true;
  walk.within = true;
  return walk;
}

Rating walk_rating(const CeilingWalk& walk) { return rate_path(walk.path); }

Rating full_rating(const Grid& puzzle, Profile profile, const Deadline& deadline) {
  return rate(puzzle, profile, deadline);
}

}  // namespace nonet::detail
