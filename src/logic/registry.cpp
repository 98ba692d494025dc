// The ordered registries of techniques (one per profile), the solving path and
// the rating.

#include <algorithm>
#include <array>

#include "logic/chains.h"
#include "logic/finders.h"
#include "logic/modern_chains.h"

namespace nonet {
namespace {

using namespace logic_detail;

template <int K>
bool naked(const LogicState& s, Step& st) { return find_naked_set(s, st, K); }
template <int K>
bool hidden(const LogicState& s, Step& st) { return find_hidden_set(s, st, K); }
template <int K>
bool direct_hidden(const LogicState& s, Step& st) { return find_direct_hidden_set(s, st, K); }
template <int K>
bool fish(const LogicState& s, Step& st) { return find_fish(s, st, K); }
template <int K>
bool finned(const LogicState& s, Step& st) { return find_finned_fish(s, st, K); }

// Sudoku Explainer 1.2.1's producers, in its order. SE takes the first hint of
// the first producer that has one, so this order (not just the ratings) defines
// the path and the rating.
constexpr TechniqueInfo kSe[] = {
    {"Full House / Hidden Single", "1.0 / 1.2 / 1.5", find_singles},
    {"Direct Pointing / Claiming", "1.7 / 1.9", find_direct_intersection},
    {"Direct Hidden Pair", "2.0", direct_hidden<2>},
    {"Naked Single", "2.3", find_naked_single},
    {"Direct Hidden Triple", "2.5", direct_hidden<3>},
    {"Pointing / Claiming", "2.6 / 2.8", find_intersection},
    {"Naked Pair", "3.0", naked<2>},
    {"X-Wing", "3.2", fish<2>},
    {"Hidden Pair", "3.4", hidden<2>},
    {"Naked Triple", "3.6", naked<3>},
    {"Swordfish", "3.8", fish<3>},
    {"Hidden Triple", "4.0", hidden<3>},
    {"XY-Wing", "4.2", find_xy_wing},
    {"XYZ-Wing", "4.4", find_xyz_wing},
    {"Unique Rectangle / Loop", "4.5 - 5.2", find_unique_loop},
    {"Naked Quad", "5.0", naked<4>},
    {"Jellyfish", "5.2", fish<4>},
    {"Hidden Quad", "5.4", hidden<4>},
    {"BUG", "5.6 / 5.7+", find_bug},
    {"Aligned Pair Exclusion", "6.2", find_aligned_pair_exclusion},
    {"Cycles / Forcing Chains", "6.5 - 7.x", find_cycles_and_forcing_chains},
    {"Aligned Triple Exclusion", "7.5", find_aligned_triple_exclusion},
    {"Nishio Forcing Chains", "7.5+", find_nishio_chains},
    {"Multiple Forcing Chains", "8.0+", find_multiple_chains},
    {"Dynamic Forcing Chains", "8.5+", find_dynamic_chains},
    {"Dynamic Forcing Chains (+)", "9.0+", find_dynamic_plus_chains},
    {"Nested Forcing Chains", "9.5 - 11.0+", find_nested_chains},
};

// The modern profile: no "direct" forms; single-digit patterns, W-Wing, finned
// fish and simple coloring slot in by difficulty.
constexpr TechniqueInfo kModern[] = {
    {"Full House / Hidden Single", "1.0 / 1.2 / 1.5", find_singles},
    {"Naked Single", "2.3", find_naked_single},
    {"Pointing / Claiming", "2.6 / 2.8", find_intersection},
    {"Naked Pair", "3.0", naked<2>},
    {"X-Wing", "3.2", fish<2>},
    {"Hidden Pair", "3.4", hidden<2>},
    {"Finned / Sashimi X-Wing", "3.4 / 3.5", finned<2>},
    {"Naked Triple", "3.6", naked<3>},
    {"Swordfish", "3.8", fish<3>},
    {"Hidden Triple", "4.0", hidden<3>},
    {"Skyscraper", "4.0", find_skyscraper},
    {"Finned / Sashimi Swordfish", "4.0 / 4.1", finned<3>},
    {"2-String Kite", "4.1", find_two_string_kite},
    {"Empty Rectangle", "4.2", find_empty_rectangle},
    {"XY-Wing", "4.2", find_xy_wing},
    {"XYZ-Wing", "4.4", find_xyz_wing},
    {"W-Wing", "4.4", find_w_wing},
    {"Simple Coloring", "4.5", find_simple_coloring},
    {"Unique Rectangle / Loop", "4.5 - 5.2", find_unique_loop},
    {"Naked Quad", "5.0", naked<4>},
    {"Jellyfish", "5.2", fish<4>},
    {"Hidden Quad", "5.4", hidden<4>},
    {"BUG", "5.6 / 5.7+", find_bug},
    {"Aligned Pair Exclusion", "6.2", find_aligned_pair_exclusion},
    // The modern chain family, after everything above so that puzzles those
    // solve keep their paths; easiest first (docs/logic.md, "Modern chains").
    {"Sue de Coq", "5.0", find_sue_de_coq},
    {"ALS-XZ", "5.5 - 6.6", find_als_xz},
    {"Remote Pair", "6.5+", find_remote_pair},
    {"X-Chain", "6.5 / 6.6+", find_x_chain},
    {"XY-Chain", "6.5 / 6.6+", find_xy_chain},
    {"AIC / Nice Loop", "6.5 - 7.0+", find_aic},
    {"Grouped X-Chain / AIC / Nice Loop", "6.6 - 7.1+", find_grouped_aic},
};

constexpr std::array<std::string_view, 47> kNames = {
    "Full House", "Hidden Single", "Naked Single", "Direct Pointing", "Direct Claiming",
    "Direct Hidden Pair", "Direct Hidden Triple", "Pointing", "Claiming", "Naked Pair",
    "Naked Triple", "Naked Quad", "Hidden Pair", "Hidden Triple", "Hidden Quad", "X-Wing",
    "Swordfish", "Jellyfish", "XY-Wing", "XYZ-Wing", "Unique Rectangle", "BUG",
    "Aligned Pair Exclusion", "Skyscraper", "2-String Kite", "Empty Rectangle", "W-Wing",
    "Finned X-Wing", "Finned Swordfish", "Simple Coloring", "X-Cycle", "Y-Cycle",
    "Forcing Chain", "Nishio Forcing Chain", "Multiple Forcing Chain", "Dynamic Forcing Chain",
    "Aligned Triple Exclusion", "Dynamic Forcing Chain (+)", "Nested Forcing Chain",
    "Remote Pair", "X-Chain", "XY-Chain", "AIC", "Continuous Nice Loop",
    "Discontinuous Nice Loop", "ALS-XZ", "Sue de Coq",
};
static_assert(kNames.size() == static_cast<std::size_t>(Technique::sue_de_coq) + 1);

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

std::string_view technique_name(Technique technique) {
  return kNames[static_cast<std::size_t>(technique)];
}

std::string_view profile_name(Profile profile) {
  return profile == Profile::se ? "se" : "modern";
}

std::optional<Profile> profile_from_name(std::string_view name) {
  if (name == "se" || name == "classic" || name == "default") return Profile::se;
  if (name == "modern") return Profile::modern;
  return std::nullopt;
}

std::span<const TechniqueInfo> techniques(Profile profile) {
  if (profile == Profile::modern) return kModern;
  return kSe;
}

std::optional<Step> next_step(const LogicState& state, Profile profile) {
  if (state.solved()) return std::nullopt;
  Step step;
  for (const TechniqueInfo& info : techniques(profile)) {
    if (info.find(state, step)) return step;
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
