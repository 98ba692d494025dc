// nonet._nonet: the engine for Python. Every function takes puzzles in the text
// forms the CLI reads (or a parsed nonet.Puzzle) and returns small result types
// whose str() is the CLI's answer line. The work runs with the GIL released;
// batches run on threads. Only the public headers are used: this file is the
// whole conversion layer between the engine's types and Python's.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "nonet/format.h"
#include "nonet/generate.h"
#include "nonet/logic.h"
#include "nonet/solver.h"
#include "nonet/transform.h"
#include "nonet/validate.h"
#include "nonet/version.h"

namespace py = pybind11;

namespace nonet::python {
namespace {

// ---------------------------------------------------------------------------
// Result types: plain data, filled on worker threads without the GIL.

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
  bool operator==(const Solution&) const = default;
};

// What count() answers: the solutions found, up to the limit.
struct Count {
  std::string status;  // solved (one), no_solution, multiple (2 at limit 2), limit, timeout
  std::uint64_t count = 0;
  bool exact = false;
  std::uint64_t guesses = 0;
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
  bool operator==(const Validation&) const = default;
};

struct Rating {
  double er = 0, ep = 0, ed = 0;
  bool er_exact = true, ep_exact = true, ed_exact = true;
  std::string level;
  bool stuck = false;
  int steps = 0;
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
  bool operator==(const Step&) const = default;
};

struct Explanation {
  std::vector<Step> steps;
  bool solved = false;
  Rating rating;
  std::optional<std::string> stuck_at;  // the position where the techniques ran out
  bool operator==(const Explanation&) const = default;
};

struct Hint {
  std::string status;  // step, solved, wrong_entries, wrong_candidates, stuck
  std::string message;
  std::optional<Step> step;
  std::optional<Candidate> placement;
  std::vector<Cell> wrong_cells;
  std::vector<Candidate> missing_candidates;
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
  bool operator==(const Generated&) const = default;
};

// ---------------------------------------------------------------------------
// Errors. An item's failure is a value until it reaches Python, where it becomes
// an exception of nonet._errors: raised by the single-puzzle functions, returned
// in place by the batch functions.

enum class ErrorKind { parse, invalid, timeout, internal };

struct ItemError {
  ErrorKind kind = ErrorKind::internal;
  std::string message;
  int line = 0;
  int column = 0;
};

// Thrown by the single-puzzle functions; translated at the module boundary.
struct ItemFailure {
  ItemError error;
};

template <class T>
using Answer = std::variant<T, ItemError>;

py::object error_object(const ItemError& e) {
  static constexpr const char* kClasses[] = {"ParseError", "InvalidPuzzleError", "Timeout",
                                             "Error"};
  py::object cls = py::module_::import("nonet._errors").attr(kClasses[static_cast<int>(e.kind)]);
  return cls(e.message, e.line, e.column);
}

template <class T>
T value_or_throw(Answer<T> outcome) {
  if (auto* e = std::get_if<ItemError>(&outcome)) throw ItemFailure{std::move(*e)};
  return std::move(std::get<T>(outcome));
}

template <class T>
py::list to_python(std::vector<Answer<T>>&& outcomes) {
  py::list out;
  for (Answer<T>& o : outcomes) {
    if (auto* e = std::get_if<ItemError>(&o)) {
      out.append(error_object(*e));
    } else {
      out.append(py::cast(std::move(std::get<T>(o))));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// From the engine's types to the results above.

Cell cell_of(const Geometry& g, int cell) { return {g.row_of(cell) + 1, g.col_of(cell) + 1}; }

std::vector<Cell> cells_of(const Geometry& g, const std::vector<int>& cells) {
  std::vector<Cell> out;
  for (int c : cells) out.push_back(cell_of(g, c));
  return out;
}

Candidate candidate_of(const Geometry& g, const CellDigit& cd) {
  return {g.row_of(cd.cell) + 1, g.col_of(cd.cell) + 1, cd.digit};
}

std::vector<Candidate> candidates_of(const Geometry& g, const std::vector<CellDigit>& list) {
  std::vector<Candidate> out;
  for (const CellDigit& cd : list) out.push_back(candidate_of(g, cd));
  return out;
}

double tenths(int value) { return value / 10.0; }
int to_tenths(double value) { return static_cast<int>(std::lround(value * 10)); }

Rating rating_of(const nonet::Rating& r) {
  return {tenths(r.er),
          tenths(r.ep),
          tenths(r.ed),
          r.er_exact,
          r.ep_exact,
          r.ed_exact,
          std::string(level_name(r.level)),
          r.stuck,
          r.steps};
}

// As `nonet rate` prints it: "2.6/1.2/1.2 hard".
std::string rating_line(const Rating& r) {
  return format_rating(to_tenths(r.er), r.er_exact) + "/" +
         format_rating(to_tenths(r.ep), r.ep_exact) + "/" +
         format_rating(to_tenths(r.ed), r.ed_exact) + " " + r.level;
}

Step step_of(const nonet::Step& s, const Geometry& g) {
  Step out;
  out.technique = step_title(s);
  out.rating = tenths(s.rating);
  out.text = render_step(s, g);
  out.cells = cells_of(g, s.cells);
  for (int h : s.houses) out.houses.push_back(g.house_name(h));
  for (int d = 1; d <= g.side(); ++d) {
    if (s.digits & (Mask{1} << (d - 1))) out.digits.push_back(d);
  }
  out.placements = candidates_of(g, s.placements);
  out.eliminations = candidates_of(g, s.eliminations);
  return out;
}

// "digit 5 appears 2 times in row 1: r1c1, r1c5; digit 3 ..."
std::string conflicts_text(const nonet::Validation& v, const Geometry& g) {
  std::string s;
  for (const nonet::Conflict& c : v.conflicts) s += (s.empty() ? "" : "; ") + describe(c, g);
  return s;
}

// ---------------------------------------------------------------------------
// Options, checked while the GIL is held, so a bad one is a ValueError at once.

ParseOptions parse_options(const std::optional<std::string>& box) {
  ParseOptions options;
  if (!box) return options;
  const Result<const Geometry*> shape = Geometry::from_shape(*box);
  const Geometry* g = shape ? *shape : nullptr;
  if (!g) {
    throw py::value_error("box: expected RxC (rows x columns of a box) with R*C between 1 and " +
                          std::to_string(kMaxSide) + ", e.g. '3x3' or '3x2'; got '" +
                          box->substr(0, 40) + "'");
  }
  options.box_rows = g->box_rows();
  options.box_cols = g->box_cols();
  return options;
}

// Seconds per puzzle; None or 0 for no limit.
std::chrono::nanoseconds budget_of(std::optional<double> timeout) {
  if (!timeout || *timeout == 0) return std::chrono::nanoseconds::zero();
  if (!std::isfinite(*timeout) || *timeout < 0 || *timeout > 1e6) {
    throw py::value_error("timeout: expected seconds between 0 and 1e6 (or None), got " +
                          std::to_string(*timeout));
  }
  return std::chrono::nanoseconds(static_cast<std::int64_t>(*timeout * 1e9));
}

Deadline deadline_after(std::chrono::nanoseconds budget) {
  return budget.count() > 0 ? Deadline::after(budget) : Deadline();
}

Profile profile_of(const std::string& name) {
  if (auto p = profile_from_name(name)) return *p;
  throw py::value_error("techniques: expected 'se' or 'modern', got '" + name.substr(0, 40) + "'");
}

void check_solver(const std::string& name) {
  if (name == "auto" || find_solver(name)) return;
  std::string names = "auto";
  for (const SolverInfo& info : solvers()) names += ", " + std::string(info.name);
  throw py::value_error("solver: unknown solver '" + name.substr(0, 40) + "'; choose from " +
                        names);
}

int cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

// Worker threads of a batch: 0 means one per core.
int batch_threads(int threads) {
  if (threads < 0 || threads > 256) {
    throw py::value_error("threads: expected 0 (one per core) to 256, got " +
                          std::to_string(threads));
  }
  return threads == 0 ? cores() : threads;
}

// Threads one search for nested forcing chains may use: 0 means up to four
// cores, as `nonet rate` without -j.
int chain_threads(int threads) {
  if (threads < 0 || threads > 16) {
    throw py::value_error("threads: expected 0 (up to four cores) to 16, got " +
                          std::to_string(threads));
  }
  return threads == 0 ? std::min(cores(), 4) : threads;
}

// A puzzle handed in: parsed already (nonet.Puzzle) or text, parsed on the worker.
struct Input {
  std::optional<Grid> grid;
  std::string text;
  int line = 1;
};

Input input_of(py::handle item) {
  if (py::isinstance<Puzzle>(item)) {
    const Puzzle& p = item.cast<const Puzzle&>();
    return {p.grid, {}, p.line};
  }
  if (py::isinstance<py::str>(item) || py::isinstance<py::bytes>(item)) {
    return {std::nullopt, item.cast<std::string>(), 1};
  }
  throw py::type_error("expected a puzzle as str, bytes or nonet.Puzzle, got " +
                       std::string(py::str(py::type::of(item).attr("__name__"))));
}

std::vector<Input> inputs_of(const py::iterable& items) {
  std::vector<Input> out;
  for (py::handle item : items) out.push_back(input_of(item));
  return out;
}

// The input's grid, parsed if it came as text: exactly one puzzle.
Answer<Puzzle> parse(const Input& in, const ParseOptions& options) {
  if (in.grid) return Puzzle{*in.grid, in.line};
  ParsedPuzzle p = parse_puzzle(in.text, options);
  if (!p.ok()) {
    return ItemError{ErrorKind::parse, p.error().message, p.error().line, p.error().column};
  }
  return Puzzle{std::move(*p), p.line};
}

// ---------------------------------------------------------------------------
// Per-thread state: solvers and canonicalizers are made once per thread and
// board shape.

class Worker {
 public:
  Solver* solver(const Geometry& g, const std::string& name) {
    if (solver_geometry_ != &g || solver_name_ != name) {
      solver_ = make_solver(g, name);
      solver_geometry_ = &g;
      solver_name_ = name;
    }
    return solver_.get();
  }
  Canonicalizer& canonicalizer(const Geometry& g) {
    if (!canonicalizer_ || canonicalizer_geometry_ != &g) {
      canonicalizer_ = std::make_unique<Canonicalizer>(g);
      canonicalizer_geometry_ = &g;
    }
    return *canonicalizer_;
  }
  Generator& generator(const Geometry& g) {
    if (!generator_ || &generator_->geometry() != &g) generator_ = std::make_unique<Generator>(g);
    return *generator_;
  }

 private:
  const Geometry* solver_geometry_ = nullptr;
  std::string solver_name_;
  std::unique_ptr<Solver> solver_;
  const Geometry* canonicalizer_geometry_ = nullptr;
  std::unique_ptr<Canonicalizer> canonicalizer_;
  std::unique_ptr<Generator> generator_;
};

// Runs job(i, worker, cancel) for i in [0, n) on `threads` threads while the
// calling thread, the GIL released, waits and every 50 ms lets Python handle
// its signals. Ctrl-C sets `cancel`: searches that take the flag stop at once,
// items not yet started are not started, and KeyboardInterrupt is raised.
template <class Result, class Job>
std::vector<Answer<Result>> run_threads(std::size_t n, int threads, const Job& job) {
  std::vector<Answer<Result>> out(n);
  std::atomic<bool> cancel{false};
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::condition_variable finished;
  int running = 0;
  bool interrupted = false;
  auto work = [&] {
    Worker worker;
    for (std::size_t i; !cancel.load() && (i = next.fetch_add(1)) < n;) {
      try {
        out[i] = job(i, worker, &cancel);
      } catch (const std::exception& e) {
        out[i] = ItemError{ErrorKind::internal, e.what()};
      }
    }
    std::lock_guard lock(mutex);
    if (--running == 0) finished.notify_all();
  };
  {
    py::gil_scoped_release release;
    std::vector<std::thread> pool;
    const std::size_t count = std::min<std::size_t>(static_cast<std::size_t>(threads), n);
    std::unique_lock lock(mutex);
    try {
      for (std::size_t t = 0; t < count; ++t) {
        pool.emplace_back(work);
        ++running;
      }
    } catch (...) {
      // No thread to be had: let those started finish the work.
      if (pool.empty()) throw;
    }
    while (!finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return running == 0; })) {
      if (interrupted) continue;
      lock.unlock();
      {
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) interrupted = true;
      }
      if (interrupted) cancel.store(true);
      lock.lock();
    }
    lock.unlock();
    for (std::thread& t : pool) t.join();
  }
  if (interrupted) throw py::error_already_set();
  return out;
}

// One item on the calling thread, the GIL released: for work that is short or
// that the engine cannot stop early anyway.
template <class Result, class Job>
Answer<Result> run_here(const Job& job) {
  thread_local Worker worker;
  py::gil_scoped_release release;
  return job(0, worker, nullptr);
}

// ---------------------------------------------------------------------------
// The operations, each one job that a single call and a batch both run.

struct SolveConfig {
  ParseOptions parse;
  std::string solver = "auto";
  std::uint64_t limit = 2;
  std::chrono::nanoseconds budget{0};
};

// `probe`: a short first attempt on the calling thread (see solve_one).
Answer<Solution> solve_item(const Input& in, const SolveConfig& config, Worker& worker,
                            const std::atomic<bool>* cancel, const Deadline* probe = nullptr) {
  Answer<Puzzle> parsed = parse(in, config.parse);
  if (auto* e = std::get_if<ItemError>(&parsed)) return *e;
  const Grid& grid = std::get<Puzzle>(parsed).grid;
  const int line = std::get<Puzzle>(parsed).line;
  Solver* solver = worker.solver(grid.geometry(), config.solver);
  if (!solver) {
    return ItemError{
        ErrorKind::invalid,
        "solver '" + config.solver + "' does not handle " + grid.geometry().describe() + " puzzles",
        line};
  }
  SolveOptions options;
  options.limit = config.limit;
  options.cancel = cancel;
  options.deadline = probe ? *probe : deadline_after(config.budget);
  const SolveResult r = solver->solve(grid, options);
  const Outcome outcome = r.outcome();
  // Conflicting givens have no solution; only then is it worth looking for them.
  if (outcome == Outcome::no_solution) {
    const nonet::Validation v = validate(grid);
    if (v.state == GridState::invalid) {
      return ItemError{ErrorKind::invalid, conflicts_text(v, grid.geometry()), line};
    }
  }
  Solution s;
  s.status = to_string(outcome);
  if (r.solution) s.solution = to_line(*r.solution);
  s.count = r.count;
  s.exact = r.exhausted;
  s.guesses = r.guesses;
  return s;
}

// A single solve runs first on the calling thread with a 20 ms budget (most
// finish in microseconds, and a thread costs more than that); one that needs
// longer runs again on a thread, so that Ctrl-C can stop it.
Solution solve_one(const Input& in, const SolveConfig& config) {
  const auto probe_budget = std::chrono::milliseconds(20);
  auto here = [&](const Deadline* deadline) {
    return run_here<Solution>([&](std::size_t, Worker& w, const std::atomic<bool>* c) {
      return solve_item(in, config, w, c, deadline);
    });
  };
  if (config.budget.count() > 0 && config.budget <= probe_budget) {
    return value_or_throw(here(nullptr));
  }
  {
    const Deadline probe = Deadline::after(probe_budget);
    Answer<Solution> first = here(&probe);
    const auto* s = std::get_if<Solution>(&first);
    if (!s || s->status != "timeout") return value_or_throw(std::move(first));
  }
  return value_or_throw(
      run_threads<Solution>(1, 1, [&](std::size_t, Worker& w, const std::atomic<bool>* c) {
        return solve_item(in, config, w, c);
      })[0]);
}

Answer<Validation> validate_item(const Input& in, const ParseOptions& options) {
  Answer<Puzzle> parsed = parse(in, options);
  if (auto* e = std::get_if<ItemError>(&parsed)) return *e;
  const Grid& grid = std::get<Puzzle>(parsed).grid;
  const Geometry& g = grid.geometry();
  const nonet::Validation v = validate(grid);
  Validation out;
  out.state = to_string(v.state);
  out.empty_cells = v.empty_cells;
  for (const nonet::Conflict& c : v.conflicts) {
    out.conflicts.push_back({c.digit, g.house_name(c.house), cells_of(g, c.cells), describe(c, g)});
  }
  return out;
}

struct LogicConfig {
  ParseOptions parse;
  Profile profile = Profile::se;
  std::chrono::nanoseconds budget{0};
  int threads = 1;  // for one search for nested chains
};

// The puzzle must have exactly one solution before its logic means anything.
std::optional<ItemError> unique_problem(const Grid& grid, int line, Worker& worker,
                                        const Deadline& deadline) {
  const nonet::Validation v = validate(grid);
  if (v.state == GridState::invalid) {
    return ItemError{ErrorKind::invalid, conflicts_text(v, grid.geometry()), line};
  }
  SolveOptions options;
  options.limit = 2;
  options.deadline = deadline;
  switch (worker.solver(grid.geometry(), "auto")->solve(grid, options).outcome()) {
    case Outcome::solved:
      return std::nullopt;
    case Outcome::multiple:
      return ItemError{ErrorKind::invalid, "the puzzle has several solutions", line};
    case Outcome::timeout:
      return ItemError{ErrorKind::timeout,
                       "the time budget ran out checking that the solution is unique", line};
    default:
      return ItemError{ErrorKind::invalid, "the puzzle has no solution", line};
  }
}

ItemError time_budget_ran_out(int line) {
  return {ErrorKind::timeout, "time budget ran out", line};
}

LogicOptions logic_options(const LogicConfig& config, const Deadline& deadline,
                           const std::atomic<bool>* cancel) {
  LogicOptions options;
  options.profile = config.profile;
  options.deadline = deadline;
  options.cancel = cancel;
  options.threads = config.threads;
  return options;
}

Answer<Rating> rate_item(const Input& in, const LogicConfig& config, Worker& worker,
                         const std::atomic<bool>* cancel) {
  Answer<Puzzle> parsed = parse(in, config.parse);
  if (auto* e = std::get_if<ItemError>(&parsed)) return *e;
  const auto& [grid, line] = std::get<Puzzle>(parsed);
  const Deadline deadline = deadline_after(config.budget);
  if (auto problem = unique_problem(grid, line, worker, deadline)) return *problem;
  const nonet::Rating r = rate(grid, logic_options(config, deadline, cancel));
  if (r.stopped) return time_budget_ran_out(line);
  return rating_of(r);
}

Answer<Explanation> explain_item(const Input& in, const LogicConfig& config, Worker& worker,
                                 const std::atomic<bool>* cancel) {
  Answer<Puzzle> parsed = parse(in, config.parse);
  if (auto* e = std::get_if<ItemError>(&parsed)) return *e;
  const auto& [grid, line] = std::get<Puzzle>(parsed);
  const Deadline deadline = deadline_after(config.budget);
  if (auto problem = unique_problem(grid, line, worker, deadline)) return *problem;
  const LogicPath path = solve_path(LogicState(grid), logic_options(config, deadline, cancel));
  if (path.stopped) return time_budget_ran_out(line);
  Explanation out;
  for (const nonet::Step& s : path.steps) out.steps.push_back(step_of(s, grid.geometry()));
  out.solved = path.solved;
  out.rating = rating_of(rate_path(path));
  if (!path.solved) {
    LogicState end(grid);
    for (const nonet::Step& s : path.steps) end.apply(s);
    out.stuck_at = to_line(end.grid());
  }
  return out;
}

struct TransformConfig {
  ParseOptions parse;
  std::vector<TransformOp> ops;
  bool random = false;
  std::uint64_t seed = 0;
};

// `index`: the puzzle's place in its batch, which picks its random stream
// (as `nonet transform --random --seed S` does).
Answer<std::string> transform_item(const Input& in, const TransformConfig& config,
                                   std::uint64_t index) {
  Answer<Puzzle> parsed = parse(in, config.parse);
  if (auto* e = std::get_if<ItemError>(&parsed)) return *e;
  const auto& [grid, line] = std::get<Puzzle>(parsed);
  Transform t(grid.geometry());
  std::vector<TransformOp> ops = config.ops;
  if (config.random) {
    Rng rng(Rng::derive(config.seed, index));
    ops = random_transform_ops(grid.geometry(), rng);
  }
  for (const TransformOp& op : ops) {
    if (const Result<void> fits = t.then(op); !fits) {
      return ItemError{ErrorKind::invalid, fits.error().message, line};
    }
  }
  return to_line(t.apply(grid));
}

Answer<std::string> canon_item(const Input& in, const ParseOptions& options, Worker& worker) {
  Answer<Puzzle> parsed = parse(in, options);
  if (auto* e = std::get_if<ItemError>(&parsed)) return *e;
  const auto& [grid, line] = std::get<Puzzle>(parsed);
  const Geometry& g = grid.geometry();
  if (!Canonicalizer::supports(g)) {
    return ItemError{
        ErrorKind::invalid,
        "canonical forms are computed for 9x9 and the 4x4, 6x6 and 8x8 boards, not " + g.describe(),
        line};
  }
  return to_line(*worker.canonicalizer(g).canonical(grid));
}

struct GenerateConfig {
  const Geometry* geometry = nullptr;
  Symmetry symmetry = Symmetry::none;
  int min_clues = 0, max_clues = 1 << 20;
  std::optional<Level> level;
  bool ranged = false;
  int low = 0, high = 1 << 20;  // ER in tenths
  Profile profile = Profile::se;
  bool rate_all = false;
  Method method = Method::automatic;
  std::uint64_t seed = 0;
  std::chrono::nanoseconds budget{0};
  std::string filters;  // for the message when none is found: "22-26 clues, hard"

  bool banded() const { return level || ranged; }
  // The band the generator serves: the level's, narrowed by the range.
  RatingBand band() const {
    RatingBand b = level ? level_band(*level) : RatingBand{};
    if (ranged) {
      b.low = std::max(b.low, low);
      b.high = std::min(b.high, high);
    }
    return b;
  }
};

Answer<Generated> generate_item(const GenerateConfig& config, std::uint64_t index, Worker& worker,
                                const std::atomic<bool>* cancel) {
  Rng rng(Rng::derive(config.seed, index));
  GenerateOptions options;
  options.symmetry = config.symmetry;
  options.min_clues = config.min_clues;
  options.max_clues = config.max_clues;
  options.cancel = cancel;
  options.deadline = deadline_after(config.budget);
  // The generator rates as it goes, within the puzzle's budget: a band's
  // puzzle carries its own exact rating, inside the band.
  options.profile = config.profile;
  options.rate = config.rate_all;
  if (config.banded()) options.band = config.band();
  options.method = config.method;
  const GenerateResult r = worker.generator(*config.geometry).generate(rng, options);
  if (r.status != GenerateStatus::ok) {
    return ItemError{ErrorKind::timeout,
                     "no " + config.geometry->describe() + " puzzle" +
                         (config.filters.empty() ? "" : " with " + config.filters) +
                         " found within the time budget (" + std::to_string(r.attempts) +
                         " puzzles finished" +
                         (r.closest_rating ? "; the closest rated " +
                                                 format_rating(r.closest_rating->er, true) + " " +
                                                 std::string(level_name(r.closest_rating->level))
                                           : std::string()) +
                         "); " + (config.filters.empty() ? "" : "widen the band or ") +
                         "raise the timeout"};
  }
  if (config.rate_all && !r.rating) {
    return ItemError{ErrorKind::timeout,
                     "the " + config.geometry->describe() +
                         " puzzle was made, but its rating did not finish within the time "
                         "budget; raise the timeout"};
  }
  const std::optional<nonet::Rating>& rating = r.rating;
  Generated out;
  out.puzzle = to_line(r.puzzle->puzzle);
  out.solution = to_line(r.puzzle->solution);
  out.clues = r.puzzle->clues;
  out.seed = config.seed;
  out.index = index + 1;
  out.symmetry = to_string(config.symmetry);
  out.minimal = r.puzzle->minimal;
  if (rating && !rating->stopped) out.rating = rating_of(*rating);
  return out;
}

GenerateConfig generate_config(const std::string& box, const std::string& symmetry,
                               const std::optional<std::pair<int, int>>& clues,
                               const std::optional<std::string>& difficulty,
                               const std::optional<std::pair<double, double>>& rating,
                               const std::string& techniques, bool rate_all,
                               std::optional<bool> minimal, std::optional<std::uint64_t> seed,
                               std::optional<double> timeout) {
  GenerateConfig c;
  const Result<const Geometry*> shape = Geometry::from_shape(box);
  c.geometry = shape ? *shape : nullptr;
  if (!c.geometry || c.geometry->box_rows() < 2 || c.geometry->box_cols() < 2) {
    throw py::value_error("box: expected RxC with R, C >= 2 and R*C at most " +
                          std::to_string(kMaxSide) + ", e.g. '3x3'; got '" + box.substr(0, 40) +
                          "'");
  }
  const auto sym = symmetry_from_string(symmetry);
  if (!sym) {
    std::string names;
    for (Symmetry s : all_symmetries())
      names += (names.empty() ? "" : ", ") + std::string(to_string(s));
    throw py::value_error("symmetry: expected one of " + names + "; got '" +
                          symmetry.substr(0, 40) + "'");
  }
  c.symmetry = *sym;
  if (clues) {
    std::tie(c.min_clues, c.max_clues) = *clues;
    if (c.min_clues < 0 || c.min_clues > c.max_clues) {
      throw py::value_error("clues: expected (MIN, MAX) with 0 <= MIN <= MAX");
    }
    if (c.min_clues >= c.geometry->cell_count()) {
      throw py::value_error("clues: a " + c.geometry->describe() + " puzzle has at most " +
                            std::to_string(c.geometry->cell_count() - 1) + " clues");
    }
    if (c.max_clues < fewest_clues(*c.geometry)) {
      throw py::value_error("clues: no proper " + c.geometry->describe() +
                            " puzzle has fewer than " +
                            std::to_string(fewest_clues(*c.geometry)) + " clues");
    }
    c.filters = std::to_string(c.min_clues) + "-" + std::to_string(c.max_clues) + " clues";
  }
  if (difficulty) {
    for (int l = 0; l <= static_cast<int>(Level::extreme); ++l) {
      if (level_name(static_cast<Level>(l)) == *difficulty) c.level = static_cast<Level>(l);
    }
    if (!c.level) {
      throw py::value_error("difficulty: expected easy, medium, hard, expert or extreme; got '" +
                            difficulty->substr(0, 40) + "'");
    }
    c.filters += (c.filters.empty() ? "" : ", ") + *difficulty;
  }
  if (rating) {
    const auto [low, high] = *rating;
    if (!std::isfinite(low) || !std::isfinite(high) || low < 0 || low > high || high > 1e5) {
      throw py::value_error("rating: expected (MIN, MAX) ER with 0 <= MIN <= MAX, e.g. (2.6, 4.0)");
    }
    // ER has tenths: 2.61 would otherwise be taken as 2.6 without a word.
    for (const double v : {low, high}) {
      if (std::abs(v * 10 - std::round(v * 10)) > 1e-6)
        throw py::value_error("rating: ER has one decimal (tenths, as in 2.6); got " +
                              py::repr(py::float_(v)).cast<std::string>());
    }
    c.ranged = true;
    c.low = to_tenths(low);
    c.high = to_tenths(high);
    c.filters += (c.filters.empty() ? "" : ", ") + std::string("ER ") + format_rating(c.low, true) + "-" +
                 format_rating(c.high, true);
  }
  c.profile = profile_of(techniques);
  c.rate_all = rate_all;
  if (c.banded() && c.band().high < kLowestEr)
    throw py::value_error("rating: no puzzle rates below ER 1.0 (a full house)");
  if (c.banded() && (c.band().low > c.band().high || !band_reachable(*c.geometry, c.band()))) {
    throw py::value_error("no " + c.geometry->describe() + " puzzle is " + c.filters +
                          "; the levels on " + c.geometry->describe() + " are: " +
                          levels_text(*c.geometry));
  }
  if (minimal) {
    if (!c.banded()) {
      throw py::value_error(
          "minimal: chooses how puzzles of a level or rating band are made; give difficulty or "
          "rating (without a band every puzzle is minimal)");
    }
    c.method = *minimal ? Method::minimal : Method::dug;
  }
  c.seed = seed ? *seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  c.budget = budget_of(timeout);
  return c;
}

// ---------------------------------------------------------------------------
// Python-facing text.

std::string solution_line(const Solution& s) {
  if (s.status == "solved" && s.solution) return *s.solution;
  return s.status + (s.status == "multiple" ? " (at least 2 solutions)" : "");
}

// As `nonet count` prints it: "5", "1000+" when the limit stopped the count.
std::string count_line(const Count& c) {
  return std::to_string(c.count) + (c.status == "limit"     ? "+"
                                    : c.status == "timeout" ? "+ timeout"
                                                            : "");
}

Answer<Count> count_of(Answer<Solution>&& answer) {
  if (auto* e = std::get_if<ItemError>(&answer)) return std::move(*e);
  const Solution& s = std::get<Solution>(answer);
  return Count{s.status, s.count, s.exact, s.guesses};
}

std::string validation_line(const Validation& v) {
  if (v.state == "invalid") {
    std::string s = "invalid: ";
    for (std::size_t i = 0; i < v.conflicts.size(); ++i) {
      s += (i ? "; " : "") + v.conflicts[i].text;
    }
    return s;
  }
  if (v.state == "incomplete")
    return "incomplete: " + std::to_string(v.empty_cells) + " empty cells";
  return v.state;
}

std::string explanation_text(const Explanation& e) {
  std::string s;
  for (const Step& step : e.steps) {
    s += format_rating(to_tenths(step.rating), true) + "  " + step.text + "\n";
  }
  return s + (e.solved ? "solved: " : "stuck (needs chains): ") + rating_line(e.rating);
}

std::string hint_line(const Hint& h) {
  return h.status == "step" ? h.message : h.status + ": " + h.message;
}

std::string generated_line(const Generated& g) {
  if (!g.rating) return g.puzzle;
  return g.puzzle + "  " + format_rating(to_tenths(g.rating->er), g.rating->er_exact) + " " +
         g.rating->level;
}

// repr() as a dataclass prints itself: Rating(er=2.6, ep=1.2, ...).
template <class T, class... Members>
void add_record(py::class_<T>& cls, const char* name, std::initializer_list<const char*> fields,
                Members T::*... members) {
  std::vector<std::string> names(fields.begin(), fields.end());
  std::size_t i = 0;
  (cls.def_readonly(names[i++].c_str(), members), ...);
  cls.def("__repr__", [name, names, members...](const T& v) {
    std::string s = std::string(name) + "(";
    std::size_t k = 0;
    ((s += (k ? ", " : "") + names[k] + "=" + std::string(py::repr(py::cast(v.*members))), ++k),
     ...);
    return s + ")";
  });
  cls.def(
      "__eq__",
      [members...](const T& a, const T& b) {
        return std::tie(a.*members...) == std::tie(b.*members...);
      },
      py::is_operator());
  cls.def(py::pickle([members...](const T& v) { return py::make_tuple(v.*members...); },
                     [members...](const py::tuple& t) {
                       if (t.size() != sizeof...(members)) throw std::runtime_error("bad state");
                       T v;
                       std::size_t k = 0;
                       ((v.*members = t[k++].cast<std::remove_cvref_t<decltype(v.*members)>>()),
                        ...);
                       return v;
                     }));
}

// ---------------------------------------------------------------------------
// Reading text the way the CLI does: line by line, any number of puzzles.

class Reader {
 public:
  explicit Reader(const std::optional<std::string>& box) : parser_(parse_options(box)) {}

  py::list feed(const py::object& line) {
    if (!py::isinstance<py::str>(line) && !py::isinstance<py::bytes>(line)) {
      throw py::type_error("feed: expected a line as str or bytes");
    }
    std::string text = line.cast<std::string>();
    if (!text.empty() && text.back() == '\n') text.pop_back();
    std::vector<ParsedPuzzle> out;
    // As the CLI: a line over 1 MiB is refused, and reading goes on after it.
    const bool too_long = text.size() > kMaxLine;
    parser_.feed(too_long ? std::string_view() : std::string_view(text), out, too_long);
    return entries(out);
  }
  py::list finish() {
    std::vector<ParsedPuzzle> out;
    parser_.finish(out);
    return entries(out);
  }

 private:
  static constexpr std::size_t kMaxLine = std::size_t{1} << 20;
  static py::list entries(std::vector<ParsedPuzzle>& parsed) {
    py::list out;
    for (ParsedPuzzle& p : parsed) {
      if (p.ok()) {
        out.append(py::cast(Puzzle{std::move(*p), p.line}));
      } else {
        out.append(
            error_object({ErrorKind::parse, p.error().message, p.error().line, p.error().column}));
      }
    }
    return out;
  }
  PuzzleParser parser_;
};

std::string box_text(const Geometry& g) {
  return std::to_string(g.box_rows()) + "x" + std::to_string(g.box_cols());
}

Puzzle puzzle_from_state(const std::string& cells, int box_rows, int box_cols, int line) {
  const Geometry* g = Geometry::get(box_rows, box_cols);
  if (!g || static_cast<int>(cells.size()) != g->cell_count()) {
    throw py::value_error("not a pickled nonet.Puzzle");
  }
  Grid grid(*g);
  for (int c = 0; c < g->cell_count(); ++c) {
    const int d = static_cast<unsigned char>(cells[static_cast<std::size_t>(c)]);
    if (d > g->side()) throw py::value_error("not a pickled nonet.Puzzle");
    grid.set(c, d);
  }
  return {std::move(grid), line};
}

// ---------------------------------------------------------------------------

LogicConfig logic_config(const std::optional<std::string>& box, const std::string& techniques,
                         std::optional<double> timeout, int threads) {
  return LogicConfig{parse_options(box), profile_of(techniques), budget_of(timeout), threads};
}

// Defines `name`, for one puzzle on the calling thread (its nested-chain searches
// may use `threads`), and `batch_name`, for a list on `threads` threads of one
// search each, over item(input, config, worker).
template <class Result>
void def_logic(py::module_& m, const char* name, const char* batch_name,
               Answer<Result> (*item)(const Input&, const LogicConfig&, Worker&,
                                      const std::atomic<bool>*),
               const char* doc) {
  m.def(
      name,
      [item](const py::object& puzzle, const std::optional<std::string>& box,
             const std::string& techniques, std::optional<double> timeout, int threads) {
        const Input in = input_of(puzzle);
        const LogicConfig config = logic_config(box, techniques, timeout, chain_threads(threads));
        return value_or_throw(run_here<Result>(
            [&](std::size_t, Worker& w, const std::atomic<bool>* c) { return item(in, config, w, c); }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(), py::arg("techniques") = "se",
      py::arg("timeout") = py::none(), py::arg("threads") = 0, doc);
  m.def(
      batch_name,
      [item](const py::iterable& puzzles, int threads, const std::optional<std::string>& box,
             const std::string& techniques, std::optional<double> timeout) {
        const std::vector<Input> in = inputs_of(puzzles);
        const LogicConfig config = logic_config(box, techniques, timeout, 1);
        return to_python(
            run_threads<Result>(in.size(), batch_threads(threads),
                                [&](std::size_t i, Worker& w, const std::atomic<bool>* c) {
                                  return item(in[i], config, w, c);
                                }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"), py::arg("techniques"),
      py::arg("timeout"));
}

void define_module(py::module_& m) {
  m.doc() = "The nonet Sudoku engine (the compiled part of the nonet package).";
  m.attr("__version__") = kVersion;

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ItemFailure& f) {
      py::object e = error_object(f.error);
      PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(e.ptr())), e.ptr());
    }
  });

  py::class_<Puzzle>(m, "Puzzle", "A puzzle read from text: its cells, box shape and line.")
      .def(py::init([](const py::object& text, const std::optional<std::string>& box) {
             const ParseOptions options = parse_options(box);
             return value_or_throw(parse(input_of(text), options));
           }),
           py::arg("text"), py::kw_only(), py::arg("box") = py::none(),
           "Reads exactly one puzzle in any form the CLI reads; raises ParseError.")
      .def_readonly("line", &Puzzle::line, "The first line of the puzzle in its text (1-based).")
      .def_property_readonly(
          "size", [](const Puzzle& p) { return p.grid.geometry().side(); },
          "The side N of the N x N board.")
      .def_property_readonly(
          "box",
          [](const Puzzle& p) {
            return std::make_pair(p.grid.geometry().box_rows(), p.grid.geometry().box_cols());
          },
          "The box shape (rows, columns).")
      .def_property_readonly(
          "shape", [](const Puzzle& p) { return p.grid.geometry().describe(); },
          "'9x9', or '6x6 (3x2 boxes)' when the boxes are not the usual ones.")
      .def_property_readonly(
          "cells",
          [](const Puzzle& p) {
            const auto v = p.grid.values();
            return std::vector<int>(v.begin(), v.end());
          },
          "The N*N values row by row, 0 for an empty cell.")
      .def_property_readonly(
          "clues", [](const Puzzle& p) { return p.grid.filled_count(); },
          "The number of filled cells.")
      .def(
          "grid", [](const Puzzle& p) { return to_grid_text(p.grid); },
          "The board as rows with box separators (the CLI's --format grid).")
      .def("__str__", [](const Puzzle& p) { return to_line(p.grid); })
      .def("__repr__",
           [](const Puzzle& p) {
             const Geometry& g = p.grid.geometry();
             const bool usual = Geometry::for_side(g.side()) == &g;
             return "Puzzle('" + to_line(p.grid) + "'" +
                    (usual ? "" : ", box='" + box_text(g) + "'") + ")";
           })
      .def(
          "__eq__", [](const Puzzle& a, const Puzzle& b) { return a.grid == b.grid; },
          py::is_operator())
      .def("__hash__",
           [](const Puzzle& p) {
             return py::hash(py::make_tuple(to_line(p.grid), box_text(p.grid.geometry())));
           })
      .def(py::pickle(
          [](const Puzzle& p) {
            const auto v = p.grid.values();
            return py::make_tuple(py::bytes(reinterpret_cast<const char*>(v.data()), v.size()),
                                  p.grid.geometry().box_rows(), p.grid.geometry().box_cols(),
                                  p.line);
          },
          [](const py::tuple& t) {
            if (t.size() != 4) throw py::value_error("not a pickled nonet.Puzzle");
            return puzzle_from_state(t[0].cast<std::string>(), t[1].cast<int>(), t[2].cast<int>(),
                                     t[3].cast<int>());
          }));

  py::class_<Reader>(m, "Reader",
                     "Reads puzzles line by line, as the CLI reads a file: each fed line gives "
                     "the puzzles it completes, each a Puzzle or a ParseError, in order.")
      .def(py::init<const std::optional<std::string>&>(), py::kw_only(),
           py::arg("box") = py::none())
      .def("feed", &Reader::feed, py::arg("line"),
           "Reads the next line (str or bytes; a trailing newline is dropped).")
      .def("finish", &Reader::finish, "Ends the text: completes or reports a puzzle still open.");

  py::class_<Solution> solution_type(m, "Solution", "The answer of solve() or count().");
  add_record(solution_type, "Solution", {"status", "solution", "count", "exact", "guesses"},
             &Solution::status, &Solution::solution, &Solution::count, &Solution::exact,
             &Solution::guesses);
  solution_type.def("__str__", &solution_line);

  py::class_<Count> count_type(m, "Count", "The answer of count().");
  add_record(count_type, "Count", {"status", "count", "exact", "guesses"}, &Count::status,
             &Count::count, &Count::exact, &Count::guesses);
  count_type.def("__str__", &count_line).def("__int__", [](const Count& c) { return c.count; });

  py::class_<Conflict> conflict_type(m, "Conflict",
                                     "A digit that appears more than once in a house.");
  add_record(conflict_type, "Conflict", {"digit", "house", "cells", "text"}, &Conflict::digit,
             &Conflict::house, &Conflict::cells, &Conflict::text);
  conflict_type.def("__str__", [](const Conflict& c) { return c.text; });

  py::class_<Validation> validation_type(m, "Validation", "A grid checked against the rules.");
  add_record(validation_type, "Validation", {"state", "empty_cells", "conflicts"},
             &Validation::state, &Validation::empty_cells, &Validation::conflicts);
  validation_type.def("__str__", &validation_line);

  py::class_<Rating> rating_type(m, "Rating", "A rating on the Sudoku Explainer scale.");
  add_record(
      rating_type, "Rating",
      {"er", "ep", "ed", "er_exact", "ep_exact", "ed_exact", "level", "stuck", "steps"},
      &Rating::er, &Rating::ep, &Rating::ed, &Rating::er_exact, &Rating::ep_exact,
      &Rating::ed_exact, &Rating::level, &Rating::stuck, &Rating::steps);
  rating_type.def("__str__", &rating_line);

  py::class_<Step> step_type(m, "Step", "One logical step.");
  add_record(
      step_type, "Step",
      {"technique", "rating", "text", "cells", "houses", "digits", "placements", "eliminations"},
      &Step::technique, &Step::rating, &Step::text, &Step::cells, &Step::houses, &Step::digits,
      &Step::placements, &Step::eliminations);
  step_type.def("__str__", [](const Step& s) { return s.text; });

  py::class_<Explanation> explanation_type(m, "Explanation", "A puzzle's logical path.");
  add_record(explanation_type, "Explanation", {"steps", "solved", "rating", "stuck_at"},
             &Explanation::steps, &Explanation::solved, &Explanation::rating,
             &Explanation::stuck_at);
  explanation_type.def("__str__", &explanation_text);

  py::class_<Hint> hint_type(m, "Hint", "The next step for a position.");
  add_record(hint_type, "Hint",
             {"status", "message", "step", "placement", "wrong_cells", "missing_candidates"},
             &Hint::status, &Hint::message, &Hint::step, &Hint::placement, &Hint::wrong_cells,
             &Hint::missing_candidates);
  hint_type.def("__str__", &hint_line);

  py::class_<Generated> generated_type(m, "Generated", "A generated puzzle.");
  add_record(generated_type, "Generated",
             {"puzzle", "solution", "clues", "seed", "index", "symmetry", "minimal", "rating"},
             &Generated::puzzle, &Generated::solution, &Generated::clues, &Generated::seed,
             &Generated::index, &Generated::symmetry, &Generated::minimal, &Generated::rating);
  generated_type.def("__str__", &generated_line);

  using OptStr = std::optional<std::string>;
  using OptSeconds = std::optional<double>;

  // --- solve, count -------------------------------------------------------------
  auto solve_config = [](const OptStr& box, const std::string& solver, std::uint64_t limit,
                         OptSeconds timeout) {
    check_solver(solver);
    if (limit < 1) throw py::value_error("limit: expected at least 1");
    return SolveConfig{parse_options(box), solver, limit, budget_of(timeout)};
  };
  auto solve_batch = [](const py::iterable& puzzles, int threads, const SolveConfig& config,
                        bool counting) {
    const std::vector<Input> in = inputs_of(puzzles);
    std::vector<Answer<Solution>> answers =
        run_threads<Solution>(in.size(), batch_threads(threads),
                              [&](std::size_t i, Worker& w, const std::atomic<bool>* c) {
                                return solve_item(in[i], config, w, c);
                              });
    if (!counting) return to_python(std::move(answers));
    std::vector<Answer<Count>> counts;
    for (Answer<Solution>& a : answers) counts.push_back(count_of(std::move(a)));
    return to_python(std::move(counts));
  };
  m.def(
      "solve",
      [solve_config](const py::object& puzzle, const OptStr& box, const std::string& solver,
                     OptSeconds timeout) {
        return solve_one(input_of(puzzle), solve_config(box, solver, 2, timeout));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(), py::arg("solver") = "auto",
      py::arg("timeout") = py::none(),
      "Solves a puzzle (any text form nonet reads, or a Puzzle): a Solution whose status is "
      "solved, no_solution, multiple or timeout. Raises ParseError for unreadable text and "
      "InvalidPuzzleError for conflicting givens. `timeout` is in seconds; Ctrl-C stops a long "
      "search.");
  m.def(
      "count",
      [solve_config](const py::object& puzzle, const OptStr& box, const std::string& solver,
                     std::uint64_t limit, OptSeconds timeout) {
        return value_or_throw(
            count_of(solve_one(input_of(puzzle), solve_config(box, solver, limit, timeout))));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(), py::arg("solver") = "auto",
      py::arg("limit") = 1000, py::arg("timeout") = py::none(),
      "Counts a puzzle's solutions up to `limit`: a Count (int() is the count; status limit when "
      "the limit stopped it). Raises as solve().");
  m.def(
      "_solve_batch",
      [solve_config, solve_batch](const py::iterable& puzzles, int threads, const OptStr& box,
                                  const std::string& solver, OptSeconds timeout) {
        return solve_batch(puzzles, threads, solve_config(box, solver, 2, timeout), false);
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"), py::arg("solver"),
      py::arg("timeout"));
  m.def(
      "_count_batch",
      [solve_config, solve_batch](const py::iterable& puzzles, int threads, const OptStr& box,
                                  const std::string& solver, std::uint64_t limit,
                                  OptSeconds timeout) {
        return solve_batch(puzzles, threads, solve_config(box, solver, limit, timeout), true);
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"), py::arg("solver"),
      py::arg("limit"), py::arg("timeout"));

  // --- validate -----------------------------------------------------------------
  m.def(
      "validate",
      [](const py::object& puzzle, const OptStr& box) {
        const Input in = input_of(puzzle);
        const ParseOptions options = parse_options(box);
        return value_or_throw(
            run_here<Validation>([&](std::size_t, Worker&, const std::atomic<bool>*) {
              return validate_item(in, options);
            }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(),
      "Checks a grid against the rules: a Validation with its state (solved, incomplete, invalid) "
      "and every conflict. Raises ParseError for unreadable text.");
  m.def(
      "_validate_batch",
      [](const py::iterable& puzzles, int threads, const OptStr& box) {
        const std::vector<Input> in = inputs_of(puzzles);
        const ParseOptions options = parse_options(box);
        return to_python(
            run_threads<Validation>(in.size(), batch_threads(threads),
                                    [&](std::size_t i, Worker&, const std::atomic<bool>*) {
                                      return validate_item(in[i], options);
                                    }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"));

  // --- rate, explain --------------------------------------------------------------
  def_logic<Rating>(
      m, "rate", "_rate_batch", &rate_item,
      "Rates a puzzle on the Sudoku Explainer scale: a Rating with er, ep, ed and level. The "
      "puzzle must have exactly one solution (else InvalidPuzzleError). `threads` (0: up to four "
      "cores) may share one search for nested forcing chains; the rating is the same for any "
      "count. A rating is stopped only by `timeout` (Timeout), not by Ctrl-C: rate_many stops "
      "between puzzles.");
  def_logic<Explanation>(
      m, "explain", "_explain_batch", &explain_item,
      "The logical path of a puzzle: an Explanation with its steps, whether the techniques solved "
      "it, and its rating. Raises as rate().");

  // --- hint ---------------------------------------------------------------------
  m.def(
      "hint",
      [](const py::object& position, const OptStr& box, const std::string& techniques,
         const std::string& level, const OptStr& candidates,
         const std::optional<py::object>& givens, OptSeconds timeout, int threads) {
        const ParseOptions options = parse_options(box);
        const auto grade = hint_level_from_name(level);
        if (!grade) {
          throw py::value_error("level: expected vague, concrete or placement; got '" +
                                level.substr(0, 40) + "'");
        }
        const Profile profile = profile_of(techniques);
        const auto budget = budget_of(timeout);
        const int chain = chain_threads(threads);
        const Puzzle board = value_or_throw(parse(input_of(position), options));
        const Geometry& g = board.grid.geometry();
        std::optional<Grid> original;
        if (givens) {
          Puzzle p = value_or_throw(parse(input_of(*givens), options));
          if (&p.grid.geometry() != &g) {
            throw py::value_error("givens: a " + p.grid.geometry().describe() + " puzzle for a " +
                                  g.describe() + " position");
          }
          original = std::move(p.grid);
        }
        std::vector<Mask> marks;
        if (candidates) {
          Result<std::vector<Mask>> parsed = parse_candidates(*candidates, g);
          if (!parsed) {
            const Error& error = parsed.error();
            throw ItemFailure{
                {ErrorKind::parse, "candidates: " + error.message, error.line, error.column}};
          }
          marks = std::move(*parsed);
        }
        HintOptions hint_options;
        hint_options.logic.profile = profile;
        hint_options.candidates = marks;
        hint_options.givens = original ? &*original : nullptr;
        hint_options.logic.threads = chain;
        nonet::Hint h;
        {
          py::gil_scoped_release release;
          hint_options.logic.deadline = deadline_after(budget);
          h = find_hint(board.grid, hint_options);
        }
        if (h.status == HintStatus::invalid) {
          throw ItemFailure{{ErrorKind::invalid, h.message, board.line}};
        }
        if (h.status == HintStatus::stopped) throw ItemFailure{time_budget_ran_out(board.line)};
        Hint out;
        out.status = hint_status_name(h.status);
        out.message = h.message;
        if (h.step) {
          out.step = step_of(*h.step, g);
          // The sentence for the grade asked for, as `nonet hint --level` prints it.
          if (*grade == HintLevel::vague) out.message = render_vague(*h.step, g);
          if (*grade == HintLevel::placement) {
            out.message = h.placement ? g.cell_name(h.placement->cell) + " = " +
                                            std::string(1, Geometry::symbol(h.placement->digit))
                                      : "no placement follows from the techniques of this profile";
          }
        }
        if (h.placement) out.placement = candidate_of(g, *h.placement);
        out.wrong_cells = cells_of(g, h.wrong_cells);
        out.missing_candidates = candidates_of(g, h.missing_candidates);
        return out;
      },
      py::arg("position"), py::kw_only(), py::arg("box") = py::none(), py::arg("techniques") = "se",
      py::arg("level") = "concrete", py::arg("candidates") = py::none(),
      py::arg("givens") = py::none(), py::arg("timeout") = py::none(), py::arg("threads") = 0,
      "The next step for a position (givens plus entries): a Hint whose message is worded for "
      "`level` (vague, concrete, placement). `candidates` are the player's pencil marks (N*N "
      "groups or a 729-character string); `givens`, the original puzzle, lets wrong entries be "
      "named. Raises InvalidPuzzleError when the givens conflict or do not have one solution.");

  // --- generate -------------------------------------------------------------------
  m.def(
      "generate",
      [](const std::string& box, const std::string& symmetry,
         const std::optional<std::pair<int, int>>& clues, const OptStr& difficulty,
         const std::optional<std::pair<double, double>>& rating, const std::string& techniques,
         bool rate_all, std::optional<bool> minimal, std::optional<std::uint64_t> seed,
         OptSeconds timeout) {
        const GenerateConfig config = generate_config(box, symmetry, clues, difficulty, rating,
                                                      techniques, rate_all, minimal, seed, timeout);
        return value_or_throw(
            run_threads<Generated>(1, 1, [&](std::size_t, Worker& w, const std::atomic<bool>* c) {
              return generate_item(config, 0, w, c);
            })[0]);
      },
      py::kw_only(), py::arg("box") = "3x3", py::arg("symmetry") = "none",
      py::arg("clues") = py::none(), py::arg("difficulty") = py::none(),
      py::arg("rating") = py::none(), py::arg("techniques") = "se", py::arg("rate") = false,
      py::arg("minimal") = py::none(), py::arg("seed") = py::none(), py::arg("timeout") = 60.0,
      "A puzzle with one solution: a Generated. `clues` (MIN, MAX), `difficulty` (easy ... "
      "extreme) and `rating` (MIN, MAX ER) filter, minimal or dug within the band as `nonet "
      "generate` makes them (a level the board lacks raises ValueError); `minimal` True or "
      "False chooses one way for a band, as --minimal / --no-minimal; `rate` rates every "
      "puzzle. The same seed gives "
      "the same puzzle as `nonet generate --seed SEED`. Raises Timeout when no puzzle passes in "
      "`timeout` seconds.");
  m.def(
      "levels",
      [](const std::string& box) {
        const Result<const Geometry*> shape = Geometry::from_shape(box);
        if (!shape || (*shape)->box_rows() < 2 || (*shape)->box_cols() < 2) {
          throw py::value_error("box: expected RxC with R, C >= 2 and R*C at most " +
                                std::to_string(kMaxSide) + ", e.g. '3x3'; got '" +
                                box.substr(0, 40) + "'");
        }
        std::vector<std::string> names;
        for (Level l : levels_for(**shape)) names.emplace_back(level_name(l));
        return names;
      },
      py::arg("box") = "3x3",
      "The levels a board of this box shape can have, easiest first: what generate(difficulty=) "
      "serves there (4x4 has only easy), as GET /api/levels lists them.");
  m.def(
      "_generate_batch",
      [](std::uint64_t first, std::uint64_t count, int threads, const std::string& box,
         const std::string& symmetry, const std::optional<std::pair<int, int>>& clues,
         const OptStr& difficulty, const std::optional<std::pair<double, double>>& rating,
         const std::string& techniques, bool rate_all, std::optional<bool> minimal,
         std::uint64_t seed, OptSeconds timeout) {
        const GenerateConfig config = generate_config(box, symmetry, clues, difficulty, rating,
                                                      techniques, rate_all, minimal, seed, timeout);
        return to_python(
            run_threads<Generated>(count, batch_threads(threads),
                                   [&](std::size_t i, Worker& w, const std::atomic<bool>* c) {
                                     return generate_item(config, first + i, w, c);
                                   }));
      },
      py::kw_only(), py::arg("first"), py::arg("count"), py::arg("threads"), py::arg("box"),
      py::arg("symmetry"), py::arg("clues"), py::arg("difficulty"), py::arg("rating"),
      py::arg("techniques"), py::arg("rate"), py::arg("minimal"), py::arg("seed"),
      py::arg("timeout"));

  // --- transform, canon -----------------------------------------------------------
  auto transform_config = [](const OptStr& ops, const OptStr& box, bool random,
                             std::uint64_t seed) {
    if (random == ops.has_value()) throw py::value_error("give either ops or random=True");
    TransformConfig c{parse_options(box), {}, random, seed};
    if (ops) {
      Result<std::vector<TransformOp>> parsed = parse_transform_ops(*ops);
      if (!parsed) throw py::value_error("ops: " + parsed.error().message);
      c.ops = std::move(*parsed);
    }
    return c;
  };
  m.def(
      "transform",
      [transform_config](const py::object& puzzle, const OptStr& ops, const OptStr& box,
                         bool random, std::uint64_t seed) {
        const Input in = input_of(puzzle);
        const TransformConfig config = transform_config(ops, box, random, seed);
        return value_or_throw(
            run_here<std::string>([&](std::size_t, Worker&, const std::atomic<bool>*) {
              return transform_item(in, config, 0);
            }));
      },
      py::arg("puzzle"), py::arg("ops") = py::none(), py::kw_only(), py::arg("box") = py::none(),
      py::arg("random") = false, py::arg("seed") = 0,
      "The puzzle transformed by `ops` (e.g. 'transpose,relabel:912345678', as `nonet transform "
      "--ops`) or, with random=True, by a random shape-keeping transformation drawn from `seed`: "
      "the result as one line.");
  m.def(
      "_transform_batch",
      [transform_config](const py::iterable& puzzles, std::uint64_t first, int threads,
                         const OptStr& ops, const OptStr& box, bool random, std::uint64_t seed) {
        const std::vector<Input> in = inputs_of(puzzles);
        const TransformConfig config = transform_config(ops, box, random, seed);
        return to_python(
            run_threads<std::string>(in.size(), batch_threads(threads),
                                     [&](std::size_t i, Worker&, const std::atomic<bool>*) {
                                       return transform_item(in[i], config, first + i);
                                     }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("first"), py::arg("threads"), py::arg("ops"),
      py::arg("box"), py::arg("random"), py::arg("seed"));
  m.def(
      "canon",
      [](const py::object& puzzle, const OptStr& box) {
        const Input in = input_of(puzzle);
        const ParseOptions options = parse_options(box);
        return value_or_throw(
            run_here<std::string>([&](std::size_t, Worker& w, const std::atomic<bool>*) {
              return canon_item(in, options, w);
            }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(),
      "The canonical form of a puzzle (9x9, 4x4, 6x6, 8x8), as one line: equal exactly for puzzles "
      "that are the same up to transformation and relabelling.");
  m.def(
      "_canon_batch",
      [](const py::iterable& puzzles, int threads, const OptStr& box) {
        const std::vector<Input> in = inputs_of(puzzles);
        const ParseOptions options = parse_options(box);
        return to_python(
            run_threads<std::string>(in.size(), batch_threads(threads),
                                     [&](std::size_t i, Worker& w, const std::atomic<bool>*) {
                                       return canon_item(in[i], options, w);
                                     }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"));
}

}  // namespace
}  // namespace nonet::python

PYBIND11_MODULE(_nonet, m) { nonet::python::define_module(m); }
