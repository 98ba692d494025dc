#pragma once
// Internal: the modern chain family of the `modern` profile (Remote Pair, X-Chain,
// XY-Chain, AIC and nice loops with or without grouped nodes, ALS-XZ, Sue de
// Coq). Unlike the SE chain producers these do not mimic Sudoku Explainer's
// search; each finder returns its shortest (fewest nodes, then smallest) pattern.

#include "logic/finders.h"
#include "logic/step_variants.h"

namespace nonet::logic_detail {

// Sorts candidates by cell, then digit, and drops repeats.
void sort_unique(std::vector<CellDigit>& list);

void find_sue_de_coq(const LogicState& s, FindContext& context, StepSink& sink);   // 5.0
void find_als_xz(const LogicState& s, FindContext& context, StepSink& sink);       // 5.5 - 6.6
void find_remote_pair(const LogicState& s, FindContext& context, StepSink& sink);  // 6.5+
void find_x_chain(const LogicState& s, FindContext& context, StepSink& sink);      // 6.5 / 6.6+
void find_xy_chain(const LogicState& s, FindContext& context, StepSink& sink);     // 6.5 / 6.6+
// AICs and nice loops, then (when there is none) the same with grouped nodes.
void find_aic(const LogicState& s, FindContext& context, StepSink& sink);  // 6.5 - 7.1+
// The two halves of find_aic.
bool plain_aic(const LogicState& s, FindContext& context, Step& step);
bool grouped_aic(const LogicState& s, FindContext& context, Step& step);

}  // namespace nonet::logic_detail
