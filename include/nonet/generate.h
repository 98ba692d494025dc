#pragma once
// Generating puzzles: random full grids of every size, dug down to puzzles with
// one solution that are minimal (no clue, or symmetric group of clues, can go
// without losing uniqueness), with an optional symmetry of the clue pattern; or,
// for a difficulty band, puzzles whose own rating lies inside it.
//
//   nonet::Rng rng(nonet::Rng::derive(seed, index));     // the caller seeds
//   nonet::Generator gen(*nonet::Geometry::get(3, 3));
//   nonet::GenerateOptions opt;
//   opt.symmetry = nonet::Symmetry::rot180;
//   opt.band = nonet::level_band(nonet::Level::hard);    // optional
//   nonet::GenerateResult r = gen.generate(rng, opt);
//   if (r.status == nonet::GenerateStatus::ok) use(r.puzzle->puzzle, *r.rating);
//
// Every random choice comes from the Rng the caller hands in, so a result is a
// pure function of (geometry, options, seed). Rng is our own xoshiro256** with
// our own bounded draws, so the same seed gives the same puzzles on every
// platform and standard library (std::uniform_int_distribution does not).

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nonet/grid.h"
#include "nonet/logic.h"
#include "nonet/solver.h"
#include "nonet/variant.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

// A small, fast, reproducible random number generator (xoshiro256**, seeded
// through splitmix64).
class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  std::uint64_t next();
  // Uniform in [0, bound), bound >= 1 (Lemire's multiply-and-reject).
  std::uint32_t below(std::uint32_t bound);
  template <class T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[below(static_cast<std::uint32_t>(i))]);
    }
  }
  // The seed of item `index` of a run seeded with `seed`: each puzzle of a batch
  // has its own stream, so the output does not depend on how work is shared
  // among threads.
  static std::uint64_t derive(std::uint64_t seed, std::uint64_t index);

 private:
  std::uint64_t s_[4];
};

// Symmetries of the clue pattern (positions only; digits are free).
enum class Symmetry { none, rot180, rot90, mirror, flip, diagonal, antidiagonal };
// "none", "rot180", "rot90", "mirror" (left-right), "flip" (top-bottom),
// "diagonal" (r1c1..rNcN), "antidiagonal" (r1cN..rNc1).
const char* to_string(Symmetry symmetry);
std::optional<Symmetry> symmetry_from_string(std::string_view name);
std::span<const Symmetry> all_symmetries();

// The cells of the board grouped into orbits of the symmetry: each orbit is
// kept or removed together. Orbits are listed in order of their first cell.
std::vector<std::vector<int>> symmetry_orbits(const Geometry& geometry, Symmetry symmetry);
// Whether the clue pattern of `puzzle` is invariant under the symmetry.
bool has_symmetry(const Grid& puzzle, Symmetry symmetry);

// A uniformly shuffled complete grid: randomized depth-first search with
// propagation of singles (digits tried in random order at a random cell of
// fewest candidates), restarted with fresh choices when a search runs long.
// nullopt only when the deadline expires (possible on 25x25 with a tight one).
// Each call makes its own search buffers; a Generator keeps its own from one
// grid to the next.
std::optional<Grid> random_solution(const Geometry& geometry, Rng& rng,
                                    const Deadline& deadline = {});

// too_hard: a check ran past max_guesses (the grid is not dug further).
enum class DigStatus { ok, timeout, not_unique, too_hard };

struct DigResult {
  DigStatus status = DigStatus::ok;
  std::optional<Grid> puzzle;
  std::uint64_t checks = 0;  // solver searches run to check removals
};

// Removes the orbits of `solution` in random order, each when the puzzle keeps a
// unique solution. One pass suffices for minimality: an orbit that could not go
// from a larger puzzle cannot go from any puzzle inside it. `solver` checks
// each removal (make_solver(geometry) is the fast choice): the general solver
// searches for a solution with another digit in a removed cell, any other
// solver counts solutions up to 2. `solution` must be a valid full grid
// (else not_unique).
// max_guesses (0: none) bounds the branching of each check where the solver
// supports it (the general solver). `cancel` (may be null), once true, stops
// the dig as the deadline does (status timeout). Each call builds the orbits
// afresh; a Generator keeps those of its last symmetry.
DigResult dig(const Grid& solution, Symmetry symmetry, Rng& rng, Solver& solver,
              const Deadline& deadline = {}, std::uint64_t max_guesses = 0,
              const std::atomic<bool>* cancel = nullptr);

// Checks that `puzzle` has exactly one solution and that no orbit of its clues
// under `symmetry` can be removed without losing that (for Symmetry::none: no
// single clue). nullopt when the deadline stopped a search.
std::optional<bool> is_unique(const Grid& puzzle, Solver& solver, const Deadline& deadline = {});
std::optional<bool> is_minimal(const Grid& puzzle, Symmetry symmetry, Solver& solver,
                               const Deadline& deadline = {});

// --- Difficulty ---------------------------------------------------------------

// A band of ratings on the Sudoku Explainer scale: ER (in tenths, 26 = 2.6) from
// `low` to `high`. A rating that is only a lower bound (the rater stopped, or
// the profile ran out of techniques) is inside no band: a puzzle is labelled
// only with a rating it has earned.
struct RatingBand {
  static constexpr int kOpen = 1 << 20;  // `high` of a band with no top
  int low = 0;
  int high = kOpen;
  bool contains(const Rating& rating) const;
  bool contains_er(int er) const { return er >= low && er <= high; }
  // How far ER `er` lies outside the band, in tenths (0 inside).
  int distance(int er) const { return er < low ? low - er : er > high ? er - high : 0; }
};
// The ER range of a level: easy 0-1.5, medium 1.6-2.5, hard 2.6-4.5, expert
// 4.6-6.2, extreme 6.3 and up (docs/logic.md).
RatingBand level_band(Level level);

// The levels a board of this side can have, easiest first. 4x4 has only easy
// puzzles: every one of its 13,579,680 proper puzzles is solved by hidden singles
// (checked exhaustively, docs/generate.md). Every other size has all five.
std::span<const Level> levels_for(const Geometry& geometry);
bool level_exists(const Geometry& geometry, Level level);
// No proper puzzle rates below ER 1.0, a full house.
inline constexpr int kLowestEr = 10;
// Whether a band overlaps a level the board has and reaches ER 1.0 (Generator
// refuses it otherwise, with bad_options).
bool band_reachable(const Geometry& geometry, const RatingBand& band);
// The fewest clues a proper puzzle of the board can have, as far as is known:
// 4 on 4x4, 8 on 6x6, 14 on 8x8 and 17 on 9x9 (each settled by exhaustive
// search); elsewhere side - 1, as a puzzle lacking two digits has a second
// solution with them swapped, and so on a variant's board (none under the
// non-consecutive rule, which a swap of digits does not keep). Generator refuses a max_clues below it
// (bad_options).
int fewest_clues(const Geometry& geometry);
// "easy, medium, hard, expert and extreme" / "easy": the levels of the size.
std::string levels_text(const Geometry& geometry);

// How puzzles for a band are made.
//   minimal: minimal puzzles (as without a band), rated, kept when inside the
//     band; for bands from ER 9.0 up, a search near hard puzzles (below).
//   dug: a full grid dug only while its rating stays within the band's top, so
//     the puzzle keeps the clues a minimal one would lose (the easy end of big
//     boards, where minimal puzzles are all hard); for bands that need chains,
//     dug until the first puzzle that needs them.
//   automatic: dug on a variant's board (its minimal puzzles are mostly hard);
//     on a classic one, minimal where random minimal puzzles reach the band quickly
//     (up to 9x9 every band; 12x12 medium, hard and extreme; 16x16 and 25x25
//     from ER 8.0 up), dug elsewhere.
enum class Method { automatic, minimal, dug };
// The method `automatic` picks for this board and band.
Method automatic_method(const Geometry& geometry, const RatingBand& band);

// A filter on generated puzzles: true keeps the puzzle.
using PuzzleFilter = std::function<bool(const Grid& puzzle, const Grid& solution)>;

struct GenerateOptions {
  Symmetry symmetry = Symmetry::none;
  int min_clues = 0;        // keep puzzles with clues in [min_clues, max_clues]
  int max_clues = 1 << 20;
  PuzzleFilter accept;      // optional: any other filter
  // Keep puzzles whose rating (by `profile`) lies inside the band; the result
  // carries the rating.
  std::optional<RatingBand> band;
  Method method = Method::automatic;
  Profile profile = Profile::se;
  bool rate = false;  // rate the puzzle even without a band
  Deadline deadline;        // the whole search for one puzzle
  const std::atomic<bool>* cancel = nullptr;
  std::uint64_t max_attempts = 0;  // 0 = until the deadline or cancel
  // A full grid of the board to dig, in place of new ones filled at random:
  // a killer's cages are drawn from their grid.
  std::optional<Grid> grid;
};

struct Generated {
  Grid puzzle;
  Grid solution;
  int clues = 0;
  // No clue (orbit of clues, for its symmetry) can go without a second
  // solution: made minimal, or dug within a band and checked (false when a
  // deadline or cancel cut that check short).
  bool minimal = false;
};

enum class GenerateStatus {
  ok,
  timeout,       // deadline or cancel before a puzzle passed the filters
  attempts,      // max_attempts puzzles made, none passed
  bad_options,   // e.g. min_clues > max_clues, or a band no puzzle of the size reaches
};
const char* to_string(GenerateStatus status);

struct GenerateResult {
  GenerateStatus status = GenerateStatus::ok;
  std::optional<Generated> puzzle;
  // The puzzle's rating: with a band (always exact and inside it) or `rate`
  // (unset when the deadline stopped the rating).
  std::optional<Rating> rating;
  // When no puzzle passed: the rated candidate nearest the band, and its rating.
  std::optional<Generated> closest;
  std::optional<Rating> closest_rating;
  std::uint64_t attempts = 0;  // candidate puzzles made (and filtered)
  std::uint64_t checks = 0;    // uniqueness checks
  std::uint64_t ratings = 0;   // candidates rated
};

// --- Variants ---------------------------------------------------------------

// The variants the generator makes: those whose rules are houses or peers, so
// that a puzzle of one is a grid on its board (Geometry::with_layout) and is
// dug, checked and rated as a classic one is.
enum class VariantKind : std::uint8_t {
  x,                // both main diagonals are houses
  windoku,          // four 3x3 windows are houses (9x9)
  disjoint_groups,  // the cells at one place in every box form a house
  jigsaw,           // N regions of any shape in place of the boxes
  anti_knight,      // no digit a knight's move from itself
  anti_king,        // no digit a king's move from itself
  non_consecutive,  // orthogonal neighbours are not consecutive (1 and N are not)
  killer,           // cages whose digits differ and make their sums, drawn from the grid
  kropki,           // every white dot (consecutive) and black dot (double) given, drawn from the grid
  xv,               // every X (sum 10) and V (sum 5) given, drawn from the grid
  thermo,           // thermometers whose digits rise from the bulb, drawn from the grid
};
struct VariantKindInfo {
  VariantKind kind;
  const char* id;    // "anti-knight": its name in every front end
  const char* name;  // "anti-knight sudoku"
  const char* rule;  // the rule added to sudoku's, one sentence
};
std::span<const VariantKindInfo> variant_kinds();
const VariantKindInfo& info(VariantKind kind);
// The kind an id names ("x", "anti-knight", ...; '_' may stand for '-').
std::optional<VariantKind> variant_kind_from_string(std::string_view id);
// Whether the kind's rules are drawn from a full grid for every puzzle
// (killer's cages, kropki's dots, XV's marks, thermo's thermometers).
bool drawn_from_grid(VariantKind kind);

// A variant's rules on a board of one side: the puzzle with no givens, and
// the board the generator, the solvers and the logic read it on.
struct VariantBoard {
  VariantPuzzle rules;
  std::shared_ptr<const Geometry> board;
  // The full grid the rules were drawn from (killer), on `board`: the one to dig.
  std::optional<Grid> grid;
};
// fewest_clues for the variant: side - 1 (a puzzle lacking two digits has a
// second solution with them swapped), none under the non-consecutive rule.
int fewest_clues(VariantKind kind, const Geometry& base);
// Whether `kind` can be drawn on a board like `base`: sides up to 12,
// windoku on 9x9 alone, and some full grid must keep the rule (none keeps
// anti-king or non-consecutive on 4x4). An Error that says why not.
Result<void> variant_fits(VariantKind kind, const Geometry& base);
// The ratings the generator offers for `kind`: killer from medium to hard (ER
// 2.0 to 4.5: every one reads a cage's sum, Cage Combination 2.0, and past
// the sum techniques, 3.0 at most, the rest is chains, seldom met); every
// other kind any rating.
RatingBand variant_ratings(VariantKind kind);
// The board of a puzzle of `kind` of `base`'s size. Every kind but jigsaw and
// the kinds drawn from a grid has one board. Killer's cages, kropki's dots,
// XV's marks and thermo's thermometers are drawn from a full grid filled from
// `rng`, which comes back with the board: cages of 2 to 5 cells (no digit twice
// in one); every dot, X and V the grid has; thermometers of 3 to 6 cells grown
// along rising digits; jigsaw's regions are drawn from `rng`: N connected regions of N
// cells that some full grid fills, grown from the boxes by random exchanges of
// cells between neighbouring regions. nullopt only when the deadline expires.
std::optional<VariantBoard> variant_board(VariantKind kind, const Geometry& base, Rng& rng,
                                          const Deadline& deadline = {});

namespace detail {
struct GeneratorScratch;
}

// Makes puzzles of one geometry. Not shared between threads: it owns its
// solvers and the buffers it reuses from one puzzle to the next (one
// Generator per thread).
class Generator {
 public:
  explicit Generator(const Geometry& geometry);
  ~Generator();
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  const Geometry& geometry() const { return *geometry_; }
  // Full grid, dig, filter; repeated with fresh random choices until a puzzle
  // passes the filters, the deadline expires or the attempts run out. A grid
  // whose dig meets a check that branches past a budget (4,096 guesses, doubled
  // at each such grid) is dropped for a fresh one: a few 25x25 grids would
  // otherwise take minutes. With a band, see Method.
  GenerateResult generate(Rng& rng, const GenerateOptions& options);

 private:
  const Geometry* geometry_;
  std::unique_ptr<Solver> solver_;
  std::unique_ptr<Solver> general_;  // finds a second solution in the search near hard puzzles
  std::unique_ptr<detail::GeneratorScratch> scratch_;  // the grid filler's buffers, the orbits
};

}  // namespace nonet
#pragma GCC visibility pop
