// The generate loop: candidates made minimal or dug within a band, judged by
// their rating, the closest kept in case none fits.

#include <utility>

#include "generate/band_dig.h"
#include "generate/rating_gate.h"
#include "generate/removal_check.h"
#include "generate/search.h"

namespace nonet {
namespace detail {

bool Search::stopped() const {
  return options_.deadline.expired() ||
         (options_.cancel && options_.cancel->load(std::memory_order_relaxed));
}

bool Search::must_stop() {
  if (options_.max_attempts && result_.attempts >= options_.max_attempts) {
    result_.status = GenerateStatus::attempts;
    return true;
  }
  if (stopped()) {
    result_.status = GenerateStatus::timeout;
    return true;
  }
  return false;
}

std::optional<Grid> Search::next_grid() {
  if (options_.grid) return options_.grid;
  return fill_grid(geometry_, rng_, options_.deadline, scratch_.fill);
}

std::optional<Generated> Search::make_minimal() {
  for (;;) {
    if (must_stop()) return std::nullopt;
    std::optional<Grid> solution = next_grid();
    if (!solution) continue;  // deadline: reported at the top of the loop
    DigResult d = dig_orbits(*solution, scratch_.orbits.of(geometry_, options_.symmetry), rng_,
                             solver_, options_.deadline, max_guesses_, options_.cancel);
    result_.checks += d.checks;
    if (d.status == DigStatus::too_hard) max_guesses_ *= 2;
    if (d.status != DigStatus::ok) continue;
    ++result_.attempts;
    const int clues = d.puzzle->filled_count();
    return Generated{std::move(*d.puzzle), std::move(*solution), clues, true};
  }
}

bool Search::clues_fit(const Grid& puzzle) const {
  const int clues = puzzle.filled_count();
  return clues >= options_.min_clues && clues <= options_.max_clues;
}

void Search::consider(const Generated& candidate, const Rating& rating) {
  if (!options_.band || !rating.er_exact || rating.stopped) return;
  const RatingBand& band = *options_.band;
  if (result_.closest_rating &&
      band.distance(result_.closest_rating->er) <= band.distance(rating.er))
    return;
  result_.closest = candidate;
  result_.closest_rating = rating;
}

std::optional<Rating> Search::judge(const Generated& candidate) {
  const RatingBand& band = *options_.band;
  ++result_.ratings;
  Rating rating;
  if (band.high < kChainsFrom) {
    // Most of the cost of rating random puzzles is the chains of those that
    // need them; a band below chains only needs to know the path stays under
    // its top. Minimal puzzles have one solution, so no step misleads. The
    // path is kept (for EP, ED) only for the few candidates that will be used.
    const CeilingWalk walk =
        walk_within(candidate.puzzle, band.high, options_.profile, false, options_.deadline);
    if (!walk.within) return std::nullopt;
    const bool useful = band.contains_er(walk.er) || !result_.closest_rating ||
                        band.distance(walk.er) < band.distance(result_.closest_rating->er);
    if (!useful) return std::nullopt;
    const CeilingWalk path =
        walk_within(candidate.puzzle, band.high, options_.profile, true, options_.deadline);
    if (!path.within) return std::nullopt;  // the deadline stopped it
    rating = walk_rating(path);
  } else {
    rating = full_rating(candidate.puzzle, options_.profile, options_.deadline);
    if (rating.stopped) return std::nullopt;
  }
  if (band.contains(rating)) return rating;
  consider(candidate, rating);
  return std::nullopt;
}

bool Search::take(Generated candidate, std::optional<Rating> rating) {
  if (options_.accept && !options_.accept(candidate.puzzle, candidate.solution)) return false;
  if (!rating && options_.rate) {
    ++result_.ratings;
    const Rating r = full_rating(candidate.puzzle, options_.profile, options_.deadline);
    if (!r.stopped) rating = r;
  }
  result_.status = GenerateStatus::ok;
  result_.puzzle = std::move(candidate);
  result_.rating = rating;
  result_.closest.reset();
  result_.closest_rating.reset();
  return true;
}

GenerateResult Search::run_unbanded() {
  while (std::optional<Generated> made = make_minimal()) {
    if (clues_fit(made->puzzle) && take(std::move(*made), std::nullopt)) break;
  }
  return std::move(result_);
}

GenerateResult Search::run_minimal() {
  while (std::optional<Generated> made = make_minimal()) {
    if (!clues_fit(made->puzzle)) continue;
    std::optional<Rating> rating = judge(*made);
    if (rating && take(std::move(*made), rating)) break;
  }
  return std::move(result_);
}

GenerateResult Search::run_dug() {
  const RatingBand& band = *options_.band;
  while (!must_stop()) {
    std::optional<Grid> solution = next_grid();
    if (!solution) continue;
    BandDig d = dig_in_band(*solution, options_.symmetry, rng_, solver_, band, options_.profile,
                            options_.deadline, options_.cancel, max_guesses_);
    result_.checks += d.checks;
    result_.ratings += d.ratings;
    if (d.status != DigStatus::ok) continue;
    ++result_.attempts;
    const int clues = d.puzzle->filled_count();
    Generated made{std::move(*d.puzzle), std::move(*solution), clues, false};
    if (!clues_fit(made.puzzle)) continue;
    if (!band.contains(*d.rating)) {
      consider(made, *d.rating);
      continue;
    }
    if (take(std::move(made), d.rating)) break;
  }
  return std::move(result_);
}

GenerateResult Search::run() {
  if (!options_.band) return run_unbanded();
  const Method method = options_.method == Method::automatic
                            ? automatic_method(geometry_, *options_.band)
                            : options_.method;
  if (method == Method::dug) return run_dug();
  if (options_.band->low >= kNearFrom && general_) return run_near();
  return run_minimal();
}

}  // namespace detail

Generator::Generator(const Geometry& geometry)
    : geometry_(&geometry),
      solver_(make_solver(geometry)),
      general_(make_solver(geometry, "general")),
      scratch_(std::make_unique<detail::GeneratorScratch>()) {}

Generator::~Generator() = default;

GenerateResult Generator::generate(Rng& rng, const GenerateOptions& options) {
  if (options.min_clues > options.max_clues || options.min_clues >= geometry_->cell_count() ||
      options.max_clues < fewest_clues(*geometry_) ||
      (options.band &&
       (options.band->low > options.band->high || !band_reachable(*geometry_, *options.band)))) {
    GenerateResult result;
    result.status = GenerateStatus::bad_options;
    return result;
  }
  GenerateResult result =
      detail::Search(*geometry_, *solver_, general_.get(), *scratch_, rng, options).run();
  // A puzzle dug within a band says whether it happens to be minimal too.
  for (std::optional<Generated>* made : {&result.puzzle, &result.closest}) {
    if (!*made || (*made)->minimal) continue;
    (*made)->minimal = detail::dug_is_minimal((*made)->puzzle, (*made)->solution, options.symmetry,
                                              *solver_, options.deadline, options.cancel)
                           .value_or(false);
  }
  return result;
}

}  // namespace nonet
