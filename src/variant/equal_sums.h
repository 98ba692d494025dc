#pragma once
// Lines cut into pieces whose sums must all be equal (region sum lines): each
// piece lies in one region, so its digits differ. Each piece is searched
// exactly for the sums it can make with its candidates; a sum every piece can
// make is kept, with every digit that takes part in making it.

#include <cstdint>
#include <span>
#include <vector>

#include "nonet/grid.h"

namespace nonet::variant {

struct Piece {
  std::vector<int> cells;
};

class EqualSums {
 public:
  // Narrows `keep` (one mask per cell of the pieces, in order, set to the
  // cells' candidates `masks`) to the digits that take part in a common sum;
  // false when there is none. `line` names the line: what each of its pieces
  // makes is kept until the piece's candidates change.
  bool revise(std::size_t line, std::span<const Piece> pieces, std::span<const Mask> masks,
              std::span<Mask> keep);

 private:
  // Per piece: for each sum it can make, the digits each of its cells takes in
  // some way of making it (rough: too many ways to list; bounds only).
  struct Made {
    std::vector<Mask> inputs;  // the candidates it was made from
    int least = 0, most = 0;   // the piece's sums lie in [least, most]
    bool rough = false;
    std::vector<int> sums;      // the sums it can make, ascending
    std::vector<Mask> support;  // per sum in `sums`, per cell
  };
  void make(std::span<const Mask> cells, Made& out);
  bool revise_few(std::span<const Piece> pieces, std::span<const Mask> masks, std::span<Mask> keep);

  std::vector<std::vector<Made>> made_;  // per line, per piece
  std::vector<Mask> chosen_;
  std::vector<int> counts_;
  std::vector<Mask> by_sum_;
};

}  // namespace nonet::variant
