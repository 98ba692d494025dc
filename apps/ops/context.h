#pragma once
// What an operation runs under: its deadline, the flag that cancels it, the
// threads one search may use, and the reusable objects (solvers, generators)
// of the thread that runs it. The caller owns all of it.
//
//   ops::Scratch scratch;                     // one per thread, kept between calls
//   ops::Context context{.deadline = Deadline::after(10s), .cancel = &flag};
//   context.scratch = &scratch;

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include "nonet/generate.h"
#include "nonet/solver.h"
#include "nonet/transform.h"

namespace nonet::ops {

// Objects worth keeping from one puzzle to the next on one thread: building a
// solver or a canonicalizer costs more than most searches. Not shared between
// threads.
class Scratch {
 public:
  Scratch();
  ~Scratch();
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;

  // The named solver ("auto": the best) for the board, or nullptr when the name
  // is unknown or the solver does not handle the board.
  Solver* solver(const Geometry& geometry, std::string_view name = "auto");
  Canonicalizer& canonicalizer(const Geometry& geometry);
  Generator& generator(const Geometry& geometry);

 private:
  const Geometry* solver_geometry_ = nullptr;
  std::string solver_name_;
  std::unique_ptr<Solver> solver_;
  std::unique_ptr<Canonicalizer> canonicalizer_;
  const Geometry* canonicalizer_geometry_ = nullptr;
  std::unique_ptr<Generator> generator_;
};

// What a time budget is for: a plain search (solve, count), the logic (rate,
// explain, hint), or making a puzzle.
enum class Work { search, logic, generate };
// Boards above this side get the logic a default budget: their hardest chains
// can run for hours.
inline constexpr int kLargeBoardSide = 16;
inline constexpr double kLargeBoardLogicSeconds = 60;
// A puzzle to make gets this budget unless told otherwise.
inline constexpr double kGenerateSeconds = 60;

// Threads one search for nested forcing chains may share: `requested`, or for
// 0 up to four cores.
int chain_threads(int requested);

struct Context {
  Deadline deadline;
  const std::atomic<bool>* cancel = nullptr;
  // Threads one search for nested forcing chains may share (1 to 16).
  int threads = 1;
  // The caller's reusable objects; null: the context makes its own when
  // first needed (see scratch_for_now).
  Scratch* scratch = nullptr;
  // How messages name the deadline: "the time budget of 10000 ms", or "the
  // default time budget for boards above 16x16 (60 s; --timeout 0 lifts it)";
  // empty: "the time budget" (budget_text()).
  std::string budget;
  // Why the cancel flag may be raised, for messages: "the server is stopping";
  // empty: the search is just "cancelled" (cancelled_text()).
  std::string cancel_reason;

  bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
  // Sets the deadline, from now, and how messages name it, for one puzzle of
  // `work` on a board of `side` (a variant's rules in `variant`, if any):
  // `seconds` (0: none) or, when not given, the default: 60 s for the logic
  // above 16x16 or on a puzzle with cage sums, dots or lines (its chains, blind
  // to some of what they say, can search for minutes), and for making a
  // puzzle; none otherwise.
  void set_budget(std::optional<double> seconds, Work work, int side,
                  const VariantPuzzle* variant = nullptr);
  // The caller's scratch, or one of the context's own, made on first use.
  Scratch& scratch_for_now() {
    if (!scratch) {
      own_scratch_ = std::make_unique<Scratch>();
      scratch = own_scratch_.get();
    }
    return *scratch;
  }
  std::string budget_text() const { return budget.empty() ? "the time budget" : budget; }
  // "cancelled", or "cancelled (the server is stopping)".
  std::string cancelled_text() const {
    return cancel_reason.empty() ? "cancelled" : "cancelled (" + cancel_reason + ")";
  }
  SolveOptions solve_options(std::uint64_t limit = 2) const {
    SolveOptions options;
    options.limit = limit;
    options.deadline = deadline;
    options.cancel = cancel;
    return options;
  }

 private:
  std::unique_ptr<Scratch> own_scratch_;
};

}  // namespace nonet::ops
