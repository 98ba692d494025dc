// generate: new puzzles, checked options first.

#include <algorithm>
#include <memory>

#include "ops/ops.h"
#include "ops/values.h"

namespace nonet::ops {

RatingBand GenerateRequest::band() const {
  RatingBand b = level ? level_band(*level) : RatingBand{};
  if (rating) {
    b.low = std::max(b.low, rating->low);
    b.high = std::min(b.high, rating->high);
  }
  return b;
}

std::string GenerateRequest::filters() const {
  std::string s;
  if (min_clues > 0 || max_clues < kOpenCount)
    s = range_text(min_clues, max_clues, false) + " clues";
  if (level) s += (s.empty() ? "" : ", ") + std::string("level ") + std::string(level_name(*level));
  if (rating)
    s += (s.empty() ? "" : ", ") + std::string("ER ") + range_text(rating->low, rating->high, true);
  return s;
}

namespace {

// "9x9" or, for a variant, "9x9 sudoku X": the puzzles asked for.
std::string board_text(const GenerateRequest& request) {
  std::string s = request.geometry->describe();
  if (request.variant) s += " " + std::string(info(*request.variant).name);
  return s;
}

}  // namespace

Result<void> check_band(const GenerateRequest& request) {
  if (!request.banded()) {
    if (request.minimal)
      return fail(Code::bad_value,
                  "chooses how puzzles of a level or rating band are made; give a level or a "
                  "rating (without one every puzzle is minimal)",
                  "minimal");
    return {};
  }
  const RatingBand band = request.band();
  if (request.level && request.rating && band.low > band.high) {
    const RatingBand lb = level_band(*request.level);
    return fail(Code::bad_value,
                "lies outside the " + std::string(level_name(*request.level)) + " level (ER " +
                    range_text(lb.low, lb.high, true) + ")",
                "rating");
  }
  if (band.high < kLowestEr)
    return fail(Code::bad_value, "no puzzle rates below ER 1.0 (a full house)", "rating");
  return {};
}

Result<void> check(const GenerateRequest& request) {
  const Geometry& g = *request.geometry;
  if (g.box_rows() < 2 || g.box_cols() < 2)
    return fail(Code::bad_value,
                "boxes one cell wide make no sudoku; boxes need at least 2 rows and 2 columns",
                "box");
  if (request.variant) {
    if (nonet::Result<void> fits = variant_fits(*request.variant, g); !fits)
      return fail(Code::bad_value, fits.error().message, "variant");
  }
  const std::string what = board_text(request);
  if (request.min_clues >= g.cell_count())
    return fail(
        Code::bad_value,
        "a " + what + " puzzle has at most " + std::to_string(g.cell_count() - 1) + " clues",
        "clues");
  const int fewest = request.variant ? fewest_clues(*request.variant, g) : fewest_clues(g);
  if (request.max_clues < fewest)
    return fail(Code::bad_value,
                "no proper " + what + " puzzle has fewer than " + std::to_string(fewest) + " clues",
                "clues");
  // A level the board cannot have is refused at once, naming those it has.
  if (request.level && !level_exists(g, *request.level))
    return fail(Code::bad_value,
                "no " + g.describe() + " puzzle is " + std::string(level_name(*request.level)) +
                    "; the levels on " + g.describe() + " are: " + levels_text(g),
                "level");
  if (Result<void> band = check_band(request); !band) return band;
  if (request.variant && request.banded()) {
    const RatingBand offered = variant_ratings(*request.variant);
    const RatingBand asked = request.band();
    if (asked.high < offered.low || asked.low > offered.high)
      return fail(Code::bad_value,
                  "no " + what + " puzzle is made " +
                      (request.level ? std::string(level_name(*request.level)) : "in that band") +
                      " so far: they rate from ER " + format_rating(offered.low, true) + " to " +
                      format_rating(offered.high, true) + " (" +
                      std::string(level_name(level_for(offered.low, false))) + " to " +
                      std::string(level_name(level_for(offered.high, false))) +
                      "); past the sum techniques lie only chains",
                  request.level ? "level" : "rating");
  }
  if (request.banded() && !band_reachable(g, request.band()))
    return fail(Code::bad_value,
                "no " + g.describe() + " puzzle rates so; the levels on " + g.describe() +
                    " are: " + levels_text(g),
                "rating");
  return {};
}

// Digs of one killer grid (its cages drawn from it) before new cages are drawn.
constexpr std::uint64_t kDigsPerGrid = 4;

Result<GenerateAnswer> generate(const GenerateRequest& request, Context& context) {
  if (Result<void> checked = check(request); !checked) return checked.error();
  const Geometry& g = *request.geometry;
  GenerateOptions options;
  options.symmetry = request.symmetry;
  options.min_clues = request.min_clues;
  options.max_clues = request.max_clues;
  options.cancel = context.cancel;
  // Ratings share the puzzle's budget: the hardest chains can take minutes,
  // and a rating cut short is not a rating.
  options.deadline = context.deadline;
  options.profile = request.profile;
  options.rate = request.rate;
  if (request.banded()) options.band = request.band();
  if (request.minimal) options.method = *request.minimal ? Method::minimal : Method::dug;
  // Each puzzle of a run has a stream of its own, so a run's puzzles do not
  // depend on how its threads share them.
  Rng rng(request.seed_is_stream ? request.seed : Rng::derive(request.seed, request.index));
  GenerateAnswer answer;
  answer.geometry = &g;
  answer.variant_kind = request.variant;
  // A variant's board comes first from the stream (jigsaw draws its regions),
  // then its puzzle, by a generator of its own. A killer's cages belong to one
  // grid: a few digs of it are tried before cages are drawn afresh.
  std::optional<VariantBoard> drawn;
  GenerateResult r;
  if (request.variant) {
    std::optional<VariantBoard> closest_board;
    r.status = GenerateStatus::timeout;  // unless a board is drawn in time
    while (!context.cancelled()) {
      std::optional<VariantBoard> next = variant_board(*request.variant, g, rng, context.deadline);
      if (!next) break;  // the deadline expired while drawing it
      GenerateOptions own = options;
      own.grid = next->grid;
      if (next->grid) own.max_attempts = kDigsPerGrid;
      GenerateResult one = Generator(*next->board).generate(rng, own);
      r.attempts += one.attempts;
      r.checks += one.checks;
      r.ratings += one.ratings;
      r.status = one.status;
      if (one.closest_rating &&
          (!r.closest_rating || options.band->distance(one.closest_rating->er) <
                                    options.band->distance(r.closest_rating->er))) {
        r.closest = std::move(one.closest);
        r.closest_rating = one.closest_rating;
        closest_board = next;
      }
      if (one.status == GenerateStatus::ok) {
        r.puzzle = std::move(one.puzzle);
        r.rating = one.rating;
        drawn = std::move(next);
        break;
      }
      if (!next->grid || one.status != GenerateStatus::attempts) break;
    }
    if (!r.puzzle && r.closest) drawn = std::move(closest_board);
    if (r.status == GenerateStatus::attempts) r.status = GenerateStatus::timeout;
    if (drawn) answer.board = drawn->board;
  } else {
    r = context.scratch_for_now().generator(g).generate(rng, options);
  }
  if (drawn && (r.puzzle || r.closest)) {
    VariantPuzzle made = drawn->rules;
    const Grid& givens = r.puzzle ? r.puzzle->puzzle : r.closest->puzzle;
    for (int c = 0; c < givens.size(); ++c) made.givens.set(c, givens[c]);
    answer.variant = std::make_shared<const VariantPuzzle>(std::move(made));
  }

  answer.symmetry = request.symmetry;
  answer.level = request.level;
  answer.seed = request.seed;
  answer.index = request.index;
  answer.attempts = r.attempts;
  answer.ratings = r.ratings;
  answer.filters = request.filters();
  const std::string wanted =
      board_text(request) + " puzzle" + (answer.filters.empty() ? "" : " with " + answer.filters);
  if (r.status == GenerateStatus::bad_options)
    return fail(Code::bad_value, "no " + wanted + " can be made");
  const Status stop = context.cancelled() ? Status::cancelled : Status::timeout;
  if (r.status == GenerateStatus::ok) {
    answer.puzzle = std::move(r.puzzle);
    answer.rating = r.rating;
    if ((request.rate || request.banded()) && !answer.rating) {
      answer.status = stop;
      answer.message = "the " + board_text(request) +
                       " puzzle was made, but its rating did not finish " +
                       (context.cancelled() ? "before it was " + context.cancelled_text()
                                            : "within " + context.budget_text());
    }
    return answer;
  }
  // None in the band (or none at all) in time: how far the search got.
  answer.message =
      "no " + wanted + " found " +
      (context.cancelled() ? "before the search was " + context.cancelled_text()
                           : "within " + context.budget_text()) +
      " (" + std::to_string(r.attempts) + " puzzles finished" +
      (request.banded() ? ", " + std::to_string(r.ratings) + " candidates rated" : "") + ")";
  if (r.closest && r.closest_rating) {
    answer.status = Status::closest;
    answer.puzzle = std::move(r.closest);
    answer.rating = r.closest_rating;
    answer.message += "; the closest found rates " + std::string(level_name(answer.rating->level)) +
                      ", ER " + format_rating(answer.rating->er, true);
    return answer;
  }
  answer.status = stop;
  return answer;
}

}  // namespace nonet::ops
