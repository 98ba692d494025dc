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
  if (min_clues > 0 || max_clues < kOpenCount) s = range_text(min_clues, max_clues, false) + " clues";
  if (level) s += (s.empty() ? "" : ", ") + std::string("level ") + std::string(level_name(*level));
  if (rating) s += (s.empty() ? "" : ", ") + std::string("ER ") + range_text(rating->low, rating->high, true);
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
    return fail(Code::bad_value,
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
  if (request.banded() && !band_reachable(g, request.band()))
    return fail(Code::bad_value,
                "no " + g.describe() + " puzzle rates so; the levels on " + g.describe() +
                    " are: " + levels_text(g),
                "rating");
  return {};
}

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
  // then its puzzle, by a generator of its own.
  std::optional<VariantBoard> drawn;
  std::unique_ptr<Generator> own;
  Generator* generator = nullptr;
  if (request.variant) {
    drawn = variant_board(*request.variant, g, rng, context.deadline);
    if (drawn) {
      answer.board = drawn->board;
      own = std::make_unique<Generator>(*drawn->board);
      generator = own.get();
    }
  } else {
    generator = &context.scratch_for_now().generator(g);
  }
  GenerateResult r;
  if (generator) {
    r = generator->generate(rng, options);
  } else {
    r.status = GenerateStatus::timeout;  // the deadline expired while drawing the regions
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
      answer.message = "the " + board_text(request) + " puzzle was made, but its rating did not finish " +
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
    answer.message += "; the closest found rates " +
                      std::string(level_name(answer.rating->level)) + ", ER " +
                      format_rating(answer.rating->er, true);
    return answer;
  }
  answer.status = stop;
  return answer;
}

}  // namespace nonet::ops
