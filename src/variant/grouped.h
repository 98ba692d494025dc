#pragma once
// Sums whose cells fall into groups of cells that must all differ (cells of
// one house): sum over the groups of coefficient * (the group's digits) ==
// target. Each group is searched exactly (its digits different), the groups
// combined by their possible sums; what is kept is every digit that takes
// part in a way of making the target. Used for the sums whose digits may
// repeat (arrows, little killers, region sum lines, the sums killer cages
// imply), where bounds alone narrow little.

#include <cstdint>
#include <span>
#include <vector>

#include "nonet/grid.h"

namespace nonet::variant {

struct Group {
  std::vector<int> cells;
  int coefficient = 1;
};

class GroupedSum {
 public:
  // Narrows `keep` (one mask per cell of the groups, in order, set to the
  // cells' candidates `masks`) to the digits that take part in a solution;
  // false when there is none. `sum` names the sum: what each of its groups
  // makes is kept until the group's candidates change.
  bool revise(std::size_t sum, std::span<const Group> groups, int target,
              std::span<const Mask> masks, std::span<Mask> keep);
  // The same for groups whose sums must all be equal (coefficients unused).
  bool revise_equal(std::size_t sum, std::span<const Group> groups, std::span<const Mask> masks,
                    std::span<Mask> keep);

 private:
  using Word = std::uint64_t;
  // A set of whole numbers from `base` on, a bit each.
  struct Bits {
    int base = 0;
    std::vector<Word> words;
    void reset(int from, int to);  // empty, room for from..to
    bool has(int v) const;
    void add(int v);
    // Adds every v + shift for v in `other`.
    void add_shifted(const Bits& other, int shift);
    // Whether some v in `other` has v + shift here.
    bool meets_shifted(const Bits& other, int shift) const;
  };
  // Per group: for each sum the group can make, the digits each of its cells
  // takes in some way of making it (rough: too many ways to list; bounds only).
  struct Made {
    std::vector<Mask> inputs;  // the candidates it was made from
    int least = 0, most = 0;   // the group's sums lie in [least, most]
    bool rough = false;
    std::vector<int> sums;      // the sums it can make, ascending
    std::vector<Mask> support;  // per sum in `sums`, per cell
  };
  void make(std::span<const Mask> cells, Made& out);
  // Fills current_ for the groups, in order, each group's result kept (per
  // sum) until its cells change; false when one makes no sum.
  bool make_all(std::size_t sum, std::span<const Group> groups, std::span<const Mask> masks);

  std::vector<std::vector<Made>> made_;  // per sum, per group
  std::vector<const Made*> current_;
  // prefix_[g]: the totals groups 0..g-1 can make; needed_[g]: the totals
  // of groups 0..g-1 that groups g.. can complete to the target.
  std::vector<Bits> prefix_, needed_;
  std::vector<Mask> chosen_;
  std::vector<int> counts_;
  std::vector<Mask> by_sum_;
};

}  // namespace nonet::variant
