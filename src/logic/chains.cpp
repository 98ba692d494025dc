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

namespace nonet::logic_detail {

double chain_difficulty(double base, int complexity) {
  double added = 0.0;
  int ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return base + added;
}

int chain_tenths(double difficulty) { return static_cast<int>(std::lround(difficulty * 10.0)); }

namespace {

// One node of a search path: a candidate, its state, the node it came from.
struct PathNode {
  int cand;
  bool on;
  int parent;  // index in the arena, -1 for the assumption
};

// A found hint, reduced to what orders it among its rivals.
struct Rank {
  double difficulty = 1e9;
  int complexity = 0;
  int sort_key = 0;
  bool better_than(const Rank& o) const {
    if (difficulty != o.difficulty) return difficulty < o.difficulty;
    if (complexity != o.complexity) return complexity < o.complexity;
    return sort_key < o.sort_key;
  }
};

class UnarySearch {
 public:
  explicit UnarySearch(const LogicState& s)
      : s_(s), g_(s.geometry()), n_(g_.side()), on_seen_(size_t(g_.cell_count() * n_)),
        off_seen_(size_t(g_.cell_count() * n_)) {
    build_links();
  }

  bool run(Step& step) {
    // Pass 1: X-links only; pass 2: Y-links only; pass 3: both.
    for (int pass = 0; pass < 3; ++pass) {
      const bool y = pass != 0, x = pass != 1;
      // Every hint of the mixed pass rates 7.0 or more: it cannot come first
      // once a cheaper hint is known.
      if (pass == 2 && found_ && best_.difficulty < 7.0) break;
      for (int cell = 0; cell < g_.cell_count(); ++cell) {
        const Mask m = s_.candidates(cell);
        if (popcount(m) < 2) continue;
        for (Mask r = m; r; r &= r - 1) {
          const int cand = cell * n_ + std::countr_zero(r);
          if (!x && popcount(m) > 2) continue;  // Y-cycles start in a bivalue cell
          cycles(cand, y, x);
          if (x) {
            forcing(cand, true, y);
            forcing(cand, false, y);
          }
        }
      }
    }
    if (!found_) return false;
    step = std::move(best_step_);
    return true;
  }

 private:
  int cell_of(int cand) const { return cand / n_; }
  int digit_of(int cand) const { return cand % n_ + 1; }
  bool has(int cand) const { return s_.candidates(cell_of(cand)) & digit_bit(digit_of(cand)); }

  // SE's house order for a cell: box, row, column.
  std::array<int, 3> houses(int cell) const { return houses_of(g_, cell); }

  // The static links of every candidate, computed once per position: the peers
  // with its digit (SE's order: box, row, column, without repeats), the other
  // digits of its cell, and the strong partners (bivalue cell, two-place houses).
  void build_links() {
    const int cands = g_.cell_count() * n_;
    peer_begin_.assign(static_cast<std::size_t>(cands) + 1, 0);
    cell_partner_.assign(static_cast<std::size_t>(cands), -1);
    house_partners_.assign(static_cast<std::size_t>(cands) * 3, -1);
    for (int cand = 0; cand < cands; ++cand) {
      peer_begin_[static_cast<std::size_t>(cand)] = static_cast<int>(peer_list_.size());
      if (!has(cand)) continue;
      const int cell = cell_of(cand), digit = digit_of(cand);
      const Mask bit = digit_bit(digit);
      const std::size_t first = peer_list_.size();
      for (int h : houses(cell)) {
        for (int c : g_.house_cells(h)) {
          if (c == cell || !(s_.candidates(c) & bit)) continue;
          const int q = c * n_ + digit - 1;
          if (std::find(peer_list_.begin() + static_cast<long>(first), peer_list_.end(), q) ==
              peer_list_.end()) {
            peer_list_.push_back(q);
          }
        }
      }
      const Mask m = s_.candidates(cell);
      if (popcount(m) == 2) cell_partner_[static_cast<std::size_t>(cand)] = cell * n_ + lowest_digit(m & ~bit) - 1;
      int k = 0;
      for (int h : houses(cell)) {
        int count = 0, other = -1;
        for (int c : g_.house_cells(h)) {
          if (s_.candidates(c) & bit) {
            ++count;
            if (c != cell) other = c;
          }
        }
        if (count != 2) continue;
        const int q = other * n_ + digit - 1;
        int* hp = &house_partners_[static_cast<std::size_t>(cand) * 3];
        if (std::find(hp, hp + k, q) == hp + k) hp[k++] = q;
      }
    }
    peer_begin_[static_cast<std::size_t>(cands)] = static_cast<int>(peer_list_.size());
  }

  // Candidates turned off when `cand` is on, in SE's order, without repeats.
  void on_to_off(int cand, bool y, std::vector<int>& out) const {
    out.clear();
    const int cell = cell_of(cand), digit = digit_of(cand);
    if (y) {
      for (Mask r = s_.candidates(cell) & ~digit_bit(digit); r; r &= r - 1) {
        out.push_back(cell * n_ + std::countr_zero(r));
      }
    }
    out.insert(out.end(), peer_list_.begin() + peer_begin_[static_cast<std::size_t>(cand)],
               peer_list_.begin() + peer_begin_[static_cast<std::size_t>(cand) + 1]);
  }

  // Candidates turned on when `cand` is off.
  void off_to_on(int cand, bool y, bool x, std::vector<int>& out) const {
    out.clear();
    if (y && cell_partner_[static_cast<std::size_t>(cand)] >= 0) {
      out.push_back(cell_partner_[static_cast<std::size_t>(cand)]);
    }
    if (x) {
      const int* hp = &house_partners_[static_cast<std::size_t>(cand) * 3];
      for (int k = 0; k < 3 && hp[k] >= 0; ++k) out.push_back(hp[k]);
    }
  }

  // Whether (cand, on) is a strict ancestor of arena node `node`.
  bool is_ancestor(int node, int cand, bool on) const {
    for (int p = arena_[static_cast<std::size_t>(node)].parent; p >= 0;
         p = arena_[static_cast<std::size_t>(p)].parent) {
      const PathNode& a = arena_[static_cast<std::size_t>(p)];
      if (a.cand == cand && a.on == on) return true;
    }
    return false;
  }

  // Whether a hint of this base with this many nodes (or more) could still be
  // ranked before the best one found so far.
  bool can_beat(double base, int complexity) const {
    if (!found_) return true;
    const double d = chain_difficulty(base, complexity);
    return d < best_.difficulty || (d == best_.difficulty && complexity <= best_.complexity);
  }

  int push(int cand, bool on, int parent) {
    arena_.push_back({cand, on, parent});
    return static_cast<int>(arena_.size()) - 1;
  }

  void reset_seen() {
    std::fill(on_seen_.begin(), on_seen_.end(), 0);
    std::fill(off_seen_.begin(), off_seen_.end(), 0);
  }

  // Breadth-first search for paths from `src` on back to `src` on.
  void cycles(int src, bool y, bool x) {
    arena_.clear();
    reset_seen();
    std::vector<int>& pending_on = pending_on_;
    std::vector<int>& pending_off = pending_off_;
    std::vector<int>& found = found_cycles_;
    pending_on.assign(1, push(src, true, -1));
    pending_off.clear();
    found.clear();
    on_seen_[static_cast<std::size_t>(src)] = 1;
    int length = 0;
    const double base = y && x ? 7.0 : 6.5;
    while (!pending_on.empty() || !pending_off.empty()) {
      // A cycle closed at `length` links has `length` nodes; stop when no longer
      // cycle could be ranked first.
      if (!can_beat(base, length + 2)) break;
      ++length;
      for (int p : pending_on) {
        on_to_off(arena_[static_cast<std::size_t>(p)].cand, y, buf_);
        for (int q : buf_) {
          if (!is_ancestor(p, q, false)) pending_off.push_back(push(q, false, p));
        }
      }
      pending_on.clear();
      ++length;
      for (int p : pending_off) {
        off_to_on(arena_[static_cast<std::size_t>(p)].cand, y, x, buf_);
        for (int q : buf_) {
          if (length >= 4 && q == src) found.push_back(push(q, true, p));
          if (!on_seen_[static_cast<std::size_t>(q)]) {
            on_seen_[static_cast<std::size_t>(q)] = 1;
            pending_on.push_back(push(q, true, p));
          }
        }
      }
      pending_off.clear();
    }
    for (int end : found) cycle_hint(end, y, x);
  }

  void cycle_hint(int end, bool y, bool x) {
    // Cells of the cycle, then the peers an on node and an off node both see.
    std::vector<int> cells;
    int complexity = 0;
    for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
         p = arena_[static_cast<std::size_t>(p)].parent) {
      const int c = cell_of(arena_[static_cast<std::size_t>(p)].cand);
      if (std::find(cells.begin(), cells.end(), c) == cells.end()) cells.push_back(c);
      ++complexity;
    }
    const Rank rank{chain_difficulty(y && x ? 7.0 : 6.5, complexity), complexity,
                    y && x ? 4 : (y ? 3 : 2)};
    if (!rank.better_than(best_)) return;
    std::vector<int> fwd, back;
    for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
         p = arena_[static_cast<std::size_t>(p)].parent) {
      const PathNode& a = arena_[static_cast<std::size_t>(p)];
      const int digit = digit_of(a.cand);
      for (int c : g_.peers(cell_of(a.cand))) {
        if (std::find(cells.begin(), cells.end(), c) != cells.end()) continue;
        if (!(s_.candidates(c) & digit_bit(digit))) continue;
        (a.on ? fwd : back).push_back(c * n_ + digit - 1);
      }
    }
    std::vector<CellDigit> elims;
    for (int q : fwd) {
      if (std::find(back.begin(), back.end(), q) == back.end()) continue;
      const CellDigit e{cell_of(q), digit_of(q)};
      if (std::find(elims.begin(), elims.end(), e) == elims.end()) elims.push_back(e);
    }
    if (elims.empty()) return;
    best_ = rank;
    found_ = true;
    Step st;
    st.rating = chain_tenths(rank.difficulty);
    if (y && x) {
      st.technique = Technique::x_cycle;
      st.variant = kBidirectionalCycle;
    } else {
      st.technique = y ? Technique::y_cycle : Technique::x_cycle;
    }
    st.cells = cells;
    std::reverse(st.cells.begin(), st.cells.end());
    st.digits = x && !y ? digit_bit(digit_of(arena_[static_cast<std::size_t>(end)].cand)) : 0;
    std::sort(elims.begin(), elims.end(),
              [](const CellDigit& a, const CellDigit& b) { return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit; });
    st.eliminations = std::move(elims);
    st.links = path_links(end);
    best_step_ = std::move(st);
  }

  // Breadth-first search from `src` in state `on` to its own negation.
  void forcing(int src, bool on, bool y) {
    arena_.clear();
    reset_seen();
    std::vector<int>& pending_on = pending_on_;
    std::vector<int>& pending_off = pending_off_;
    pending_on.clear();
    pending_off.clear();
    const int root = push(src, on, -1);
    (on ? pending_on : pending_off).push_back(root);
    (on ? on_seen_ : off_seen_)[static_cast<std::size_t>(src)] = 1;
    const double base = y ? 7.0 : 6.6;
    int depth = 1;  // nodes on the paths of the current layer
    while (!pending_on.empty() || !pending_off.empty()) {
      // A chain closed in the next two layers has at least depth + 1 nodes.
      if (!can_beat(base, depth + 1)) return;
      depth += 2;
      for (int p : pending_on) {
        on_to_off(arena_[static_cast<std::size_t>(p)].cand, y, buf_);
        for (int q : buf_) {
          if (on && q == src) {
            forcing_hint(push(q, false, p), y);
            return;
          }
          if (!is_ancestor(p, q, false) && !off_seen_[static_cast<std::size_t>(q)]) {
            off_seen_[static_cast<std::size_t>(q)] = 1;
            pending_off.push_back(push(q, false, p));
          }
        }
      }
      pending_on.clear();
      for (int p : pending_off) {
        off_to_on(arena_[static_cast<std::size_t>(p)].cand, y, true, buf_);
        for (int q : buf_) {
          if (!on && q == src) {
            forcing_hint(push(q, true, p), y);
            return;
          }
          if (!on_seen_[static_cast<std::size_t>(q)]) {
            on_seen_[static_cast<std::size_t>(q)] = 1;
            pending_on.push_back(push(q, true, p));
          }
        }
      }
      pending_off.clear();
    }
  }

  void forcing_hint(int target, bool y) {
    int complexity = 0;
    for (int p = target; p >= 0; p = arena_[static_cast<std::size_t>(p)].parent) ++complexity;
    const Rank rank{chain_difficulty(y ? 7.0 : 6.6, complexity), complexity, y ? 4 : 2};
    if (!rank.better_than(best_)) return;
    const PathNode& t = arena_[static_cast<std::size_t>(target)];
    const int cell = cell_of(t.cand), digit = digit_of(t.cand);
    Step st;
    if (t.on) {
      for (Mask r = s_.candidates(cell) & ~digit_bit(digit); r; r &= r - 1) {
        st.eliminations.push_back({cell, std::countr_zero(r) + 1});
      }
      st.placements.push_back({cell, digit});
    } else {
      st.eliminations.push_back({cell, digit});
    }
    if (st.eliminations.empty()) return;
    best_ = rank;
    found_ = true;
    st.technique = Technique::forcing_chain;
    st.variant = y ? kForcingXYChain : kForcingXChain;
    st.rating = chain_tenths(rank.difficulty);
    st.cells = {cell};
    st.digits = digit_bit(digit);
    st.links = path_links(target);
    best_step_ = std::move(st);
  }

  // Links from the assumption to `end`, in order.
  std::vector<ChainLink> path_links(int end) const {
    std::vector<ChainLink> links;
    for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
         p = arena_[static_cast<std::size_t>(p)].parent) {
      const PathNode& a = arena_[static_cast<std::size_t>(p)];
      const PathNode& b = arena_[static_cast<std::size_t>(a.parent)];
      links.push_back({{cell_of(b.cand), digit_of(b.cand)}, {cell_of(a.cand), digit_of(a.cand)}, a.on});
    }
    std::reverse(links.begin(), links.end());
    return links;
  }

  const LogicState& s_;
  const Geometry& g_;
  int n_;
  std::vector<PathNode> arena_;
  std::vector<char> on_seen_, off_seen_;
  std::vector<int> buf_, pending_on_, pending_off_, found_cycles_;
  std::vector<int> peer_begin_, peer_list_, cell_partner_, house_partners_;
  Rank best_;
  bool found_ = false;
  Step best_step_;
};

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
  UnarySearch search(s);
  return search.run(step);
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
