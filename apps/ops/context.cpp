#include "ops/context.h"

#include <algorithm>
#include <cstdio>
#include <thread>

#include "ops/status.h"

namespace nonet::ops {

std::string_view status_name(Status status) {
  switch (status) {
    case Status::solved:
      return "solved";
    case Status::no_solution:
      return "no_solution";
    case Status::multiple:
      return "multiple";
    case Status::limit:
      return "limit";
    case Status::invalid:
      return "invalid";
    case Status::incomplete:
      return "incomplete";
    case Status::rated:
      return "rated";
    case Status::stuck:
      return "stuck";
    case Status::step:
      return "step";
    case Status::wrong_entries:
      return "wrong_entries";
    case Status::wrong_candidates:
      return "wrong_candidates";
    case Status::ok:
      return "ok";
    case Status::closest:
      return "closest";
    case Status::timeout:
      return "timeout";
    case Status::cancelled:
      return "cancelled";
  }
  return "invalid";
}

std::string_view code_name(Code code) {
  switch (code) {
    case Code::bad_puzzle:
      return "bad_puzzle";
    case Code::bad_value:
      return "bad_value";
    case Code::bad_candidates:
      return "bad_candidates";
    case Code::bad_givens:
      return "bad_givens";
    case Code::conflicting_givens:
      return "conflicting_givens";
    case Code::no_solution:
      return "no_solution";
    case Code::not_unique:
      return "not_unique";
    case Code::unsupported:
      return "unsupported";
    case Code::timeout:
      return "timeout";
    case Code::cancelled:
      return "cancelled";
  }
  return "bad_value";
}

int chain_threads(int requested) {
  // Asked once: the C library reads /sys to answer, which per puzzle cost a
  // run of 49,000 easy puzzles a third of its time.
  static const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return requested > 0 ? requested : std::min(cores, 4);
}

void Context::set_budget(std::optional<double> seconds, Work work, int side,
                         const VariantPuzzle* variant) {
  // Rules beyond houses and peers: cage sums, dots, lines, one-cell rules.
  const bool sums =
      variant && std::any_of(variant->constraints.begin(), variant->constraints.end(),
                             [](const Constraint& c) {
                               switch (c.kind) {
                                 case ConstraintKind::diagonal_down:
                                 case ConstraintKind::diagonal_up:
                                 case ConstraintKind::disjoint_groups:
                                 case ConstraintKind::extra_region:
                                 case ConstraintKind::anti_knight:
                                 case ConstraintKind::anti_king:
                                 case ConstraintKind::non_consecutive:
                                   return false;
                                 case ConstraintKind::killer_cage:
                                   return c.value != 0;
                                 default:
                                   return true;
                               }
                             });
  if (!seconds && work == Work::logic && side > kLargeBoardSide) {
    seconds = kLargeBoardLogicSeconds;
    budget = "the default time budget for boards above " + std::to_string(kLargeBoardSide) + "x" +
             std::to_string(kLargeBoardSide) + " (60 s; a timeout of 0 lifts it)";
  } else if (!seconds && work == Work::logic && sums) {
    seconds = kLargeBoardLogicSeconds;
    budget = "the default time budget for puzzles with cage sums, dots or lines (60 s; a timeout of 0 "
             "lifts it)";
  } else if (!seconds && work == Work::generate) {
    seconds = kGenerateSeconds;
    budget = "the default time budget of 60 s";
  } else if (seconds && *seconds > 0) {
    char text[64];
    std::snprintf(text, sizeof text, "the time budget of %g s", *seconds);
    budget = text;
  }
  deadline = seconds && *seconds > 0 ? Deadline::after(std::chrono::nanoseconds(
                                           static_cast<std::int64_t>(*seconds * 1e9)))
                                     : Deadline();
}

Scratch::Scratch() = default;
Scratch::~Scratch() = default;

Solver* Scratch::solver(const Geometry& geometry, std::string_view name) {
  if (solver_geometry_ != &geometry || solver_name_ != name) {
    solver_ = make_solver(geometry, name);
    solver_geometry_ = &geometry;
    solver_name_ = name;
  }
  return solver_.get();
}

Canonicalizer& Scratch::canonicalizer(const Geometry& geometry) {
  if (!canonicalizer_ || canonicalizer_geometry_ != &geometry) {
    canonicalizer_ = std::make_unique<Canonicalizer>(geometry);
    canonicalizer_geometry_ = &geometry;
  }
  return *canonicalizer_;
}

Generator& Scratch::generator(const Geometry& geometry) {
  if (!generator_ || &generator_->geometry() != &geometry)
    generator_ = std::make_unique<Generator>(geometry);
  return *generator_;
}

}  // namespace nonet::ops
