// The solving path (the next step, again and again, each from the first search
// of the profile that finds one) and the rating read from it.

#include "logic/path.h"

#include <algorithm>

#include "logic/finders.h"
#include "logic/table.h"

namespace nonet {
namespace logic_detail {
namespace {

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

std::optional<Step> find_next_step(const LogicState& state, Profile profile, FindContext& context) {
  const std::span<const Search> all = searches(profile);
  // Nothing is known yet: the next step rates at least the easiest technique.
  context.reset_floor(all.front().floor);
  if (state.solved()) return std::nullopt;
  StepSink sink;
  for (const Search& search : all) {
    if (context.stopped()) return std::nullopt;
    // Every search before this one came up empty.
    context.raise_floor(search.floor);
    search.find(state, context, sink);
    if (!sink.empty()) return std::move(sink.steps().front());
  }
  return std::nullopt;
}

LogicPath find_path(const LogicState& start, Profile profile, FindContext& context) {
  LogicPath path;
  LogicState state = start;
  // Every step places a digit or removes a candidate, so the path is bounded by
  // the number of candidates.
  const int limit = state.geometry().cell_count() * (state.geometry().side() + 1);
  while (!state.solved() && static_cast<int>(path.steps.size()) < limit) {
    std::optional<Step> step = find_next_step(state, profile, context);
    if (!step && context.stopped()) {
      path.stopped = true;
      path.floor = context.floor();
      break;
    }
    if (!step || !progresses(state, *step)) break;
    state.apply(*step);
    path.steps.push_back(std::move(*step));
  }
  path.solved = state.solved();
  return path;
}

}  // namespace logic_detail

std::optional<Step> next_step(const LogicState& state, const LogicOptions& options) {
  logic_detail::FindContext context(options);
  return logic_detail::find_next_step(state, options.profile, context);
}

std::optional<Step> next_step(const LogicState& state, Profile profile) {
  LogicOptions options;
  options.profile = profile;
  return next_step(state, options);
}

LogicPath solve_path(const LogicState& start, const LogicOptions& options) {
  logic_detail::FindContext context(options);
  return logic_detail::find_path(start, options.profile, context);
}

LogicPath solve_path(const LogicState& start, Profile profile, const Deadline& deadline,
                     int threads) {
  return solve_path(start, LogicOptions{profile, deadline, nullptr, threads});
}

std::string_view level_name(Level level) {
  static constexpr std::string_view kLevels[] = {"easy", "medium", "hard", "expert", "extreme"};
  return kLevels[static_cast<int>(level)];
}

std::optional<Level> level_from_name(std::string_view name) {
  for (int l = 0; l <= static_cast<int>(Level::extreme); ++l)
    if (level_name(static_cast<Level>(l)) == name) return static_cast<Level>(l);
  return std::nullopt;
}

Level level_for(int er, bool stuck) {
  if (stuck || er > 62) return Level::extreme;
  if (er <= 15) return Level::easy;
  if (er <= 25) return Level::medium;
  if (er <= 45) return Level::hard;
  return Level::expert;
}

Rating rate_path(const LogicPath& path) {
  // A path that gets stuck needs techniques from the chain family on.
  constexpr int kStuckAtLeast = 65;
  Rating r;
  r.steps = static_cast<int>(path.steps.size());
  r.stopped = path.stopped;
  r.stuck = path.stuck();
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
    const int bound = path.stopped ? path.floor : kStuckAtLeast;
    r.er = std::max(r.er, bound);
    r.er_exact = false;
    if (!placed) {
      r.ep = std::max(r.ep, bound);
      r.ep_exact = false;
    }
    if (path.steps.empty()) {
      r.ed = bound;
      r.ed_exact = false;
    }
  }
  r.level = level_for(r.er, r.stuck);
  return r;
}

Rating rate(const Grid& puzzle, const LogicOptions& options) {
  return rate_path(solve_path(LogicState(puzzle), options));
}

Rating rate(const Grid& puzzle, Profile profile, const Deadline& deadline, int threads) {
  return rate(puzzle, LogicOptions{profile, deadline, nullptr, threads});
}

std::string format_rating(int tenths, bool exact) {
  std::string s = std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
  return exact ? s : ">=" + s;
}

}  // namespace nonet
