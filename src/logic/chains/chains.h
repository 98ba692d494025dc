#pragma once
// Internal: the chain family (SE 6.5 and up). Candidates are numbered
// cell * N + (digit - 1); a "node" is a candidate assumed true (on) or false
// (off). The implication rules, their order and the rating of a chain follow
// Sudoku Explainer 1.2.1 so that ratings agree with it.

#include <vector>

#include "logic/finders.h"
#include "logic/step_variants.h"

namespace nonet::logic_detail {

// Finders of SE's chain family, in SE's order of producers.
void find_cycles(const LogicState& s, FindContext& context, StepSink& sink);           // 6.5 - 7.x
void find_nishio(const LogicState& s, FindContext& context, StepSink& sink);           // 7.5+
void find_multiple_chains(const LogicState& s, FindContext& context, StepSink& sink);  // 8.0+
void find_dynamic_chains(const LogicState& s, FindContext& context, StepSink& sink);   // 8.5+
void find_dynamic_plus_chains(const LogicState& s, FindContext& context, StepSink& sink);  // 9.0+
void find_nested_chains(const LogicState& s, FindContext& context, StepSink& sink);  // 9.5 - 11.0+

// The forcing-chain finders check the context as they go and return soon
// after it is stopped; the nested chains split their cells between the
// context's threads.

}  // namespace nonet::logic_detail
