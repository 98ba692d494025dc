// The solving path (the next step, again and again, each from the first search
// of the profile that finds one) and the rating read from it.

#include <algorithm>
#include <array>

#include "logic/chains/chains.h"
#include "logic/finders.h"
#include "logic/table.h"

namespace nonet {
namespace {

using namespace logic_detail;

// True when applying the step changes the position (a guard against a finder
// bug looping forever).
bool progresses(const LogicState& s, const Step& step) {
  for (const CellDigit& p : step.placements) {
    if (s.value(p.cell) == 0) return true;
  }
  for (const CellDigit& e : step.eliminations) {
    if (s.candidates(e.cell) & digit_bit(e.digit)) return true;
  }
  return false;
}

}  // namespace

std::optional<Step> next_step(const LogicState& state, Profile profile) {
  if (state.solved()) return std::nullopt;
  Step step;
  for (const Search& search : searches(profile)) {
    if (search.find(state, step)) return step;
  }
  return std::nullopt;
}

LogicPath solve_path(const LogicState& start, Profile profile, const Deadline& deadline,
                     int threads) {
  LogicPath path;
  LogicState state = start;
  const ChainDeadlineScope chain_deadline(deadline, threads);
  // Every step places a digit or removes a candidate, so the path is bounded by
  // the number of candidates.
  const int limit = state.geometry().cell_count() * (state.geometry().side() + 1);
  while (!state.solved() && static_cast<int>(path.steps.size()) < limit) {
    if (deadline.expired()) {
      path.stopped = true;
      break;
    }
    std::optional<Step> step = next_step(state, profile);
    if (!step && deadline.expired()) {
      path.stopped = true;  // a chain search gave up at the deadline
      break;
    }
    if (!step || !progresses(state, *step)) break;
    state.apply(*step);
    path.steps.push_back(std::move(*step));
  }
  path.solved = state.solved();
  return path;
}

std::string_view level_name(Level level) {
  static constexpr std::string_view kLevels[] = {"easy", "medium", "hard", "expert", "extreme"};
  return kLevels[static_cast<int>(level)];
}

Level level_for(int er, bool needs_chains) {
  if (needs_chains || er > 62) return Level::extreme;
  if (er <= 15) return Level::easy;
  if (er <= 25) return Level::medium;
  if (er <= 45) return Level::hard;
  return Level::expert;
}

Rating rate_path(const LogicPath& path) {
  constexpr int kChains = 65;
  Rating r;
  r.steps = static_cast<int>(path.steps.size());
  r.stopped = path.stopped;
  bool placed = false;
  for (const Step& step : path.steps) {
    r.er = std::max(r.er, step.rating);
    if (!placed) {
      r.ep = r.er;
      placed = !step.placements.empty();
    }
  }
  if (!path.steps.empty()) r.ed = path.steps.front().rating;
  if (!path.solved) {
    r.needs_chains = true;
    r.er = std::max(r.er, kChains);
    r.er_exact = false;
    if (!placed) {
      r.ep = std::max(r.ep, kChains);
      r.ep_exact = false;
    }
    if (path.steps.empty()) {
      r.ed = kChains;
      r.ed_exact = false;
    }
  }
  r.level = level_for(r.er, r.needs_chains);
  return r;
}

Rating rate(const Grid& puzzle, Profile profile, const Deadline& deadline, int threads) {
  return rate_path(solve_path(LogicState(puzzle), profile, deadline, threads));
}

std::string format_rating(int tenths, bool exact) {
  std::string s = std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
  return exact ? s : ">=" + s;
}

}  // namespace nonet
