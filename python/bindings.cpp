// The operations as Python functions: each reads its arguments into the
// operation's request (a bad one is a ValueError naming the option, as the
// options' table names it), runs it, and turns the answer into a result type.
// `name` answers one puzzle; `_name_batch` a list, on threads.

#include <pybind11/stl.h>

#include <chrono>
#include <random>
#include <thread>

#include "book/make.h"
#include "nonet/version.h"

#include "ops/values.h"
#include "python/bindings.h"
#include "python/run.h"

namespace nonet::python {
namespace {

using OptStr = std::optional<std::string>;
using OptSeconds = std::optional<double>;
// "MIN-MAX" as the CLI takes it, or a pair (MIN, MAX), or (clues) one number.
using Band = std::optional<std::variant<std::pair<double, double>, std::string, int>>;

// A value read by one of the operations' readers; ValueError("name: ...") when refused.
template <class T>
T option(const char* name, ops::Result<T> r) {
  if (!r) throw py::value_error(std::string(name) + ": " + r.error().message);
  return std::move(*r);
}

// An answer's own status that is no answer in Python: a search cut short
// raises Timeout, conflicting givens InvalidPuzzleError.
template <class T>
ops::Result<T> stopped_failure(ops::Status status, const std::string& message) {
  return ops::fail(status == ops::Status::cancelled ? ops::Code::cancelled : ops::Code::timeout,
                   message);
}

// --- solve, count ------------------------------------------------------------

struct SolveConfig {
  ParseOptions parse;
  std::string solver = "auto";
  std::uint64_t limit = 2;
  OptSeconds timeout;
};

SolveConfig solve_config(const OptStr& box, const std::string& solver, std::uint64_t limit,
                         OptSeconds timeout) {
  if (limit < 1 || limit > (std::uint64_t{1} << 62))
    throw py::value_error("limit: expected 1 to 2**62, got " + std::to_string(limit));
  return {parse_options_of(box), option("solver", ops::read_solver(solver)), limit,
          timeout_of(timeout)};
}

template <class T>
ops::Result<T> solve_item(const Input& in, const SolveConfig& config, bool counting,
                          ops::Context& context, const Deadline* probe = nullptr) {
  ops::Result<AnyPuzzle> p = parse_any(in, config.parse);
  if (!p) return p.error();
  set_budget(context, config.timeout, ops::Work::search, p->puzzle.grid.geometry().side());
  if (probe) context.deadline = *probe;
  ops::Result<ops::SolveAnswer> r = ops::solve(
      {p->puzzle.grid, config.solver, config.limit, counting, std::move(p->variant)}, context);
  if (!r) return r.error();
  // Conflicting givens have no solution: the puzzle is at fault.
  if (r->status == ops::Status::invalid)
    return ops::Failure{ops::Code::conflicting_givens, r->message, "", p->puzzle.line};
  if constexpr (std::is_same_v<T, Count>) {
    return count_of(*r);
  } else {
    return solution_of(*r);
  }
}

// A single solve runs first on the calling thread with a 20 ms budget (most
// finish in microseconds, and a thread costs more than that); one that needs
// longer runs again on a thread, so that Ctrl-C can stop it.
template <class T>
T solve_one(const Input& in, const SolveConfig& config, bool counting) {
  const auto probe_budget = std::chrono::milliseconds(20);
  if (!(config.timeout && *config.timeout > 0 && *config.timeout <= 0.02)) {
    const Deadline probe = Deadline::after(probe_budget);
    ops::Result<T> first = run_here<T>(
        [&](ops::Context& c) { return solve_item<T>(in, config, counting, c, &probe); });
    if (!first || first->status != "timeout") return value_or_throw(std::move(first));
  }
  return value_or_throw(
      run_one<T>([&](ops::Context& c) { return solve_item<T>(in, config, counting, c); }));
}

template <class T>
py::list solve_batch(const py::iterable& puzzles, int threads, const SolveConfig& config,
                     bool counting) {
  const std::vector<Input> in = inputs_of(puzzles);
  return to_python(run_many<T>(in.size(), batch_threads(threads),
                               [&](std::size_t i, ops::Context& c) {
                                 return solve_item<T>(in[i], config, counting, c);
                               }));
}

// --- rate, explain, hint -----------------------------------------------------------

struct LogicConfig {
  ParseOptions parse;
  Profile profile = Profile::se;
  OptSeconds timeout;
  int threads = 1;
  std::string candidates;  // explain's
};

ops::Result<Rating> rate_item(const Input& in, const LogicConfig& config, ops::Context& context) {
  ops::Result<AnyPuzzle> p = parse_any(in, config.parse);
  if (!p) return p.error();
  set_budget(context, config.timeout, ops::Work::logic, p->puzzle.grid.geometry().side(),
             p->variant.get());
  context.threads = config.threads;
  ops::Result<ops::RateAnswer> r =
      ops::rate({p->puzzle.grid, config.profile, std::move(p->variant)}, context);
  if (!r) return r.error();
  if (ops::stopped(r->status)) return stopped_failure<Rating>(r->status, r->message);
  return rating_of(r->rating);
}

ops::Result<std::vector<Mask>> marks_of(const std::string& text, const Geometry& g) {
  if (text.empty()) return std::vector<Mask>();
  ops::Result<std::vector<Mask>> marks = ops::read_candidates(text, g);
  if (!marks) {
    ops::Failure f = marks.error();
    f.message = "candidates: " + f.message;
    return f;
  }
  return marks;
}

ops::Result<Explanation> explain_item(const Input& in, const LogicConfig& config,
                                      ops::Context& context) {
  ops::Result<AnyPuzzle> p = parse_any(in, config.parse);
  if (!p) return p.error();
  const Grid& grid = p->puzzle.grid;
  ops::Result<std::vector<Mask>> marks = marks_of(config.candidates, grid.geometry());
  if (!marks) return marks.error();
  set_budget(context, config.timeout, ops::Work::logic, grid.geometry().side(), p->variant.get());
  context.threads = config.threads;
  ops::Result<ops::ExplainAnswer> r = ops::explain(
      {grid, std::move(*marks), config.profile, std::move(p->variant)}, context);
  if (!r) return r.error();
  if (ops::stopped(r->status)) return stopped_failure<Explanation>(r->status, r->message);
  return explanation_of(*r);
}

LogicConfig logic_config(const OptStr& box, const std::string& profile, OptSeconds timeout,
                         int threads, const OptStr& candidates = std::nullopt) {
  return {parse_options_of(box), option("profile", ops::read_profile(profile)),
          timeout_of(timeout), threads, candidates.value_or("")};
}

// --- generate -----------------------------------------------------------------------

ops::Range band_of(const char* name, const Band& band, bool tenths) {
  if (const auto* pair = std::get_if<std::pair<double, double>>(&*band)) {
    const auto [low, high] = *pair;
    if (!std::isfinite(low) || !std::isfinite(high) || low < 0 || low > high || high > 1e6)
      throw py::value_error(std::string(name) + ": expected (MIN, MAX) with 0 <= MIN <= MAX");
    // ER has tenths: 2.61 would otherwise be taken as 2.6 without a word; a
    // clue count is whole.
    for (const double v : {low, high}) {
      const double scaled = tenths ? v * 10 : v;
      if (std::abs(scaled - std::round(scaled)) > 1e-6)
        throw py::value_error(std::string(name) + ": " +
                              (tenths ? "ER has one decimal (tenths, as in 2.6); got "
                                      : "a clue count is a whole number; got ") +
                              py::repr(py::float_(v)).cast<std::string>());
    }
    return {static_cast<int>(std::lround(tenths ? low * 10 : low)),
            static_cast<int>(std::lround(tenths ? high * 10 : high))};
  }
  if (const auto* whole = std::get_if<int>(&*band)) {
    if (*whole < 0 || *whole > 1000000)
      throw py::value_error(std::string(name) + ": expected a number from 0 to 1000000, got " +
                            std::to_string(*whole));
    return {tenths ? *whole * 10 : *whole, tenths ? *whole * 10 : *whole};
  }
  return option(name, ops::read_range(std::get<std::string>(*band), tenths));
}

struct GenerateConfig {
  ops::GenerateRequest request;
  OptSeconds timeout;
};

GenerateConfig generate_config(std::optional<int> size, const OptStr& box,
                               const std::string& profile, const OptStr& level, const Band& rating,
                               const Band& clues, const std::string& symmetry,
                               std::optional<bool> minimal, bool rate,
                               std::optional<std::uint64_t> seed, OptSeconds timeout,
                               const OptStr& variant = std::nullopt) {
  GenerateConfig c;
  ops::GenerateRequest& r = c.request;
  if (size && (*size < 4 || *size > kMaxSide))
    throw py::value_error("size: expected a side from 4 to " + std::to_string(kMaxSide) +
                          ", got " + std::to_string(*size));
  const ops::Result<const Geometry*> board = ops::read_board(size.value_or(0), box.value_or(""));
  if (!board) throw py::value_error(board.error().option + ": " + board.error().message);
  r.geometry = *board;
  r.profile = option("profile", ops::read_profile(profile));
  if (level) r.level = option("level", ops::read_level(*level));
  if (rating) {
    const ops::Range er = band_of("rating", rating, true);
    r.rating = RatingBand{er.low, er.high};
  }
  if (clues) {
    const ops::Range count = band_of("clues", clues, false);
    r.min_clues = count.low;
    r.max_clues = count.high;
  }
  r.symmetry = option("symmetry", ops::read_symmetry(symmetry));
  if (variant) r.variant = option("variant", ops::read_variant_kind(*variant));
  r.minimal = minimal;
  r.rate = rate;
  r.seed = seed ? *seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  if (const ops::Result<void> checked = ops::check(r); !checked)
    throw py::value_error(checked.error().option + ": " + checked.error().message);
  c.timeout = timeout_of(timeout);
  return c;
}

ops::Result<Generated> generate_item(const GenerateConfig& config, std::uint64_t index,
                                     ops::Context& context) {
  ops::GenerateRequest r = config.request;
  r.index = index;
  set_budget(context, config.timeout, ops::Work::generate, config.request.geometry->side());
  ops::Result<ops::GenerateAnswer> made = ops::generate(r, context);
  if (!made) return made.error();
  if (made->status != ops::Status::ok) {
    // None in the band in time (the closest is no answer here), or its rating
    // cut short.
    const bool banded = config.request.banded();
    return stopped_failure<Generated>(
        made->status == ops::Status::cancelled ? ops::Status::cancelled : ops::Status::timeout,
        made->message + "; " + (banded && (!made->puzzle || made->status == ops::Status::closest)
                                    ? "widen the band or "
                                    : "") +
            "raise the timeout");
  }
  return generated_of(*made);
}

// --- transform, canon -----------------------------------------------------------

struct TransformConfig {
  ParseOptions parse;
  std::vector<TransformOp> ops;
  bool random = false;
  std::uint64_t seed = 0;
};

TransformConfig transform_config(const OptStr& list, const OptStr& box, bool random,
                                 std::uint64_t seed) {
  if (random == list.has_value()) throw py::value_error("ops: give either ops or random=True");
  TransformConfig c{parse_options_of(box), {}, random, seed};
  if (list) c.ops = option("ops", ops::read_transform_ops(*list));
  return c;
}

ops::Result<std::string> transform_item(const Input& in, const TransformConfig& config,
                                        std::uint64_t index, ops::Context& context) {
  ops::Result<Puzzle> p = parse(in, config.parse);
  if (!p) return p.error();
  ops::Result<ops::TransformAnswer> r = ops::transform(
      {.puzzle = p->grid, .ops = config.ops, .random = config.random, .seed = config.seed,
       .index = index},
      context);
  if (!r) return r.error();
  return to_line(r->puzzle);
}

ops::Result<std::string> canon_item(const Input& in, const ParseOptions& options,
                                    ops::Context& context) {
  ops::Result<Puzzle> p = parse(in, options);
  if (!p) return p.error();
  ops::Result<ops::CanonAnswer> r = ops::canon(p->grid, context);
  if (!r) return r.error();
  return to_line(r->canonical);
}

ops::Result<std::string> convert_item(const Input& in, const ParseOptions& options, ops::Form to) {
  ops::Result<AnyPuzzle> p = parse_any(in, options);
  if (!p) return p.error();
  ops::Result<ops::ConvertAnswer> r =
      ops::convert({p->puzzle.grid, std::move(p->variant), to, std::move(p->document)});
  if (!r) return r.error();
  return std::move(r->text);
}

// --- book --------------------------------------------------------------------------

// Makes the book's puzzles on a thread of their own, the GIL released, while
// this thread lets Python handle its signals every 50 ms: Ctrl-C stops the
// work and raises KeyboardInterrupt.
book::Made make_book(const book::Request& request) {
  std::atomic<bool> cancel{false}, finished{false};
  bool interrupted = false;
  book::Made made;
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      made = book::make(request, cancel);
      finished.store(true);
    });
    while (!finished.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      py::gil_scoped_acquire acquire;
      if (!interrupted && PyErr_CheckSignals() != 0) {
        interrupted = true;
        cancel.store(true);
      }
    }
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  return made;
}

std::vector<std::string> write_book(const std::string& output, const std::optional<py::iterable>& puzzles,
                    std::uint64_t count, std::optional<int> size, const OptStr& box,
                    const std::string& profile, const OptStr& level, const Band& rating,
                    const Band& clues, const std::string& symmetry, std::optional<bool> minimal,
                    std::optional<std::uint64_t> seed, int threads, OptSeconds timeout,
                    int per_page, const std::string& paper, const std::string& margin,
                    const std::string& bleed, const std::string& title, bool solutions,
                    const OptStr& explain, int steps, double dpi) {
  const std::optional<book::Output> kind = book::output_of(output);
  if (!kind)
    throw py::value_error("output: " + output +
                          ": a book is written as .pdf, or as one .svg or .png a page");
  const auto checked = [](const char* name, auto r) {
    if (!r) throw py::value_error(std::string(name) + ": " + r.error().message);
    return *r;
  };
  book::Layout layout;
  layout.per_page = per_page;
  layout.paper = checked("paper", book::read_paper(paper));
  layout.margin = checked("margin", book::read_length(margin));
  layout.bleed = checked("bleed", book::read_length(bleed));
  layout.title = title;
  layout.solutions = solutions;
  layout.dpi = dpi;
  layout.date = checked("SOURCE_DATE_EPOCH", book::creation_date());

  book::Request request;
  request.explain = explain.value_or("");
  if (steps < 0)
    throw py::value_error("steps: expected 0 (all) or more, got " + std::to_string(steps));
  request.steps = steps;
  request.profile = option("profile", ops::read_profile(profile));
  request.threads = batch_threads(threads);
  request.timeout = timeout_of(timeout);
  std::uint64_t drawn = 0;
  if (puzzles) {
    const ParseOptions options = parse_options_of(box);
    std::size_t index = 0;
    for (const Input& in : inputs_of(*puzzles)) {
      ++index;
      ops::Result<Puzzle> p = parse(in, options);
      if (!p) {
        ops::Failure f = p.error();
        f.message = "puzzle " + std::to_string(index) + ": " + f.message;
        throw ItemFailure{f};
      }
      request.puzzles.push_back(p->grid);
      request.places.push_back("puzzle " + std::to_string(index));
    }
    if (request.puzzles.empty()) throw py::value_error("puzzles: no puzzle given");
  } else {
    // The puzzles as generate makes them, rated, symmetric as printed puzzles are.
    const GenerateConfig config = generate_config(size, box, profile, std::nullopt, rating, clues,
                                                  symmetry, minimal, true, seed, timeout);
    request.generate = config.request;
    drawn = config.request.seed;
    const nonet::Result<std::vector<std::optional<Level>>> levels =
        book::read_levels(level.value_or(""));
    if (!levels) throw py::value_error(levels.error().message.substr(2));  // "level easy,x: ..."
    request.levels = *levels;
    request.count = count;
  }
  if (const nonet::Result<void> ok = book::check(request); !ok) {
    // Named as Python names the options: "explain 9: ...", "count 2: ...".
    std::string message = ok.error().message;
    if (message.rfind("--", 0) == 0) message.erase(0, 2);
    if (message.rfind("-n ", 0) == 0) message.replace(0, 2, "count");
    throw py::value_error(message);
  }
  const int side =
      puzzles ? request.puzzles.front().geometry().side() : request.generate.geometry->side();
  if (const nonet::Result<void> ok = book::check(layout, side); !ok)
    throw py::value_error(ok.error().message);

  const book::Made made = make_book(request);
  if (!made.error.empty()) throw ItemFailure{ops::fail(made.code, made.error)};
  layout.note =
      std::string("nonet ") + kVersion + (puzzles ? "" : ", seed " + std::to_string(drawn));
  const nonet::Result<std::vector<std::string>> files = book::render(made.entries, layout, *kind);
  if (!files) throw std::runtime_error(files.error().message);
  const nonet::Result<std::vector<std::string>> written = book::write_files(*files, output, *kind);
  if (!written) throw py::value_error(written.error().message);
  return *written;
}

}  // namespace

void define_operations(py::module_& m) {
  m.def(
      "solve",
      [](const py::object& puzzle, const OptStr& box, const std::string& solver,
         OptSeconds timeout) {
        return solve_one<Solution>(input_of(puzzle), solve_config(box, solver, 2, timeout), false);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(), py::arg("solver") = "auto",
      py::arg("timeout") = py::none(),
      "Solves a puzzle (any text form nonet reads, or a Puzzle; or a variant puzzle: an "
      "f-puzzles dict, its JSON text, an f-puzzles or SudokuPad link): a Solution whose status is "
      "solved, no_solution, multiple or timeout. Raises ParseError for unreadable text and "
      "InvalidPuzzleError for conflicting givens. `timeout` is in seconds; Ctrl-C stops a long "
      "search.");
  m.def(
      "count",
      [](const py::object& puzzle, const OptStr& box, const std::string& solver,
         std::uint64_t limit, OptSeconds timeout) {
        return solve_one<Count>(input_of(puzzle), solve_config(box, solver, limit, timeout), true);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(), py::arg("solver") = "auto",
      py::arg("limit") = 1000, py::arg("timeout") = py::none(),
      "Counts a puzzle's solutions up to `limit`: a Count (int() is the count; status limit when "
      "the limit stopped it). Raises as solve().");
  m.def(
      "_solve_batch",
      [](const py::iterable& puzzles, int threads, const OptStr& box, const std::string& solver,
         OptSeconds timeout) {
        return solve_batch<Solution>(puzzles, threads, solve_config(box, solver, 2, timeout), false);
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"), py::arg("solver"),
      py::arg("timeout"));
  m.def(
      "_count_batch",
      [](const py::iterable& puzzles, int threads, const OptStr& box, const std::string& solver,
         std::uint64_t limit, OptSeconds timeout) {
        return solve_batch<Count>(puzzles, threads, solve_config(box, solver, limit, timeout), true);
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"), py::arg("solver"),
      py::arg("limit"), py::arg("timeout"));

  // --- validate, candidates ---------------------------------------------------------
  const auto validate_item = [](const Input& in, const ParseOptions& options) {
    ops::Result<AnyPuzzle> p = parse_any(in, options);
    if (!p) return ops::Result<Validation>(p.error());
    return ops::Result<Validation>(validation_of(p->variant ? ops::validate(std::move(p->variant))
                                                            : ops::validate(p->puzzle.grid)));
  };
  const auto candidates_item = [](const Input& in, const ParseOptions& options) {
    ops::Result<Puzzle> p = parse(in, options);
    return p ? ops::Result<Candidates>(candidates_of(ops::candidates(p->grid)))
             : ops::Result<Candidates>(p.error());
  };
  m.def(
      "validate",
      [validate_item](const py::object& puzzle, const OptStr& box) {
        const Input in = input_of(puzzle);
        const ParseOptions options = parse_options_of(box);
        return value_or_throw(
            run_here<Validation>([&](ops::Context&) { return validate_item(in, options); }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(),
      "Checks a grid against the rules: a Validation with its state (solved, incomplete, invalid) "
      "and every conflict. Raises ParseError for unreadable text.");
  m.def(
      "_validate_batch",
      [validate_item](const py::iterable& puzzles, int threads, const OptStr& box) {
        const std::vector<Input> in = inputs_of(puzzles);
        const ParseOptions options = parse_options_of(box);
        return to_python(run_many<Validation>(
            in.size(), batch_threads(threads),
            [&](std::size_t i, ops::Context&) { return validate_item(in[i], options); }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"));
  m.def(
      "candidates",
      [candidates_item](const py::object& puzzle, const OptStr& box) {
        const Input in = input_of(puzzle);
        const ParseOptions options = parse_options_of(box);
        return value_or_throw(
            run_here<Candidates>([&](ops::Context&) { return candidates_item(in, options); }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(),
      "The candidates of every empty cell and the naked singles: a Candidates, whose str() is "
      "the form hint(candidates=) reads. Raises ParseError for unreadable text.");
  m.def(
      "_candidates_batch",
      [candidates_item](const py::iterable& puzzles, int threads, const OptStr& box) {
        const std::vector<Input> in = inputs_of(puzzles);
        const ParseOptions options = parse_options_of(box);
        return to_python(run_many<Candidates>(
            in.size(), batch_threads(threads),
            [&](std::size_t i, ops::Context&) { return candidates_item(in[i], options); }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"));

  // --- rate, explain ----------------------------------------------------------------
  m.def(
      "rate",
      [](const py::object& puzzle, const OptStr& box, const std::string& profile,
         OptSeconds timeout, int threads) {
        const Input in = input_of(puzzle);
        const LogicConfig config = logic_config(box, profile, timeout, chain_threads(threads));
        return value_or_throw(run_one<Rating>([&](ops::Context& c) { return rate_item(in, config, c); }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(), py::arg("profile") = "se",
      py::arg("timeout") = py::none(), py::arg("threads") = 0,
      "Rates a puzzle on the Sudoku Explainer scale: a Rating with er, ep, ed and level. The "
      "puzzle must have exactly one solution (else InvalidPuzzleError). `threads` (0: up to four "
      "cores) may share one search for nested forcing chains; the rating is the same for any "
      "count. `timeout` (seconds; boards above 16x16 get 60 by default, 0 for none) raises "
      "Timeout; Ctrl-C stops it at once.");
  m.def(
      "_rate_batch",
      [](const py::iterable& puzzles, int threads, const OptStr& box, const std::string& profile,
         OptSeconds timeout) {
        const std::vector<Input> in = inputs_of(puzzles);
        const LogicConfig config = logic_config(box, profile, timeout, 1);
        return to_python(run_many<Rating>(in.size(), batch_threads(threads),
                                          [&](std::size_t i, ops::Context& c) {
                                            return rate_item(in[i], config, c);
                                          }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"), py::arg("profile"),
      py::arg("timeout"));
  m.def(
      "explain",
      [](const py::object& puzzle, const OptStr& box, const std::string& profile,
         const OptStr& candidates, OptSeconds timeout, int threads) {
        const Input in = input_of(puzzle);
        const LogicConfig config =
            logic_config(box, profile, timeout, chain_threads(threads), candidates);
        return value_or_throw(
            run_one<Explanation>([&](ops::Context& c) { return explain_item(in, config, c); }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(), py::arg("profile") = "se",
      py::arg("candidates") = py::none(), py::arg("timeout") = py::none(), py::arg("threads") = 0,
      "The logical path of a puzzle: an Explanation with its steps, whether the techniques solved "
      "it, and its rating; from the player's `candidates` when given. Raises as rate().");
  m.def(
      "_explain_batch",
      [](const py::iterable& puzzles, int threads, const OptStr& box, const std::string& profile,
         const OptStr& candidates, OptSeconds timeout) {
        const std::vector<Input> in = inputs_of(puzzles);
        const LogicConfig config = logic_config(box, profile, timeout, 1, candidates);
        return to_python(run_many<Explanation>(in.size(), batch_threads(threads),
                                               [&](std::size_t i, ops::Context& c) {
                                                 return explain_item(in[i], config, c);
                                               }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"), py::arg("profile"),
      py::arg("candidates"), py::arg("timeout"));

  // --- hint -----------------------------------------------------------------------
  m.def(
      "hint",
      [](const py::object& puzzle, const OptStr& box, const std::string& profile,
         const std::string& level, const OptStr& candidates, const std::optional<py::object>& givens,
         const std::optional<py::object>& solution, const std::optional<py::object>& cell,
         OptSeconds timeout, int threads) {
        const ParseOptions options = parse_options_of(box);
        AnyPuzzle read = value_or_throw(parse_any(input_of(puzzle), options));
        ops::HintRequest request{.puzzle = read.puzzle.grid};
        request.variant = std::move(read.variant);
        const Geometry& g = request.puzzle.geometry();
        request.profile = option("profile", ops::read_profile(profile));
        request.level = option("level", ops::read_hint_level(level));
        if (givens) request.givens = value_or_throw(parse(input_of(*givens), options)).grid;
        if (solution) request.solution = value_or_throw(parse(input_of(*solution), options)).grid;
        if (candidates) request.candidates = value_or_throw(marks_of(*candidates, g));
        if (cell) {
          // An index or a name, as the CLI and the API take it (not a bool).
          std::string text;
          if (py::isinstance<py::str>(*cell)) {
            text = cell->cast<std::string>();
          } else if (py::isinstance<py::int_>(*cell) && !py::isinstance<py::bool_>(*cell)) {
            text = py::str(*cell).cast<std::string>();
          } else {
            throw py::type_error("cell: expected a name like 'r3c5' or an index");
          }
          request.cell = option("cell", ops::read_cell(text, g));
        }
        const OptSeconds seconds = timeout_of(timeout);
        const int chain = chain_threads(threads);
        return value_or_throw(run_one<Hint>([&](ops::Context& c) -> ops::Result<Hint> {
          set_budget(c, seconds, ops::Work::logic, g.side(), request.variant.get());
          c.threads = chain;
          ops::Result<ops::HintAnswer> r = ops::hint(request, c);
          if (!r) return r.error();
          if (ops::stopped(r->status)) return stopped_failure<Hint>(r->status, r->message);
          return hint_of(*r);
        }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(), py::arg("profile") = "se",
      py::arg("level") = "concrete", py::arg("candidates") = py::none(),
      py::arg("givens") = py::none(), py::arg("solution") = py::none(),
      py::arg("cell") = py::none(), py::arg("timeout") = py::none(), py::arg("threads") = 0,
      "The next step for a position (givens plus entries): a Hint whose message is worded for "
      "`level` (vague, concrete, placement). `candidates` are the player's pencil marks (N*N "
      "groups or a 729-character string); `givens`, the original puzzle, lets wrong entries be "
      "named; `solution`, the puzzle's solution when known (from count or solve), spares solving "
      "it again; `cell` ('r3c5' or an index) asks for that cell's digit too (Hint.answer). Raises "
      "InvalidPuzzleError when the givens conflict or do not have one solution, ValueError when "
      "`solution` is not a solution of them.");

  // --- generate -------------------------------------------------------------------
  m.def(
      "generate",
      [](std::optional<int> size, const OptStr& box, const std::string& profile,
         const OptStr& level, const Band& rating, const Band& clues, const std::string& symmetry,
         std::optional<bool> minimal, bool rate, std::optional<std::uint64_t> seed,
         OptSeconds timeout, const OptStr& variant) {
        const GenerateConfig config = generate_config(size, box, profile, level, rating, clues,
                                                      symmetry, minimal, rate, seed, timeout,
                                                      variant);
        return value_or_throw(
            run_one<Generated>([&](ops::Context& c) { return generate_item(config, 0, c); }));
      },
      py::kw_only(), py::arg("size") = py::none(), py::arg("box") = py::none(),
      py::arg("profile") = "se", py::arg("level") = py::none(), py::arg("rating") = py::none(),
      py::arg("clues") = py::none(), py::arg("symmetry") = "none", py::arg("minimal") = py::none(),
      py::arg("rate") = false, py::arg("seed") = py::none(), py::arg("timeout") = py::none(),
      py::arg("variant") = py::none(),
      "A puzzle with one solution: a Generated, on a board of `size` (4 to 25) or `box` ('3x3', "
      "the default); `variant` ('x', 'windoku', 'disjoint-groups', 'jigsaw', 'anti-knight', "
      "'anti-king', 'non-consecutive', 'killer', 'kropki', 'xv', 'thermo') makes one of that "
      "variant, its rules in Generated.fpuzzles and Generated.url. `level` (easy ... extreme), "
      "`rating` ('MIN-MAX' or (MIN, MAX) ER) and `clues` ('MIN-MAX' or (MIN, MAX)) filter, "
      "minimal or dug within the band as `nonet generate` makes them (a level the board lacks "
      "raises ValueError); `minimal` True or False chooses one way for a band, as --minimal / "
      "--no-minimal; `rate` rates every puzzle. The same seed gives the same puzzle as `nonet "
      "generate --seed SEED`. Raises Timeout when no puzzle passes in `timeout` seconds (60 by "
      "default).");
  m.def(
      "_generate_batch",
      [](std::uint64_t first, std::uint64_t count, int threads, std::optional<int> size,
         const OptStr& box, const std::string& profile, const OptStr& level, const Band& rating,
         const Band& clues, const std::string& symmetry, std::optional<bool> minimal, bool rate,
         std::uint64_t seed, OptSeconds timeout, const OptStr& variant) {
        const GenerateConfig config = generate_config(size, box, profile, level, rating, clues,
                                                      symmetry, minimal, rate, seed, timeout,
                                                      variant);
        return to_python(run_many<Generated>(count, batch_threads(threads),
                                             [&](std::size_t i, ops::Context& c) {
                                               return generate_item(config, first + i, c);
                                             }));
      },
      py::kw_only(), py::arg("first"), py::arg("count"), py::arg("threads"), py::arg("size"),
      py::arg("box"), py::arg("profile"), py::arg("level"), py::arg("rating"), py::arg("clues"),
      py::arg("symmetry"), py::arg("minimal"), py::arg("rate"), py::arg("seed"),
      py::arg("timeout"), py::arg("variant") = py::none());

  // --- book ---------------------------------------------------------------------
  m.def("book", &write_book, py::arg("output"), py::arg("puzzles") = py::none(), py::kw_only(),
        py::arg("count") = 12, py::arg("size") = py::none(), py::arg("box") = py::none(),
        py::arg("profile") = "se", py::arg("level") = py::none(), py::arg("rating") = py::none(),
        py::arg("clues") = py::none(), py::arg("symmetry") = "rot180",
        py::arg("minimal") = py::none(), py::arg("seed") = py::none(), py::arg("threads") = 0,
        py::arg("timeout") = py::none(), py::arg("per_page") = 0, py::arg("paper") = "a4",
        py::arg("margin") = "15mm", py::arg("bleed") = "0", py::arg("title") = "Sudoku",
        py::arg("solutions") = true, py::arg("explain") = py::none(), py::arg("steps") = 0,
        py::arg("dpi") = 150.0,
        "Writes a book to print, as `nonet book` does: `output` is FILE.pdf, or FILE.svg / "
        "FILE.png for one file a page; returns the paths written. The puzzles are `puzzles` (any "
        "forms nonet reads, each checked for one solution and rated) or, when None, `count` made "
        "as generate makes them (`level` one level or several, 'easy,medium,hard', each an equal "
        "share). `per_page` 1, 2, 4 or 6 (0: by the size), `paper` ('a4', 'letter', '6x9', "
        "'210x297mm', ...), `margin` and `bleed` with a unit ('15mm', '0.125in'), `title`, "
        "`solutions`, `explain` ('1,5-7' or 'all': their explained paths, `steps` the first N "
        "steps of each), `dpi` for PNG. The same seed gives the same puzzles; with "
        "SOURCE_DATE_EPOCH set, the same bytes. Raises InvalidPuzzleError naming the first puzzle "
        "that cannot go in (nothing is written), ValueError for a bad option.");

  // --- transform, canon -----------------------------------------------------------
  m.def(
      "transform",
      [](const py::object& puzzle, const OptStr& ops, const OptStr& box, bool random,
         std::uint64_t seed) {
        const Input in = input_of(puzzle);
        const TransformConfig config = transform_config(ops, box, random, seed);
        return value_or_throw(
            run_here<std::string>([&](ops::Context& c) { return transform_item(in, config, 0, c); }));
      },
      py::arg("puzzle"), py::arg("ops") = py::none(), py::kw_only(), py::arg("box") = py::none(),
      py::arg("random") = false, py::arg("seed") = 0,
      "The puzzle transformed by `ops` (e.g. 'transpose,relabel:912345678', as `nonet transform "
      "--ops`) or, with random=True, by a random shape-keeping transformation drawn from `seed`: "
      "the result as one line.");
  m.def(
      "_transform_batch",
      [](const py::iterable& puzzles, std::uint64_t first, int threads, const OptStr& ops,
         const OptStr& box, bool random, std::uint64_t seed) {
        const std::vector<Input> in = inputs_of(puzzles);
        const TransformConfig config = transform_config(ops, box, random, seed);
        return to_python(run_many<std::string>(in.size(), batch_threads(threads),
                                               [&](std::size_t i, ops::Context& c) {
                                                 return transform_item(in[i], config, first + i, c);
                                               }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("first"), py::arg("threads"), py::arg("ops"),
      py::arg("box"), py::arg("random"), py::arg("seed"));
  m.def(
      "canon",
      [](const py::object& puzzle, const OptStr& box) {
        const Input in = input_of(puzzle);
        const ParseOptions options = parse_options_of(box);
        return value_or_throw(
            run_here<std::string>([&](ops::Context& c) { return canon_item(in, options, c); }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("box") = py::none(),
      "The canonical form of a puzzle (9x9, 4x4, 6x6, 8x8), as one line: equal exactly for puzzles "
      "that are the same up to transformation and relabelling.");
  m.def(
      "_canon_batch",
      [](const py::iterable& puzzles, int threads, const OptStr& box) {
        const std::vector<Input> in = inputs_of(puzzles);
        const ParseOptions options = parse_options_of(box);
        return to_python(run_many<std::string>(
            in.size(), batch_threads(threads),
            [&](std::size_t i, ops::Context& c) { return canon_item(in[i], options, c); }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("box"));

  m.def(
      "convert",
      [](const py::object& puzzle, const std::string& to, const OptStr& box) {
        const Input in = input_of(puzzle);
        const ParseOptions options = parse_options_of(box);
        const ops::Form form = option("to", ops::read_form(to));
        return value_or_throw(
            run_here<std::string>([&](ops::Context&) { return convert_item(in, options, form); }));
      },
      py::arg("puzzle"), py::kw_only(), py::arg("to") = "fpuzzles", py::arg("box") = py::none(),
      "The puzzle, classic or variant, written in another form as one line: to='fpuzzles' "
      "(f-puzzles JSON), 'url' (an f-puzzles link, which SudokuPad opens too) or 'nonet' "
      "(nonet's JSON form); or a classic one in another program's form, with the player's "
      "entries and pencil marks where it holds them: 'sdk', 'sdm', 'ipuz', 'opensudoku', "
      "'hodoku', 'pm', 'sudokuwiki' (docs/formats.md). The puzzle may be such a file's text "
      "too, or an ipuz dict.");
  m.def(
      "_convert_batch",
      [](const py::iterable& puzzles, int threads, const std::string& to, const OptStr& box) {
        const std::vector<Input> in = inputs_of(puzzles);
        const ParseOptions options = parse_options_of(box);
        const ops::Form form = option("to", ops::read_form(to));
        return to_python(run_many<std::string>(
            in.size(), batch_threads(threads),
            [&](std::size_t i, ops::Context&) { return convert_item(in[i], options, form); }));
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads"), py::arg("to"), py::arg("box"));

  m.def(
      "levels",
      [](const std::string& box) {
        const Geometry* g = option("box", ops::read_puzzle_box(box));
        std::vector<std::string> names;
        for (Level l : levels_for(*g)) names.emplace_back(level_name(l));
        return names;
      },
      py::arg("box") = "3x3",
      "The levels a board of this box shape can have, easiest first: what generate(level=) "
      "serves there (4x4 has only easy), as GET /api/levels lists them.");
}

}  // namespace nonet::python
