#pragma once
// Bad input as a value: every function that reads text from outside (puzzles,
// candidates, transformation lists, box shapes) answers with a Result, which
// holds either what was read or an Error saying where and what the problem is.
//
//   nonet::Result<std::vector<nonet::TransformOp>> ops = nonet::parse_transform_ops(text);
//   if (!ops) report(ops.error().to_string());   // "operation 2 ('rows:x'): ..."
//   for (const auto& op : *ops) ...
//
// The engine throws nothing across its API; the CLI turns an Error into a
// message and exit code 2 (or 1 for a puzzle in a batch), the server into a 4xx.

#include <optional>
#include <string>
#include <utility>
#include <variant>

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet {

// A problem in input from outside, with its place when known (1-based; 0 when
// not known or not meaningful, e.g. a column in a one-line list).
struct Error {
  int line = 0;
  int column = 0;
  std::string message;
  // "line 3, column 12: unexpected character 'x'", or the message alone when
  // the line is not known.
  std::string to_string() const;
};

// What was read, or why not. `E` is the error's type: the engine's own are
// Errors; a layer above may carry more (a code, the option at fault).
template <class T, class E = Error>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit
  Result(E error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }
  // The value; only when ok().
  const T& operator*() const& { return std::get<0>(state_); }
  T& operator*() & { return std::get<0>(state_); }
  T&& operator*() && { return std::get<0>(std::move(state_)); }
  const T* operator->() const { return &std::get<0>(state_); }
  T* operator->() { return &std::get<0>(state_); }
  // The error; only when !ok().
  const E& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, E> state_;
};

// Success or an error, for checks that produce no value.
template <class E>
class [[nodiscard]] Result<void, E> {
 public:
  Result() = default;
  Result(E error) : error_(std::move(error)) {}  // NOLINT: implicit
  bool ok() const { return !error_; }
  explicit operator bool() const { return ok(); }
  const E& error() const { return *error_; }

 private:
  std::optional<E> error_;
};

}  // namespace nonet
#pragma GCC visibility pop
