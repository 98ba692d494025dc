#include "python/run.h"

#include <cmath>

#include "ops/fpuzzles.h"
#include "ops/values.h"

namespace nonet::python {
namespace {

// Asked once: the C library reads /sys to answer.
int cores() {
  static const int count = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return count;
}

}  // namespace

Input input_of(py::handle item) {
  if (py::isinstance<Puzzle>(item)) {
    const Puzzle& p = self_of<Puzzle>(item);
    return {p.grid, {}, p.line};
  }
  if (py::isinstance<py::dict>(item)) {
    // An f-puzzles puzzle as Python holds JSON; read on the worker as its text.
    const py::object dumps = py::module_::import("json").attr("dumps");
    std::string text = dumps(item).cast<std::string>();
    // An ipuz object is another program's file; any other dict is f-puzzles'.
    return {std::nullopt, std::move(text), 1, true};
  }
  if (py::isinstance<py::str>(item) || py::isinstance<py::bytes>(item)) {
    std::string text = item.cast<std::string>();
    const bool other = ops::looks_like_variant(text) || ops::looks_like_document(text);
    return {std::nullopt, std::move(text), 1, other};
  }
  throw py::type_error("expected a puzzle as str, bytes, dict (f-puzzles) or nonet.Puzzle, got " +
                       std::string(py::str(py::type::of(item).attr("__name__"))));
}

std::vector<Input> inputs_of(const py::iterable& items) {
  std::vector<Input> out;
  for (py::handle item : items) out.push_back(input_of(item));
  return out;
}

ops::Result<Puzzle> parse(const Input& in, const ParseOptions& options) {
  if (in.grid) return Puzzle{*in.grid, in.line};
  if (in.other) {
    ops::Result<AnyPuzzle> any = parse_any(in, options);
    if (!any) return any.error();
    if (any->variant)
      return ops::Failure{ops::Code::bad_puzzle,
                          "a variant puzzle, which this function does not read yet (solve, count, "
                          "validate, convert, rate, explain and hint do)",
                          "", in.line};
    return any->puzzle;
  }
  ParsedPuzzle p = parse_puzzle(in.text, options);
  if (!p.ok())
    return ops::Failure{ops::Code::bad_puzzle, p.error().message, "", p.error().line,
                        p.error().column};
  return Puzzle{std::move(*p), p.line};
}

ops::Result<AnyPuzzle> parse_any(const Input& in, const ParseOptions& options) {
  if (!in.other) {
    ops::Result<Puzzle> p = parse(in, options);
    if (!p) return p.error();
    return AnyPuzzle{std::move(*p), nullptr};
  }
  Result<ops::OtherPuzzle> read = ops::read_other(in.text);
  if (!read)
    return ops::Failure{ops::Code::bad_puzzle, read.error().message, "",
                        read.error().line ? read.error().line : in.line, read.error().column};
  if (read->document)
    return AnyPuzzle{Puzzle{read->document->givens, in.line}, nullptr, std::move(read->document)};
  return AnyPuzzle{Puzzle{read->variant->givens, in.line}, std::move(read->variant)};
}

ParseOptions parse_options_of(const std::optional<std::string>& box) {
  if (!box) return {};
  const ops::Result<ParseOptions> options = ops::read_parse_options(*box);
  if (!options || box->empty())
    throw py::value_error("box: " + (options ? std::string("expected RxC, e.g. '3x3' or '3x2'")
                                             : options.error().message));
  return *options;
}

py::object error_object(const ops::Failure& f) {
  const char* name = "InvalidPuzzleError";
  switch (f.code) {
    case ops::Code::bad_puzzle:
      name = "ParseError";
      break;
    case ops::Code::timeout:
    case ops::Code::cancelled:
      name = "Timeout";
      break;
    case ops::Code::bad_candidates:
      // A pencil-mark text that cannot be read is text that cannot be read.
      if (f.line > 0) name = "ParseError";
      break;
    default:
      break;
  }
  std::string message = f.message;
  if (!f.option.empty() && f.code == ops::Code::bad_value) message = f.option + ": " + message;
  return py::module_::import("nonet._errors").attr(name)(message, f.line, f.column);
}

int batch_threads(int threads) {
  if (threads < 0 || threads > 256)
    throw py::value_error("threads: expected 0 (one per core) to 256, got " +
                          std::to_string(threads));
  return threads == 0 ? cores() : threads;
}

int chain_threads(int threads) {
  if (threads < 0 || threads > 16)
    throw py::value_error("threads: expected 0 (up to four cores) to 16, got " +
                          std::to_string(threads));
  return ops::chain_threads(threads);
}

std::optional<double> timeout_of(std::optional<double> seconds) {
  if (seconds && (!std::isfinite(*seconds) || *seconds < 0 || *seconds > 1e6))
    throw py::value_error("timeout: expected seconds between 0 and 1e6 (or None), got " +
                          std::to_string(*seconds));
  return seconds;
}

void set_budget(ops::Context& context, std::optional<double> seconds, ops::Work work, int side,
                const VariantPuzzle* variant) {
  context.set_budget(seconds, work, side, variant);
}

}  // namespace nonet::python
