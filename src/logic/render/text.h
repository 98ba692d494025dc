#pragma once
// Internal: the pieces of a step's text, shared by the renderers of every
// technique family (render/*.cpp). Steps stay data; only these files turn them
// into sentences.

#include <string>
#include <string_view>
#include <vector>

#include "logic/finders.h"
#include "logic/step_variants.h"

namespace nonet::logic_detail {

// Appends `item` to `s`, after `sep` unless `s` is empty.
void append(std::string& s, std::string_view sep, std::string_view item);
std::string sym(int digit);                                                  // "7", "A"
std::string join_cells(const std::vector<int>& cells, const Geometry& g);    // "r1c1, r1c5"
std::string slash_digits(Mask m);                                            // "4/8"
std::string comma_digits(Mask m);                                            // "4, 8"
std::string houses_text(const std::vector<int>& houses, const Geometry& g);  // "row 1, box 2"
// "columns 2, 7" from a list of houses of one kind.
std::string lines_text(const std::vector<int>& houses, const Geometry& g);
// A chain node: "+4[r1c5]", or for a group "-4[r1c1,r1c2]".
std::string node_text(int digit, const std::vector<int>& cells, bool on, const Geometry& g);
// What a step concludes: "r6c1, r6c5 <> 4, 8; r2c3 = 7".
std::string consequence(const Step& step, const Geometry& g);

// The writers of the technique table: each family's titles ("Unique Loop
// type 2") and sentences. render/basic.cpp and render/chains.cpp.
#define NONET_WRITER(family)                    \
  std::string family##_title(const Step& step); \
  std::string family##_text(const Step& step, const Geometry& g);
NONET_WRITER(single)
NONET_WRITER(intersection)
NONET_WRITER(subset)
NONET_WRITER(fish)
NONET_WRITER(wing)
NONET_WRITER(uniqueness)
NONET_WRITER(exclusion)
NONET_WRITER(single_digit)
NONET_WRITER(se_chain)
NONET_WRITER(modern_chain)
NONET_WRITER(cage)
NONET_WRITER(relation)
#undef NONET_WRITER

}  // namespace nonet::logic_detail
