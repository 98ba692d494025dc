#pragma once
// Whether a filled grid keeps every rule of a variant puzzle, each rule read
// straight from its definition (docs/variants.md), apart from the solver's
// lowering into houses, pairs and sums: the independent check of its answers.

#include <string>

#include "nonet/variant.h"

namespace nonet::testing {

// "" when `grid` (full) keeps every rule; otherwise the first rule it breaks.
std::string broken_rule(const VariantPuzzle& puzzle, const Grid& grid);

}  // namespace nonet::testing
