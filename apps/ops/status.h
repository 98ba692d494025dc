#pragma once
// One vocabulary for what an operation came to, shared by every front end: the
// status an answer carries (the "status" field of the CLI's JSON and of the
// API alike), and the codes of the failures that leave no answer at all.
//
//   ops::Result<ops::RateAnswer> r = ops::rate(request, context);
//   if (!r) report(r.error().message);              // "the puzzle has several solutions"
//   else if (stopped(r->status)) ...                // timeout or cancelled: lower bounds

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "nonet/error.h"

namespace nonet::ops {

// What an answer says. Each operation uses a few of these (docs/api.md lists
// which); `timeout` and `cancelled` are the two ways any long one can stop.
enum class Status : std::uint8_t {
  solved,            // solve, count, validate, explain, hint: one solution / nothing left
  no_solution,       // solve, count
  multiple,          // solve, count: at least two solutions
  limit,             // count: the limit stopped the count
  invalid,           // solve, count, validate: the givens break the rules
  incomplete,        // validate: no conflict, empty cells left
  rated,             // rate
  stuck,             // explain, hint: no technique of the profile applies
  step,              // hint: the next step
  wrong_entries,     // hint: an entry contradicts the solution
  wrong_candidates,  // hint: a needed candidate was removed
  ok,                // generate, transform, canon, candidates
  closest,           // generate: no puzzle in the band in time; the nearest one found
  timeout,           // the time budget ran out first: what is known so far
  cancelled,         // stopped from outside (Ctrl-C, a client that left, a server stopping)
};
std::string_view status_name(Status status);  // "solved", "no_solution", ...
inline bool stopped(Status status) {
  return status == Status::timeout || status == Status::cancelled;
}

// Why an operation gave no answer. Input errors (bad_*) come from reading a
// request; the rest from running it.
enum class Code : std::uint8_t {
  bad_puzzle,          // the puzzle text cannot be read
  bad_value,           // an option's value, or options that contradict each other
  bad_candidates,      // the player's candidates cannot be read, or lack a solution digit
  bad_givens,          // a position that changes a given, or givens of another board
  conflicting_givens,  // the givens break the rules (where one solution is needed)
  no_solution,
  not_unique,
  unsupported,  // the operation does not handle this board (a solver, canonical forms)
  timeout,      // the budget ran out before anything could be said
  cancelled,    // stopped from outside before anything could be said
};
std::string_view code_name(Code code);  // "bad_puzzle", ...

struct Failure {
  Code code = Code::bad_value;
  std::string message;
  // The option at fault, by its one name ("clues", "profile"), when one is:
  // each front end names it its own way ("--clues", "\"clues\"", "clues=").
  std::string option;
  int line = 0, column = 0;  // in the text read, when known (1-based)
};

// An answer, or the failure that stands in its place (`.error()`).
template <class T>
using Result = nonet::Result<T, Failure>;

inline Failure fail(Code code, std::string message, std::string option = {}) {
  return {code, std::move(message), std::move(option)};
}

}  // namespace nonet::ops
