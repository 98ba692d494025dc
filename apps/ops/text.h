#pragma once
// The text form of every answer: the lines `nonet` prints (its line and grid
// formats), which Python's str() of a result gives too.

#include <string>
#include <vector>

#include "nonet/validate.h"
#include "ops/ops.h"

namespace nonet::ops {

enum class TextForm { line, grid };

// "digit 5 appears 2 times in row 1: r1c1, r1c5; digit 3 ..."
std::string conflicts_text(const std::vector<Conflict>& conflicts, const Geometry& geometry);
// What a validation found wrong: its conflicts, or a variant's violations
// ("killer cage 3 (r1c1, r1c2) at r1c1, r1c2; row 4: 5 twice at r4c1, r4c6").
std::string problems_text(const ValidateAnswer& answer);
// "2.6/1.2/1.2 hard"; figures known only as lower bounds as ">=6.5".
std::string rating_line(const Rating& rating);
// "2.6 hard": ER and level, as `nonet generate` notes a rated puzzle.
std::string rating_text(const Rating& rating);

// Each answer's text, ending in a newline (the grid form's solution grid, and
// an explanation, end in a blank line).
std::string text(const SolveAnswer& answer, TextForm form = TextForm::line);
// The same, appended to `out`: solve and count answer millions of puzzles.
void append_text(std::string& out, const SolveAnswer& answer, TextForm form = TextForm::line);
std::string text(const ValidateAnswer& answer);
std::string text(const CandidatesAnswer& answer, TextForm form = TextForm::line);
std::string text(const RateAnswer& answer);
std::string text(const ExplainAnswer& answer);
std::string text(const HintAnswer& answer);
std::string text(const TransformAnswer& answer, TextForm form = TextForm::line);
std::string text(const CanonAnswer& answer, TextForm form = TextForm::line);
// A generated puzzle (line form: the puzzle and, when rated, "  2.6 hard").
std::string text(const GenerateAnswer& answer, TextForm form = TextForm::line);

}  // namespace nonet::ops
