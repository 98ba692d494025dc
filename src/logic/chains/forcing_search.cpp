// The forcing-chain search of SE's producers from Nishio to nested chains (see
// forcing_search.h).

#include "logic/chains/forcing_search.h"

#include <algorithm>

#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

// The rating of the search's plainest hint, before the length bonus; each
// nested level above 2 adds half a point.
double base_rating(const Spec& s) {
  auto of = [](Technique t) { return rating_of(t) / 10.0; };
  if (s.level >= 2) return of(Technique::nested_forcing_chain) + 0.5 * (s.level - 2);
  if (s.level == 1) return of(Technique::dynamic_forcing_chain_plus);
  if (s.nishio) return of(Technique::nishio_forcing_chain);
  if (s.dynamic) return of(Technique::dynamic_forcing_chain);
  return of(Technique::multiple_forcing_chain);
}

}  // namespace

ForcingSearch::ForcingSearch(const Board& board, const Spec& spec, Technique technique)
    : b_(board),
      g_(*board.g),
      n_(g_.side()),
      ids_(g_.cell_count() * n_ * 2),
      spec_(spec),
      base_(base_rating(spec)),
      technique_(technique),
      stamp_(static_cast<std::size_t>(ids_), 0),
      basic_(board) {
  variant_ = !g_.regular();
  by_value_.resize(static_cast<std::size_t>(n_));
  value_imp_.resize(static_cast<std::size_t>(n_));
  by_pos_.resize(static_cast<std::size_t>(n_));
}

bool ForcingSearch::best(const std::vector<Mask>& grid, Step& step) {
  collect_ = false;
  start(grid);
  if (!found_ || b_.expired()) return false;
  step = std::move(best_step_);
  return true;
}

void ForcingSearch::share(std::atomic<int>& next_cell, Memo<Derivation>& shared) {
  next_cell_ = &next_cell;
  memo_ = &shared;
}

void ForcingSearch::start(const std::vector<Mask>& grid) {
  orig_ = grid;
  if (memo_ == &own_memo_) own_memo_.clear();
  if (met_.empty()) {
    met_.resize(static_cast<std::size_t>(g_.cell_count()) * 3);
    for (int c = 0; c < g_.cell_count(); ++c) {
      const auto hs = houses(c);
      for (std::size_t k = 0; k < 3; ++k) {
        Mask m = 0;
        for (int o : g_.house_cells(hs[k])) {
          if (k == 0 ? o == c : g_.box_of(o) == g_.box_of(c)) m |= Mask{1} << slot(o, k);
        }
        met_[static_cast<std::size_t>(c) * 3 + k] = m;
      }
      // In a variant's extra house, the cells its row, column, box and earlier
      // extra houses have met already, and the cell itself.
      const std::span<const int> extra = g_.extra_houses_of(c);
      extra_met_start_.push_back(static_cast<int>(extra_met_.size()));
      for (std::size_t j = 0; j < extra.size(); ++j) {
        Mask m = 0;
        const std::span<const int> cells = g_.house_cells(extra[j]);
        for (std::size_t i = 0; i < cells.size(); ++i) {
          const int o = cells[i];
          bool met = o == c || g_.row_of(o) == g_.row_of(c) || g_.col_of(o) == g_.col_of(c) ||
                     g_.box_of(o) == g_.box_of(c);
          for (std::size_t e = 0; e < j; ++e) met = met || g_.slot_in(extra[e], o) >= 0;
          if (met) m |= Mask{1} << i;
        }
        extra_met_.push_back(m);
      }
    }
    id_cell_.resize(static_cast<std::size_t>(ids_));
    id_digit_.resize(static_cast<std::size_t>(ids_));
    for (int id = 0; id < ids_; ++id) {
      id_cell_[static_cast<std::size_t>(id)] = id / 2 / n_;
      id_digit_[static_cast<std::size_t>(id)] = id / 2 % n_ + 1;
    }
  }
  house_positions(g_, orig_, pos_orig_);
  found_ = false;
  best_ = Rank{};
  nested_cplx_.clear();
  run();
}

void ForcingSearch::run() {
  // A nested static search (multiple forcing chains as the rule of level 3)
  // keeps only hints with rule parents: its chains never change the grid, so
  // the links that give them are known before it starts, and a cell whose
  // chains cannot reach one is skipped.
  static_ = collect_ && !spec_.dynamic && !spec_.nishio && spec_.level == 0;
  // What a candidate implies does not depend on where it is assumed, yet the
  // cell rule and the region rules of its houses assume it again: the nested
  // searches and the rules nested in them keep each candidate's chain (see
  // on_chain()). The table pays off over such costly searches (not over the
  // plain dynamic ones, measured), and is kept to sizes where it stays small
  // (9x9: 4 MB at most).
  const std::size_t cands = static_cast<std::size_t>(g_.cell_count() * n_);
  cache_ = !spec_.nishio && (collect_ || spec_.level >= 2) &&
           cands * static_cast<std::size_t>(ids_) * sizeof(int) <= (std::size_t{8} << 20);
  if (cache_) {
    if (closure_.size() != cands) closure_.resize(cands);
    closure_done_.assign(cands, 0);
  }
  if (static_) {
    if (!links_) links_ = std::make_unique<LinkGraph>(g_);
    links_->build(orig_, *origin_);
    links_->reach(true, true, false, reach_);
  }
  for (int cell = take_cell(-1); cell < g_.cell_count(); cell = take_cell(cell)) {
    if (b_.expired()) return;
    const Mask m = orig(cell);
    const int card = popcount(m);
    if (!(card > 2 || (card > 1 && spec_.dynamic))) continue;
    const bool by_cell = !spec_.nishio && (card == 2 || (spec_.multiple && card > 2));
    bool cell_counts = by_cell;
    if (static_ && by_cell && !links_->struck_cell(cell)) {
      cell_counts = false;
      for (Mask r = m; r && !cell_counts; r &= r - 1)
        cell_counts = reaches(cand(cell, std::countr_zero(r) + 1));
    }
    for (Mask r = m; r; r &= r - 1) {
      const int digit = std::countr_zero(r) + 1;
      if (static_ && !cell_counts && !regions_count(cell, digit)) continue;
      const OnChain on =
          on_chain(cand(cell, digit), by_value_[static_cast<std::size_t>(digit - 1)]);
      binary(cell, digit, card, on);
      value_imp_[static_cast<std::size_t>(digit - 1)] = on.imp;
      if (!spec_.nishio) regions(cell, digit, *on.imp);
    }
    if (by_cell && cell_counts) cell_reduction(cell, m);
  }
}

ForcingSearch::OnChain ForcingSearch::on_chain(int c, Implications& scratch) {
  if (cache_) {
    Closure& cl = closure_[static_cast<std::size_t>(c)];
    if (!closure_done_[static_cast<std::size_t>(c)]) {
      closure_done_[static_cast<std::size_t>(c)] = 1;
      cl.imp.init(ids_);
      cl.imp.add(on_id(c), nullptr, 0, true);
      cl.contradiction = chain(cl.imp, cl.a, cl.b);
    }
    return {&cl.imp, cl.contradiction, cl.a, cl.b};
  }
  OnChain out{&scratch};
  scratch.init(ids_);
  scratch.add(on_id(c), nullptr, 0, true);
  out.contradiction = chain(scratch, out.a, out.b);
  return out;
}

const std::vector<int>& ForcingSearch::region_places(int cell, int digit, int h) {
  places_.clear();
  const Mask pos = pos_orig(h, digit);
  const int count = popcount(pos);
  const std::span<const int> cells = g_.house_cells(h);
  if (!(count == 2 || (spec_.multiple && count > 2)) ||
      cells[static_cast<std::size_t>(std::countr_zero(pos))] != cell)
    return places_;
  for (Mask m = pos; m; m &= m - 1)
    places_.push_back(cells[static_cast<std::size_t>(std::countr_zero(m))]);
  return places_;
}

bool ForcingSearch::region_counts(int digit, int h, const std::vector<int>& places) const {
  if (places.empty()) return false;
  if (links_->has_parents(cand(places[0], digit), h)) return true;
  return std::any_of(places.begin(), places.end(), [&](int c) { return reaches(cand(c, digit)); });
}

bool ForcingSearch::regions_count(int cell, int digit) {
  for (int h : houses(cell)) {
    if (region_counts(digit, h, region_places(cell, digit, h))) return true;
  }
  for (int h : g_.extra_houses_of(cell)) {
    if (region_counts(digit, h, region_places(cell, digit, h))) return true;
  }
  return false;
}

Mask ForcingSearch::pos_orig(int h, int digit) const {
  return pos_orig_[static_cast<std::size_t>(h * n_ + digit - 1)];
}

bool ForcingSearch::chain(Implications& imp, int& on_idx, int& off_idx) {
  cur_ = orig_;
  pos_cur_ = pos_orig_;
  struck_.assign(static_cast<std::size_t>(g_.house_count()), 0);
  const bool y = !spec_.nishio;
  const bool dynamic = spec_.dynamic;
  std::vector<int>& pend_on = pend_on_;
  std::vector<int>& pend_off = pend_off_;
  pend_on.clear();
  pend_off.clear();
  std::size_t on_head = 0, off_head = 0;
  for (int i = 0; i < imp.size(); ++i) (on_of(imp.node(i).id) ? pend_on : pend_off).push_back(i);
  for (;;) {
    if (on_head == pend_on.size() && off_head == pend_off.size()) {
      // Out of direct consequences: the rules of the level may add more.
      if (spec_.level == 0 || b_.expired() || !advanced(imp, pend_off)) break;
    }
    if (on_head < pend_on.size()) {
      const int p = pend_on[on_head++];
      const int pid = imp.node(p).id;
      const int cell = cell_of_id(pid), digit = digit_of_id(pid);
      auto visit = [&](int q) {
        const int hit = imp.find(on_id(q));
        if (hit >= 0) {
          on_idx = hit;
          off_idx = imp.add(off_id(q), &p, 1, false);
          return true;
        }
        if (imp.find(off_id(q)) < 0) pend_off.push_back(imp.add(off_id(q), &p, 1, true));
        return false;
      };
      if (y) {
        for (Mask r = cur(cell) & ~digit_bit(digit); r; r &= r - 1) {
          if (visit(cand(cell, std::countr_zero(r) + 1))) return true;
        }
      }
      const auto hs = houses(cell);
      for (std::size_t k = 0; k < 3; ++k) {
        const std::span<const int> cells = g_.house_cells(hs[k]);
        // Not the cell itself, and in the row and column not the box's
        // cells, met already.
        for (Mask m = pos_cur(hs[k], digit) & ~met(cell, k); m; m &= m - 1) {
          const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
          if (visit(cand(c, digit))) return true;
        }
      }
      if (variant_) {
        // A variant's extra houses, then the cells a chess move away.
        const std::span<const int> extra = g_.extra_houses_of(cell);
        for (std::size_t j = 0; j < extra.size(); ++j) {
          const std::span<const int> cells = g_.house_cells(extra[j]);
          for (Mask m = pos_cur(extra[j], digit) & ~extra_met(cell, j); m; m &= m - 1) {
            const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
            if (visit(cand(c, digit))) return true;
          }
        }
        for (int c : g_.move_peers(cell)) {
          if ((cur(c) & digit_bit(digit)) && visit(cand(c, digit))) return true;
        }
        // Under the non-consecutive rule, the digits beside it in the neighbours.
        for (int c : g_.consecutive_neighbours(cell)) {
          for (Mask r = cur(c) & g_.consecutive_of(digit); r; r &= r - 1)
            if (visit(cand(c, std::countr_zero(r) + 1))) return true;
        }
        // A relation's ties: the digits its rule does not allow beside it.
        for (const Geometry::Tie& t : g_.ties(cell)) {
          for (Mask r = cur(t.other) & ~g_.beside(t, digit); r; r &= r - 1)
            if (visit(cand(t.other, std::countr_zero(r) + 1))) return true;
        }
      }
    } else {
      const int p = pend_off[off_head++];
      const int pid = imp.node(p).id;
      const int cell = cell_of_id(pid), digit = digit_of_id(pid);
      const Mask bit = digit_bit(digit);
      // Collect the on nodes first (SE computes them before striking p).
      // found_on_[k] is implied with parents found_par_[found_beg_[k] .. found_beg_[k+1]).
      found_on_.clear();
      found_cause_.clear();
      found_par_.clear();
      found_beg_.clear();
      if (y && two_bits(cur(cell))) {
        const int other = lowest_digit(cur(cell) & ~bit);
        found_on_.push_back(cand(cell, other));
        found_cause_.push_back(kCellCause);
        found_beg_.push_back(static_cast<int>(found_par_.size()));
        found_par_.push_back(p);
        if (dynamic) {
          for (Mask r = orig(cell) & ~cur(cell); r; r &= r - 1) {
            found_par_.push_back(imp.find(off_id(cand(cell, std::countr_zero(r) + 1))));
          }
        }
      }
      const auto hs = houses(cell);
      for (std::size_t k = 0; k < 3; ++k)
        offer_other_place(imp, p, hs[k], slot(cell, k), digit, dynamic);
      const std::span<const int> extra =
          variant_ ? g_.extra_houses_of(cell) : std::span<const int>();
      for (std::size_t j = 0; j < extra.size(); ++j)
        offer_other_place(imp, p, extra[j], g_.extra_slots_of(cell)[j], digit, dynamic);
      found_beg_.push_back(static_cast<int>(found_par_.size()));
      if (dynamic) {
        cur_[static_cast<std::size_t>(cell)] &= ~bit;
        for (std::size_t k = 0; k < 3; ++k) {
          pos_cur(hs[k], digit) &= ~(Mask{1} << slot(cell, k));
          struck_[static_cast<std::size_t>(hs[k])] |= bit;
        }
        for (std::size_t j = 0; j < extra.size(); ++j) {
          pos_cur(extra[j], digit) &= ~(Mask{1} << g_.extra_slots_of(cell)[j]);
          struck_[static_cast<std::size_t>(extra[j])] |= bit;
        }
      }
      for (std::size_t k = 0; k < found_on_.size(); ++k) {
        const int q = found_on_[k];
        const int* par = found_par_.data() + found_beg_[k];
        const int par_count = found_beg_[k + 1] - found_beg_[k];
        const int hit = imp.find(off_id(q));
        if (hit >= 0) {
          on_idx = imp.add(on_id(q), par, par_count, false, found_cause_[k]);
          off_idx = hit;
          return true;
        }
        if (imp.find(on_id(q)) < 0) {
          pend_on.push_back(imp.add(on_id(q), par, par_count, true, found_cause_[k]));
        }
      }
    }
  }
  return false;
}

[[gnu::always_inline]] inline void ForcingSearch::offer_other_place(Implications& imp, int p,
                                                                    int house, int slot, int digit,
                                                                    bool dynamic) {
  const Mask places = pos_cur(house, digit);
  if (!two_bits(places)) return;
  // The last place other than the struck cell's.
  const Mask others = places & ~(Mask{1} << slot);
  const std::span<const int> cells = g_.house_cells(house);
  const int other = cells[static_cast<std::size_t>(31 - std::countl_zero(others))];
  const int q = cand(other, digit);
  if (std::find(found_on_.begin(), found_on_.end(), q) != found_on_.end()) return;
  found_on_.push_back(q);
  found_cause_.push_back(house);
  found_beg_.push_back(static_cast<int>(found_par_.size()));
  found_par_.push_back(p);
  if (dynamic) {
    for (Mask m = pos_orig(house, digit) & ~places; m; m &= m - 1) {
      const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
      found_par_.push_back(imp.find(off_id(cand(c, digit))));
    }
  }
}

bool ForcingSearch::advanced(Implications& imp, std::vector<int>& pend_off) {
  const Derivation& found = derivation();
  if (b_.expired()) return false;
  bool added = false;
  int last_hint = -1, last_nested = -1;
  for (const Derivation::Item& d : found.items) {
    if (imp.find(off_id(d.cand)) >= 0) continue;
    parents_.clear();
    for (int k = d.pbeg; k < d.pend; ++k) {
      const int i = imp.find(off_id(found.parents[static_cast<std::size_t>(k)]));
      if (i >= 0) parents_.push_back(i);
    }
    int nested = kNoCause;
    if (d.nested >= 0) {
      if (d.hint != last_hint) {
        last_hint = d.hint;
        last_nested = static_cast<int>(nested_cplx_.size());
        nested_cplx_.push_back(d.nested);
      }
      nested = last_nested;
    }
    pend_off.push_back(
        imp.add(off_id(d.cand), parents_.data(), static_cast<int>(parents_.size()), true, nested));
    added = true;
  }
  return added;
}

const ForcingSearch::Derivation& ForcingSearch::derivation() {
  key_.assign(reinterpret_cast<const char*>(cur_.data()), cur_.size() * sizeof(Mask));
  if (const Derivation* hit = memo_->find(key_)) return *hit;
  derived_.clear();
  if (basic_.derive(orig_, cur_, pos_cur_, struck_, derived_) == 0 && spec_.level >= 2) {
    for (std::size_t k = 0; k < rule_count(); ++k) {
      if (derive_rule(k) > 0 || b_.expired()) break;
    }
  }
  scratch_.items.clear();
  scratch_.parents.clear();
  if (b_.expired()) return scratch_;  // incomplete: not kept
  Derivation& d = scratch_;
  for (const Derived& x : derived_) {
    const int beg = static_cast<int>(d.parents.size());
    d.parents.insert(d.parents.end(), x.parents->begin(), x.parents->end());
    d.items.push_back({x.cand, beg, static_cast<int>(d.parents.size()), x.nested, x.hint});
  }
  const std::size_t bytes =
      key_.size() + d.items.size() * sizeof(Derivation::Item) + d.parents.size() * sizeof(int) + 64;
  const Derivation* kept = memo_->add(key_, bytes, [&](Derivation& v) { v = d; });
  return kept ? *kept : d;  // not kept when the budget is spent
}

std::size_t ForcingSearch::rule_count() const {
  if (spec_.level < 2) return 0;
  if (spec_.level < 4) return static_cast<std::size_t>(spec_.level - 1);
  return spec_.level >= 5 ? 2 : 1;
}

int ForcingSearch::derive_rule(std::size_t k) {
  const bool unary = spec_.level < 4 && k == 0;
  Spec sub;
  sub.multiple = true;
  sub.dynamic = spec_.level >= 4;
  sub.level = spec_.level >= 4 && k == 1 ? spec_.level - 3 : 0;
  // The rule, its starting grid and the reduced grid determine the result.
  rule_key_.assign(1, unary ? 'u' : static_cast<char>('a' + 2 * sub.level + sub.dynamic));
  rule_key_.append(reinterpret_cast<const char*>(orig_.data()), orig_.size() * sizeof(Mask));
  rule_key_.append(reinterpret_cast<const char*>(cur_.data()), cur_.size() * sizeof(Mask));
  if (const RuleResult* hit = b_.rules->find(rule_key_)) {
    derived_.insert(derived_.end(), hit->items.begin(), hit->items.end());
    return static_cast<int>(hit->items.size());
  }
  const std::size_t before = derived_.size();
  if (unary) {
    if (!unary_) unary_ = std::make_unique<CycleSearch>(g_, b_.context);
    unary_->derive(orig_, cur_, derived_);
  } else {
    if (rules_.size() <= k) rules_.resize(k + 1);
    if (!rules_[k]) rules_[k] = std::make_unique<ForcingSearch>(b_, sub, technique_);
    rules_[k]->derive(orig_, cur_, derived_);
  }
  const int count = static_cast<int>(derived_.size() - before);
  if (b_.expired()) return count;  // incomplete: not kept
  std::size_t bytes = rule_key_.size() + 64 + static_cast<std::size_t>(count) * sizeof(Derived);
  for (std::size_t i = before; i < derived_.size(); ++i)
    bytes += derived_[i].parents->size() * sizeof(int);
  b_.rules->add(rule_key_, bytes, [&](RuleResult& kept) {
    // Items of one hint share one parent list.
    const std::vector<int>* last = nullptr;
    for (std::size_t i = before; i < derived_.size(); ++i) {
      Derived d = derived_[i];
      if (d.parents != last) {
        last = d.parents;
        kept.parents.push_back(*d.parents);
      }
      d.parents = &kept.parents.back();
      kept.items.push_back(d);
    }
  });
  return count;
}

int ForcingSearch::ancestors(const Implications& imp, int idx) {
  ++gen_;
  int count = 0;
  stack_.clear();
  stack_.push_back(idx);
  while (!stack_.empty()) {
    const int i = stack_.back();
    stack_.pop_back();
    const Node& nd = imp.node(i);
    if (stamp_[static_cast<std::size_t>(nd.id)] == gen_) continue;
    stamp_[static_cast<std::size_t>(nd.id)] = gen_;
    ++count;
    if (!on_of(nd.id) && nd.cause >= 0) {
      const std::size_t k = static_cast<std::size_t>(nd.cause);
      if (nested_stamp_.size() < nested_cplx_.size()) nested_stamp_.resize(nested_cplx_.size(), 0);
      if (nested_stamp_[k] != hint_gen_) {
        nested_stamp_[k] = hint_gen_;
        count += nested_cplx_[k];
      }
    }
    for (int k = 0; k < nd.pcnt; ++k) stack_.push_back(imp.parent(i, k));
  }
  return count;
}

void ForcingSearch::append_links(const Implications& imp, int idx,
                                 std::vector<ChainLink>& out) const {
  std::vector<ChainLink> links;
  for (int i = idx; imp.node(i).pcnt > 0;) {
    const int p = imp.parent(i, 0);
    const int a = imp.node(p).id, b = imp.node(i).id;
    links.push_back({{cell_of_id(a), digit_of_id(a)}, {cell_of_id(b), digit_of_id(b)}, on_of(b)});
    i = p;
  }
  out.insert(out.end(), links.rbegin(), links.rend());
}

void ForcingSearch::removable(int id) {
  removed_.clear();
  const int cell = cell_of_id(id), digit = digit_of_id(id);
  if (on_of(id)) {
    for (Mask r = orig(cell) & ~digit_bit(digit); r; r &= r - 1) {
      removed_.push_back(cand(cell, std::countr_zero(r) + 1));
    }
  } else {
    removed_.push_back(id / 2);
  }
}

std::vector<int> ForcingSearch::rule_parents(std::span<const Chain> chains, int assumption) {
  std::vector<int> out;
  for (const Chain& c : chains) {
    ++gen_;
    stack_.clear();
    stack_.push_back(c.idx);
    while (!stack_.empty()) {
      const int i = stack_.back();
      stack_.pop_back();
      const Node& nd = c.imp->node(i);
      if (stamp_[static_cast<std::size_t>(nd.id)] == gen_) continue;
      stamp_[static_cast<std::size_t>(nd.id)] = gen_;
      if (on_of(nd.id)) {
        const int cause = nd.pcnt == 0 ? assumption : nd.cause;
        CycleSearch::rule_parents(nd.id / 2, cause, *origin_, orig_, g_, out);
      }
      for (int k = 0; k < nd.pcnt; ++k) stack_.push_back(c.imp->parent(i, k));
    }
  }
  return out;
}

void ForcingSearch::offer_list(int result_id, int sort_key, int variant, int src_cell,
                               int assumption, std::span<const Chain> chains) {
  removable(result_id);
  if (removed_.empty()) return;
  ++hint_gen_;
  int complexity = 0;
  for (const Chain& c : chains) complexity += ancestors(*c.imp, c.idx);
  const Rank rank{chain_difficulty(base_, complexity), complexity, sort_key};
  if (collect_) {
    if (!collector_.wanted(rank, removed_)) return;
    std::vector<int> parents = rule_parents(chains, assumption);
    if (parents.empty()) return;
    collector_.take(rank, removed_, std::move(parents), complexity);
    return;
  }
  if (!rank.better_than(best_)) return;
  best_ = rank;
  best_cell_ = src_cell;
  found_ = true;
  Step st;
  const int cell = cell_of_id(result_id), digit = digit_of_id(result_id);
  for (int q : removed_) st.eliminations.push_back({q / n_, q % n_ + 1});
  if (on_of(result_id)) st.placements.push_back({cell, digit});
  st.technique = technique_;
  st.variant = variant;
  if (spec_.level >= 2) st.variant += kNestedLevelStride * (spec_.level - 2);
  st.rating = chain_tenths(rank.difficulty);
  st.cells = {src_cell};
  if (cell != src_cell) st.cells.push_back(cell);
  // Region chains branch from every place of a digit in a house: that house
  // is where a player looks.
  if (variant == kRegionForcing) st.houses = {assumption};
  st.digits = digit_bit(digit);
  for (const Chain& c : chains) append_links(*c.imp, c.idx, st.links);
  best_step_ = std::move(st);
}

void ForcingSearch::binary(int cell, int digit, int card, const OnChain& on) {
  const bool reduce = card >= 3 && !spec_.nishio && spec_.dynamic;
  const bool contradiction = spec_.dynamic || spec_.nishio;
  const int src = cand(cell, digit);
  Implications& on_imp = *on.imp;
  if (on.contradiction && contradiction) {
    offer(off_id(src), 7, kContradiction, cell, {{&on_imp, on.a}, {&on_imp, on.b}});
  }
  if (!contradiction && !reduce) return;
  int a = 0, b = 0;
  off_imp_.init(ids_);
  off_imp_.add(off_id(src), nullptr, 0, true);
  if (chain(off_imp_, a, b) && contradiction) {
    offer(on_id(src), 7, kContradiction, cell, {{&off_imp_, a}, {&off_imp_, b}});
  }
  if (!reduce) return;
  for (int pass = 1; pass >= 0; --pass) {  // on nodes first, then off nodes
    for (int i = 0; i < on_imp.size(); ++i) {
      const int id = on_imp.node(i).id;
      if (on_of(id) != (pass == 1) || !Implications::has(off_imp_.bits(), id) || !on_imp.stored(i))
        continue;
      offer(id, 1, kDoubleForcing, cell, {{&on_imp, i}, {&off_imp_, off_imp_.find(id)}});
    }
  }
}

void ForcingSearch::common(const std::vector<Implications*>& imps) {
  common_ = imps[0]->bits();
  for (std::size_t k = 1; k < imps.size(); ++k) {
    const Implications::Bits& b = imps[k]->bits();
    for (std::size_t w = 0; w < common_.size(); ++w) common_[w] &= b[w];
  }
}

void ForcingSearch::regions(int cell, int digit, Implications& on_imp) {
  std::vector<Implications*>& imps = imps_;
  std::vector<Chain>& chains = chains_;
  auto region = [&](int h) {
    // Each house is done from its first place.
    const std::vector<int>& places = region_places(cell, digit, h);
    if (places.empty() || (static_ && !region_counts(digit, h, places))) return;
    const int count = static_cast<int>(places.size());
    imps.assign(1, &on_imp);
    for (int k = 1; k < count; ++k) {
      const int c = cand(places[static_cast<std::size_t>(k)], digit);
      imps.push_back(on_chain(c, by_pos_[static_cast<std::size_t>(k)]).imp);
    }
    common(imps);
    for (int pass = 1; pass >= 0; --pass) {
      for (int i = 0; i < on_imp.size(); ++i) {
        const int id = on_imp.node(i).id;
        if (on_of(id) != (pass == 1) || !Implications::has(common_, id) || !on_imp.stored(i))
          continue;
        chains.clear();
        for (const Implications* imp : imps) chains.push_back({imp, imp->find(id)});
        offer_list(id, 6, kRegionForcing, cell, h, chains);
      }
    }
  };
  for (int h : houses(cell)) region(h);
  for (int h : g_.extra_houses_of(cell)) region(h);
}

void ForcingSearch::cell_reduction(int cell, Mask m) {
  const int first = lowest_digit(m) - 1;
  const Implications& head = *value_imp_[static_cast<std::size_t>(first)];
  imps_.clear();
  for (Mask r = m; r; r &= r - 1)
    imps_.push_back(value_imp_[static_cast<std::size_t>(std::countr_zero(r))]);
  common(imps_);
  for (int pass = 1; pass >= 0; --pass) {
    for (int i = 0; i < head.size(); ++i) {
      const int id = head.node(i).id;
      if (on_of(id) != (pass == 1) || !Implications::has(common_, id) || !head.stored(i)) continue;
      std::vector<Chain>& chains = chains_;
      chains.clear();
      for (const Implications* imp : imps_) chains.push_back({imp, imp->find(id)});
      offer_list(id, 5, kCellForcing, cell, kCellCause, chains);
    }
  }
}

}  // namespace nonet::logic_detail
