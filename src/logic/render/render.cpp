// Text of steps: the public entry points. Steps stay data; the files of this
// folder are the one place that turns them into sentences (the CLI and the
// server both use them), each technique through the writer its table row names.

#include <algorithm>

#include "logic/render/text.h"
#include "logic/table.h"

namespace nonet {

using logic_detail::append;
using logic_detail::comma_digits;
using logic_detail::digit_bit;
using logic_detail::join_cells;
using logic_detail::writer;

std::string render_eliminations(std::span<const CellDigit> eliminations, const Geometry& g) {
  // Group cells that lose the same digits, keeping the order of first mention.
  std::vector<int> cells;
  std::vector<Mask> lost;
  for (const CellDigit& e : eliminations) {
    auto it = std::find(cells.begin(), cells.end(), e.cell);
    if (it == cells.end()) {
      cells.push_back(e.cell);
      lost.push_back(digit_bit(e.digit));
    } else {
      lost[it - cells.begin()] |= digit_bit(e.digit);
    }
  }
  std::string s;
  std::vector<char> done(cells.size(), 0);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (done[i]) continue;
    std::vector<int> group;
    for (std::size_t j = i; j < cells.size(); ++j) {
      if (!done[j] && lost[j] == lost[i]) {
        group.push_back(cells[j]);
        done[j] = 1;
      }
    }
    append(s, "; ", join_cells(group, g) + " <> " + comma_digits(lost[i]));
  }
  return s;
}

std::string step_title(const Step& step) { return writer(step.technique).title(step); }

std::string render_step(const Step& step, const Geometry& g) {
  return writer(step.technique).text(step, g);
}

std::string render_vague(const Step& step, const Geometry& g) {
  const std::string title = step_title(step);
  // "Look for Region Forcing Chains", but "a Hidden Pair", "an X-Wing".
  const std::string article = title.find("Chains") != std::string::npos ? ""
                              : title.find_first_of("AEIOX") == 0    ? "an "
                                                                     : "a ";
  std::string area;
  if (!step.houses.empty()) {
    area = g.house_name(step.houses[0]);
  } else if (!step.cells.empty()) {
    area = g.house_name(g.box_house(g.box_of(step.cells[0])));
  }
  std::string out = "Look for " + article + title;
  if (!area.empty()) {
    out += " in ";
    out += area;
  }
  return out;
}

}  // namespace nonet
