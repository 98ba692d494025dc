// Judging candidates by their rating: see rating_gate.h.

#include "generate/rating_gate.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <vector>

namespace nonet::detail {
namespace {

// The least rating a technique's steps carry: the first figure of its
// registry entry ("4.5 - 5.2", "1.0 / 1.2 / 1.5", "7.5+"); 0 when unreadable,
// which only costs a finder call that could have been skipped.
int least_rating(const TechniqueInfo& info) {
  const std::string_view text = info.ratings;
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data()) return 0;
  return static_cast<int>(value * 10 + 0.5);
}

// For each entry of the profile's registry, the least rating of it and every
// entry after it: once that passes the ceiling, whatever step the rater takes
// next (or getting stuck) lies past the ceiling too.
const std::vector<int>& least_from(Profile profile) {
  static const std::array<std::vector<int>, 2> tables = [] {
    std::array<std::vector<int>, 2> out;
    for (const Profile p : {Profile::se, Profile::modern}) {
      const std::span<const TechniqueInfo> list = techniques(p);
      std::vector<int>& least = out[static_cast<std::size_t>(p)];
      least.assign(list.size() + 1, 1 << 20);
      for (std::size_t i = list.size(); i-- > 0;)
        least[i] = std::min(least[i + 1], least_rating(list[i]));
    }
    return out;
  }();
  return tables[static_cast<std::size_t>(profile)];
}

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
  const std::span<const TechniqueInfo> list = techniques(profile);
  const std::vector<int>& least = least_from(profile);
  CeilingWalk walk;
  LogicState state(puzzle);
  const int limit = state.geometry().cell_count() * (state.geometry().side() + 1);
  for (int steps = 0; !state.solved(); ++steps) {
    if (steps >= limit || deadline.expired()) return walk;
    Step step;
    bool found = false;
    for (std::size_t i = 0; i < list.size() && !found; ++i) {
      if (least[i] > ceiling) return walk;
      found = list[i].find(state, step);
    }
    if (!found || step.rating > ceiling || !progresses(state, step)) return walk;
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
