#pragma once
// Running the operations for Python: puzzles taken in (text or nonet.Puzzle),
// failures turned into nonet's exceptions, and work run with the GIL released
// on threads while the calling thread lets Python see Ctrl-C.

#include <pybind11/pybind11.h>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "nonet/format.h"
#include "nonet/variant.h"
#include "ops/batch.h"
#include "ops/context.h"
#include "ops/status.h"
#include "ops/formats.h"
#include "python/types.h"

namespace nonet::python {

// A puzzle handed in: parsed already (nonet.Puzzle) or text, parsed on the
// worker. A puzzle in another form (a variant puzzle: an f-puzzles dict, or
// text holding its JSON, a link or a payload; or another program's file:
// ops/formats.h) is `other` text, read on the worker too.
struct Input {
  std::optional<Grid> grid;
  std::string text;
  int line = 1;
  bool other = false;
};
Input input_of(py::handle item);  // TypeError for anything else
std::vector<Input> inputs_of(const py::iterable& items);
// The input's grid, parsed if it came as text: exactly one puzzle (another
// program's file gives its givens); a variant puzzle is refused (the functions
// that read them call parse_any).
ops::Result<Puzzle> parse(const Input& in, const ParseOptions& options);
// For the functions that read variants too (solve, count, validate, convert):
// the grid, and the variant puzzle when the input is one (its givens the grid).
struct AnyPuzzle {
  Puzzle puzzle;
  std::shared_ptr<const VariantPuzzle> variant;
  std::shared_ptr<const ops::Document> document{};  // another program's file, as it was read
};
ops::Result<AnyPuzzle> parse_any(const Input& in, const ParseOptions& options);

// Options, checked while the GIL is held, so a bad one is a ValueError at once
// ("box: ...", the option's name first).
ParseOptions parse_options_of(const std::optional<std::string>& box);

// The failure as the exception of nonet._errors it stands for.
py::object error_object(const ops::Failure& failure);
// Thrown by the single-puzzle functions; translated at the module boundary.
struct ItemFailure {
  ops::Failure failure;
};
template <class T>
T value_or_throw(ops::Result<T> r) {
  if (!r) throw ItemFailure{r.error()};
  return std::move(*r);
}
// The answers in order, a failure standing in its answer's place as its exception.
template <class T>
py::list to_python(std::vector<ops::Result<T>>&& answers) {
  py::list out;
  for (ops::Result<T>& a : answers) {
    if (a) {
      out.append(py::cast(std::move(*a)));
    } else {
      out.append(error_object(a.error()));
    }
  }
  return out;
}

// Worker threads of a batch: 0 means one per core.
int batch_threads(int threads);
// Threads one search for nested forcing chains may use: 0 means up to four
// cores, as `nonet rate` without -j.
int chain_threads(int threads);

// Runs job(i, context) for i in [0, n) on `threads` threads, the GIL released,
// while the calling thread every 50 ms lets Python handle its signals: Ctrl-C
// cancels the work (searches stop at once, items not begun are not begun) and
// raises KeyboardInterrupt. Each thread's context has its scratch and the
// cancel flag; the job sets the deadline.
template <class T, class Job>
std::vector<ops::Result<T>> run_many(std::size_t n, int threads, const Job& job) {
  struct Slot {
    std::size_t index = 0;
    std::optional<ops::Result<T>> answer{};
  };
  std::vector<std::optional<ops::Result<T>>> out(n);
  std::atomic<bool> cancel{false};
  bool interrupted = false;
  threads = std::max(1, static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(threads), n)));
  std::vector<std::unique_ptr<ops::Scratch>> scratch;
  for (int t = 0; t < threads; ++t) scratch.push_back(std::make_unique<ops::Scratch>());
  ops::BatchHooks<Slot> hooks;
  hooks.group = 256;
  std::size_t next = 0;
  hooks.read = [&](std::vector<Slot>& group, std::size_t max) {
    for (; next < n && group.size() < max; ++next) group.push_back({next});
    return !group.empty();
  };
  hooks.run = [&](Slot& slot, int worker) {
    ops::Context context;
    context.cancel = &cancel;
    context.scratch = scratch[static_cast<std::size_t>(worker)].get();
    try {
      slot.answer = job(slot.index, context);
    } catch (const std::exception& e) {
      slot.answer = ops::Result<T>(ops::fail(ops::Code::bad_value, e.what()));
    }
    return !cancel.load();
  };
  hooks.write = [&](std::vector<Slot>& group, std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; ++i) out[group[i].index] = std::move(group[i].answer);
    return true;
  };
  hooks.poll = [&] {
    py::gil_scoped_acquire acquire;
    if (PyErr_CheckSignals() != 0) {
      interrupted = true;
      cancel.store(true);
    }
  };
  {
    py::gil_scoped_release release;
    ops::run_batch(threads, hooks, &cancel);
  }
  if (interrupted) throw py::error_already_set();
  std::vector<ops::Result<T>> answers;
  answers.reserve(n);
  for (auto& a : out) answers.push_back(std::move(*a));
  return answers;
}

// One item on a thread of its own, as run_many: for work that may take long,
// so that Ctrl-C stops it within a tenth of a second.
template <class T, class Job>
ops::Result<T> run_one(const Job& job) {
  return std::move(run_many<T>(1, 1, [&](std::size_t, ops::Context& c) { return job(c); })[0]);
}

// One item on the calling thread, the GIL released: for work of microseconds,
// where a thread would cost more than the work.
template <class T, class Job>
ops::Result<T> run_here(const Job& job) {
  ops::Scratch scratch;
  ops::Context context;
  context.scratch = &scratch;
  py::gil_scoped_release release;
  return job(context);
}

// The context's deadline for `seconds` (None: the default for the work and
// board, as the CLI's; 0: none).
void set_budget(ops::Context& context, std::optional<double> seconds, ops::Work work, int side,
                const VariantPuzzle* variant = nullptr);
// Seconds checked: None, or a number from 0 to 1e6.
std::optional<double> timeout_of(std::optional<double> seconds);

}  // namespace nonet::python
