#include "ops/options.h"

#include <nlohmann/json.hpp>

namespace nonet::ops {
namespace {

constexpr std::string_view kOperations[] = {"solve",     "count",   "validate", "candidates",
                                            "hint",      "explain", "rate",     "generate",
                                            "transform", "canon",   "convert"};

// One row per option and meaning, in the order the docs list them.
constexpr OptionInfo kOptions[] = {
    {"box", "solve count validate candidates hint explain rate transform canon convert", "RxC", "",
     "Box shape RxC (rows x columns), e.g. 3x2 for 6x6 boards with tall boxes; default: "
     "inferred from the number of cells"},
    {"size", "generate", "N", "9",
     "Side of the board: 4, 6, 8, 9, 12, 16, 25, ... (boxes as square as the side allows; "
     "--box for others)"},
    {"box", "generate", "RxC", "3x3",
     "Box shape RxC: 2x2 (4x4), 2x3 (6x6), 3x3 (9x9, the default), 4x4 (16x16), 5x5 (25x25), ..."},
    {"solver", "solve count", "auto|fast9|general|basic", "auto",
     "Solver: auto (the best for the size), fast9, general, basic", kEvery, "", "-s"},
    {"limit", "count", "N", "1000", "Stop counting at this many solutions", kEvery,
     "the API takes at most 1000000, Python and the CLI 2^62", "-l"},
    {"profile", "hint explain rate generate", "se|modern", "se",
     "Technique set: se (Sudoku Explainer 1.2.1, default; defines ratings) or modern", kEvery, "",
     "-t"},
    {"level", "hint", "vague|concrete|placement", "concrete",
     "Hint grade: vague, concrete (default), placement", kEvery, "", "-l"},
    {"candidates", "hint explain", "text", "",
     "The player's candidates: N*N groups (e.g. \"12 5 379 ...\") or, up to 9x9, an N*N*N-"
     "character pencil-mark string",
     kEvery, "the API also takes an array of one entry per cell"},
    {"givens", "hint", "puzzle", "", "The original puzzle, so that wrong entries can be named"},
    {"solution", "hint", "puzzle", "",
     "The puzzle's solution, when known (from count or solve): the hint is checked against it "
     "instead of solving the puzzle again (0.2-0.6 s on a minimal 25x25 puzzle)"},
    {"cell", "hint", "rXcY|index", "",
     "A cell whose solution digit is wanted too (\"r3c5\", or its index from 0)"},
    {"level", "generate", "easy|medium|hard|expert|extreme", "",
     "Keep puzzles of this level (from the logical rating): easy, medium, hard, expert, "
     "extreme"},
    {"rating", "generate", "MIN-MAX", "", "Keep puzzles whose ER lies in MIN-MAX, e.g. 2.6-4.0",
     kEvery, "Python also takes a pair (MIN, MAX)"},
    {"clues", "generate", "MIN-MAX", "",
     "Keep puzzles with a clue count in MIN-MAX (or N, MIN-, -MAX)", kEvery,
     "Python also takes a pair (MIN, MAX)"},
    {"variant", "generate",
     "x|windoku|disjoint-groups|jigsaw|anti-knight|anti-king|non-consecutive|killer|kropki|xv|"
     "thermo",
     "",
     "Make puzzles of this variant (nonet variants lists them): sudoku X, windoku, disjoint "
     "groups, jigsaw (fresh regions for each puzzle), anti-knight, anti-king, non-consecutive, "
     "killer (fresh cages for each puzzle, medium and hard), kropki and xv (every dot or X and V "
     "of a fresh grid), thermo (fresh thermometers); these four up to 9x9"},
    {"symmetry", "generate", "none|rot180|rot90|mirror|flip|diagonal|antidiagonal", "none",
     "Symmetry of the clue pattern: none, rot180, rot90, mirror, flip, diagonal, antidiagonal",
     kEvery, "the API's default is rot180 up to 9x9, as the board shows puzzles"},
    {"minimal", "generate", "true|false", "",
     "With a level or rating: make minimal puzzles and keep those inside the band (true), or "
     "dig while the rating stays inside it (false); by default, whichever reaches the band "
     "quickly",
     kEvery, "the CLI writes --minimal and --no-minimal"},
    {"rate", "generate", "true|false", "false",
     "Rate every puzzle: adds its ER, EP, ED and level to the answer", kEvery,
     "the API's default is true, as the board shows every puzzle's rating"},
    {"seed", "generate", "N", "",
     "Seed: the same seed gives the same puzzles, whatever the thread count (default: a fresh "
     "random seed, shown in the answer)",
     kEvery,
     "in the API the seed seeds its one puzzle's stream; in the CLI and Python puzzle i "
     "of a run takes a stream derived from it"},
    {"ops", "transform", "op,op,...", "",
     "Comma-separated operations, applied in order: relabel:P, transpose, antitranspose, rot90, "
     "rot180, rot270, mirror, flip, rows:B:P, bands:P, cols:S:P, stacks:P (1-based; P lists the "
     "old position for each new one)"},
    {"random", "transform", "true|false", "false",
     "A random shape-keeping transformation per puzzle, from the seed", kEvery,
     "the API draws one whenever no ops are given"},
    {"seed", "transform", "N", "0",
     "Seed of the random transformations (puzzle i takes a stream derived from it)", kEvery,
     "in the API the seed seeds its one puzzle's stream, and its default is a fresh one"},
    {"to", "convert", "fpuzzles|url|nonet|sdk|sdm|ipuz|opensudoku|hodoku|pm|sudokuwiki", "fpuzzles",
     "The form to write: fpuzzles (f-puzzles JSON, one line), url (an f-puzzles link, which "
     "SudokuPad opens too), nonet (nonet's JSON form, docs/variants.md), or another program's: "
     "sdk, sdm, ipuz, opensudoku, hodoku (library line), pm (pencil-mark grid), sudokuwiki "
     "(docs/formats.md)"},
    {"timeout", "solve count hint explain rate", "seconds", "",
     "Time budget per puzzle in seconds (0 = none, the default; rate, explain and hint give "
     "boards above 16x16 and puzzles with cage sums, dots or lines 60 s); a puzzle that runs out is reported as "
     "'timeout'",
     kEvery, "the API takes at most the server's --budget, which is also its default"},
    {"timeout", "generate", "seconds", "60",
     "Seconds allowed per puzzle (0 = no limit); when none passes the filters in time the run "
     "stops with exit code 1",
     kEvery, "the API takes at most the server's --budget, which is also its default"},
    {"count", "generate", "N", "1", "How many puzzles", kCli | kPython,
     "the API makes one puzzle a request", "-n"},
    {"threads",
     "solve count validate candidates hint explain rate generate transform canon convert", "N", "1",
     "Worker threads for batches (Python: 0, the default, for one per core)", kCli | kPython,
     "the server decides its own threads (serve --workers); Python's single rate, explain and "
     "hint take it as the threads of one search for nested chains (0: up to four cores)",
     "-j"},
};

bool contains_word(std::string_view list, std::string_view word) {
  for (std::size_t at = 0; at < list.size();) {
    const std::size_t space = list.find(' ', at);
    const std::string_view item =
        list.substr(at, space == std::string_view::npos ? std::string_view::npos : space - at);
    if (item == word) return true;
    if (space == std::string_view::npos) break;
    at = space + 1;
  }
  return false;
}

std::string fronts_text(unsigned fronts) {
  std::string s;
  if (fronts & kCli) s += "CLI";
  if (fronts & kApi) s += std::string(s.empty() ? "" : ", ") + "API";
  if (fronts & kPython) s += std::string(s.empty() ? "" : ", ") + "Python";
  return s;
}

}  // namespace

bool OptionInfo::in(std::string_view op) const { return contains_word(ops, op); }

std::span<const std::string_view> operation_names() { return kOperations; }

std::span<const OptionInfo> option_table() { return kOptions; }

const OptionInfo* find_option(std::string_view op, std::string_view name) {
  for (const OptionInfo& o : kOptions)
    if (o.name == name && o.in(op)) return &o;
  return nullptr;
}

std::vector<const OptionInfo*> options_of(std::string_view op, Front front) {
  std::vector<const OptionInfo*> out;
  for (const OptionInfo& o : kOptions)
    if (o.in(op) && o.in(front)) out.push_back(&o);
  return out;
}

std::string options_text(std::string_view format) {
  std::string out;
  if (format == "markdown") {
    out =
        "| operation | option | takes | default | what it does | in | notes |\n"
        "|---|---|---|---|---|---|---|\n";
  }
  for (const std::string_view op : kOperations) {
    for (const OptionInfo& o : kOptions) {
      if (!o.in(op)) continue;
      if (format == "json") {
        out += nlohmann::json{{"operation", op},
                              {"name", o.name},
                              {"value", o.value},
                              {"default", o.defaults},
                              {"help", o.help},
                              {"cli", o.in(kCli)},
                              {"api", o.in(kApi)},
                              {"python", o.in(kPython)},
                              {"note", o.note}}
                   .dump() +
               "\n";
      } else if (format == "markdown") {
        std::string value(o.value);
        for (std::size_t at = 0; (at = value.find('|', at)) != std::string::npos; at += 2)
          value.replace(at, 1, "\\|");
        out += "| " + std::string(op) + " | `" + std::string(o.name) + "` | " + value + " | " +
               std::string(o.defaults) + " | " + std::string(o.help) + " | " +
               fronts_text(o.fronts) + " | " + std::string(o.note) + " |\n";
      } else {
        out += std::string(op) + " " + std::string(o.name) + " " + std::string(o.value) + "  (" +
               fronts_text(o.fronts) + ")\n";
      }
    }
  }
  return out;
}

}  // namespace nonet::ops
