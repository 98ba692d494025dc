#pragma once
// Option values read from text, each in one place with one message: the CLI's
// arguments, the API's strings and Python's arguments all go through these.
// A message names no option; the front end puts the option's name before it
// ("--profile: expected se or modern, not 'x'").

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"
#include "nonet/transform.h"
#include "ops/status.h"

namespace nonet::ops {

// The top of a clue range with no top ("20-").
inline constexpr int kOpenCount = 1 << 20;

Result<const Geometry*> read_box(std::string_view text);
// A box for new puzzles: R and C of 2 or more (a 1xN box is a Latin square).
Result<const Geometry*> read_puzzle_box(std::string_view text);
// The board of new puzzles from a side ("size", 0 when not given) and a box
// shape ("box", empty when not given): either alone, or both when they agree;
// neither: 9x9. A failure names the option at fault.
Result<const Geometry*> read_board(int size, std::string_view box, int max_side = kMaxSide);
// "3x2" for any board, as read_box reads it.
std::string box_text(const Geometry& geometry);
// The parse options that force a box shape (an empty text: none).
Result<ParseOptions> read_parse_options(std::string_view box);

Result<Profile> read_profile(std::string_view text);
Result<Level> read_level(std::string_view text);
Result<HintLevel> read_hint_level(std::string_view text);
Result<Symmetry> read_symmetry(std::string_view text);
// A variant the generator makes: "x", "windoku", "jigsaw", ... (variant_kinds()).
Result<VariantKind> read_variant_kind(std::string_view text);
// A solver name: auto or one of the registry's.
Result<std::string> read_solver(std::string_view text);
// The forms a puzzle is written in: f-puzzles JSON, an f-puzzles link, nonet's
// JSON, and the files of other programs (ops/formats.h).
enum class Form { fpuzzles, url, nonet, sdk, sdm, ipuz, opensudoku, hodoku, pm, sudokuwiki };
inline constexpr Form kForms[] = {Form::fpuzzles, Form::url,        Form::nonet,
                                  Form::sdk,      Form::sdm,        Form::ipuz,
                                  Form::opensudoku, Form::hodoku,   Form::pm,
                                  Form::sudokuwiki};
const char* form_name(Form form);               // "fpuzzles", "url", "nonet", "sdk", ...
Result<Form> read_form(std::string_view text);  // the same names
Result<std::vector<TransformOp>> read_transform_ops(std::string_view text);
// A cell of `geometry` named as players name it ("r3c5", any case) or by its
// index from 0 in reading order.
Result<int> read_cell(std::string_view text, const Geometry& geometry);
// The player's candidates for a board of `geometry`, in the forms
// parse_candidates reads (bad_candidates with the place of the problem).
Result<std::vector<Mask>> read_candidates(std::string_view text, const Geometry& geometry);

// "MIN-MAX", "N", "MIN-" or "-MAX": whole numbers, or ER with one decimal
// (tenths) when `tenths`; read as {low, high} (in tenths for ER), the missing
// end 0 or kOpenCount.
struct Range {
  int low = 0, high = kOpenCount;
};
Result<Range> read_range(std::string_view text, bool tenths);
// The range as read_range reads it: "22-26", "24", "20-", "-30"; "3.0-4.5".
std::string range_text(int low, int high, bool tenths);

// "easy, medium, hard, expert or extreme": the choices of an option.
std::string choices_text(const std::vector<std::string>& names);

}  // namespace nonet::ops
