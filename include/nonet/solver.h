#pragma once
// Exact solvers behind one interface, chosen from one registry.
//
//   auto solver = nonet::make_solver(grid.geometry());      // the best for this size
//   nonet::SolveResult r = solver->solve(grid, {});          // counts up to 2
//   if (r.outcome() == nonet::Outcome::solved) use(*r.solution);
//
// A Solver object is not shared between threads: make one per thread. Solvers
// keep no global state, so any number run side by side.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "nonet/grid.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

// A point in time after which work stops. The engine reads the clock only
// through a Deadline it is handed; the default never expires.
class Deadline {
 public:
  Deadline() = default;
  static Deadline after(std::chrono::nanoseconds budget) {
    Deadline d;
    d.at_ = std::chrono::steady_clock::now() + budget;
    d.set_ = true;
    return d;
  }
  // The one that expires first.
  static Deadline sooner(const Deadline& a, const Deadline& b) {
    if (!a.set_) return b;
    if (!b.set_) return a;
    return a.at_ <= b.at_ ? a : b;
  }
  bool is_set() const { return set_; }
  bool expired() const { return set_ && std::chrono::steady_clock::now() >= at_; }

 private:
  std::chrono::steady_clock::time_point at_{};
  bool set_ = false;
};

struct SolveOptions {
  std::uint64_t limit = 2;  // stop after this many solutions (>= 1)
  Deadline deadline;
  const std::atomic<bool>* cancel = nullptr;  // stop when it becomes true
};

enum class Outcome {
  solved,       // exactly one solution (proven when limit >= 2)
  no_solution,  // proven to have none
  multiple,     // at least two solutions
  limit,        // `limit` solutions found and the search stopped there (limit > 2)
  timeout,      // deadline or cancel stopped the search; count is a lower bound
};
const char* to_string(Outcome outcome);  // "solved", "no_solution", ...

struct SolveResult {
  std::uint64_t count = 0;        // solutions found (<= limit)
  bool exhausted = false;          // the search finished: count is exact
  bool stopped = false;            // deadline or cancel hit
  std::uint64_t guesses = 0;       // branch points visited
  std::optional<Grid> solution;    // the first solution found
  std::uint64_t limit = 2;         // the limit the search ran with

  Outcome outcome() const;
};

class Solver {
 public:
  virtual ~Solver() = default;
  // Counts the solutions of `puzzle` up to options.limit. Any grid is accepted:
  // conflicting givens simply have no solution.
  virtual SolveResult solve(const Grid& puzzle, const SolveOptions& options) = 0;
};

struct SolverInfo {
  std::string_view name;
  std::string_view summary;
  bool (*supports)(const Geometry&);
  std::unique_ptr<Solver> (*make)();
};

// Every solver, best first: make_solver(geometry) picks the first that supports it.
std::span<const SolverInfo> solvers();
const SolverInfo* find_solver(std::string_view name);
// The named solver (or the best for the geometry when name is "auto" or empty);
// nullptr when the name is unknown or the solver does not support the geometry.
std::unique_ptr<Solver> make_solver(const Geometry& geometry, std::string_view name = "auto");

}  // namespace nonet
#pragma GCC visibility pop
