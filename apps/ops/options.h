#pragma once
// Every option of every operation, each under one name in every front end:
// `--name` on the command line (with '-' for '_'), "name" in an API request,
// `name=` in Python. The CLI builds its options' help from this table, the API
// lists each route's fields from it, a test checks the three front ends
// against it, and `nonet options --format markdown` writes the table in the
// docs.

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace nonet::ops {

// The front ends, as bits.
enum Front : unsigned { kCli = 1, kApi = 2, kPython = 4, kEvery = kCli | kApi | kPython };

struct OptionInfo {
  std::string_view name;
  std::string_view ops;        // the operations that take it, space-separated
  std::string_view value;      // what it takes: "RxC", "se|modern", "MIN-MAX"
  std::string_view defaults;   // its default, or "" when it has none
  std::string_view help;       // one sentence
  unsigned fronts = kEvery;    // where it exists
  std::string_view note = {};  // how a front end differs, or why it lacks it
  std::string_view cli_short = {};  // "-t"

  bool in(std::string_view op) const;  // whether `op` takes it
  bool in(Front front) const { return (fronts & front) != 0; }
};

// The operations, in the order of the docs: solve, count, validate,
// candidates, hint, explain, rate, generate, transform, canon.
std::span<const std::string_view> operation_names();
std::span<const OptionInfo> option_table();
// The option `name` of operation `op`, or nullptr.
const OptionInfo* find_option(std::string_view op, std::string_view name);
// The options of `op` that `front` offers, in table order.
std::vector<const OptionInfo*> options_of(std::string_view op, Front front);
// The table as `nonet options` prints it: "line", "json" (JSON Lines) or "markdown".
std::string options_text(std::string_view format);

}  // namespace nonet::ops
