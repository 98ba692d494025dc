// transform, canon.

#include "ops/ops.h"

namespace nonet::ops {

Result<TransformAnswer> transform(const TransformRequest& request, Context&) {
  const Grid& puzzle = request.puzzle;
  TransformAnswer answer{.puzzle = puzzle, .ops = request.ops};
  if (request.random) {
    // The puzzle's place in its run picks its stream, as for generate.
    Rng rng(request.seed_is_stream ? request.seed : Rng::derive(request.seed, request.index));
    answer.ops = random_transform_ops(puzzle.geometry(), rng);
    answer.seed = request.seed;
  }
  Transform t(puzzle.geometry());
  for (std::size_t i = 0; i < answer.ops.size(); ++i) {
    if (const nonet::Result<void> fits = t.then(answer.ops[i]); !fits)
      return fail(Code::bad_value,
                  "operation " + std::to_string(i + 1) + ": " + fits.error().message, "ops");
  }
  answer.puzzle = t.apply(puzzle);
  return answer;
}

Result<CanonAnswer> canon(const Grid& puzzle, Context& context) {
  const Geometry& g = puzzle.geometry();
  if (!Canonicalizer::supports(g)) {
    return fail(Code::unsupported,
                "canonical forms are computed for 9x9 and the 4x4, 6x6 and 8x8 boards, not " +
                    g.describe());
  }
  return CanonAnswer{*context.scratch_for_now().canonicalizer(g).canonical(puzzle),
                     puzzle.filled_count()};
}

}  // namespace nonet::ops
