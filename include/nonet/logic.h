#pragma once
// Human-style solving: techniques that a player would use, steps as data, and a
// difficulty rating on the Sudoku Explainer (SE) scale.
//
//   nonet::LogicState state(grid);                          // candidates from the values
//   while (auto step = nonet::next_step(state)) {           // the easiest step (SE order)
//     std::puts(nonet::render_step(*step, state.geometry()).c_str());
//     state.apply(*step);
//   }
//   nonet::Rating r = nonet::rate(grid);                    // ER / EP / ED and level
//
// Every finder works on every board size: it loops over the geometry's table of
// houses. Steps are pure data (technique, rating, pattern cells and houses,
// placements, eliminations, room for chain links); text is rendered from them.
// Nothing here does I/O, reads a clock or keeps global mutable state.

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/format.h"
#include "nonet/grid.h"
#include "nonet/solver.h"  // Deadline
#include "nonet/technique_table.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

// Every technique a step can carry, one per row of the technique table
// (nonet/technique_table.h), in its order.
enum class Technique : std::uint8_t {
#define NONET_TECHNIQUE_ENUMERATOR(id, ...) id,
  NONET_TECHNIQUES(NONET_TECHNIQUE_ENUMERATOR)
#undef NONET_TECHNIQUE_ENUMERATOR
};

// Which techniques are tried, in which order. `se` is Sudoku Explainer 1.2.1's
// set and order (the default, and the one ratings are defined by); `modern` adds
// single-digit patterns, W-Wing, finned fish, simple coloring and the modern
// chains (AICs, nice loops, ALS-XZ, Sue de Coq) and drops SE's direct forms and
// forcing chains.
enum class Profile : std::uint8_t { se, modern };
std::string_view profile_name(Profile profile);                   // "se", "modern"
std::optional<Profile> profile_from_name(std::string_view name);  // nullopt when unknown

// HoDoKu's levels of technique difficulty.
enum class HodokuLevel : std::uint8_t { easy, medium, hard, unfair, extreme };
std::string_view hodoku_level_name(HodokuLevel level);  // "easy", ..., "extreme"

// One row of the technique table.
struct TechniqueInfo {
  Technique technique;
  std::string_view id;           // "hidden_single"
  std::string_view name;         // "Hidden Single"
  int rating = 0;                // SE rating of the plainest case, in tenths
  std::string_view rating_rule;  // "1.2 in a box, 1.5 in a row or column"
  HodokuLevel hodoku_level = HodokuLevel::easy;
  int hodoku_score = 0;
  bool se = false, modern = false;  // the profiles that use it
  constexpr bool in(Profile profile) const { return profile == Profile::se ? se : modern; }
};
// Every technique, in the table's order.
std::span<const TechniqueInfo> technique_table();
const TechniqueInfo& technique_info(Technique technique);
// The technique with this id ("naked_pair"), or nullopt.
std::optional<Technique> technique_from_id(std::string_view id);
// The techniques a profile uses, in the order it tries them.
std::span<const Technique> profile_techniques(Profile profile);
// "Hidden Single", "Naked Pair", "X-Wing", ...
std::string_view technique_name(Technique technique);
// "hidden_single", "naked_pair", "x_wing", ...
std::string_view technique_id(Technique technique);

// A candidate: digit `digit` (1-based) in cell `cell` (0-based index).
struct CellDigit {
  int cell = 0;
  int digit = 0;
  friend bool operator==(const CellDigit&, const CellDigit&) = default;
};

// One link of a chain: from one candidate to the next, strong (if the first is
// false the second is true) or weak (if the first is true the second is false).
struct ChainLink {
  CellDigit from;
  CellDigit to;
  bool strong = false;
};

// One logical step, as data. Ratings are tenths of the SE scale (23 = 2.3) so
// they compare exactly.
struct Step {
  Technique technique = Technique::full_house;
  int rating = 0;
  // Technique detail: the type of a unique rectangle / BUG, 1 for a sashimi fish.
  int variant = 0;
  std::vector<int> houses;  // houses of the pattern: the main house first; fish: base, cover
  std::vector<int> cells;   // cells of the pattern (XY-Wing: pivot, wing, wing)
  std::vector<int> secondary_cells;  // fins, rescue cells, partner cells of a set
  Mask digits = 0;                   // digits of the pattern
  std::vector<CellDigit> placements;
  std::vector<CellDigit> eliminations;
  // SE's "direct" techniques place a digit that a pattern implies; the pattern's
  // eliminations are listed here for the explanation and are not applied.
  std::vector<CellDigit> implied;
  std::vector<ChainLink> links;  // for the chain family
  // For the sum family: the total `cells` make, and the sets of different
  // digits that make it (empty when the cells may repeat a digit).
  int sum = 0;
  std::vector<Mask> combinations;

  double rating_value() const { return rating / 10.0; }
};

// A position being solved: the values and, for each empty cell, its candidates.
// Cheap to copy (two flat arrays).
class LogicState {
 public:
  // Candidates computed from the values (every digit no peer holds).
  explicit LogicState(const Grid& grid);
  // Candidates given by the player, one mask per cell (bit d-1 = digit d); they
  // are intersected with what the values allow, so a mark that a peer's value
  // rules out is dropped. Filled cells ignore their mask.
  LogicState(const Grid& grid, std::span<const Mask> candidates);

  const Geometry& geometry() const { return *geometry_; }
  int value(int cell) const { return values_[static_cast<std::size_t>(cell)]; }
  // An empty cell's candidates; 0 for a filled cell.
  Mask candidates(int cell) const { return candidates_[static_cast<std::size_t>(cell)]; }
  // Every cell's candidates at once, one mask per cell (the form
  // parse_candidates reads).
  std::span<const Mask> candidate_masks() const { return candidates_; }
  int empty_count() const { return empty_; }
  bool solved() const { return empty_ == 0; }
  // Digits placed so far, per digit (index 1..N).
  int digit_count(int digit) const { return counts_[static_cast<std::size_t>(digit)]; }

  // Where `digit` may still go in `house`: bit i = the house's i-th cell.
  Mask positions(int house, int digit) const;
  int empty_in_house(int house) const {
    return counts_[static_cast<std::size_t>(geometry_->side() + 1 + house)];
  }

  void place(int cell, int digit);      // sets the value, removes it from the peers
  void eliminate(int cell, int digit);  // removes one candidate
  // Applies a step: its eliminations, then its placements.
  void apply(const Step& step);

  Grid grid() const;

 private:
  const Geometry* geometry_;
  std::vector<std::uint8_t> values_;
  std::vector<Mask> candidates_;
  // Placed cells per digit (index 1..N), then empty cells per house (N+1 on):
  // one vector, so a copy of the state costs no more allocations.
  std::vector<int> counts_;
  int empty_ = 0;
};

// How a logical search runs: with which techniques, until when, on how many
// threads. The search stops soon after the deadline passes or `cancel` turns
// true (another thread may set it, as a server does when its client leaves),
// and answers with what it found by then, marked as cut short.
struct LogicOptions {
  Profile profile = Profile::se;
  Deadline deadline;
  const std::atomic<bool>* cancel = nullptr;
  // How many threads a search for nested forcing chains (SE 9.5 and up,
  // seconds on the hardest puzzles) may split its work between, 1 to 16; the
  // steps are the same for any count. A program that rates many puzzles at
  // once is better served by one thread each.
  int threads = 1;
};

// The next step: the first step that the profile's first productive finder
// yields, exactly as SE picks it. nullopt when the position is solved, when no
// technique of the profile applies (the puzzle needs techniques the profile
// lacks, or is broken), or when the search was stopped (solve_path and
// find_hint tell these apart).
std::optional<Step> next_step(const LogicState& state, const LogicOptions& options = {});
std::optional<Step> next_step(const LogicState& state, Profile profile);

// Difficulty bands over ER (documented in docs/logic.md).
enum class Level : std::uint8_t { easy, medium, hard, expert, extreme };
std::string_view level_name(Level level);  // "easy", ...
std::optional<Level> level_from_name(std::string_view name);  // nullopt when unknown
// The level of a rating: extreme when the path got stuck (its ER is only a
// lower bound of at least 6.5).
Level level_for(int er_tenths, bool stuck);

// A puzzle's rating on the SE scale, in tenths.
//   er: the hardest step of the path that always takes the easiest step;
//   ep: the hardest step up to and including the first placement;
//   ed: the rating of the first step (SE's "diamond": hardest before anything
//       else is learned).
// A figure not yet settled when the path ends early is a lower bound (its
// *_exact is false): when the profile's techniques run out (stuck), at least
// 6.5; when the search is stopped, at least what the next step could rate.
struct Rating {
  int er = 0, ep = 0, ed = 0;
  bool er_exact = true, ep_exact = true, ed_exact = true;
  bool stuck = false;    // no technique of the profile applied before the end
  bool stopped = false;  // the deadline passed or the search was cancelled first
  int steps = 0;         // steps applied
  Level level = Level::easy;
};

// Every step from a position until it is solved, no technique applies, or the
// search is stopped.
struct LogicPath {
  std::vector<Step> steps;
  bool solved = false;   // every cell is filled
  bool stopped = false;  // the deadline passed or the search was cancelled: cut short
  // When stopped: the least rating the next step can have (the searches that
  // would have found an easier one had found nothing).
  int floor = 0;
  bool stuck() const { return !solved && !stopped; }
};
// The deadline and the cancel flag are checked before each step and inside
// the slow searches, so the path stops soon after either.
LogicPath solve_path(const LogicState& start, const LogicOptions& options = {});
LogicPath solve_path(const LogicState& start, Profile profile, const Deadline& deadline = {},
                     int threads = 1);

// Rates a puzzle. The caller checks that it has a unique solution (a broken
// puzzle just gets stuck, and rates at least 6.5).
Rating rate(const Grid& puzzle, const LogicOptions& options = {});
Rating rate(const Grid& puzzle, Profile profile, const Deadline& deadline = {}, int threads = 1);
Rating rate_path(const LogicPath& path);

// "2.6", or ">=6.5" when only a lower bound is known.
std::string format_rating(int tenths, bool exact);

// The step's technique as a player reads it, with its variant: "Unique Loop
// type 2", "BUG type 1", "Sashimi X-Wing".
std::string step_title(const Step& step);
// Text of a step, cells named rXcY:
//   "Hidden Single: r3c5 is the only place for 7 in box 2"
//   "Naked Pair 4/8 in row 6 at r6c2, r6c7 => r6c1, r6c5 <> 4, 8"
std::string render_step(const Step& step, const Geometry& geometry);
// The area of a step for a vague hint: "Look for a Naked Pair in row 6".
std::string render_vague(const Step& step, const Geometry& geometry);
// Eliminations as text, grouped by cells that lose the same digits:
// "r6c1, r6c5 <> 4, 8".
std::string render_eliminations(std::span<const CellDigit> eliminations, const Geometry& geometry);

// Reads a player's candidates for a board of `geometry`: either N*N groups
// separated by whitespace or commas, each the symbols of the cell's candidates
// (".", "0" or "-" for none), e.g. "1289 5 37 ..."; or, up to 9x9, one string of
// N*N*N characters, N per cell, a digit where it is a candidate and '.' or '0'
// where not (the common 729-character form). Anything else is an Error whose
// column is the 1-based character where the problem is.
Result<std::vector<Mask>> parse_candidates(std::string_view text, const Geometry& geometry);

// --- Hints -------------------------------------------------------------------

enum class HintLevel : std::uint8_t { vague, concrete, placement };
std::optional<HintLevel> hint_level_from_name(std::string_view name);

struct HintOptions {
  // Profile, deadline, cancel flag and threads of the search for the step (the
  // hardest chains can take seconds); when it is stopped the hint has status
  // `stopped`.
  LogicOptions logic;
  // The player's candidates (one mask per cell), or empty to compute them.
  std::span<const Mask> candidates;
  // The original puzzle, when known: entries that differ from its solution are
  // named. Without it, a wrong entry is detected when the position has no solution.
  const Grid* givens = nullptr;
  // The puzzle's solution, when the caller knows it (from a count or a solve
  // of the givens): the hint is checked against it instead of solving the
  // puzzle again, which on a minimal 25x25 puzzle takes most of a second. It
  // must be a filled grid that keeps the rules and the givens (else status
  // `invalid`, problem `bad_solution`); that it is the only one is the
  // caller's word.
  const Grid* solution = nullptr;
  // The grade the hint is for, when known: its message is worded for it, and
  // only the placement grade walks on to the first placement. Unset: the
  // concrete message and the placement both.
  std::optional<HintLevel> level;
};

enum class HintStatus : std::uint8_t {
  step,              // `step` holds the next step
  solved,            // nothing left to do
  wrong_entries,     // an entry contradicts the solution (wrong_cells may name them)
  wrong_candidates,  // the player's candidates exclude a correct digit
  invalid,           // the givens conflict, have no solution or several
  stuck,             // no technique of the profile applies; the solution exists
  stopped,           // the deadline passed or the search was cancelled first
};
std::string_view hint_status_name(HintStatus status);

// Why a hint's status is `invalid`.
enum class HintProblem : std::uint8_t {
  none,
  sizes_differ,        // the givens and the position are not of one board
  candidates_differ,   // the candidates are not one per cell of the position
  changes_given,       // the position has another digit where a given is
  givens_conflict,     // the givens break the rules
  givens_unsolvable,   // the givens have no solution
  several_solutions,   // the puzzle has more than one
  bad_solution,        // the solution given is not a solution of the givens
};

struct Hint {
  HintStatus status = HintStatus::invalid;
  std::optional<Step> step;  // status == step
  // For the placement grade: the first placement on the logical path from here
  // (the eliminations before it are not shown).
  std::optional<CellDigit> placement;
  std::vector<int> wrong_cells;               // entries that differ from the solution
  std::vector<CellDigit> missing_candidates;  // correct digits the player's marks lack
  std::string message;                        // a sentence for the player
  HintProblem problem = HintProblem::none;    // when invalid
  // When stopped: the least rating the step being searched for can have.
  int floor = 0;
  // The solution the hint was checked against, once known.
  std::optional<Grid> solution;
};

// The next step for a position (givens plus the player's entries). Every step is
// checked against the solution first, so a hint never builds on a wrong entry.
// The solving and the search both stop at options.logic's deadline or cancel
// flag (status `stopped`).
Hint find_hint(const Grid& position, const HintOptions& options = {});

}  // namespace nonet
#pragma GCC visibility pop
