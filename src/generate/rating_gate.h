#pragma once
// The generator's only calls into the logical rater (include/nonet/logic.h). A
// band's candidates are judged here: by a full rating, or by following the
// rater's own path only while its steps stay under the band's top, which
// settles "is this puzzle at most that hard" without the chain searches a
// harder puzzle would start (most of the cost of rating random puzzles).

#include <chrono>

#include "nonet/grid.h"
#include "nonet/logic.h"
#include "nonet/solver.h"

namespace nonet::detail {

// Steps rated below this are sound deductions: a puzzle they solve has one
// solution. From here up (unique rectangles and loops, 4.5; BUG, 5.6) a step
// may assume that the puzzle has one solution.
inline constexpr int kSoundBelow = 45;
// The chain family (cycles and forcing chains) starts here.
inline constexpr int kChainsFrom = 65;

struct CeilingWalk {
  bool within = false;          // solved, every step at most the ceiling
  int er = 0;                   // the hardest step so far
  LogicPath path;               // the rater's path, as far as it went (when recorded)
  bool assumed_unique = false;  // a step relied on the puzzle having one solution
};

// The rater's path for `puzzle` (SE's order: the first productive technique's
// step each time), followed while every step stays within `ceiling` (tenths;
// chains included). `within` is exactly "rate(puzzle, profile) is solved with
// ER <= ceiling", and then rate_path(path) is that rating; otherwise the walk
// stops at the first step past the ceiling, or before a technique whose
// steps all would be.
// Without `record`, the path's steps are not kept (judging most candidates
// needs only `within` and `er`; keeping every step's data costs a tenth of
// the walk on 9x9).
// The deadline is checked before each step (one step can take 0.4 s on a
// 25x25 board); a walk it stops is not within.
CeilingWalk walk_within(const Grid& puzzle, int ceiling, Profile profile, bool record = true,
                        const Deadline& deadline = {});

// The rating of a recorded walk that stayed within its ceiling (rate_path of
// its path).
Rating walk_rating(const CeilingWalk& walk);

// The full rating, chains included; `rating.stopped` when the deadline ran out.
Rating full_rating(const Grid& puzzle, Profile profile, const Deadline& deadline);

}  // namespace nonet::detail
