#pragma once
// Internal: the modern chain family of the `modern` profile (Remote Pair, X-Chain,
// XY-Chain, AIC and nice loops with or without grouped nodes, ALS-XZ, Sue de
// Coq). Unlike the SE chain producers these do not mimic Sudoku Explainer's
// search; each finder returns its shortest (fewest nodes, then smallest) pattern.

#include <string>

#include "logic/finders.h"
#include "logic/step_variants.h"

namespace nonet::logic_detail {

bool find_sue_de_coq(const LogicState& s, Step& step);   // 5.0
bool find_als_xz(const LogicState& s, Step& step);       // 5.5 - 6.6
bool find_remote_pair(const LogicState& s, Step& step);  // 6.5+
bool find_x_chain(const LogicState& s, Step& step);      // 6.5 / 6.6+
bool find_xy_chain(const LogicState& s, Step& step);     // 6.5 / 6.6+
bool find_aic(const LogicState& s, Step& step);          // 6.5 - 7.0+
bool find_grouped_aic(const LogicState& s, Step& step);  // 6.6 - 7.1+

// Titles and text of these steps (render.cpp hands them here).
std::string modern_title(const Step& step);
std::string render_modern(const Step& step, const Geometry& g);

}  // namespace nonet::logic_detail
