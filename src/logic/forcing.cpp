// Nishio (7.5), multiple (8.0) and dynamic (8.5) forcing chains, dynamic forcing
// chains (+) (9.0) and nested forcing chains (9.5, 10.0, 10.5, 11.0).
//
// A "chaining" starts from one assumption (a candidate on or off) and follows
// every consequence in SE's order: an on node turns off the peers with its digit
// (and, except in Nishio mode, the other digits of its cell); an off node turns
// on the last digit of a cell or the last place of a digit in a house. In
// dynamic mode each off node is also struck from a working copy of the
// candidates, so later steps see the reduced grid; an on node found that way
// records the struck candidates as extra ("hidden") parents. Nodes are kept in
// insertion order with their parents, so a node's rating weight (SE's
// "complexity") is the number of its distinct ancestors, itself included.
//
// From these chainings SE draws: a contradiction (a node both on and off: the
// assumption is false), a double forcing chain (both states of a candidate imply
// the same node), a cell forcing chain (every digit of a cell implies it) and a
// region forcing chain (every place of a digit in a house implies it). All
// hints of the producer are ranked by rating, then complexity, then kind; the
// first is the step.
//
// Levels. At level 1 and up, whenever a chaining runs out of consequences, the
// reduced grid is searched with further rules, tried in turn until one applies:
// pointing / claiming, hidden pair, naked pair and X-Wing (level 1), then
// forcing chains (level 2), multiple forcing chains (level 3), dynamic forcing
// chains (level 4) and dynamic chains of level 2 (level 5). Every candidate such
// a rule removes becomes an off node whose parents are the struck candidates the
// rule depends on (for a nested chain: those that made its on nodes the last
// digit of a cell or place of a house). A nested chain adds its own complexity,
// once, to each chain that uses it. Level L rates 9.0 (L = 1) or
// 9.5 + 0.5 (L - 2), plus the length bonus.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <span>
#include <string>
#include <thread>
#include <unordered_map>

#include "logic/chains.h"

namespace nonet::logic_detail {
namespace {
thread_local const Deadline* t_deadline = nullptr;
thread_local int t_threads = 1;
}  // namespace

ChainDeadlineScope::ChainDeadlineScope(const Deadline& deadline, int threads)
    : previous_(t_deadline), previous_threads_(t_threads) {
  t_deadline = deadline.is_set() ? &deadline : nullptr;
  t_threads = std::clamp(threads, 1, kMaxChainThreads);
}
ChainDeadlineScope::~ChainDeadlineScope() {
  t_deadline = previous_;
  t_threads = previous_threads_;
}

namespace {

// Node::cause: what made a node. On nodes: the assumption, the last digit of its
// cell, or the last place in house `cause` (>= 0). Off nodes: a nested chain
// (index into the search's table, >= 0) or not.
constexpr int kNoCause = -1;
constexpr int kCellCause = -2;

struct Node {
  int id;    // cand * 2 + on
  int pbeg;  // first parent in the pool
  int pcnt;
  int cause;
};

// The nodes implied by one assumption, in the order found.
class Implications {
 public:
  using Bits = std::vector<std::uint64_t>;
  void init(int ids) {
    if (static_cast<int>(slot_.size()) != ids) {
      slot_.assign(static_cast<std::size_t>(ids), -1);
      bits_.assign((static_cast<std::size_t>(ids) + 63) / 64, 0);
    }
    for (const Node& nd : nodes_) slot_[static_cast<std::size_t>(nd.id)] = -1;
    std::fill(bits_.begin(), bits_.end(), 0);
    nodes_.clear();
    pool_.clear();
  }
  int find(int id) const { return slot_[static_cast<std::size_t>(id)]; }
  // The ids in the lookup, as a bit set: several chains' common nodes are
  // found by intersecting these.
  const Bits& bits() const { return bits_; }
  static bool has(const Bits& bits, int id) {
    return (bits[static_cast<std::size_t>(id) >> 6] >> (id & 63)) & 1;
  }
  // Adds a node; `store` false keeps it out of the lookup (a contradiction's
  // second half).
  int add(int id, const int* parents, int count, bool store, int cause = kNoCause) {
    const int idx = static_cast<int>(nodes_.size());
    nodes_.push_back({id, static_cast<int>(pool_.size()), count, cause});
    pool_.insert(pool_.end(), parents, parents + count);
    if (store) {
      slot_[static_cast<std::size_t>(id)] = idx;
      bits_[static_cast<std::size_t>(id) >> 6] |= std::uint64_t{1} << (id & 63);
    }
    return idx;
  }
  const Node& node(int idx) const { return nodes_[static_cast<std::size_t>(idx)]; }
  int parent(int idx, int k) const { return pool_[static_cast<std::size_t>(node(idx).pbeg + k)]; }
  int size() const { return static_cast<int>(nodes_.size()); }
  bool stored(int idx) const { return find(node(idx).id) == idx; }

 private:
  std::vector<int> slot_;
  Bits bits_;
  std::vector<Node> nodes_;
  std::vector<int> pool_;
};

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

// What all the searches of one step share: the position's filled cells and
// placed digits (which the rules on a reduced grid still see), and the time.
struct Board;

struct Spec {
  bool multiple = false, dynamic = false, nishio = false;
  int level = 0;
};

// A candidate that a rule removes from a reduced grid, with the struck
// candidates the rule depends on.
struct Derived {
  int cand;
  const std::vector<int>* parents;
  int nested;  // the nested chain's complexity, or -1 for a basic rule
  int hint;    // candidates of one hint share their nested chain
};

// What a nested rule removed from one reduced grid of one starting grid.
struct RuleResult {
  std::vector<Derived> items;
  std::deque<std::vector<int>> parents;  // items point here
};

// Results by key, which the threads of one search share: looked up under a
// shared lock, added under an exclusive one, never changed or removed while
// the search runs (so a pointer to one stays good), up to a byte budget.
template <class T>
class Memo {
 public:
  explicit Memo(std::size_t budget) : budget_(budget) {}
  const T* find(const std::string& key) const {
    std::shared_lock lock(mutex_);
    const auto it = map_.find(key);
    return it == map_.end() ? nullptr : &it->second;
  }
  // Keeps the value `fill` writes, unless the key is known or the budget spent;
  // returns the kept value, or nullptr.
  template <class Fill>
  const T* add(const std::string& key, std::size_t bytes, Fill&& fill) {
    std::unique_lock lock(mutex_);
    if (const auto it = map_.find(key); it != map_.end()) return &it->second;
    if (bytes_ + bytes > budget_) return nullptr;
    bytes_ += bytes;
    T& value = map_[key];
    fill(value);
    return &value;
  }
  void clear() {
    std::unique_lock lock(mutex_);
    map_.clear();
    bytes_ = 0;
  }

 private:
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, T> map_;
  std::size_t budget_;
  std::size_t bytes_ = 0;
};

// What all the searches of one step share: the position's filled cells and
// placed digits (which the rules on a reduced grid still see), the time, and
// the results of the nested rules. The searches of successive levels run the
// same rules on the same reduced grids (level 3 repeats level 2's forcing
// chains, level 5 level 4's dynamic chains), so each result is kept for the
// step, up to kRuleMemoBytes.
struct Board {
  const Geometry* g = nullptr;
  std::vector<char> empty;  // per cell: no value yet
  std::vector<int> placed;  // per digit (index 1..N): copies placed
  const Deadline* deadline = nullptr;
  bool stopped = false;
  bool expired() {
    if (!stopped && deadline != nullptr && deadline->expired()) stopped = true;
    return stopped;
  }
  // By rule, starting grid and reduced grid; shared by copies of the board.
  std::shared_ptr<Memo<RuleResult>> rules =
      std::make_shared<Memo<RuleResult>>(std::size_t{64} << 20);
};

double base_rating(const Spec& s) {
  if (s.level >= 2) return 9.5 + 0.5 * (s.level - 2);
  if (s.level == 1) return 9.0;
  if (s.nishio) return 7.5;
  if (s.dynamic) return 8.5;
  return 8.0;
}

// Collects the hints of a rule nested in a chain: for each removed candidate,
// the first hint (in SE's order: rank, then the order found) that removes it.
class Collector {
 public:
  void reset(int cands) {
    if (static_cast<int>(slot_.size()) != cands) slot_.assign(static_cast<std::size_t>(cands), -1);
    for (const Entry& e : entries_) slot_[static_cast<std::size_t>(e.cand)] = -1;
    entries_.clear();
    hints_.clear();
  }
  // Whether a hint of rank `r` would come first for one of `cands`.
  bool wanted(const Rank& r, const std::vector<int>& cands) const {
    for (int c : cands) {
      const int e = slot_[static_cast<std::size_t>(c)];
      if (e < 0 || r.better_than(hints_[entry_hint(e)].rank)) return true;
    }
    return false;
  }
  void take(const Rank& r, const std::vector<int>& cands, std::vector<int> parents,
            int complexity) {
    const int h = static_cast<int>(hints_.size());
    hints_.push_back({r, complexity, std::move(parents)});
    for (std::size_t k = 0; k < cands.size(); ++k) {
      const int c = cands[k];
      int& e = slot_[static_cast<std::size_t>(c)];
      if (e >= 0 && !r.better_than(hints_[entry_hint(e)].rank)) continue;
      if (e < 0) {
        e = static_cast<int>(entries_.size());
        entries_.push_back({c, h, static_cast<int>(k)});
      } else {
        entries_[static_cast<std::size_t>(e)].hint = h;
        entries_[static_cast<std::size_t>(e)].sub = static_cast<int>(k);
      }
    }
  }
  // The removed candidates in the order SE adds them.
  void emit(std::vector<Derived>& out, bool nested) {
    std::sort(entries_.begin(), entries_.end(), [&](const Entry& a, const Entry& b) {
      const Hint& ha = hints_[static_cast<std::size_t>(a.hint)];
      const Hint& hb = hints_[static_cast<std::size_t>(b.hint)];
      if (ha.rank.better_than(hb.rank)) return true;
      if (hb.rank.better_than(ha.rank)) return false;
      if (a.hint != b.hint) return a.hint < b.hint;
      return a.sub < b.sub;
    });
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      const Entry& e = entries_[i];
      slot_[static_cast<std::size_t>(e.cand)] = static_cast<int>(i);
      const Hint& h = hints_[static_cast<std::size_t>(e.hint)];
      out.push_back({e.cand, &h.parents, nested ? h.complexity : -1, e.hint});
    }
  }

 private:
  struct Entry {
    int cand, hint, sub;
  };
  struct Hint {
    Rank rank;
    int complexity;
    std::vector<int> parents;
  };
  std::size_t entry_hint(int e) const {
    return static_cast<std::size_t>(entries_[static_cast<std::size_t>(e)].hint);
  }
  std::vector<int> slot_;
  std::vector<Entry> entries_;
  std::vector<Hint> hints_;
};

// SE's four basic rules on a reduced grid (`cur`, struck from `orig`), in its
// order and with its parent rules: pointing / claiming, hidden pair, naked
// pair, X-Wing. Only a hint that depends on a struck candidate counts.
class BasicRules {
 public:
  explicit BasicRules(const Board& board) : b_(board), g_(*board.g), n_(g_.side()) {}

  // Appends the removals of the first rule that has any; returns their count.
  // `pos` holds the positions of each digit in each house of `cur` (index
  // house * N + digit - 1, bit i for the house's i-th cell) and `struck` the
  // digits each house lost from `orig` to `cur`, which the chaining keeps up to
  // date anyway. A hint counts only when it depends on struck candidates, so
  // houses with none are passed over.
  int derive(const std::vector<Mask>& orig, const std::vector<Mask>& cur, std::span<const Mask> pos,
             std::span<const Mask> struck, std::vector<Derived>& out) {
    orig_ = &orig;
    cur_ = &cur;
    pos_ = pos;
    struck_ = struck;
    store_.clear();
    hint_ = 0;
    const std::size_t before = out.size();
    locking(out);
    if (out.size() == before) hidden_pairs(out);
    if (out.size() == before) naked_pairs(out);
    if (out.size() == before) x_wings(out);
    return static_cast<int>(out.size() - before);
  }

 private:
  Mask orig(int c) const { return (*orig_)[static_cast<std::size_t>(c)]; }
  Mask cur(int c) const { return (*cur_)[static_cast<std::size_t>(c)]; }
  int cand(int cell, int digit) const { return cell * n_ + digit - 1; }
  bool in_house(int cell, int h) const {
    const int i = h % n_;
    switch (g_.house_kind(h)) {
      case HouseKind::row:
        return g_.row_of(cell) == i;
      case HouseKind::column:
        return g_.col_of(cell) == i;
      default:
        return g_.box_of(cell) == i;
    }
  }
  int house_index_of_kind(int cell, HouseKind kind) const {
    switch (kind) {
      case HouseKind::row:
        return g_.row_of(cell);
      case HouseKind::column:
        return g_.col_of(cell);
      default:
        return g_.box_of(cell);
    }
  }
  int empty_in(int h) const {
    int k = 0;
    for (int c : g_.house_cells(h)) k += b_.empty[static_cast<std::size_t>(c)];
    return k;
  }
  // Positions of `digit` in house `h` of the reduced grid (bit i = i-th cell).
  Mask positions(int h, int digit) const {
    return pos_[static_cast<std::size_t>(h * n_ + digit - 1)];
  }
  // The digits (bit d - 1) that lost places in house `h`.
  Mask struck_digits(int h) const { return struck_[static_cast<std::size_t>(h)]; }
  bool struck(int h, int digit) const { return struck_digits(h) & digit_bit(digit); }
  void emit(const std::vector<int>& removed, std::vector<Derived>& out) {
    if (removed.empty() || parents_.empty()) return;
    store_.push_back(parents_);
    for (int q : removed) out.push_back({q, &store_.back(), -1, hint_});
    ++hint_;
  }

  void locking(std::vector<Derived>& out) {
    using K = HouseKind;
    const std::pair<K, K> orders[] = {
        {K::box, K::column}, {K::box, K::row}, {K::column, K::box}, {K::row, K::box}};
    for (const auto& [k1, k2] : orders) {
      for (int digit = 1; digit <= n_; ++digit) {
        const Mask bit = digit_bit(digit);
        for (int i1 = 0; i1 < n_; ++i1) {
          const int h1 = house_of_kind(g_, k1, i1);
          // The parents are struck places in h1.
          if (!struck(h1, digit)) continue;
          const Mask places = positions(h1, digit);
          if (popcount(places) < 2) continue;
          // Only the house of kind k2 through the first place can hold them all.
          const std::span<const int> cells1 = g_.house_cells(h1);
          const int first = cells1[static_cast<std::size_t>(std::countr_zero(places))];
          const int h2 = house_of_kind(g_, k2, house_index_of_kind(first, k2));
          bool inside = true;
          for (Mask p = places; p; p &= p - 1) {
            if (!in_house(cells1[static_cast<std::size_t>(std::countr_zero(p))], h2))
              inside = false;
          }
          if (!inside) continue;
          removed_.clear();
          for (int c : g_.house_cells(h2)) {
            if ((cur(c) & bit) && !in_house(c, h1)) removed_.push_back(cand(c, digit));
          }
          std::sort(removed_.begin(), removed_.end());
          parents_.clear();
          for (int c : g_.house_cells(h1)) {
            if ((orig(c) & bit) && !(cur(c) & bit) && !in_house(c, h2)) {
              parents_.push_back(cand(c, digit));
            }
          }
          emit(removed_, out);
        }
      }
    }
  }

  void hidden_pairs(std::vector<Derived>& out) {
    for (HouseKind kind : se_kind_order()) {
      for (int i = 0; i < n_; ++i) {
        const int h = house_of_kind(g_, kind, i);
        // The parents are the pair's struck places.
        const Mask changed = struck_digits(h);
        if (!changed || empty_in(h) <= 4) continue;
        for_each_combination(n_, 2, [&](Mask pair) {
          if (!(pair & changed)) return false;
          Mask places = 0;
          for (Mask d = pair; d; d &= d - 1) {
            const Mask p = positions(h, std::countr_zero(d) + 1);
            if (popcount(p) <= 1) return false;
            places |= p;
          }
          if (!two_bits(places)) return false;
          const std::span<const int> cells = g_.house_cells(h);
          removed_.clear();
          for (Mask p = places; p; p &= p - 1) {
            const int c = cells[static_cast<std::size_t>(std::countr_zero(p))];
            for (Mask r = cur(c) & ~pair; r; r &= r - 1)
              removed_.push_back(c * n_ + std::countr_zero(r));
          }
          std::sort(removed_.begin(), removed_.end());
          parents_.clear();
          for (int k = 0; k < n_; ++k) {
            if (places & (Mask{1} << k)) continue;
            const int c = cells[static_cast<std::size_t>(k)];
            for (Mask d = pair & orig(c); d; d &= d - 1)
              parents_.push_back(c * n_ + std::countr_zero(d));
          }
          emit(removed_, out);
          return false;
        });
      }
    }
  }

  void naked_pairs(std::vector<Derived>& out) {
    for (HouseKind kind : se_kind_order()) {
      for (int i = 0; i < n_; ++i) {
        const int h = house_of_kind(g_, kind, i);
        const std::span<const int> cells = g_.house_cells(h);
        // The parents are the struck digits of the pair's cells (the pair's
        // own digits are all that is left in them).
        Mask changed = 0;
        for (std::size_t k = 0; k < cells.size(); ++k) {
          if (orig(cells[k]) != cur(cells[k])) changed |= Mask{1} << k;
        }
        if (!changed || empty_in(h) < 4) continue;
        for_each_combination(n_, 2, [&](Mask pick) {
          if (!(pick & changed)) return false;
          Mask digits = 0;
          for (Mask p = pick; p; p &= p - 1) {
            const Mask m = cur(cells[static_cast<std::size_t>(std::countr_zero(p))]);
            if (popcount(m) <= 1) return false;
            digits |= m;
          }
          if (!two_bits(digits)) return false;
          removed_.clear();
          for (int k = 0; k < n_; ++k) {
            if (pick & (Mask{1} << k)) continue;
            const int c = cells[static_cast<std::size_t>(k)];
            for (Mask r = cur(c) & digits; r; r &= r - 1)
              removed_.push_back(c * n_ + std::countr_zero(r));
          }
          parents_.clear();
          for (Mask p = pick; p; p &= p - 1) {
            const int c = cells[static_cast<std::size_t>(std::countr_zero(p))];
            for (Mask r = orig(c) & ~digits; r; r &= r - 1)
              parents_.push_back(c * n_ + std::countr_zero(r));
          }
          emit(removed_, out);
          return false;
        });
      }
    }
  }

  void x_wings(std::vector<Derived>& out) {
    using K = HouseKind;
    const std::pair<K, K> orders[] = {{K::column, K::row}, {K::row, K::column}};
    for (const auto& order : orders) {
      // Plain variables: a lambda may not capture structured bindings before C++20's
      // P1091 (clang rejects it).
      const K base = order.first, cover = order.second;
      for_each_combination(n_, 2, [&](Mask lines) {
        for (int digit = 1; digit <= n_; ++digit) {
          if (b_.placed[static_cast<std::size_t>(digit)] + 4 > n_) continue;
          // The parents are struck places in the base lines.
          bool changed = false;
          for (Mask l = lines; l; l &= l - 1)
            changed = changed || struck(house_of_kind(g_, base, std::countr_zero(l)), digit);
          if (!changed) continue;
          const Mask bit = digit_bit(digit);
          Mask common = 0;
          bool ok = true;
          for (Mask l = lines; l; l &= l - 1) {
            const Mask p = positions(house_of_kind(g_, base, std::countr_zero(l)), digit);
            if (popcount(p) <= 1) ok = false;
            common |= p;
          }
          if (!ok || !two_bits(common)) continue;
          removed_.clear();
          for (Mask c = common; c; c &= c - 1) {
            const int h = house_of_kind(g_, cover, std::countr_zero(c));
            int k = 0;
            for (int cell : g_.house_cells(h)) {
              if (!(lines & (Mask{1} << k)) && (cur(cell) & bit))
                removed_.push_back(cand(cell, digit));
              ++k;
            }
          }
          std::sort(removed_.begin(), removed_.end());
          parents_.clear();
          for (Mask l = lines; l; l &= l - 1) {
            const int h = house_of_kind(g_, base, std::countr_zero(l));
            int k = 0;
            for (int cell : g_.house_cells(h)) {
              if (!(common & (Mask{1} << k)) && (orig(cell) & bit) && !(cur(cell) & bit)) {
                parents_.push_back(cand(cell, digit));
              }
              ++k;
            }
          }
          emit(removed_, out);
        }
        return false;
      });
    }
  }

  const Board& b_;
  const Geometry& g_;
  int n_;
  const std::vector<Mask>* orig_ = nullptr;
  const std::vector<Mask>* cur_ = nullptr;
  std::vector<int> removed_, parents_;
  std::deque<std::vector<int>> store_;
  std::span<const Mask> pos_;     // per house and digit: positions in the reduced grid
  std::span<const Mask> struck_;  // per house: digits that lost places
  int hint_ = 0;
};

// Per cell and k (index cell * 3 + k): the cell's index within the k-th of
// its houses.
std::vector<int> house_slots(const Geometry& g) {
  std::vector<int> slots(static_cast<std::size_t>(g.cell_count()) * 3);
  for (int h = 0; h < g.house_count(); ++h) {
    int i = 0;
    for (int c : g.house_cells(h)) {
      const auto hs = houses_of(g, c);
      const auto k = std::find(hs.begin(), hs.end(), h) - hs.begin();
      slots[static_cast<std::size_t>(c * 3 + k)] = i++;
    }
  }
  return slots;
}

// The positions of each digit in each house of `grid` (index house * N +
// digit - 1, bit i: the house's i-th cell).
void house_positions(const Geometry& g, const std::vector<int>& slots,
                     const std::vector<Mask>& grid, std::vector<Mask>& out) {
  const int n = g.side();
  out.assign(static_cast<std::size_t>(g.house_count() * n), 0);
  for (int c = 0; c < g.cell_count(); ++c) {
    const auto hs = houses_of(g, c);
    for (Mask r = grid[static_cast<std::size_t>(c)]; r; r &= r - 1) {
      for (std::size_t k = 0; k < 3; ++k) {
        out[static_cast<std::size_t>(hs[k] * n + std::countr_zero(r))] |=
            Mask{1} << slots[static_cast<std::size_t>(c) * 3 + k];
      }
    }
  }
}

// The links between the candidates of a grid that does not change while a
// search runs (the rule of forcing chains & cycles, and static multiple
// forcing chains), found once rather than on every visit: weak, the same digit
// in the cell's houses (box, then row and column without the box's cells);
// strong, the other digit of a bivalue cell, then per house (box, row, column)
// the one other place of the digit when there are exactly two. Each link has
// the cause its far node gets: the cell (kCellCause) or the house.
//
// A nested rule's hint counts only when it has rule parents: when one of its
// nodes got its cause from a cell, or a house's digit, that lost candidates
// between the outer chain's starting grid (`origin`) and this grid. reach()
// finds the nodes from which such a link can be reached at all; a search from
// any other node finds nothing that counts.
class LinkGraph {
 public:
  struct Link {
    int cand, cause;
  };
  explicit LinkGraph(const Geometry& g) : g_(g), n_(g.side()), cands_(g.cell_count() * n_) {}

  void build(const std::vector<Mask>& grid, const std::vector<Mask>& origin) {
    grid_ = &grid;
    if (slot_.empty()) slot_ = house_slots(g_);
    house_positions(g_, slot_, grid, pos_);
    weak_beg_.assign(static_cast<std::size_t>(cands_) + 1, 0);
    weak_.clear();
    strong_count_.assign(static_cast<std::size_t>(cands_), 0);
    strong_cell_.assign(static_cast<std::size_t>(cands_), 0);
    strong_.resize(static_cast<std::size_t>(cands_) * 4);
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      const auto hs = houses(cell);
      for (int d = 0; d < n_; ++d) {
        const int q = cell * n_ + d;
        weak_beg_[static_cast<std::size_t>(q)] = static_cast<int>(weak_.size());
        const Mask bit = Mask{1} << d;
        if (!(at(cell) & bit)) continue;
        Link* strong = &strong_[static_cast<std::size_t>(q) * 4];
        int count_strong = 0;
        if (two_bits(at(cell))) {
          strong[count_strong++] = {cell * n_ + std::countr_zero(at(cell) & ~bit), kCellCause};
          strong_cell_[static_cast<std::size_t>(q)] = 1;
        }
        for (std::size_t k = 0; k < 3; ++k) {
          const std::span<const int> cells = g_.house_cells(hs[k]);
          const Mask others =
              pos_[static_cast<std::size_t>(hs[k] * n_ + d)] & ~(Mask{1} << slot(cell, k));
          for (Mask m = others; m; m &= m - 1) {
            const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
            if (k == 0 || g_.box_of(c) != g_.box_of(cell)) weak_.push_back({c * n_ + d, hs[k]});
          }
          if (!others || (others & (others - 1))) continue;
          // The one other place; box and row or column can give the same
          // cell, and the first counts.
          const int o = cells[static_cast<std::size_t>(std::countr_zero(others))] * n_ + d;
          if (std::none_of(strong, strong + count_strong,
                           [&](const Link& e) { return e.cand == o; }))
            strong[count_strong++] = {o, hs[k]};
        }
        strong_count_[static_cast<std::size_t>(q)] = static_cast<unsigned char>(count_strong);
      }
    }
    weak_beg_[static_cast<std::size_t>(cands_)] = static_cast<int>(weak_.size());
    struck_cell_.assign(static_cast<std::size_t>(g_.cell_count()), 0);
    struck_house_.assign(static_cast<std::size_t>(g_.house_count() * n_), 0);
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      const Mask gone = origin[static_cast<std::size_t>(cell)] & ~at(cell);
      if (!gone) continue;
      struck_cell_[static_cast<std::size_t>(cell)] = 1;
      for (int h : houses(cell)) {
        for (Mask r = gone; r; r &= r - 1)
          struck_house_[static_cast<std::size_t>(h * n_ + std::countr_zero(r))] = 1;
      }
    }
  }

  std::span<const Link> weak(int cand) const {
    const auto b = weak_.begin() + weak_beg_[static_cast<std::size_t>(cand)];
    return {b, weak_.begin() + weak_beg_[static_cast<std::size_t>(cand) + 1]};
  }
  // The candidates turned on when `cand` is off, in SE's order and without
  // repeats: with Y-links the cell's link, with X-links the houses' ones.
  std::span<const Link> strong(int cand, bool y, bool x) const {
    const std::size_t q = static_cast<std::size_t>(cand);
    const Link* all = &strong_[q * 4];
    const int cell_link = strong_cell_[q];
    if (!x) return {all, y ? static_cast<std::size_t>(cell_link) : 0};
    if (!y) return {all + cell_link, static_cast<std::size_t>(strong_count_[q] - cell_link)};
    return {all, static_cast<std::size_t>(strong_count_[q])};
  }
  // Whether a node that gets `cause` has rule parents.
  bool has_parents(int cand, int cause) const {
    if (cause == kCellCause) return struck_cell_[static_cast<std::size_t>(cand / n_)];
    return cause >= 0 && struck_house_[static_cast<std::size_t>(cause * n_ + cand % n_)];
  }
  bool struck_cell(int cell) const { return struck_cell_[static_cast<std::size_t>(cell)]; }

  // The nodes (cand * 2 + on) that can reach a link whose far node has rule
  // parents, following Y-links (`y`: within cells) and X-links (`x`: strong
  // ones within houses; weak ones are always followed). A strong link counts
  // (off to on); with `weak_counts` (cycles, whose off nodes count too) a weak
  // one as well. Links are symmetric, so the nodes are found backwards.
  void reach(bool y, bool x, bool weak_counts, std::vector<char>& out) {
    out.assign(static_cast<std::size_t>(cands_) * 2, 0);
    queue_.clear();
    auto mark = [&](int node) {
      if (out[static_cast<std::size_t>(node)]) return;
      out[static_cast<std::size_t>(node)] = 1;
      queue_.push_back(node);
    };
    for (int cell = 0; cell < g_.cell_count(); ++cell) {
      for (Mask r = at(cell); r; r &= r - 1) {
        const int d = std::countr_zero(r);
        const int p = cell * n_ + d;
        // The far node of a cell link is in this cell, that of a house link
        // has this digit.
        auto counts = [&](const Link& l) {
          return l.cause == kCellCause ? struck_cell(cell)
                                       : struck_house_[static_cast<std::size_t>(l.cause * n_ + d)];
        };
        const std::span<const Link> st = strong(p, y, x);
        if (std::any_of(st.begin(), st.end(), counts)) mark(p * 2);
        if (!weak_counts) continue;
        const std::span<const Link> wk = weak(p);
        if ((y && struck_cell(cell) && (at(cell) & ~(Mask{1} << d))) ||
            std::any_of(wk.begin(), wk.end(), counts))
          mark(p * 2 + 1);
      }
    }
    for (std::size_t i = 0; i < queue_.size(); ++i) {
      const int node = queue_[i];
      const int q = node / 2;
      if (node & 1) {
        // An on node is reached from the off nodes it is strongly linked with.
        for (const Link& st : strong(q, y, x)) mark(st.cand * 2);
      } else {
        // An off node from the on nodes it is weakly linked with.
        const int cell = q / n_;
        if (y) {
          for (Mask r = at(cell) & ~(Mask{1} << (q % n_)); r; r &= r - 1)
            mark((cell * n_ + std::countr_zero(r)) * 2 + 1);
        }
        for (const Link& w : weak(q)) mark(w.cand * 2 + 1);
      }
    }
  }

 private:
  Mask at(int cell) const { return (*grid_)[static_cast<std::size_t>(cell)]; }
  std::array<int, 3> houses(int cell) const { return houses_of(g_, cell); }
  // The index of `cell` within the k-th of houses(cell).
  int slot(int cell, std::size_t k) const { return slot_[static_cast<std::size_t>(cell) * 3 + k]; }

  const Geometry& g_;
  int n_;
  int cands_;
  const std::vector<Mask>* grid_ = nullptr;
  std::vector<int> slot_;
  std::vector<Mask> pos_;      // per house and digit
  std::vector<int> weak_beg_;  // per candidate: its first weak link
  std::vector<Link> weak_;
  std::vector<Link> strong_;  // per candidate, up to 4
  std::vector<unsigned char> strong_count_, strong_cell_;
  std::vector<char> struck_cell_, struck_house_;  // per cell; per house and digit
  std::vector<int> queue_;
};

// SE's "forcing chains & cycles" producer on a reduced grid, every hint
// collected, as the rule of level 2 and 3 chains: bidirectional X-, Y- and
// XY-cycles (6.5 / 7.0 + length) and forcing X- and XY-chains (6.6 / 7.0 +
// length).
class UnaryRule {
 public:
  explicit UnaryRule(const Geometry& g)
      : g_(g), n_(g_.side()), cands_(g_.cell_count() * n_), links_(g) {}

  int derive(const std::vector<Mask>& origin, const std::vector<Mask>& grid,
             std::vector<Derived>& out) {
    origin_ = &origin;
    grid_ = &grid;
    collector_.reset(cands_);
    on_seen_.assign(static_cast<std::size_t>(cands_), 0);
    off_seen_.assign(static_cast<std::size_t>(cands_), 0);
    links_.build(grid, origin);
    // SE's three passes: X-links, Y-links (cycles only, from bivalue cells),
    // both; from each candidate the cycles first, then the forcing chains.
    // A search that cannot reach a link with struck candidates finds no hint
    // that counts, and is skipped.
    for (int pass = 0; pass < 3; ++pass) {
      const bool y = pass != 0, x = pass != 1;
      links_.reach(y, x, true, cycle_reach_);
      if (x) links_.reach(y, x, false, forcing_reach_);
      for (int cell = 0; cell < g_.cell_count(); ++cell) {
        const Mask m = at(cell);
        if (popcount(m) < 2 || (!x && popcount(m) > 2)) continue;
        for (Mask r = m; r; r &= r - 1) {
          const int cand = cell * n_ + std::countr_zero(r);
          // A cycle leaves and comes back: it can count only when both the
          // candidate on and (the cycle read backwards) off reach a counted link.
          if (cycle_reach_[static_cast<std::size_t>(cand) * 2 + 1] &&
              cycle_reach_[static_cast<std::size_t>(cand) * 2])
            cycles(cand, y, x);
          if (!x) continue;
          if (forcing_reach_[static_cast<std::size_t>(cand) * 2 + 1]) forcing(cand, true, y);
          if (forcing_reach_[static_cast<std::size_t>(cand) * 2]) forcing(cand, false, y);
        }
      }
    }
    const std::size_t before = out.size();
    collector_.emit(out, true);
    return static_cast<int>(out.size() - before);
  }

 private:
  struct PathNode {
    int cand;
    bool on;
    int parent;
    int cause;
  };
  Mask at(int cell) const { return (*grid_)[static_cast<std::size_t>(cell)]; }
  int cell_of(int cand) const { return cand / n_; }
  int digit_of(int cand) const { return cand % n_ + 1; }
  std::array<int, 3> houses(int cell) const { return houses_of(g_, cell); }
  int push(int cand, bool on, int parent, int cause) {
    arena_.push_back({cand, on, parent, cause});
    return static_cast<int>(arena_.size()) - 1;
  }

  void forcing(int src, bool on, bool y) {
    arena_.clear();
    for (int c : touched_)
      on_seen_[static_cast<std::size_t>(c)] = off_seen_[static_cast<std::size_t>(c)] = 0;
    touched_.clear();
    pend_on_.clear();
    pend_off_.clear();
    next_.clear();
    const int root = push(src, on, -1, kNoCause);
    (on ? pend_on_ : pend_off_).push_back(root);
    (on ? on_seen_ : off_seen_)[static_cast<std::size_t>(src)] = 1;
    touched_.push_back(src);
    while (!pend_on_.empty() || !pend_off_.empty()) {
      for (int p : pend_on_) {
        const int pc = arena_[static_cast<std::size_t>(p)].cand;
        const int cell = cell_of(pc), digit = digit_of(pc);
        auto visit = [&](int q) {
          if (on && q == src) {
            hint(push(q, false, p, kNoCause), y);
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
            hint(push(q, true, p, cause), y);
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

  // Whether (cand, on) is a strict ancestor of arena node `node`.
  bool is_ancestor(int node, int cand, bool on) const {
    for (int p = arena_[static_cast<std::size_t>(node)].parent; p >= 0;
         p = arena_[static_cast<std::size_t>(p)].parent) {
      const PathNode& a = arena_[static_cast<std::size_t>(p)];
      if (a.cand == cand && a.on == on) return true;
    }
    return false;
  }

  // SE's bidirectional cycles from `src` on, breadth first: on nodes are met
  // once, off nodes once per path (only a node's own ancestors are excluded);
  // a path that meets `src` on again after at least four links is a cycle.
  // Off nodes keep their cause (the cell, or the house they share with their
  // parent) because the reversed cycle reads them as on nodes.
  void cycles(int src, bool y, bool x) {
    arena_.clear();
    for (int c : touched_)
      on_seen_[static_cast<std::size_t>(c)] = off_seen_[static_cast<std::size_t>(c)] = 0;
    touched_.clear();
    cyc_on_.assign(1, push(src, true, -1, kNoCause));
    cyc_off_.clear();
    cyc_found_.clear();
    next_.clear();
    on_seen_[static_cast<std::size_t>(src)] = 1;
    touched_.push_back(src);
    int length = 0;
    while (!cyc_on_.empty() || !cyc_off_.empty()) {
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
        auto take = [&](int q, int cause) {
          if (length >= 4 && q == src) cyc_found_.push_back(push(q, true, p, cause));
          if (!on_seen_[static_cast<std::size_t>(q)]) {
            on_seen_[static_cast<std::size_t>(q)] = 1;
            touched_.push_back(q);
            next_.push_back(push(q, true, p, cause));
          }
        };
        for (const LinkGraph::Link& st : links_.strong(pc, y, x)) take(st.cand, st.cause);
      }
      cyc_off_.clear();
      cyc_on_.swap(next_);
      next_.clear();
    }
    for (int end : cyc_found_) cycle_hint(end, y, x);
  }

  // A cycle removes each candidate outside its cells that sees one of its on
  // nodes and one of its off nodes with the same digit.
  void cycle_hint(int end, bool y, bool x) {
    int complexity = 0;
    cyc_cells_.clear();
    for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
         p = arena_[static_cast<std::size_t>(p)].parent) {
      const int c = cell_of(arena_[static_cast<std::size_t>(p)].cand);
      if (std::find(cyc_cells_.begin(), cyc_cells_.end(), c) == cyc_cells_.end())
        cyc_cells_.push_back(c);
      ++complexity;
    }
    const Rank rank{chain_difficulty(y && x ? 7.0 : 6.5, complexity), complexity,
                    y && x ? 4 : (y ? 3 : 2)};
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
    if (removed_.empty() || !collector_.wanted(rank, removed_)) return;
    // The rule parents of both directions: the cycle's on nodes, and its off
    // nodes, which are the on nodes of the cycle read backwards.
    std::vector<int> parents;
    for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
         p = arena_[static_cast<std::size_t>(p)].parent) {
      const PathNode& nd = arena_[static_cast<std::size_t>(p)];
      if (nd.on && nd.cause != kNoCause)
        rule_parents(nd.cand, nd.cause, *origin_, *grid_, g_, parents);
    }
    for (int p = end; arena_[static_cast<std::size_t>(p)].parent >= 0;
         p = arena_[static_cast<std::size_t>(p)].parent) {
      const PathNode& nd = arena_[static_cast<std::size_t>(p)];
      if (!nd.on && nd.cause != kNoCause)
        rule_parents(nd.cand, nd.cause, *origin_, *grid_, g_, parents);
    }
    if (parents.empty()) return;
    collector_.take(rank, removed_, std::move(parents), complexity);
  }

  void hint(int target, bool y) {
    int complexity = 0;
    for (int p = target; p >= 0; p = arena_[static_cast<std::size_t>(p)].parent) ++complexity;
    const Rank rank{chain_difficulty(y ? 7.0 : 6.6, complexity), complexity, y ? 4 : 2};
    const PathNode& t = arena_[static_cast<std::size_t>(target)];
    removed_.clear();
    if (t.on) {
      const int cell = cell_of(t.cand);
      for (Mask r = at(cell) & ~digit_bit(digit_of(t.cand)); r; r &= r - 1) {
        removed_.push_back(cell * n_ + std::countr_zero(r));
      }
    } else {
      removed_.push_back(t.cand);
    }
    if (removed_.empty() || !collector_.wanted(rank, removed_)) return;
    std::vector<int> parents;
    for (int p = target; p >= 0; p = arena_[static_cast<std::size_t>(p)].parent) {
      const PathNode& nd = arena_[static_cast<std::size_t>(p)];
      if (!nd.on || nd.cause == kNoCause) continue;
      rule_parents(nd.cand, nd.cause, *origin_, *grid_, g_, parents);
    }
    if (parents.empty()) return;
    collector_.take(rank, removed_, std::move(parents), complexity);
  }

 public:
  // The struck candidates (in `origin`, not in `grid`) that made on node `cand`
  // the last digit of its cell (cause kCellCause) or the last place of its
  // digit in house `cause`; appended to `out` without repeats.
  static void rule_parents(int cand, int cause, const std::vector<Mask>& origin,
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

 private:
  const Geometry& g_;
  int n_;
  int cands_;
  const std::vector<Mask>* origin_ = nullptr;
  const std::vector<Mask>* grid_ = nullptr;
  Collector collector_;
  std::vector<PathNode> arena_;
  std::vector<char> on_seen_, off_seen_;
  std::vector<int> touched_, pend_on_, pend_off_, next_, removed_;
  LinkGraph links_;
  std::vector<int> cyc_on_, cyc_off_, cyc_found_, cyc_cells_, fwd_, back_;
  std::vector<char> cycle_reach_, forcing_reach_;
};

class ForcingSearch {
 public:
  // What the rules of this level remove from a reduced grid, with the struck
  // candidates each removal depends on.
  struct Derivation {
    struct Item {
      int cand, pbeg, pend, nested, hint;
    };
    std::vector<Item> items;
    std::vector<int> parents;
  };

  ForcingSearch(Board& board, const Spec& spec, Technique technique)
      : b_(board),
        g_(*board.g),
        n_(g_.side()),
        ids_(g_.cell_count() * n_ * 2),
        spec_(spec),
        base_(base_rating(spec)),
        technique_(technique),
        stamp_(static_cast<std::size_t>(ids_), 0),
        basic_(board) {
    by_value_.resize(static_cast<std::size_t>(n_));
    value_imp_.resize(static_cast<std::size_t>(n_));
    by_pos_.resize(static_cast<std::size_t>(n_));
  }

  // The first step on `grid`.
  bool best(const std::vector<Mask>& grid, Step& step) {
    collect_ = false;
    start(grid);
    if (!found_ || b_.stopped) return false;
    step = std::move(best_step_);
    return true;
  }
  // Splits the cells of a best() search between searches on several threads:
  // each takes the next cell from `next_cell` when done with one, and they
  // share what the rules found on reduced grids.
  void share(std::atomic<int>& next_cell, Memo<Derivation>& shared) {
    next_cell_ = &next_cell;
    memo_ = &shared;
  }
  // After best(): the step's rank and the cell its assumption was made in, which
  // order the steps of several lanes as one search would have.
  const Rank& best_rank() const { return best_; }
  int best_cell() const { return best_cell_; }

  // As a rule nested in a chain: appends the candidates that the hints on
  // `grid` (a reduced copy of `origin`) remove, each with the struck candidates
  // it depends on; returns their count.
  int derive(const std::vector<Mask>& origin, const std::vector<Mask>& grid,
             std::vector<Derived>& out) {
    collect_ = true;
    origin_ = &origin;
    collector_.reset(g_.cell_count() * n_);
    start(grid);
    if (b_.stopped) return 0;
    const std::size_t before = out.size();
    collector_.emit(out, true);
    return static_cast<int>(out.size() - before);
  }

 private:
  void start(const std::vector<Mask>& grid) {
    orig_ = grid;
    if (memo_ == &own_memo_) own_memo_.clear();
    if (slot_.empty()) {
      slot_ = house_slots(g_);
      met_.resize(slot_.size());
      for (int c = 0; c < g_.cell_count(); ++c) {
        const auto hs = houses(c);
        for (std::size_t k = 0; k < 3; ++k) {
          Mask m = 0;
          for (int o : g_.house_cells(hs[k])) {
            if (k == 0 ? o == c : g_.box_of(o) == g_.box_of(c)) m |= Mask{1} << slot(o, k);
          }
          met_[static_cast<std::size_t>(c) * 3 + k] = m;
        }
      }
      id_cell_.resize(static_cast<std::size_t>(ids_));
      id_digit_.resize(static_cast<std::size_t>(ids_));
      for (int id = 0; id < ids_; ++id) {
        id_cell_[static_cast<std::size_t>(id)] = id / 2 / n_;
        id_digit_[static_cast<std::size_t>(id)] = id / 2 % n_ + 1;
      }
    }
    house_positions(g_, slot_, orig_, pos_orig_);
    found_ = false;
    best_ = Rank{};
    nested_cplx_.clear();
    run();
  }

  void run() {
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

  int take_cell(int done) { return next_cell_ ? next_cell_->fetch_add(1) : done + 1; }

  // The chain from candidate `c` on: its implications and, on a
  // contradiction, its two halves. Chained into `scratch`, or with cache_ once
  // per search.
  struct OnChain {
    Implications* imp = nullptr;
    bool contradiction = false;
    int a = 0, b = 0;
  };
  OnChain on_chain(int c, Implications& scratch) {
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

  // Pruning: whether a chain from candidate `c` on can meet a link with rule
  // parents.
  bool reaches(int c) const { return reach_[static_cast<std::size_t>(on_id(c))]; }
  // The places of `digit` in house `h` when the region rule starts there from
  // `cell` (its first place, two places or more with `multiple`), else empty.
  const std::vector<int>& region_places(int cell, int digit, int h) {
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
  // Pruning: whether a region rule's hint from `cell` in house `h` can count.
  bool region_counts(int digit, int h, const std::vector<int>& places) const {
    if (places.empty()) return false;
    if (links_->has_parents(cand(places[0], digit), h)) return true;
    return std::any_of(places.begin(), places.end(),
                       [&](int c) { return reaches(cand(c, digit)); });
  }
  bool regions_count(int cell, int digit) {
    for (int h : houses(cell)) {
      if (region_counts(digit, h, region_places(cell, digit, h))) return true;
    }
    return false;
  }

  int cand(int cell, int digit) const { return cell * n_ + digit - 1; }
  int cell_of_id(int id) const { return id_cell_[static_cast<std::size_t>(id)]; }
  int digit_of_id(int id) const { return id_digit_[static_cast<std::size_t>(id)]; }
  static bool on_of(int id) { return id & 1; }
  static int on_id(int c) { return c * 2 + 1; }
  static int off_id(int c) { return c * 2; }

  std::array<int, 3> houses(int cell) const { return houses_of(g_, cell); }
  Mask cur(int cell) const { return cur_[static_cast<std::size_t>(cell)]; }
  Mask orig(int cell) const { return orig_[static_cast<std::size_t>(cell)]; }
  // The index of `cell` within the k-th of houses(cell).
  int slot(int cell, std::size_t k) const { return slot_[static_cast<std::size_t>(cell) * 3 + k]; }
  // The slots of houses(cell)[k] that the cell's earlier houses cover: the
  // cell itself in its box, the box's cells in its row and column.
  Mask met(int cell, std::size_t k) const { return met_[static_cast<std::size_t>(cell) * 3 + k]; }
  // Positions of a digit in a house (bit i: the house's i-th cell), before the
  // chain and in its reduced grid.
  Mask& pos_cur(int h, int digit) { return pos_cur_[static_cast<std::size_t>(h * n_ + digit - 1)]; }
  Mask pos_orig(int h, int digit) const {
    return pos_orig_[static_cast<std::size_t>(h * n_ + digit - 1)];
  }

  // SE's doChaining: completes `imp` from its assumption. Returns true on a
  // contradiction, with the on and off halves in `on_idx` / `off_idx`.
  bool chain(Implications& imp, int& on_idx, int& off_idx) {
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
        for (std::size_t k = 0; k < 3; ++k) {
          const int h = hs[k];
          const Mask places = pos_cur(h, digit);
          if (!two_bits(places)) continue;
          // The last place other than the cell itself.
          const Mask others = places & ~(Mask{1} << slot(cell, k));
          const std::span<const int> cells = g_.house_cells(h);
          const int other = cells[static_cast<std::size_t>(31 - std::countl_zero(others))];
          const int q = cand(other, digit);
          if (std::find(found_on_.begin(), found_on_.end(), q) != found_on_.end()) continue;
          found_on_.push_back(q);
          found_cause_.push_back(h);
          found_beg_.push_back(static_cast<int>(found_par_.size()));
          found_par_.push_back(p);
          if (dynamic) {
            for (Mask m = pos_orig(h, digit) & ~places; m; m &= m - 1) {
              const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
              found_par_.push_back(imp.find(off_id(cand(c, digit))));
            }
          }
        }
        found_beg_.push_back(static_cast<int>(found_par_.size()));
        if (dynamic) {
          cur_[static_cast<std::size_t>(cell)] &= ~bit;
          for (std::size_t k = 0; k < 3; ++k) {
            pos_cur(hs[k], digit) &= ~(Mask{1} << slot(cell, k));
            struck_[static_cast<std::size_t>(hs[k])] |= bit;
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

  // The rules of this level on the reduced grid; their removals become off
  // nodes. Returns true when one was added.
  bool advanced(Implications& imp, std::vector<int>& pend_off) {
    const Derivation& found = derivation();
    if (b_.stopped) return false;
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
      pend_off.push_back(imp.add(off_id(d.cand), parents_.data(), static_cast<int>(parents_.size()),
                                 true, nested));
      added = true;
    }
    return added;
  }

  // The rules' removals on cur_. Many chainings of one search run out of
  // consequences on the same reduced grid, so each grid's answer is kept for
  // the rest of the search (the parents depend only on it and on orig_).
  const Derivation& derivation() {
    key_.assign(reinterpret_cast<const char*>(cur_.data()), cur_.size() * sizeof(Mask));
    if (const Derivation* hit = memo_->find(key_)) return *hit;
    derived_.clear();
    if (basic_.derive(orig_, cur_, pos_cur_, struck_, derived_) == 0 && spec_.level >= 2) {
      for (std::size_t k = 0; k < rule_count(); ++k) {
        if (derive_rule(k) > 0 || b_.stopped) break;
      }
    }
    scratch_.items.clear();
    scratch_.parents.clear();
    if (b_.stopped) return scratch_;  // incomplete: not kept
    Derivation& d = scratch_;
    for (const Derived& x : derived_) {
      const int beg = static_cast<int>(d.parents.size());
      d.parents.insert(d.parents.end(), x.parents->begin(), x.parents->end());
      d.items.push_back({x.cand, beg, static_cast<int>(d.parents.size()), x.nested, x.hint});
    }
    const std::size_t bytes = key_.size() + d.items.size() * sizeof(Derivation::Item) +
                              d.parents.size() * sizeof(int) + 64;
    const Derivation* kept = memo_->add(key_, bytes, [&](Derivation& v) { v = d; });
    return kept ? *kept : d;  // not kept when the budget is spent
  }

  // SE's chaining rules of each level, after the basic ones.
  std::size_t rule_count() const {
    if (spec_.level < 2) return 0;
    if (spec_.level < 4) return static_cast<std::size_t>(spec_.level - 1);
    return spec_.level >= 5 ? 2 : 1;
  }
  int derive_rule(std::size_t k) {
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
      if (!unary_) unary_ = std::make_unique<UnaryRule>(g_);
      unary_->derive(orig_, cur_, derived_);
    } else {
      if (rules_.size() <= k) rules_.resize(k + 1);
      if (!rules_[k]) rules_[k] = std::make_unique<ForcingSearch>(b_, sub, technique_);
      rules_[k]->derive(orig_, cur_, derived_);
    }
    const int count = static_cast<int>(derived_.size() - before);
    if (b_.stopped) return count;  // incomplete: not kept
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

  // Distinct ancestors of a node, itself included; the nested chains met on the
  // way add their complexity once per hint (stamped with `hint_gen_`).
  int ancestors(const Implications& imp, int idx) {
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
        if (nested_stamp_.size() < nested_cplx_.size())
          nested_stamp_.resize(nested_cplx_.size(), 0);
        if (nested_stamp_[k] != hint_gen_) {
          nested_stamp_[k] = hint_gen_;
          count += nested_cplx_[k];
        }
      }
      for (int k = 0; k < nd.pcnt; ++k) stack_.push_back(imp.parent(i, k));
    }
    return count;
  }

  // Main-path links (first parents) from the assumption to `idx`.
  void append_links(const Implications& imp, int idx, std::vector<ChainLink>& out) const {
    std::vector<ChainLink> links;
    for (int i = idx; imp.node(i).pcnt > 0;) {
      const int p = imp.parent(i, 0);
      const int a = imp.node(p).id, b = imp.node(i).id;
      links.push_back({{cell_of_id(a), digit_of_id(a)}, {cell_of_id(b), digit_of_id(b)}, on_of(b)});
      i = p;
    }
    out.insert(out.end(), links.rbegin(), links.rend());
  }

  // The candidates a hint whose result is node `id` removes: the other digits
  // of its cell when on, the digit when off.
  void removable(int id) {
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

  struct Chain {
    const Implications* imp;
    int idx;
  };

  // SE's rule parents of a nested hint: for every on node of its chains, the
  // candidates struck from the outer grid that made it the last of its cell or
  // house. `assumption` is the cause given to the chains' first nodes.
  std::vector<int> rule_parents(std::span<const Chain> chains, int assumption) {
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
          UnaryRule::rule_parents(nd.id / 2, cause, *origin_, orig_, g_, out);
        }
        for (int k = 0; k < nd.pcnt; ++k) stack_.push_back(c.imp->parent(i, k));
      }
    }
    return out;
  }

  // Ranks a hint and keeps it when it comes first so far.
  void offer(int result_id, int sort_key, int variant, int src_cell,
             std::initializer_list<Chain> chains) {
    offer_list(result_id, sort_key, variant, src_cell, kNoCause,
               std::span<const Chain>(chains.begin(), chains.size()));
  }
  void offer_list(int result_id, int sort_key, int variant, int src_cell, int assumption,
                  std::span<const Chain> chains) {
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
    st.digits = digit_bit(digit);
    for (const Chain& c : chains) append_links(*c.imp, c.idx, st.links);
    best_step_ = std::move(st);
  }

  void binary(int cell, int digit, int card, const OnChain& on) {
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
        if (on_of(id) != (pass == 1) || !Implications::has(off_imp_.bits(), id) ||
            !on_imp.stored(i))
          continue;
        offer(id, 1, kDoubleForcing, cell, {{&on_imp, i}, {&off_imp_, off_imp_.find(id)}});
      }
    }
  }

  // The nodes that all of `imps` imply, into common_.
  void common(const std::vector<Implications*>& imps) {
    common_ = imps[0]->bits();
    for (std::size_t k = 1; k < imps.size(); ++k) {
      const Implications::Bits& b = imps[k]->bits();
      for (std::size_t w = 0; w < common_.size(); ++w) common_[w] &= b[w];
    }
  }

  void regions(int cell, int digit, Implications& on_imp) {
    std::vector<Implications*>& imps = imps_;
    std::vector<Chain>& chains = chains_;
    for (int h : houses(cell)) {
      // Each house is done from its first place.
      const std::vector<int>& places = region_places(cell, digit, h);
      if (places.empty() || (static_ && !region_counts(digit, h, places))) continue;
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
    }
  }

  void cell_reduction(int cell, Mask m) {
    const int first = lowest_digit(m) - 1;
    const Implications& head = *value_imp_[static_cast<std::size_t>(first)];
    imps_.clear();
    for (Mask r = m; r; r &= r - 1)
      imps_.push_back(value_imp_[static_cast<std::size_t>(std::countr_zero(r))]);
    common(imps_);
    for (int pass = 1; pass >= 0; --pass) {
      for (int i = 0; i < head.size(); ++i) {
        const int id = head.node(i).id;
        if (on_of(id) != (pass == 1) || !Implications::has(common_, id) || !head.stored(i))
          continue;
        std::vector<Chain>& chains = chains_;
        chains.clear();
        for (const Implications* imp : imps_) chains.push_back({imp, imp->find(id)});
        offer_list(id, 5, kCellForcing, cell, kCellCause, chains);
      }
    }
  }

  Board& b_;
  const Geometry& g_;
  int n_;
  int ids_;
  Spec spec_;
  double base_;
  Technique technique_;
  bool collect_ = false;
  const std::vector<Mask>* origin_ = nullptr;  // collecting: the grid the outer chain started from
  std::vector<Mask> orig_, cur_;
  std::vector<Mask> pos_orig_, pos_cur_;  // per house and digit
  std::vector<Mask> struck_;              // per house: digits struck by the chain
  std::vector<int> slot_;                 // per cell and k: index in houses(cell)[k]
  std::vector<Mask> met_;                 // per cell and k: see met()
  std::vector<int> id_cell_, id_digit_;   // per node id
  std::vector<Implications> by_value_, by_pos_;
  std::vector<Implications*> value_imp_;  // per digit: the cell's chains
  bool static_ = false;                   // a nested static search
  bool cache_ = false;                    // on chains kept per candidate
  struct Closure {
    Implications imp;
    bool contradiction = false;
    int a = 0, b = 0;
  };
  std::vector<Closure> closure_;  // per candidate
  std::vector<char> closure_done_;
  Implications off_imp_;
  std::vector<int> pend_on_, pend_off_, stack_, parents_, removed_;
  std::vector<int> found_on_, found_cause_;
  std::vector<int> found_par_, found_beg_;
  std::vector<unsigned> stamp_;
  unsigned gen_ = 0;
  std::vector<int> nested_cplx_;
  std::vector<unsigned> nested_stamp_;
  unsigned hint_gen_ = 0;
  BasicRules basic_;
  std::unique_ptr<UnaryRule> unary_;
  std::vector<std::unique_ptr<ForcingSearch>> rules_;
  std::vector<Derived> derived_;
  std::vector<int> places_;           // scratch of region_places()
  std::unique_ptr<LinkGraph> links_;  // static: the grid's links
  std::vector<char> reach_;
  std::vector<Implications*> imps_;
  Implications::Bits common_;
  std::vector<Chain> chains_;
  std::string rule_key_;
  // By reduced grid, for one start(): this search's own, or one its lanes share.
  Memo<Derivation> own_memo_{std::size_t{32} << 20};
  Memo<Derivation>* memo_ = &own_memo_;
  std::string key_;
  Derivation scratch_;
  Collector collector_;
  Rank best_;
  int best_cell_ = -1;
  std::atomic<int>* next_cell_ = nullptr;  // shared with other threads' searches
  bool found_ = false;
  Step best_step_;
};

Board make_board(const LogicState& s) {
  Board b;
  b.g = &s.geometry();
  const int n = b.g->side();
  b.empty.resize(static_cast<std::size_t>(b.g->cell_count()));
  for (int c = 0; c < b.g->cell_count(); ++c)
    b.empty[static_cast<std::size_t>(c)] = s.value(c) == 0;
  b.placed.resize(static_cast<std::size_t>(n) + 1);
  for (int d = 1; d <= n; ++d) b.placed[static_cast<std::size_t>(d)] = s.digit_count(d);
  b.deadline = t_deadline;
  return b;
}

std::vector<Mask> candidate_grid(const LogicState& s) {
  std::vector<Mask> grid(static_cast<std::size_t>(s.geometry().cell_count()));
  for (int c = 0; c < s.geometry().cell_count(); ++c)
    grid[static_cast<std::size_t>(c)] = s.candidates(c);
  return grid;
}

bool find_level(const LogicState& s, Step& step, const Spec& spec, Technique technique) {
  Board board = make_board(s);
  ForcingSearch f(board, spec, technique);
  return f.best(candidate_grid(s), step);
}

}  // namespace

bool find_nishio_chains(const LogicState& s, Step& step) {
  return find_level(s, step, {false, true, true, 0}, Technique::nishio_forcing_chain);
}

bool find_multiple_chains(const LogicState& s, Step& step) {
  return find_level(s, step, {true, false, false, 0}, Technique::multiple_forcing_chain);
}

bool find_dynamic_chains(const LogicState& s, Step& step) {
  return find_level(s, step, {true, true, false, 0}, Technique::dynamic_forcing_chain);
}

bool find_dynamic_plus_chains(const LogicState& s, Step& step) {
  return find_level(s, step, {true, true, false, 1}, Technique::dynamic_forcing_chain_plus);
}

bool find_nested_chains(const LogicState& s, Step& step) {
  // One board per lane for the four levels (each lane notes its own time out);
  // copies of one board, they share its memo of the nested rules' results, which
  // each level reuses from the levels before.
  const int lanes = t_threads;
  std::vector<Board> boards(static_cast<std::size_t>(lanes), make_board(s));
  const std::vector<Mask> grid = candidate_grid(s);
  for (int level = 2; level <= 5; ++level) {
    const Spec spec{true, true, false, level};
    if (lanes == 1) {
      ForcingSearch f(boards[0], spec, Technique::nested_forcing_chain);
      if (f.best(grid, step)) return true;
      if (boards[0].expired()) return false;
      continue;
    }
    struct Lane {
      bool found = false;
      Step step;
      Rank rank;
      int cell = -1;
      std::exception_ptr error;
    };
    std::vector<Lane> out(static_cast<std::size_t>(lanes));
    // The lanes take cells in turn, and meet the same reduced grids from
    // different cells: they share what the rules found on them.
    std::atomic<int> next_cell{0};
    Memo<ForcingSearch::Derivation> shared(std::size_t{32} << 20);
    auto work = [&](int lane) {
      Lane& o = out[static_cast<std::size_t>(lane)];
      try {
        ForcingSearch f(boards[static_cast<std::size_t>(lane)], spec,
                        Technique::nested_forcing_chain);
        f.share(next_cell, shared);
        o.found = f.best(grid, o.step);
        o.rank = f.best_rank();
        o.cell = f.best_cell();
      } catch (...) {
        o.error = std::current_exception();
      }
    };
    {
      std::vector<std::jthread> workers;
      for (int lane = 1; lane < lanes; ++lane) workers.emplace_back(work, lane);
      work(0);
    }
    for (const Lane& o : out) {
      if (o.error) std::rethrow_exception(o.error);
    }
    for (Board& b : boards) {
      if (b.stopped) return false;
    }
    // The step one search over all cells would have kept: the best rank, and
    // among equals the one found first, in the lowest cell.
    const Lane* best = nullptr;
    for (const Lane& o : out) {
      if (!o.found) continue;
      if (best == nullptr || o.rank.better_than(best->rank) ||
          (!best->rank.better_than(o.rank) && o.cell < best->cell)) {
        best = &o;
      }
    }
    if (best != nullptr) {
      step = best->step;
      return true;
    }
  }
  return false;
}

}  // namespace nonet::logic_detail
