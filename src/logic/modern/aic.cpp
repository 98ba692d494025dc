// The modern chains: Remote Pair, X-Chain, XY-Chain, AIC and nice loops, with
// grouped nodes in the last search.
//
// Chains are alternating inference chains over nodes. A node is a digit in one
// cell, or (grouped finder) a digit in the two or more cells where one box and
// one line cross, "on" when the digit sits in one of its cells. Links:
//   strong (if one end is off the other is on): the only two places of a digit
//     in a house (either place may be a group), or the two digits of a bivalue
//     cell;
//   weak (if one end is on the other is off): two nodes of one digit inside one
//     house, or two digits of one cell.
// A chain A = B - C = ... = Z starts and ends with a strong link, so A or Z is
// true, and every candidate weakly linked to both ends is false. When Z is also
// weakly linked to A the chain closes into a continuous nice loop: every weak
// link of the loop then holds exactly one true end, so the rest of its house
// (or cell) loses that digit (those digits). When the chain leads from A off
// back to A on, A is true (a discontinuous nice loop).
//
// Each finder runs a breadth-first search from every node with a strong link,
// alternating strong and weak links, and keeps the chain with the fewest nodes
// (the first in scan order among equals). Only nodes with a strong link can sit
// inside a chain, so the search walks that sparse set.

#include <algorithm>
#include <cstdint>

#include "logic/chains/chain_core.h"
#include "logic/modern/modern.h"
#include "logic/table.h"

namespace nonet::logic_detail {

void sort_unique(std::vector<CellDigit>& list) {
  auto less = [](const CellDigit& a, const CellDigit& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  };
  std::sort(list.begin(), list.end(), less);
  list.erase(std::unique(list.begin(), list.end()), list.end());
}

namespace {

// Which links a finder may use.
struct LinkRules {
  bool house_strong = false;
  bool cell_strong = false;
  bool house_weak = false;
  bool cell_weak = false;
  bool groups = false;
  Mask pair = 0;  // when set, only cells whose candidates are exactly this pair
};

struct Node {
  int digit = 0;
  int begin = 0, end = 0;       // its cells, in ChainSearch::node_cells_
  std::array<int, 3> houses{};  // the houses that hold all its cells
  int house_count = 0;
};

// One entry of a breadth-first search: a node, its state, the entry it came from.
struct Trail {
  int node;
  bool on;
  int parent;
};

enum class Conclusion : std::uint8_t { chain, loop, placement };

class ChainSearch {
 public:
  ChainSearch(const LogicState& s, FindContext& context, const LinkRules& rules)
      : s_(s), context_(context), g_(s.geometry()), n_(g_.side()), rules_(rules) {
    build_nodes();
    build_links();
  }

  bool run(Step& step) {
    on_seen_.assign(nodes_.size(), 0);
    off_seen_.assign(nodes_.size(), 0);
    for (int start = 0; start < static_cast<int>(nodes_.size()); ++start) {
      if (strong_[static_cast<std::size_t>(start)].empty()) continue;
      if (context_.stopped()) return false;
      search_from(start);
    }
    if (best_entries_ == kNone) return false;
    step = std::move(best_step_);
    return true;
  }

 private:
  static constexpr int kNone = 1 << 30;

  std::span<const int> cells(int node) const {
    const Node& n = nodes_[static_cast<std::size_t>(node)];
    return {node_cells_.data() + n.begin, static_cast<std::size_t>(n.end - n.begin)};
  }
  bool single(int node) const {
    const Node& n = nodes_[static_cast<std::size_t>(node)];
    return n.end - n.begin == 1;
  }
  bool contains(int node, int cell) const {
    for (int c : cells(node)) {
      if (c == cell) return true;
    }
    return false;
  }
  bool disjoint(int a, int b) const {
    for (int c : cells(a)) {
      if (contains(b, c)) return false;
    }
    return true;
  }

  // Singles in scan order (cell, then digit), then the groups: for each box,
  // each row and then each column through it, each digit with two or more
  // places in the crossing.
  void build_nodes() {
    single_.assign(static_cast<std::size_t>(g_.cell_count() * n_), -1);
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      const Mask m = s_.candidates(cell);
      if (m == 0 || (rules_.pair && m != rules_.pair)) continue;
      for (Mask r = m; r; r &= r - 1) {
        const int digit = std::countr_zero(r) + 1;
        single_[static_cast<std::size_t>(cell * n_ + digit - 1)] = static_cast<int>(nodes_.size());
        add_node(digit, {&cell, 1}, g_.houses_of(cell), 3);
      }
    }
    if (!rules_.groups || g_.jigsaw()) return;  // groups of a box's rectangle
    std::vector<int> crossing, with_digit;
    for (int box = 0; box < n_; ++box) {
      const int bh = g_.box_house(box);
      const int corner = g_.house_cells(bh)[0];
      const int r0 = g_.row_of(corner), c0 = g_.col_of(corner);
      for (int kind = 0; kind < 2; ++kind) {
        const int lines = kind == 0 ? g_.box_rows() : g_.box_cols();
        const int width = kind == 0 ? g_.box_cols() : g_.box_rows();
        if (width == n_ || width < 2) continue;  // the crossing is the whole line, or one cell
        for (int i = 0; i < lines; ++i) {
          const int line = kind == 0 ? g_.row_house(r0 + i) : g_.column_house(c0 + i);
          crossing.clear();
          for (int j = 0; j < width; ++j) {
            crossing.push_back(kind == 0 ? g_.cell(r0 + i, c0 + j) : g_.cell(r0 + j, c0 + i));
          }
          for (int digit = 1; digit <= n_; ++digit) {
            with_digit.clear();
            for (int c : crossing) {
              if (s_.candidates(c) & digit_bit(digit)) with_digit.push_back(c);
            }
            if (with_digit.size() < 2) continue;
            add_node(digit, with_digit, {line, bh, 0}, 2);
          }
        }
      }
    }
  }

  void add_node(int digit, std::span<const int> node_cells, std::array<int, 3> houses,
                int house_count) {
    Node n;
    n.digit = digit;
    n.begin = static_cast<int>(node_cells_.size());
    node_cells_.insert(node_cells_.end(), node_cells.begin(), node_cells.end());
    n.end = static_cast<int>(node_cells_.size());
    n.houses = houses;
    n.house_count = house_count;
    nodes_.push_back(n);
  }

  // Strong links of every node, then weak links among the nodes that have a
  // strong link (no other node can sit inside a chain).
  void build_links() {
    const std::size_t count = nodes_.size();
    strong_.assign(count, {});
    weak_.assign(count, {});
    // The nodes of each (house, digit), so links are looked up house by house.
    std::vector<std::vector<int>> in_house(static_cast<std::size_t>(g_.house_count() * n_));
    for (int v = 0; v < static_cast<int>(count); ++v) {
      const Node& n = nodes_[static_cast<std::size_t>(v)];
      for (int k = 0; k < n.house_count; ++k) {
        in_house[static_cast<std::size_t>(n.houses[static_cast<std::size_t>(k)] * n_ + n.digit - 1)]
            .push_back(v);
      }
    }
    if (rules_.house_strong) {
      for (int h = 0; h < g_.house_count(); ++h) {
        for (int digit = 1; digit <= n_; ++digit) {
          const int places = popcount(s_.positions(h, digit));
          const auto& list = in_house[static_cast<std::size_t>(h * n_ + digit - 1)];
          for (std::size_t i = 0; i < list.size(); ++i) {
            for (std::size_t j = i + 1; j < list.size(); ++j) {
              const int a = list[i], b = list[j];
              if (static_cast<int>(cells(a).size() + cells(b).size()) != places ||
                  !disjoint(a, b)) {
                continue;
              }
              add_unique(strong_[static_cast<std::size_t>(a)], b);
              add_unique(strong_[static_cast<std::size_t>(b)], a);
            }
          }
        }
      }
    }
    if (rules_.cell_strong) {
      for (int cell = 0; cell < g_.cell_count(); ++cell) {
        const Mask m = s_.candidates(cell);
        if (popcount(m) != 2) continue;
        const int a = single_[static_cast<std::size_t>(cell * n_ + lowest_digit(m) - 1)];
        const int b = single_[static_cast<std::size_t>(cell * n_ + lowest_digit(m & (m - 1)) - 1)];
        if (a < 0 || b < 0) continue;
        add_unique(strong_[static_cast<std::size_t>(a)], b);
        add_unique(strong_[static_cast<std::size_t>(b)], a);
      }
    }
    for (int a = 0; a < static_cast<int>(count); ++a) {
      if (strong_[static_cast<std::size_t>(a)].empty()) continue;
      const Node& n = nodes_[static_cast<std::size_t>(a)];
      auto& out = weak_[static_cast<std::size_t>(a)];
      if (rules_.house_weak) {
        for (int k = 0; k < n.house_count; ++k) {
          for (int b : in_house[static_cast<std::size_t>(
                   n.houses[static_cast<std::size_t>(k)] * n_ + n.digit - 1)]) {
            if (b != a && !strong_[static_cast<std::size_t>(b)].empty() && disjoint(a, b)) {
              add_unique(out, b);
            }
          }
        }
      }
      if (rules_.cell_weak && single(a)) {
        const int cell = cells(a)[0];
        for (Mask r = s_.candidates(cell) & ~digit_bit(n.digit); r; r &= r - 1) {
          const int b = single_[static_cast<std::size_t>(cell * n_ + std::countr_zero(r))];
          if (b >= 0 && !strong_[static_cast<std::size_t>(b)].empty()) add_unique(out, b);
        }
      }
    }
  }

  static void add_unique(std::vector<int>& list, int v) {
    if (std::find(list.begin(), list.end(), v) == list.end()) list.push_back(v);
  }

  int push(int node, bool on, int parent) {
    arena_.push_back({node, on, parent});
    return static_cast<int>(arena_.size()) - 1;
  }

  bool on_path(int entry, int node) const {
    for (int p = entry; p >= 0; p = arena_[static_cast<std::size_t>(p)].parent) {
      if (arena_[static_cast<std::size_t>(p)].node == node) return true;
    }
    return false;
  }

  // Breadth-first from `start` off: strong links lead to "on" entries, weak
  // links from those to "off" entries. `entries` counts the path's entries.
  void search_from(int start) {
    ++stamp_;
    arena_.clear();
    frontier_off_.assign(1, push(start, false, -1));
    off_seen_[static_cast<std::size_t>(start)] = stamp_;
    int entries = 1;
    while (!frontier_off_.empty()) {
      if (best_entries_ <= entries + 1) return;  // nothing shorter can close now
      frontier_on_.clear();
      for (int p : frontier_off_) {
        for (int q : strong_[static_cast<std::size_t>(arena_[static_cast<std::size_t>(p)].node)]) {
          if (q == start) {
            if (entries + 1 >= 4 && entries + 1 < best_entries_) {
              conclude(push(q, true, p), entries + 1, Conclusion::placement);
            }
            continue;
          }
          if (on_seen_[static_cast<std::size_t>(q)] == stamp_ || on_path(p, q)) continue;
          on_seen_[static_cast<std::size_t>(q)] = stamp_;
          frontier_on_.push_back(push(q, true, p));
        }
      }
      ++entries;
      if (entries >= 4) {
        for (int z : frontier_on_) {
          if (entries >= best_entries_) break;
          const int end = arena_[static_cast<std::size_t>(z)].node;
          conclude(z, entries,
                   weakly_linked_nodes(end, start) ? Conclusion::loop : Conclusion::chain);
        }
      }
      if (best_entries_ <= entries + 2) return;
      frontier_off_.clear();
      for (int p : frontier_on_) {
        for (int q : weak_[static_cast<std::size_t>(arena_[static_cast<std::size_t>(p)].node)]) {
          if (off_seen_[static_cast<std::size_t>(q)] == stamp_ || on_path(p, q)) continue;
          off_seen_[static_cast<std::size_t>(q)] = stamp_;
          frontier_off_.push_back(push(q, false, p));
        }
      }
      ++entries;
    }
  }

  // Whether two nodes are weakly linked under this finder's rules.
  bool weakly_linked_nodes(int a, int b) const {
    if (a == b) return false;
    const Node& x = nodes_[static_cast<std::size_t>(a)];
    const Node& y = nodes_[static_cast<std::size_t>(b)];
    if (x.digit == y.digit) {
      if (!rules_.house_weak || !disjoint(a, b)) return false;
      return !common_houses(a, b).empty();
    }
    return rules_.cell_weak && single(a) && single(b) && cells(a)[0] == cells(b)[0];
  }

  std::vector<int> common_houses(int a, int b) const {
    std::vector<int> out;
    const Node& x = nodes_[static_cast<std::size_t>(a)];
    const Node& y = nodes_[static_cast<std::size_t>(b)];
    for (int i = 0; i < x.house_count; ++i) {
      for (int j = 0; j < y.house_count; ++j) {
        if (x.houses[static_cast<std::size_t>(i)] == y.houses[static_cast<std::size_t>(j)]) {
          out.push_back(x.houses[static_cast<std::size_t>(i)]);
        }
      }
    }
    return out;
  }

  // Whether candidate (cell, digit) is false whenever `node` is true.
  bool candidate_sees(int cell, int digit, int node) const {
    const Node& n = nodes_[static_cast<std::size_t>(node)];
    if (digit != n.digit) return single(node) && cells(node)[0] == cell;
    for (int c : cells(node)) {
      if (!sees(g_, cell, c)) return false;
    }
    return true;
  }

  // Candidates weakly linked to both ends: the first end is true or the last is.
  void chain_eliminations(int a, int z, std::vector<CellDigit>& out) const {
    const int anchor = cells(a)[0];
    auto test = [&](int cell) {
      for (Mask r = s_.candidates(cell); r; r &= r - 1) {
        const int digit = std::countr_zero(r) + 1;
        if (candidate_sees(cell, digit, a) && candidate_sees(cell, digit, z)) {
          out.push_back({cell, digit});
        }
      }
    };
    test(anchor);
    for (int c : g_.peers(anchor)) test(c);
  }

  // Each weak link of a continuous loop holds exactly one true end.
  void loop_eliminations(int a, int b, std::vector<CellDigit>& out) const {
    const Node& x = nodes_[static_cast<std::size_t>(a)];
    const Node& y = nodes_[static_cast<std::size_t>(b)];
    if (x.digit != y.digit) {
      const int cell = cells(a)[0];
      eliminate_digits_to(out, cell,
                          s_.candidates(cell) & ~digit_bit(x.digit) & ~digit_bit(y.digit));
      return;
    }
    for (int h : common_houses(a, b)) {
      for (int c : g_.house_cells(h)) {
        if ((s_.candidates(c) & digit_bit(x.digit)) && !contains(a, c) && !contains(b, c)) {
          out.push_back({c, x.digit});
        }
      }
    }
  }

  static void eliminate_digits_to(std::vector<CellDigit>& out, int cell, Mask digits) {
    for (; digits; digits &= digits - 1) out.push_back({cell, lowest_digit(digits)});
  }

  // Records the chain ending at arena entry `end` if it removes or places
  // something; it is shorter than the best so far.
  void conclude(int end, int entries, Conclusion kind) {
    std::vector<int> path;  // node ids from the start
    for (int p = end; p >= 0; p = arena_[static_cast<std::size_t>(p)].parent) {
      path.push_back(arena_[static_cast<std::size_t>(p)].node);
    }
    std::reverse(path.begin(), path.end());
    const int a = path.front(), z = path.back();
    Step st;
    if (rules_.pair) {
      // Remote pairs: an even number of cells, four or more, and no loops.
      if (kind != Conclusion::chain || entries % 4 != 0 || entries < 8) return;
      remote_pair_eliminations(cells(a)[0], cells(z)[0], rules_.pair, st.eliminations);
    } else if (kind == Conclusion::placement) {
      if (single(a)) {
        st.placements.push_back({cells(a)[0], nodes_[static_cast<std::size_t>(a)].digit});
      } else {
        // The group holds the digit: every cell that sees the whole group loses it.
        const int digit = nodes_[static_cast<std::size_t>(a)].digit;
        for (int c : g_.peers(cells(a)[0])) {
          if ((s_.candidates(c) & digit_bit(digit)) && !contains(a, c) &&
              candidate_sees(c, digit, a)) {
            st.eliminations.push_back({c, digit});
          }
        }
      }
    } else if (kind == Conclusion::loop) {
      for (std::size_t i = 1; i + 1 < path.size(); i += 2)
        loop_eliminations(path[i], path[i + 1], st.eliminations);
      loop_eliminations(z, a, st.eliminations);
      path.push_back(a);  // the closing weak link
    } else {
      chain_eliminations(a, z, st.eliminations);
    }
    if (st.placements.empty() && st.eliminations.empty()) return;
    sort_unique(st.eliminations);
    best_entries_ = entries;
    describe(path, kind, st);
    best_step_ = std::move(st);
  }

  // Technique, rating, cells, digits and links of a chain.
  void describe(const std::vector<int>& path, Conclusion kind, Step& st) const {
    bool grouped = false, house_only = true, xy = true;
    std::vector<int> chain_cells;
    Mask pair = 0;
    bool same_pair = true;
    for (std::size_t i = 0; i < path.size(); ++i) {
      const int v = path[i];
      grouped |= !single(v);
      st.digits |= digit_bit(nodes_[static_cast<std::size_t>(v)].digit);
      for (int c : cells(v)) {
        if (std::find(chain_cells.begin(), chain_cells.end(), c) == chain_cells.end()) {
          chain_cells.push_back(c);
          const Mask m = s_.candidates(c);
          if (pair == 0) pair = m;
          same_pair &= m == pair && popcount(m) == 2;
        }
      }
      if (i == 0) continue;
      const bool strong = i % 2 == 1;
      const bool cell_link = nodes_[static_cast<std::size_t>(path[i - 1])].digit !=
                             nodes_[static_cast<std::size_t>(v)].digit;
      house_only &= !cell_link;
      xy &= strong == cell_link;
      for (int from : cells(path[i - 1])) {
        for (int to : cells(v)) {
          st.links.push_back({{from, nodes_[static_cast<std::size_t>(path[i - 1])].digit},
                              {to, nodes_[static_cast<std::size_t>(v)].digit},
                              strong});
        }
      }
    }
    // Distinct nodes: a loop or a placement names its first node twice.
    const int nodes = static_cast<int>(path.size()) - (kind == Conclusion::chain ? 0 : 1);
    // The plainest chains rate as their table rows say; with links of both
    // kinds they rate as an AIC.
    const double mixed = rating_of(Technique::aic) / 10.0;
    double base = mixed;
    switch (kind) {
      case Conclusion::loop:
        st.technique = Technique::continuous_nice_loop;
        base = house_only || xy ? rating_of(st.technique) / 10.0 : mixed;
        break;
      case Conclusion::placement:
        st.technique = Technique::discontinuous_nice_loop;
        base = house_only ? rating_of(st.technique) / 10.0 : mixed;
        break;
      case Conclusion::chain:
        if (house_only) {
          st.technique = Technique::x_chain;
          base = rating_of(st.technique) / 10.0;
        } else if (xy && same_pair && chain_cells.size() >= 4 && chain_cells.size() % 2 == 0) {
          st.technique = Technique::remote_pair;
          base = rating_of(st.technique) / 10.0;
          if (!rules_.pair) {
            remote_pair_eliminations(chain_cells.front(), chain_cells.back(), pair,
                                     st.eliminations);
          }
        } else if (xy) {
          st.technique = Technique::xy_chain;
          base = rating_of(st.technique) / 10.0;
        } else {
          st.technique = Technique::aic;
        }
        break;
    }
    if (grouped) base += 0.1;  // a grouped chain rates a tenth more
    st.variant = grouped ? kGrouped : kUngrouped;
    st.rating = chain_tenths(chain_difficulty(base, nodes));
    st.cells = std::move(chain_cells);
  }

  // The end cells of a remote pair of even length hold both digits between
  // them, so a cell seeing both loses both.
  void remote_pair_eliminations(int a, int z, Mask pair, std::vector<CellDigit>& out) const {
    for (int c : g_.peers(a)) {
      if (c != z && sees(g_, c, z)) eliminate_digits_to(out, c, s_.candidates(c) & pair);
    }
    sort_unique(out);
  }

  const LogicState& s_;
  FindContext& context_;
  const Geometry& g_;
  int n_;
  LinkRules rules_;
  std::vector<Node> nodes_;
  std::vector<int> node_cells_;
  std::vector<int> single_;  // candidate (cell * N + digit - 1) -> node, or -1
  std::vector<std::vector<int>> strong_, weak_;
  std::vector<Trail> arena_;
  std::vector<int> frontier_on_, frontier_off_;
  std::vector<int> on_seen_, off_seen_;
  int stamp_ = 0;
  int best_entries_ = kNone;
  Step best_step_;
};

bool chain_step(const LogicState& s, FindContext& context, const LinkRules& rules, Step& step) {
  ChainSearch search(s, context, rules);
  return search.run(step);
}

// One finder's search: the step it keeps goes to the sink.
void chain_finder(const LogicState& s, FindContext& context, const LinkRules& rules,
                  StepSink& sink) {
  Step step;
  if (chain_step(s, context, rules, step)) sink.take(std::move(step));
}

LinkRules all_links(bool groups) {
  LinkRules rules;
  rules.house_strong = rules.cell_strong = rules.house_weak = rules.cell_weak = true;
  rules.groups = groups;
  return rules;
}

}  // namespace

void find_remote_pair(const LogicState& s, FindContext& context, StepSink& sink) {
  // One search per pair of digits that some bivalue cell holds.
  std::vector<Mask> pairs;
  for (int cell = 0; cell < s.geometry().cell_count(); ++cell) {
    const Mask m = s.candidates(cell);
    if (popcount(m) == 2 && std::find(pairs.begin(), pairs.end(), m) == pairs.end()) {
      pairs.push_back(m);
    }
  }
  std::sort(pairs.begin(), pairs.end());
  Step best;
  bool found = false;
  for (Mask pair : pairs) {
    LinkRules rules;
    rules.cell_strong = rules.house_weak = true;
    rules.pair = pair;
    Step st;
    if (!chain_step(s, context, rules, st) || st.technique != Technique::remote_pair) continue;
    if (!found || st.cells.size() < best.cells.size()) best = std::move(st);
    found = true;
  }
  // A search cut short may have missed a shorter pair.
  if (found && !context.stopped()) sink.take(std::move(best));
}

void find_x_chain(const LogicState& s, FindContext& context, StepSink& sink) {
  LinkRules rules;
  rules.house_strong = rules.house_weak = true;
  chain_finder(s, context, rules, sink);
}

void find_xy_chain(const LogicState& s, FindContext& context, StepSink& sink) {
  LinkRules rules;
  rules.cell_strong = rules.house_weak = true;
  chain_finder(s, context, rules, sink);
}

bool plain_aic(const LogicState& s, FindContext& context, Step& step) {
  return chain_step(s, context, all_links(false), step);
}

bool grouped_aic(const LogicState& s, FindContext& context, Step& step) {
  return chain_step(s, context, all_links(true), step);
}

// Grouped nodes come last: every chain without them is tried first.
void find_aic(const LogicState& s, FindContext& context, StepSink& sink) {
  Step step;
  if (plain_aic(s, context, step) || grouped_aic(s, context, step)) sink.take(std::move(step));
}

}  // namespace nonet::logic_detail
