// The text of chain steps: SE's chain family (cycles, forcing chains, Nishio
// to nested chains) and the modern chains (Remote Pair to grouped nice loops,
// ALS-XZ, Sue de Coq).

#include <algorithm>

#include "logic/render/text.h"

namespace nonet::logic_detail {

std::string se_chain_title(const Step& step) {
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

std::string se_chain_text(const Step& step, const Geometry& g) {
  // Each chain of the step is written node by node: "+4[r4c8] -4[r4c6] +4[r6c6]";
  // chains are separated by " | ". A link's strength gives both ends' states.
  std::string chains;
  for (std::size_t i = 0; i < step.links.size(); ++i) {
    const ChainLink& l = step.links[i];
    // A weak link from a false candidate to a false one is a removal by a rule
    // on the reduced grid (dynamic chains (+) and nested chains).
    const bool off_to_off =
        i > 0 && !l.strong && !step.links[i - 1].strong && step.links[i - 1].to == l.from;
    const bool from_on = !l.strong && !off_to_off;
    const bool starts =
        i == 0 || !(step.links[i - 1].to == l.from) || step.links[i - 1].strong != from_on;
    if (starts) {
      if (!chains.empty()) chains += " | ";
      chains += node_text(l.from.digit, {l.from.cell}, from_on, g);
    }
    chains += ' ';
    chains += node_text(l.to.digit, {l.to.cell}, l.strong, g);
  }
  std::string s = se_chain_title(step);
  if (!chains.empty()) s += ": " + chains;
  return s + " => " + consequence(step, g);
}

std::string modern_chain_title(const Step& step) {
  const std::string grouped = step.variant == kGrouped ? "Grouped " : "";
  switch (step.technique) {
    case Technique::remote_pair:
      return "Remote Pair";
    case Technique::x_chain:
      return grouped + "X-Chain";
    case Technique::xy_chain:
      return "XY-Chain";
    case Technique::aic:
      return grouped + "AIC";
    case Technique::continuous_nice_loop:
      return grouped + "Continuous Nice Loop";
    case Technique::discontinuous_nice_loop:
      return grouped + "Discontinuous Nice Loop";
    case Technique::als_xz:
      return step.variant == kDoublyLinked ? "ALS-XZ (doubly linked)" : "ALS-XZ";
    default:
      return std::string(technique_name(step.technique));
  }
}

namespace {

// The chain, node by node. A link between two nodes is stored once per pair of
// their cells, and strong and weak links alternate, so each run of links of
// one strength is one link of the chain: its "from" cells are one node, its
// "to" cells the next.
std::string chain_text(const std::vector<ChainLink>& links, const Geometry& g) {
  std::string s;
  std::size_t i = 0;
  while (i < links.size()) {
    std::size_t j = i;
    std::vector<int> from, to;
    while (j < links.size() && links[j].strong == links[i].strong) {
      if (std::find(from.begin(), from.end(), links[j].from.cell) == from.end())
        from.push_back(links[j].from.cell);
      if (std::find(to.begin(), to.end(), links[j].to.cell) == to.end())
        to.push_back(links[j].to.cell);
      ++j;
    }
    if (i == 0) s += node_text(links[i].from.digit, from, !links[i].strong, g);
    s += ' ';
    s += node_text(links[i].to.digit, to, links[i].strong, g);
    i = j;
  }
  return s;
}

}  // namespace

std::string modern_chain_text(const Step& step, const Geometry& g) {
  std::string s = modern_chain_title(step);
  switch (step.technique) {
    case Technique::als_xz:
      s += " " + join_cells(step.cells, g) + " (" + g.house_name(step.houses[0]) + ") and " +
           join_cells(step.secondary_cells, g) + " (" + g.house_name(step.houses[1]) +
           "), restricted common " + slash_digits(step.digits);
      break;
    case Technique::sue_de_coq:
      s += " " + slash_digits(step.digits) + " at " + join_cells(step.cells, g) + " (" +
           g.house_name(step.houses[0]) + ", " + g.house_name(step.houses[1]) + ") with " +
           join_cells(step.secondary_cells, g);
      break;
    default:
      s += ": " + chain_text(step.links, g);
      break;
  }
  return s + " => " + consequence(step, g);
}

}  // namespace nonet::logic_detail
