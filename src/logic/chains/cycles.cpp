// SE's forcing chains & cycles (6.5 - 7.x): the finder and the nested rule
// (see cycles.h).

#include "logic/chains/cycles.h"

#include <algorithm>

#include "logic/chains/chains.h"
#include "logic/table.h"

namespace nonet::logic_detail {

namespace {

// Cycles and forcing chains with both kinds of link rate this, before the
// length bonus; with one kind they rate as their table rows say.
constexpr double kMixedLinks = 7.0;
double base_of(Technique t) { return rating_of(t) / 10.0; }

}  // namespace

CycleSearch::CycleSearch(const Geometry& g, FindContext* context)
    : g_(g), context_(context), n_(g.side()), cands_(g.cell_count() * n_), links_(g) {}

bool CycleSearch::best(const std::vector<Mask>& grid, Step& step) {
  collect_ = false;
  origin_ = &grid;
  grid_ = &grid;
  best_ = Rank{};
  found_ = false;
  run();
  if (!found_) return false;
  step = std::move(best_step_);
  return true;
}

int CycleSearch::derive(const std::vector<Mask>& origin, const std::vector<Mask>& grid,
                        std::vector<Derived>& out) {
  collect_ = true;
  origin_ = &origin;
  grid_ = &grid;
  collector_.reset(cands_);
  run();
  const std::size_t before = out.size();
  collector_.emit(out, true);
  return static_cast<int>(out.size() - before);
}

void CycleSearch::run() {
  on_seen_.assign(static_cast<std::size_t>(cands_), 0);
  off_seen_.assign(static_cast<std::size_t>(cands_), 0);
  touched_.clear();
  links_.build(*grid_, *origin_);
  // SE's three passes: X-links, Y-links (cycles only, from bivalue cells),
  // both; from each candidate the cycles first, then the forcing chains.
  for (int pass = 0; pass < 3; ++pass) {
    const bool y = pass != 0, x = pass != 1;
    // Every hint of the mixed pass rates 7.0 or more: it cannot come first
    // once a cheaper hint is known.
    if (!collect_ && pass == 2 && found_ && best_.difficulty < kMixedLinks) break;
    // A nested rule's search that cannot reach a link with struck candidates
    // finds no hint that counts, and is skipped.
    if (collect_) {
      links_.reach(y, x, true, cycle_reach_);
      if (x) links_.reach(y, x, false, forcing_reach_);
    }
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      const Mask m = at(cell);
      if (popcount(m) < 2 || (!x && popcount(m) > 2)) continue;
      if (context_ != nullptr && context_->stopped()) return;
      for (Mask r = m; r; r &= r - 1) {
        const std::size_t cand = static_cast<std::size_t>(cell * n_ + std::countr_zero(r));
        // A cycle leaves and comes back: it can count only when both the
        // candidate on and (the cycle read backwards) off reach a counted link.
        if (!collect_ || (cycle_reach_[cand * 2 + 1] && cycle_reach_[cand * 2]))
          cycles(static_cast<int>(cand), y, x);
        if (!x) continue;
        if (!collect_ || forcing_reach_[cand * 2 + 1]) forcing(static_cast<int>(cand), true, y);
        if (!collect_ || forcing_reach_[cand * 2]) forcing(static_cast<int>(cand), false, y);
      }
    }
  }
}

void CycleSearch::clear_seen() {
  for (int c : touched_)
    on_seen_[static_cast<std::size_t>(c)] = off_seen_[static_cast<std::size_t>(c)] = 0;
  touched_.clear();
}

bool CycleSearch::can_beat(double base, int complexity) const {
  if (collect_ || !found_) return true;
  const double d = chain_difficulty(base, complexity);
  return d < best_.difficulty || (d == best_.difficulty && complexity <= best_.complexity);
}

bool CycleSearch::is_ancestor(int node, int cand, bool on) const {
  for (int p = arena_[static_cast<std::size_t>(node)].parent; p >= 0;
       p = arena_[static_cast<std::size_t>(p)].parent) {
    const PathNode& a = arena_[static_cast<std::size_t>(p)];
    if (a.cand == cand && a.on == on) return true;
  }
  return false;
}

// Breadth first from `src` in state `on` to its own negation; the first
// negation met is the chain.
void CycleSearch::forcing(int src, bool on, bool y) {
  arena_.clear();
  clear_seen();
  pend_on_.clear();
  pend_off_.clear();
  next_.clear();
  const int root = push(src, on, -1, kNoCause);
  (on ? pend_on_ : pend_off_).push_back(root);
  (on ? on_seen_ : off_seen_)[static_cast<std::size_t>(src)] = 1;
  touched_.push_back(src);
  const double base = y ? kMixedLinks : base_of(Technique::forcing_chain);
  int depth = 1;  // nodes on the paths of the current layer
  while (!pend_on_.empty() || !pend_off_.empty()) {
    // A chain closed in the next two layers has at least depth + 1 nodes.
    if (!can_beat(base, depth + 1)) return;
    depth += 2;
    for (int p : pend_on_) {
      const int pc = arena_[static_cast<std::size_t>(p)].cand;
      const int cell = cell_of(pc), digit = digit_of(pc);
      auto visit = [&](int q) {
        if (on && q == src) {
          forcing_hint(push(q, false, p, kNoCause), y);
          return true;
        }
        if (!off_seen_[static_cast<std::size_t>(q)]) {
          off_seen_[static_cast<std::size_t>(q)] = 1;
          touched_.push_back(q);
          next_.push_back(push(q, false, p, kNoCause));
        }
        return false;
      };
      if (y) {
        for (Mask r = at(cell) & ~digit_bit(digit); r; r &= r - 1) {
          if (visit(cell * n_ + std::countr_zero(r))) return;
        }
      }
      for (const LinkGraph::Link& w : links_.weak(pc)) {
        if (visit(w.cand)) return;
      }
    }
    pend_on_.clear();
    pend_off_.insert(pend_off_.end(), next_.begin(), next_.end());
    next_.clear();
    for (int p : pend_off_) {
      const int pc = arena_[static_cast<std::size_t>(p)].cand;
      auto visit = [&](int q, int cause) {
        if (!on && q == src) {
          forcing_hint(push(q, true, p, cause), y);
          return true;
        }
        if (!on_seen_[static_cast<std::size_t>(q)]) {
          on_seen_[static_cast<std::size_t>(q)] = 1;
          touched_.push_back(q);
          next_.push_back(push(q, true, p, cause));
        }
        return false;
      };
      for (const LinkGraph::Link& st : links_.strong(pc, y, true)) {
        if (visit(st.cand, st.cause)) return;
      }
    }
    pend_off_.clear();
    pend_on_.swap(next_);
    next_.clear();
  }
}

// SE's bidirectional cycles from `src` on, breadth first: on nodes are met
// once, off nodes once per path (only a node's own ancestors are excluded);
// a path that meets `src` on again after at least four links is a cycle.
// Off nodes keep their cause (the cell, or the house they share with their
// parent) because the reversed cycle reads them as on nodes.
void CycleSearch::cycles(int src, bool y, bool x) {
  arena_.clear();
  clear_seen();
  cyc_on_.assign(1, push(src, true, -1, kNoCause));
  cyc_off_.clear();
  cyc_found_.clear();
  next_.clear();
  on_seen_[static_cast<std::size_t>(src)] = 1;
  touched_.push_back(src);
  const double base = y && x ? kMixedLinks : base_of(Technique::x_cycle);
  int length = 0;
  while (!cyc_on_.empty() || !cyc_off_.empty()) {
    // A cycle closed at `length` links has `length` nodes; stop when no longer
    // cycle could come first.
    if (!can_beat(base, length + 2)) break;
    ++length;
    for (int p : cyc_on_) {
      const int pc = arena_[static_cast<std::size_t>(p)].cand;
      const int cell = cell_of(pc);
      if (y) {
        for (Mask r = at(cell) & ~digit_bit(digit_of(pc)); r; r &= r - 1) {
          const int q = cell * n_ + std::countr_zero(r);
          if (!is_ancestor(p, q, false)) cyc_off_.push_back(push(q, false, p, kCellCause));
        }
      }
      for (const LinkGraph::Link& w : links_.weak(pc)) {
        if (!is_ancestor(p, w.cand, false)) cyc_off_.push_back(push(w.cand, false, p, w.cause));
      }
    }
    cyc_on_.clear();
    ++length;
    for (int p : cyc_off_) {
      const int pc = arena_[static_cast<std::size_t>(p)].cand;
      for (const LinkGraph::Link& st : links_.strong(pc, y, x)) {
        if (length >= 4 && st.cand == src) cyc_found_.push_back(push(st.cand, true, p, st.cause));
        if (!on_seen_[static_cast<std::size_t>(st.cand)]) {
          on_seen_[static_cast<std::size_t>(st.cand)] = 1;
          touched_.push_back(st.cand);
          next_.push_back(push(st.cand, true, p, st.cause));
        }
      }
    }
    cyc_off_.clear();
    cyc_on_.swap(next_);
    next_.clear();
  }
  for (int end : cyc_found_) cycle_hint(end, y, x);
}

// A cycle removes each candidate outside its cells that sees one of its on
// nodes and one of its off nodes with the same digit.
void CycleSearch::cycle_hint(int end, bool y, bool x) {
  int complexity = 0;
  cyc_cells_.clear();
  for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
       p = arena_[static_cast<std::size_t>(p)].parent) {
    const int c = cell_of(arena_[static_cast<std::size_t>(p)].cand);
    if (std::find(cyc_cells_.begin(), cyc_cells_.end(), c) == cyc_cells_.end())
      cyc_cells_.push_back(c);
    ++complexity;
  }
  const Rank rank{chain_difficulty(y && x ? kMixedLinks : base_of(Technique::x_cycle), complexity),
                  complexity, y && x ? 4 : (y ? 3 : 2)};
  if (!collect_ && !rank.better_than(best_)) return;
  fwd_.clear();
  back_.clear();
  for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
       p = arena_[static_cast<std::size_t>(p)].parent) {
    const PathNode& a = arena_[static_cast<std::size_t>(p)];
    const int digit = digit_of(a.cand);
    for (int c : g_.peers(cell_of(a.cand))) {
      if (!(at(c) & digit_bit(digit))) continue;
      if (std::find(cyc_cells_.begin(), cyc_cells_.end(), c) != cyc_cells_.end()) continue;
      (a.on ? fwd_ : back_).push_back(c * n_ + digit - 1);
    }
  }
  removed_.clear();
  for (int q : fwd_) {
    if (std::find(back_.begin(), back_.end(), q) == back_.end()) continue;
    if (std::find(removed_.begin(), removed_.end(), q) == removed_.end()) removed_.push_back(q);
  }
  std::sort(removed_.begin(), removed_.end());
  if (removed_.empty()) return;
  if (collect_) {
    if (!collector_.wanted(rank, removed_)) return;
    // The rule parents of both directions: the cycle's on nodes, and its off
    // nodes, which are the on nodes of the cycle read backwards.
    std::vector<int> parents;
    for (const bool on : {true, false}) {
      for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
           p = arena_[static_cast<std::size_t>(p)].parent) {
        const PathNode& nd = arena_[static_cast<std::size_t>(p)];
        if (nd.on == on && nd.cause != kNoCause)
          rule_parents(nd.cand, nd.cause, *origin_, *grid_, g_, parents);
      }
    }
    if (parents.empty()) return;
    collector_.take(rank, removed_, std::move(parents), complexity);
    return;
  }
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
  st.cells.assign(cyc_cells_.rbegin(), cyc_cells_.rend());
  st.digits = x && !y ? digit_bit(digit_of(arena_[static_cast<std::size_t>(end)].cand)) : 0;
  for (int q : removed_) st.eliminations.push_back({cell_of(q), digit_of(q)});
  st.links = path_links(end);
  best_step_ = std::move(st);
}

// A forcing chain from a candidate to its own negation: assumed on, the
// candidate is false; assumed off, it is true.
void CycleSearch::forcing_hint(int target, bool y) {
  int complexity = 0;
  for (int p = target; p >= 0; p = arena_[static_cast<std::size_t>(p)].parent) ++complexity;
  const Rank rank{chain_difficulty(y ? kMixedLinks : base_of(Technique::forcing_chain), complexity),
                  complexity, y ? 4 : 2};
  const PathNode& t = arena_[static_cast<std::size_t>(target)];
  const int cell = cell_of(t.cand), digit = digit_of(t.cand);
  removed_.clear();
  if (t.on) {
    for (Mask r = at(cell) & ~digit_bit(digit); r; r &= r - 1)
      removed_.push_back(cell * n_ + std::countr_zero(r));
  } else {
    removed_.push_back(t.cand);
  }
  if (removed_.empty()) return;
  if (collect_) {
    if (!collector_.wanted(rank, removed_)) return;
    std::vector<int> parents;
    for (int p = target; p >= 0; p = arena_[static_cast<std::size_t>(p)].parent) {
      const PathNode& nd = arena_[static_cast<std::size_t>(p)];
      if (nd.on && nd.cause != kNoCause)
        rule_parents(nd.cand, nd.cause, *origin_, *grid_, g_, parents);
    }
    if (parents.empty()) return;
    collector_.take(rank, removed_, std::move(parents), complexity);
    return;
  }
  if (!rank.better_than(best_)) return;
  best_ = rank;
  found_ = true;
  Step st;
  for (int q : removed_) st.eliminations.push_back({cell_of(q), digit_of(q)});
  if (t.on) st.placements.push_back({cell, digit});
  st.technique = Technique::forcing_chain;
  st.variant = y ? kForcingXYChain : kForcingXChain;
  st.rating = chain_tenths(rank.difficulty);
  st.cells = {cell};
  st.digits = digit_bit(digit);
  st.links = path_links(target);
  best_step_ = std::move(st);
}

// Links from the assumption to `end`, in order.
std::vector<ChainLink> CycleSearch::path_links(int end) const {
  std::vector<ChainLink> links;
  for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
       p = arena_[static_cast<std::size_t>(p)].parent) {
    const PathNode& a = arena_[static_cast<std::size_t>(p)];
    const PathNode& b = arena_[static_cast<std::size_t>(a.parent)];
    links.push_back(
        {{cell_of(b.cand), digit_of(b.cand)}, {cell_of(a.cand), digit_of(a.cand)}, a.on});
  }
  std::reverse(links.begin(), links.end());
  return links;
}

void CycleSearch::rule_parents(int cand, int cause, const std::vector<Mask>& origin,
                               const std::vector<Mask>& grid, const Geometry& g,
                               std::vector<int>& out) {
  const int n = g.side();
  const int cell = cand / n, digit = cand % n + 1;
  auto add = [&](int q) {
    if (std::find(out.begin(), out.end(), q) == out.end()) out.push_back(q);
  };
  if (cause == kCellCause) {
    const std::size_t c = static_cast<std::size_t>(cell);
    for (Mask r = origin[c] & ~grid[c]; r; r &= r - 1) add(cell * n + std::countr_zero(r));
  } else if (cause >= 0) {
    const Mask bit = digit_bit(digit);
    for (int c : g.house_cells(cause)) {
      const std::size_t i = static_cast<std::size_t>(c);
      if ((origin[i] & bit) && !(grid[i] & bit)) add(c * n + digit - 1);
    }
  }
}

void find_cycles(const LogicState& s, FindContext& context, StepSink& sink) {
  CycleSearch search(s.geometry(), &context);
  Step step;
  if (search.best(candidate_grid(s), step) && !context.stopped()) sink.take(std::move(step));
}

}  // namespace nonet::logic_detail
