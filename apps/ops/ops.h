#pragma once
// The operations every front end offers, each once: a typed request carrying
// every option the operation has, one function that runs it under a Context,
// and a typed answer (or a Failure). The CLI, the JSON API (server and
// WebAssembly), and the Python module only turn their input into a request and
// an answer into their output (ops/json.h, ops/text.h).
//
//   ops::RateRequest request{*puzzle};
//   request.profile = Profile::modern;
//   ops::Result<ops::RateAnswer> answer = ops::rate(request, context);
//
// The options, with their one name in every front end, are listed in
// ops/options.h.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nonet/generate.h"
#include "nonet/grid.h"
#include "nonet/logic.h"
#include "nonet/solver.h"
#include "nonet/transform.h"
#include "nonet/validate.h"
#include "nonet/variant.h"
#include "ops/context.h"
#include "ops/status.h"
#include "ops/values.h"

namespace nonet::ops {

// --- solve, count ---------------------------------------------------------------

struct SolveRequest {
  Grid puzzle;
  std::string solver = "auto";
  // count: stop at this many solutions; solve: 2 (one, proven unique).
  std::uint64_t limit = 2;
  bool counting = false;  // count's answer, which keeps the first solution found
  // A variant puzzle (read_variant), searched in place of `puzzle`.
  std::shared_ptr<const VariantPuzzle> variant{};
};

struct SolveAnswer {
  // solved, no_solution, multiple, limit, invalid (conflicting givens), timeout, cancelled
  Status status = Status::solved;
  const Geometry* geometry = nullptr;
  std::uint64_t count = 0;
  bool exact = false;  // the search finished: count is exact
  std::uint64_t guesses = 0;
  bool counting = false;
  // The first solution found: solve's when solved or multiple, count's always.
  std::optional<Grid> solution{};
  std::vector<Conflict> conflicts{};  // status invalid
  std::string message{};              // status invalid: every conflict; cancelled: why
  std::shared_ptr<const VariantPuzzle> variant{};  // the variant puzzle searched, if it was one
};
Result<SolveAnswer> solve(const SolveRequest& request, Context& context);

// --- validate, candidates -------------------------------------------------------

struct ValidateAnswer {
  Grid puzzle;
  Validation validation{};
  std::shared_ptr<const VariantPuzzle> variant{};  // the variant puzzle checked, if it was one
  std::vector<Violation> violations{};             // a variant's: houses and constraints broken
  Status status() const;  // solved, incomplete, invalid
};
ValidateAnswer validate(const Grid& puzzle);
// A variant puzzle's grid (its givens) against its rows, columns, regions and constraints.
ValidateAnswer validate(std::shared_ptr<const VariantPuzzle> puzzle);

struct CandidatesAnswer {
  Grid puzzle;
  std::vector<Mask> candidates{};  // per cell; a filled cell's is empty
};
CandidatesAnswer candidates(const Grid& puzzle);

// --- rate, explain, hint --------------------------------------------------------

// A variant puzzle whose rules are all houses or peers (jigsaw, X, windoku,
// disjoint groups, extra regions, anti-knight, anti-king: house_geometry) is
// rated, explained and hinted as a classic one on its own board; the answer
// holds that board, on which its grids and steps are.
struct RateRequest {
  Grid puzzle;
  Profile profile = Profile::se;
  std::shared_ptr<const VariantPuzzle> variant{};  // read in place of `puzzle`
};
struct RateAnswer {
  Status status = Status::rated;  // rated, timeout, cancelled
  const Geometry* geometry = nullptr;
  std::shared_ptr<const Geometry> board{};  // a variant's board, kept alive
  Rating rating{};
  std::string message{};  // when stopped
};
Result<RateAnswer> rate(const RateRequest& request, Context& context);

struct ExplainRequest {
  Grid puzzle;
  std::vector<Mask> candidates{};  // the player's marks; empty: from the values
  Profile profile = Profile::se;
  std::shared_ptr<const VariantPuzzle> variant{};  // read in place of `puzzle`
};
struct ExplainAnswer {
  Status status = Status::solved;  // solved, stuck, timeout, cancelled
  std::shared_ptr<const Geometry> board{};  // a variant's board, kept alive
  Grid puzzle;
  Grid solution;
  LogicPath path{};
  Rating rating{};
  std::optional<Grid> stuck_at{};  // where the path ended, when not solved
  std::string message{};           // when not solved
};
Result<ExplainAnswer> explain(const ExplainRequest& request, Context& context);

struct HintRequest {
  Grid puzzle;                 // the position: givens and the player's entries
  std::optional<Grid> givens{};  // the original puzzle: wrong entries are named
  // The puzzle's solution, when known (from count or solve): the hint is
  // checked against it instead of solving again.
  std::optional<Grid> solution{};
  std::vector<Mask> candidates{};
  Profile profile = Profile::se;
  HintLevel level = HintLevel::concrete;
  int cell = -1;  // a cell whose solution digit is wanted too
  // The variant puzzle (its givens are the original puzzle's); `puzzle` is
  // then the position on a board of the same side.
  std::shared_ptr<const VariantPuzzle> variant{};
};
struct HintAnswer {
  // step, solved, wrong_entries, wrong_candidates, stuck, timeout, cancelled
  Status status = Status::step;
  HintLevel level = HintLevel::concrete;
  const Geometry* geometry = nullptr;
  std::shared_ptr<const Geometry> board{};  // a variant's board, kept alive
  Hint hint{};
  std::string message{};  // for the level asked for
  int cell = -1;
};
Result<HintAnswer> hint(const HintRequest& request, Context& context);

// The solution of a puzzle that must have exactly one, or why it has not:
// conflicting_givens, no_solution, not_unique, timeout or cancelled.
Result<Grid> unique_solution(const Grid& puzzle, Context& context);

// --- generate -------------------------------------------------------------------

struct GenerateRequest {
  const Geometry* geometry = nullptr;
  // A variant's puzzles in place of classic ones: its rules on `geometry`'s size.
  std::optional<VariantKind> variant{};
  Symmetry symmetry = Symmetry::none;
  int min_clues = 0, max_clues = 1 << 20;
  std::optional<Level> level{};
  std::optional<RatingBand> rating{};// an ER band of its own ("rating"), in tenths
  Profile profile = Profile::se;
  bool rate = false;                 // rate every puzzle, not only those of a band
  std::optional<bool> minimal{};     // with a band: minimal (true) or dug (false)
  std::uint64_t seed = 0;
  std::uint64_t index = 0;  // the puzzle's place in its run: it has a random stream of its own
  // The random stream is Rng::derive(seed, index), or the seed itself when
  // this is set (the JSON API's puzzles, one a request).
  bool seed_is_stream = false;

  bool banded() const { return level || rating; }
  RatingBand band() const;  // the level's band narrowed by `rating`
  // "22-26 clues, level hard, ER 3.0-4.5": what the filters ask for.
  std::string filters() const;
};
// Checks what depends on several options (a level the board lacks, clue
// bounds no puzzle meets, a band below ER 1.0, ...): bad_value naming the option.
Result<void> check(const GenerateRequest& request);
// The checks of the band alone (a rating outside the level, below ER 1.0;
// minimal without a band): for puzzles taken from a library, whose board is
// the library's.
Result<void> check_band(const GenerateRequest& request);

struct GenerateAnswer {
  // ok; closest: no puzzle in the band in time, `puzzle` is the rated
  // candidate nearest to it; timeout or cancelled: none at all (`puzzle` unset).
  Status status = Status::ok;
  std::optional<Generated> puzzle{};
  std::optional<Rating> rating;  // with a band or `rate` (unset when its rating was cut short)
  const Geometry* geometry = nullptr;  // the size (a variant's board is `board`)
  // A variant's: its kind, its board (the puzzle's grids lie on it) and the
  // puzzle with its rules and givens, as f-puzzles and the other forms write it.
  std::optional<VariantKind> variant_kind{};
  std::shared_ptr<const Geometry> board{};
  std::shared_ptr<const VariantPuzzle> variant{};
  Symmetry symmetry = Symmetry::none;
  std::optional<Level> level{};  // as asked
  std::uint64_t seed = 0, index = 0;
  std::uint64_t attempts = 0;  // candidate puzzles made
  std::uint64_t ratings = 0;   // candidates rated
  std::string filters;         // GenerateRequest::filters()
  std::string message{};         // closest, timeout, cancelled: what happened
};
Result<GenerateAnswer> generate(const GenerateRequest& request, Context& context);

// --- transform, canon -----------------------------------------------------------

struct TransformRequest {
  Grid puzzle;
  std::vector<TransformOp> ops{};  // when not random
  bool random = false;           // a random shape-keeping transformation
  std::uint64_t seed = 0;
  std::uint64_t index = 0;  // with random: the puzzle's place in its run picks its stream
  bool seed_is_stream = false;  // as GenerateRequest's
};
struct TransformAnswer {
  Grid puzzle;
  std::vector<TransformOp> ops{};  // as applied
  std::optional<std::uint64_t> seed{};
};
Result<TransformAnswer> transform(const TransformRequest& request, Context& context);

struct CanonAnswer {
  Grid canonical;
  int clues = 0;
};
Result<CanonAnswer> canon(const Grid& puzzle, Context& context);

// --- convert ----------------------------------------------------------------------

struct Document;

struct ConvertRequest {
  Grid puzzle;
  std::shared_ptr<const VariantPuzzle> variant{};  // written in place of `puzzle`, when given
  Form to = Form::fpuzzles;
  // Read from another program's file: its entries, marks and notes go along
  // where `to` carries them (ops/formats.h).
  std::shared_ptr<const Document> document{};
  // One of many written together: OpenSudoku's game alone, without the
  // <opensudoku> element the caller writes around them all.
  bool part = false;
};
struct ConvertAnswer {
  Form to = Form::fpuzzles;
  std::string text;  // the JSON, the link (one line), or another program's form
};
// A classic puzzle is written as a variant with no constraints (its boxes
// given as regions when the size's usual boxes are other). Fails (bad_value)
// when the form cannot hold the puzzle: a variant in another program's form,
// a 16x16 puzzle in a 9x9-only one.
Result<ConvertAnswer> convert(const ConvertRequest& request);

}  // namespace nonet::ops
