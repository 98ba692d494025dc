#include "nonet/solver.h"

namespace nonet {

const char* to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::solved: return "solved";
    case Outcome::no_solution: return "no_solution";
    case Outcome::multiple: return "multiple";
    case Outcome::limit: return "limit";
    case Outcome::timeout: return "timeout";
  }
  return "?";
}

Outcome SolveResult::outcome() const {
  if (stopped) return Outcome::timeout;
  if (count == 0) return Outcome::no_solution;
  if (count == 1) return Outcome::solved;
  // Stopping at a limit of 2 is the usual uniqueness test: that is "multiple".
  if (!exhausted && count >= limit && limit > 2) return Outcome::limit;
  return Outcome::multiple;
}

}  // namespace nonet
