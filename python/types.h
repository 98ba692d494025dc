#pragma once
// The result types of nonet._nonet: plain data made from the operations'
// answers on worker threads without the GIL, each str() the line `nonet`
// prints for it (ops/text.h).

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "nonet/grid.h"
#include "ops/ops.h"

namespace nonet::python {

namespace py = pybind11;

using Cell = std::pair<int, int>;             // (row, column), 1-based
using Candidate = std::tuple<int, int, int>;  // (row, column, digit), 1-based

// A parsed puzzle: the Python class nonet.Puzzle.
struct Puzzle {
  Grid grid;
  int line = 1;  // where it starts in the text it was read from
};

struct Solution {
  std::string status;  // solved, no_solution, multiple, limit, timeout
  std::optional<std::string> solution;
  std::uint64_t count = 0;
  bool exact = false;
  std::uint64_t guesses = 0;
  std::string text;
  bool operator==(const Solution&) const = default;
};

// What count() answers: the solutions found, up to the limit.
struct Count {
  std::string status;  // solved (one), no_solution, multiple (2 at limit 2), limit, timeout
  std::uint64_t count = 0;
  bool exact = false;
  std::uint64_t guesses = 0;
  std::string text;
  bool operator==(const Count&) const = default;
};

struct Conflict {
  int digit = 0;
  std::string house;
  std::vector<Cell> cells;
  std::string text;  // "digit 5 appears 2 times in row 1: r1c1, r1c5"
  bool operator==(const Conflict&) const = default;
};

struct Validation {
  std::string state;  // solved, incomplete, invalid
  int empty_cells = 0;
  std::vector<Conflict> conflicts;
  std::string text;
  bool operator==(const Validation&) const = default;
};

struct Candidates {
  std::vector<std::vector<int>> candidates;  // per cell, in reading order; [] for a filled cell
  std::vector<Candidate> singles;            // cells with one candidate
  std::string text;                          // "45 4578 3 ...", as hint(candidates=) reads it
  bool operator==(const Candidates&) const = default;
};

struct Rating {
  double er = 0, ep = 0, ed = 0;
  bool er_exact = true, ep_exact = true, ed_exact = true;
  std::string level;
  bool stuck = false;
  int steps = 0;
  std::string text;
  bool operator==(const Rating&) const = default;
};

struct Step {
  std::string technique;  // "Naked Pair", "Unique Loop type 2"
  double rating = 0;
  std::string text;  // "Naked Pair 4/8 in row 6 at r6c2, r6c7 => r6c1, r6c5 <> 4, 8"
  std::vector<Cell> cells;
  std::vector<std::string> houses;
  std::vector<int> digits;
  std::vector<Candidate> placements;
  std::vector<Candidate> eliminations;
  int sum = 0;  // a killer cage step's sum, 0 for the others
  std::vector<std::vector<int>> combinations;  // the digit sets that make it
  bool operator==(const Step&) const = default;
};

struct Explanation {
  std::vector<Step> steps;
  bool solved = false;
  Rating rating;
  std::optional<std::string> stuck_at;  // the position where the techniques ran out
  std::string text;
  bool operator==(const Explanation&) const = default;
};

struct Hint {
  std::string status;  // step, solved, wrong_entries, wrong_candidates, stuck
  std::string message;
  std::optional<Step> step;
  std::optional<Candidate> placement;
  std::vector<Cell> wrong_cells;
  std::vector<Candidate> missing_candidates;
  std::optional<Candidate> answer;  // the solution digit of the cell asked for
  std::string text;
  bool operator==(const Hint&) const = default;
};

struct Generated {
  std::string puzzle;
  std::string solution;
  int clues = 0;
  std::uint64_t seed = 0;
  std::uint64_t index = 1;  // as `nonet generate -n N --seed SEED` numbers it
  std::string symmetry;
  bool minimal = false;  // no clue (or symmetric group of clues) can go
  std::optional<Rating> rating;
  // A variant's: its id, the puzzle as f-puzzles JSON (one line) and as an
  // f-puzzles link.
  std::optional<std::string> variant, fpuzzles, url;
  std::string text;
  bool operator==(const Generated&) const = default;
};

// From the operations' answers.
Solution solution_of(const ops::SolveAnswer& answer);
Count count_of(const ops::SolveAnswer& answer);
Validation validation_of(const ops::ValidateAnswer& answer);
Candidates candidates_of(const ops::CandidatesAnswer& answer);
Rating rating_of(const nonet::Rating& rating);
Explanation explanation_of(const ops::ExplainAnswer& answer);
Hint hint_of(const ops::HintAnswer& answer);
Generated generated_of(const ops::GenerateAnswer& answer);

// The C++ value of a Python object of a bound class, checked: an object made
// by __new__ alone (or by a pickle that never set its state) has none, and
// is a TypeError, never a read of memory that holds no value.
template <class T>
T& self_of(py::handle self) {
  auto* instance = reinterpret_cast<py::detail::instance*>(self.ptr());
  const py::detail::type_info* type = py::detail::get_type_info(typeid(T));
  if (!type || !py::isinstance(self, reinterpret_cast<PyObject*>(type->type)))
    throw py::type_error("expected a " + std::string(type ? type->type->tp_name : "nonet object"));
  py::detail::value_and_holder v_h = instance->get_value_and_holder(type, false);
  if (!v_h || !v_h.holder_constructed())
    throw py::type_error(std::string(type->type->tp_name) +
                         " has no value: it was made without __init__ (or unpickled without "
                         "its state)");
  return *v_h.template value_ptr<T>();
}

// Defines nonet.Puzzle, nonet.Reader and the result types.
void define_types(py::module_& m);

}  // namespace nonet::python
