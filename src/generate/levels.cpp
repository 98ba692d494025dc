// Difficulty bands, the levels each board size has, and how a band is served.

#include <array>

#include "nonet/generate.h"

namespace nonet {
namespace {

constexpr std::array<Level, 5> kAllLevels = {Level::easy, Level::medium, Level::hard, Level::expert,
                                             Level::extreme};

}  // namespace

bool RatingBand::contains(const Rating& rating) const {
  return !rating.stopped && rating.er_exact && contains_er(rating.er);
}

RatingBand level_band(Level level) {
  switch (level) {
    case Level::easy:
      return {0, 15};
    case Level::medium:
      return {16, 25};
    case Level::hard:
      return {26, 45};
    case Level::expert:
      return {46, 62};
    case Level::extreme:
      return {63, RatingBand::kOpen};
  }
  return {};
}

// 4x4: every proper puzzle (13,579,680 of them, counted over all 288 grids and
// every subset of their cells by bench/levels_bench.cpp) is solved by full
// houses and hidden singles in boxes, ER 1.2 at most. Every other size was
// seen with all five levels (docs/generate.md has the examples and counts);
// sizes not measured are not refused anything.
std::span<const Level> levels_for(const Geometry& geometry) {
  if (geometry.side() == 4) return std::span(kAllLevels).first(1);
  return kAllLevels;
}

bool level_exists(const Geometry& geometry, Level level) {
  for (const Level l : levels_for(geometry))
    if (l == level) return true;
  return false;
}

bool band_reachable(const Geometry& geometry, const RatingBand& band) {
  if (band.high < kLowestEr) return false;
  for (const Level l : levels_for(geometry)) {
    const RatingBand b = level_band(l);
    if (b.low <= band.high && band.low <= b.high) return true;
  }
  return false;
}

namespace {
// Swapping two digits everywhere keeps every house and chess rule, so a
// puzzle lacking two digits has a second solution; it changes which digits
// are consecutive, so no such bound holds under that rule.
int fewest_on_variant(int side, bool non_consecutive) { return non_consecutive ? 0 : side - 1; }
}  // namespace

int fewest_clues(VariantKind kind, const Geometry& base) {
  // A killer's sums, dots, X and V, thermometers may tell every digit apart:
  // such a puzzle may need no given at all.
  if (kind == VariantKind::killer || kind == VariantKind::kropki || kind == VariantKind::xv ||
      kind == VariantKind::thermo)
    return 0;
  return fewest_on_variant(base.side(), kind == VariantKind::non_consecutive);
}

int fewest_clues(const Geometry& geometry) {
  if (const Layout* layout = geometry.layout())
    return fewest_on_variant(geometry.side(), layout->non_consecutive || geometry.summed_cages() ||
                                                  geometry.has_relations());
  switch (geometry.side()) {
    case 4:
      return 4;
    case 6:
      return 8;
    case 8:
      return 14;
    case 9:
      return 17;
    default:
      return geometry.side() - 1;
  }
}

std::string levels_text(const Geometry& geometry) {
  const std::span<const Level> levels = levels_for(geometry);
  std::string text;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (i > 0) text += i + 1 == levels.size() ? " and " : ", ";
    text += level_name(levels[i]);
  }
  return text;
}

// Minimal wherever random minimal puzzles reach the band within the time
// asked of a level (docs/generate.md): up to 9x9 every level is at least about
// 1 % of them, made thousands a second. On 12x12 easy puzzles are 0.5 % of
// them, made 400 a second (2.7 s a puzzle, 0.003 s dug) and expert ones 1.5 %
// (0.6 s a puzzle, up to 2.4 s; dug 0.3 s); the other levels come in 0.03 to
// 0.12 s. From 16x16 up nearly every minimal puzzle rates 9.0 or more, and
// rating one takes seconds, so the dug way serves every band that does not
// start near there.
// A variant's extra houses and peers make minimal puzzles hard: on 9x9 few
// minimal X, jigsaw or anti-king puzzles are easy (none in 13,050 jigsaw),
// none of 5,000 anti-knight ones rated hard, and non-consecutive ones take
// over half a second each; dug puzzles reach every level, extreme too, in
// milliseconds (docs/generate.md), so the dug way serves every band there.
Method automatic_method(const Geometry& geometry, const RatingBand& band) {
  if (!geometry.regular()) return Method::dug;
  const int side = geometry.side();
  if (side <= 9) return Method::minimal;
  if (side < 16) {
    const RatingBand easy = level_band(Level::easy), expert = level_band(Level::expert);
    const bool within_easy = band.high <= easy.high;
    const bool within_expert = band.low >= expert.low && band.high <= expert.high;
    return within_easy || within_expert ? Method::dug : Method::minimal;
  }
  return band.low >= 80 ? Method::minimal : Method::dug;
}

}  // namespace nonet
