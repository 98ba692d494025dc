// Bidirectional cycles and simple forcing chains (SE 6.5 - 7.x), plus the length
// bonus and the text of every chain step.
//
// Each candidate is assumed true and the consequences are followed breadth first
// along two kinds of link: weak (a true candidate turns off its peers with the
// same digit and, with Y-links, the other digits of its cell) and strong (a false
// candidate turns on the other place of a digit in a house with two places or,
// with Y-links, the other digit of a bivalue cell). A path back to the start
// after at least four links is a cycle: a candidate that sees an "on" node of the
// cycle and an "off" node of the other colouring is false. A path from an
// assumption to its own negation is a forcing chain. Three passes (X-links only,
// Y-links only, both) give SE's three groups; the hint SE shows first (lowest
// rating, then fewest nodes, then its kind order) is the step.

#include <algorithm>
#include <cmath>

#include "logic/chains.h"
#include "logic/chains/cycles.h"

namespace nonet::logic_detail {

namespace {

std::string node_text(const CellDigit& cd, bool on, const Geometry& g) {
  std::string s(1, on ? '+' : '-');
  s += Geometry::symbol(cd.digit);
  s += '[';
  s += g.cell_name(cd.cell);
  s += ']';
  return s;
}

}  // namespace

bool find_cycles_and_forcing_chains(const LogicState& s, Step& step) {
  std::vector<Mask> grid(static_cast<std::size_t>(s.geometry().cell_count()));
  for (int c = 0; c < s.geometry().cell_count(); ++c)
    grid[static_cast<std::size_t>(c)] = s.candidates(c);
  CycleSearch search(s.geometry());
  return search.best(grid, step);
}

std::string chain_title(const Step& step) {
  switch (step.technique) {
    case Technique::x_cycle:
      return step.variant == kBidirectionalCycle ? "Bidirectional Cycle" : "Bidirectional X-Cycle";
    case Technique::y_cycle:
      return "Bidirectional Y-Cycle";
    case Technique::forcing_chain:
      return step.variant == kForcingXChain ? "Forcing X-Chain" : "Forcing Chain";
    default:
      break;
  }
  std::string prefix;
  switch (step.technique) {
    case Technique::nishio_forcing_chain:
      return "Nishio Forcing Chains";
    case Technique::multiple_forcing_chain:
      prefix = "";
      break;
    default:
      prefix = "Dynamic ";
      break;
  }
  static constexpr const char* kKinds[] = {"Contradiction Forcing Chains", "Double Forcing Chains",
                                           "Cell Forcing Chains", "Region Forcing Chains"};
  std::string s = prefix + kKinds[std::clamp(step.variant % kNestedLevelStride, 0, 3)];
  if (step.technique == Technique::dynamic_forcing_chain_plus) s += " (+)";
  if (step.technique == Technique::nested_forcing_chain) {
    static constexpr const char* kInner[] = {" (+ Forcing Chains)", " (+ Multiple Forcing Chains)",
                                             " (+ Dynamic Forcing Chains)",
                                             " (+ Dynamic Forcing Chains (+ Forcing Chains))"};
    s += kInner[std::clamp(step.variant / kNestedLevelStride, 0, 3)];
  }
  return s;
}

std::string render_chain(const Step& step, const Geometry& g) {
  // Each chain of the step is written node by node: "+4[r4c8] -4[r4c6] +4[r6c6]";
  // chains are separated by " | ". A link's strength gives both ends' states.
  std::string chains;
  for (std::size_t i = 0; i < step.links.size(); ++i) {
    const ChainLink& l = step.links[i];
    // A weak link from a false candidate to a false one is a removal by a rule
    // on the reduced grid (dynamic chains (+) and nested chains).
    const bool off_to_off = i > 0 && !l.strong && !step.links[i - 1].strong &&
                            step.links[i - 1].to == l.from;
    const bool from_on = !l.strong && !off_to_off;
    const bool starts = i == 0 || !(step.links[i - 1].to == l.from) ||
                        step.links[i - 1].strong != from_on;
    if (starts) {
      if (!chains.empty()) chains += " | ";
      chains += node_text(l.from, from_on, g);
    }
    chains += ' ';
    chains += node_text(l.to, l.strong, g);
  }
  std::string s = chain_title(step);
  if (!chains.empty()) s += ": " + chains;
  return s + " => " + consequence(step, g);
}

}  // namespace nonet::logic_detail
