#pragma once
// Internal: what the chain searches of SE's family share. Candidates are
// numbered cell * N + (digit - 1); a node is a candidate assumed true (on) or
// false (off), numbered candidate * 2 + on. A chaining from one assumption
// keeps its nodes in the order found, each with its parents, so that a node's
// weight (SE's "complexity") is the number of its distinct ancestors. Hints
// are ranked as SE ranks them; nested rules collect every hint with the
// struck candidates it depends on.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "logic/context.h"
#include "logic/finders.h"
#include "logic/step_variants.h"

namespace nonet::logic_detail {

// SE's length bonus: +0.1 each time the chain's node count, less 2, passes 4, 6,
// 8, 12, 16, 24, 32, ... (the bound grows by 3/2 and 4/3 in turn). Computed in
// doubles in the same order SE does, because SE compares such sums exactly when
// it picks the first hint.
inline double chain_difficulty(double base, int complexity) {
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
inline int chain_tenths(double difficulty) {
  return static_cast<int>(std::lround(difficulty * 10.0));
}

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

// A hint reduced to what orders it among its rivals, as SE orders them: lower
// difficulty, then fewer nodes, then its kind (`sort_key`).
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
// placed digits (which the rules on a reduced grid still see), the context
// (when to stop), and the results of the nested rules. The searches of
// successive levels run the same rules on the same reduced grids (level 3
// repeats level 2's forcing chains, level 5 level 4's dynamic chains), so each
// result is kept for the step in the context's memo.
struct Board {
  const Geometry* g = nullptr;
  std::vector<char> empty;  // per cell: no value yet
  std::vector<int> placed;  // per digit (index 1..N): copies placed
  // Per cell: its value, on a board with cage sums (which count the values
  // already placed); empty otherwise.
  std::vector<std::uint8_t> values;
  FindContext* context = nullptr;
  Memo<RuleResult>* rules = nullptr;  // by rule, starting grid and reduced grid
  bool expired() const { return context != nullptr && context->stopped(); }
};

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

}  // namespace nonet::logic_detail
