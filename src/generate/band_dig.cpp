// Digging within a band: the way HoDoKu and the popular apps make easy
// puzzles, so that a big board's easy puzzle keeps the clues it needs.
//
// Phase 1 digs while the rater's path stays within min(top, 4.4). Every
// technique up to 4.4 is a sound deduction, so a puzzle the walk solves has
// one solution and no solver runs at all. A top of 4.5 (hard) is taken as
// 4.4 when the band reaches below: the one technique rated 4.5, the unique
// rectangle, assumes the puzzle has one solution, so digging for it would
// need a solver per removal, and its finder takes 0.4 s a call on a 25x25
// position (a 25x25 hard puzzle took 14-41 s of CPU with it, 3.6-5.1 s
// without). For bands above that, phase 2 goes
// once more over the orbits still in place: a removal is kept when the puzzle
// keeps one solution (the dig's own check) and its path stays within the top.
// For bands that need chains, phase 2 walks within 6.2 and fully rates the
// first puzzle past it; below the band it digs on, above it puts the orbit
// back. Phase 1 costs a walk per orbit, and only the few removals past it pay
// for uniqueness searches and the costlier techniques (unique rectangles and
// up). On 25x25 the uniqueness search is the dearer of the two, so there the
// walk comes first and the search runs only after a walk that leaned on
// uniqueness (see kWalkFirstFrom).
//
// A dig that ends below the band (a maximal 16x16 puzzle within 6.2 rates
// 4.5 or less about three times in four) is not thrown away: some of its
// removed orbits go back and the dig is settled again in a fresh order, up to
// kRetries times. Each retry costs a walk per restored orbit and a uniqueness
// check per clue, against a walk per orbit for a fresh grid: on 16x16 expert
// the CPU time per puzzle fell from 1.8 s to 0.55 s.

#include "generate/band_dig.h"

#include <algorithm>

#include "generate/rating_gate.h"
#include "generate/removal_check.h"
#include "nonet/validate.h"

namespace nonet::detail {
namespace {

// Retries of a dig that ends below the band, and the orbits each puts back
// (a sixteenth of the board's, at least four). On 16x16 expert (30 seeds, CPU
// on the shared machine) 8 retries of 8 orbits took 0.94 s a puzzle, 24 of
// 16 0.57 s, 24 of 32 0.92 s, 48 of 16 0.54 s.
constexpr int kRetries = 32;
constexpr std::size_t kRestoredPerRetry = 4;

// Boards from this side on walk a removal before checking its uniqueness
// (below chains). There the check (probing digits with two places in a house,
// as the solver does from 21x21 on) costs more than a walk, and late in a dig
// most removals fail the walk; smaller boards check first. CPU time, one
// thread, the shared machine, `nonet generate --difficulty expert` check
// first / walk first: 25x25 seeds 1-5 15.3 / 6.9, 6.3 / 3.1, 18.4 / 5.2,
// 8.6 / 5.2, 2.4 / 2.7 s; 20x20 (-n 2 --seed 3) 1.3 / 1.9 s; 16x16 (-n 6) 2.3 /
// 3.5 s; 12x12 (-n 10) 1.8 / 7.5 s. Bands that need chains gain nothing
// (25x25 extreme seeds 1-3 6.7 / 6.9, 13.4 / 14.7, 2.4 / 2.4 s): a failed walk
// there is followed by the check and a full rating anyway.
constexpr int kWalkFirstFrom = 21;

// On boards from kWalkFirstFrom on, a puzzle past 6.2 is rated by following the
// rater's path only while its steps stay within this ceiling (up to multiple
// forcing chains; dynamic ones start at 8.5); for a band that starts at or
// below it, a puzzle that needs more has its orbit put back, and the dig goes
// on. Rating one that needs nested forcing chains in full takes 5-100 s on
// 25x25, where the walk's chain searches up to here take seconds. A band that
// starts above the ceiling takes full ratings, as on smaller boards.
constexpr int kBigChainCeiling = 84;

// There, too, the uniqueness check of a removal first gets this many guesses a
// search. One that runs past them is finished only when the walks have kept
// the removal: most removals late in such a dig leave several solutions or a
// puzzle past the ceiling, and the walk that settles the latter costs about
// 45 ms where the longest checks (thousands of guesses) cost seconds. Each
// removal is kept or put back as checking first would.
constexpr std::uint64_t kScreenGuesses = 128;

// And a settle there, while the puzzle is still within 6.2, gives up after this
// many removals whose walk went past the ceiling: the dig then puts orbits back
// and settles again in a fresh order (the retries below). Near the end of a dig
// most removals either keep the puzzle within 6.2 or take it past the ceiling,
// at a walk of about 45 ms each; how many come before one lands in the band
// varies widely from one dig to the next (2 to 50 in 15 digs, over a hundred in
// the slowest), so starting afresh beats waiting out a long one. 25x25 extreme,
// 30 puzzles (`nonet-levels-bench 5x5 5 S extreme`, S = 1-6), CPU mean /
// slowest: giving up after 16 1.6 / 2.6 s, after 8 1.4 / 2.0 s, after 4 1.3 /
// 1.9 s (with 5 % more clues); never 2.3 / 8.2 s.
constexpr int kBeyondPerSettle = 8;

class BandDigger {
 public:
  BandDigger(const Grid& solution, Solver& solver, const RatingBand& band, Profile profile,
             const Deadline& deadline, const std::atomic<bool>* cancel, std::uint64_t max_guesses,
             BandDig& result)
      : solution_(solution),
        band_(band),
        profile_(profile),
        deadline_(deadline),
        cancel_(cancel),
        removal_(solver, deadline, max_guesses, cancel),
        result_(result),
        puzzle_(solution),
        chains_(band.high >= kChainsFrom),
        top_(chains_ ? kChainsFrom - 3 : band.high),
        walk_first_(!chains_ && solution.geometry().side() >= kWalkFirstFrom),
        big_(solution.geometry().side() >= kWalkFirstFrom),
        chain_walk_(chains_ && big_ && band.low <= kBigChainCeiling) {
    if (top_ == kSoundBelow && band.low < kSoundBelow) top_ = kSoundBelow - 1;
  }

  // Phase 1: a walk per orbit within min(top, 4.4); no solver.
  bool dig_sound(const std::vector<std::vector<int>>& orbits) {
    const int ceiling = std::min(top_, kSoundBelow - 1);
    for (const std::vector<int>& orbit : orbits) {
      if (stopped()) return false;
      remove(orbit);
      const CeilingWalk walk = walk_within(puzzle_, ceiling, profile_, false, deadline_);
      ++result_.ratings;
      if (walk.within)
        er_ = walk.er;
      else
        restore(orbit);
    }
    return true;
  }

  // Phase 2 (and each retry): every orbit still in place, kept removed when
  // the puzzle keeps one solution and stays within the top; for a band that
  // needs chains, until a puzzle inside it (or, on big boards, until
  // kBeyondPerSettle removals went past the ceiling while it is below the band
  // and within 6.2). False when the deadline stopped it.
  bool settle(const std::vector<std::vector<int>>& orbits) {
    int beyond = 0;  // removals past kBigChainCeiling (see kBeyondPerSettle)
    for (const std::vector<int>& orbit : orbits) {
      if (!puzzle_[orbit[0]]) continue;
      if (stopped()) return false;
      remove(orbit);
      // A screened check that ran past its guesses is finished before the
      // removal is kept (see kScreenGuesses).
      bool unsettled = false;
      if (top_ >= kSoundBelow && !walk_first_) {
        const Check verdict = one_solution(orbit, chain_walk_ ? kScreenGuesses : 0);
        if (verdict == Check::stopped) return false;
        unsettled = chain_walk_ && verdict == Check::too_hard;
        // Several solutions, or past the dig's guess budget.
        if (verdict != Check::unique && !unsettled) {
          restore(orbit);
          continue;
        }
      }
      const CeilingWalk walk = walk_within(puzzle_, top_, profile_, false, deadline_);
      ++result_.ratings;
      // Walked first: a walk that fails puts the orbit back whatever the
      // count, and one that solves the puzzle by sound steps alone proves it
      // has one solution; only a walk that leaned on uniqueness needs the
      // solver. Same verdicts as the other order.
      if (walk.within && (unsettled || (walk_first_ && walk.assumed_unique))) {
        const Kept kept = keep_if_unique(orbit);
        if (kept == Kept::stopped) return false;
        if (kept == Kept::no) continue;
      }
      if (walk.within) {
        er_ = walk.er;
        chain_rating_.reset();
        continue;
      }
      if (chains_) {
        Rating rating;
        if (chain_walk_) {
          // The walk is the rater's path (the first productive search's step
          // each time), so a walk within the ceiling gives the full rating.
          const CeilingWalk chains =
              walk_within(puzzle_, kBigChainCeiling, profile_, true, deadline_);
          ++result_.ratings;
          if (stopped()) return false;
          if (!chains.within) {
            restore(orbit);
            if (!chain_rating_ && !inside() && ++beyond >= kBeyondPerSettle) return true;
            continue;
          }
          if (unsettled) {
            const Kept kept = keep_if_unique(orbit);
            if (kept == Kept::stopped) return false;
            if (kept == Kept::no) continue;
          }
          rating = walk_rating(chains);
        } else {
          rating = full_rating(puzzle_, profile_, deadline_);
          ++result_.ratings;
          if (rating.stopped) return false;
        }
        if (band_.contains(rating)) {
          chain_rating_ = rating;
          return true;
        }
        if (rating.er_exact && rating.er < band_.low) {
          chain_rating_ = rating;  // harder with fewer clues: dig on
          continue;
        }
      }
      restore(orbit);
    }
    return true;
  }

  // The ER of the puzzle as it stands (exact), and its full rating.
  int er() const { return chain_rating_ ? chain_rating_->er : er_; }
  bool inside() const { return band_.contains_er(er()); }
  // nullopt when the deadline stopped the walk.
  std::optional<Rating> rating() const {
    if (chain_rating_) return chain_rating_;
    const CeilingWalk walk = walk_within(puzzle_, top_, profile_, true, deadline_);
    if (!walk.within) return std::nullopt;
    return walk_rating(walk);
  }
  bool needs_settling() const { return top_ >= kSoundBelow; }

  // Puts back `count` removed orbits, chosen at random, so that the next
  // settle digs differently. False when nothing was removed, or when the
  // puzzle with them back is not within the top (a puzzle already past it,
  // below a chain band): then it is left as it was, with its rating.
  bool put_back(const std::vector<std::vector<int>>& orbits, std::size_t count, Rng& rng) {
    std::vector<std::size_t> removed;
    for (std::size_t o = 0; o < orbits.size(); ++o)
      if (!puzzle_[orbits[o][0]]) removed.push_back(o);
    if (removed.empty()) return false;
    rng.shuffle(std::span(removed));
    removed.resize(std::min(count, removed.size()));
    for (std::size_t o : removed) restore(orbits[o]);
    // More clues keep the path within the top (every step it took is still
    // there to take, or already done); checked, not assumed.
    const CeilingWalk walk = walk_within(puzzle_, top_, profile_, false, deadline_);
    ++result_.ratings;
    if (!walk.within) {
      for (std::size_t o : removed) remove(orbits[o]);
      return false;
    }
    er_ = walk.er;
    chain_rating_.reset();
    return true;
  }

  Grid& puzzle() { return puzzle_; }

 private:
  bool stopped() const {
    return deadline_.expired() || (cancel_ && cancel_->load(std::memory_order_relaxed));
  }
  // `budget`: guesses a search, 0 for the dig's own budget.
  Check one_solution(std::span<const int> orbit, std::uint64_t budget = 0) {
    const Check verdict = removal_.check(puzzle_, solution_, orbit, budget);
    result_.checks = removal_.checks();
    return verdict;
  }
  // The full check of a removed orbit: it stays removed (yes), or goes back
  // (no: several solutions, or past the guess budget), or the deadline came.
  enum class Kept { yes, no, stopped };
  Kept keep_if_unique(std::span<const int> orbit) {
    const Check verdict = one_solution(orbit);
    if (verdict == Check::stopped) return Kept::stopped;
    if (verdict == Check::unique) return Kept::yes;
    restore(orbit);
    return Kept::no;
  }
  void remove(std::span<const int> orbit) {
    for (int c : orbit) puzzle_.set(c, 0);
  }
  void restore(std::span<const int> orbit) {
    for (int c : orbit) puzzle_.set(c, solution_[c]);
  }

  const Grid& solution_;
  const RatingBand& band_;
  Profile profile_;
  const Deadline& deadline_;
  const std::atomic<bool>* cancel_;
  RemovalCheck removal_;
  BandDig& result_;
  Grid puzzle_;
  bool chains_;
  int top_;
  bool walk_first_;  // walk before the uniqueness check (see settle)
  bool big_;         // a board from kWalkFirstFrom on
  bool chain_walk_;  // chains rated by the walk within kBigChainCeiling (see settle)
  int er_ = 0;       // the ER of the puzzle as it stands, unless chain_rating_
  std::optional<Rating> chain_rating_;
};

}  // namespace

BandDig dig_in_band(const Grid& solution, Symmetry symmetry, Rng& rng, Solver& solver,
                    const RatingBand& band, Profile profile, const Deadline& deadline,
                    const std::atomic<bool>* cancel, std::uint64_t max_guesses) {
  BandDig result;
  std::vector<std::vector<int>> orbits = symmetry_orbits(solution.geometry(), symmetry);
  rng.shuffle(std::span(orbits));
  if (validate(solution).state != GridState::solved) {
    result.status = DigStatus::not_unique;
    return result;
  }
  BandDigger digger(solution, solver, band, profile, deadline, cancel, max_guesses, result);
  bool in_time = digger.dig_sound(orbits) && (!digger.needs_settling() || digger.settle(orbits));
  const std::size_t restored = std::max(kRestoredPerRetry, orbits.size() / 16);
  for (int retry = 0; in_time && retry < kRetries && !digger.inside() && digger.er() < band.low;
       ++retry) {
    if (!digger.put_back(orbits, restored, rng)) break;
    rng.shuffle(std::span(orbits));
    in_time = digger.settle(orbits);
  }
  if (in_time) result.rating = digger.rating();
  if (!result.rating) {
    result.status = DigStatus::timeout;
    return result;
  }
  result.puzzle = std::move(digger.puzzle());
  return result;
}

}  // namespace nonet::detail
