// Text rendering of steps. Steps stay data; these functions are the one place
// that turns them into sentences (the CLI and the server both use them).

#include <algorithm>

#include "logic/chains.h"
#include "logic/finders.h"
#include "logic/modern_chains.h"

namespace nonet {
namespace {

using namespace logic_detail;

// Appends `item` to `s`, after `sep` unless `s` is empty. (Written out rather than
// as `(cond ? "" : sep) + item`, which GCC 12 at -O3 flags with a false
// -Wrestrict.)
void append(std::string& s, std::string_view sep, std::string_view item) {
  if (!s.empty()) s += sep;
  s += item;
}

std::string join_cells(const std::vector<int>& cells, const Geometry& g) {
  std::string s;
  for (int c : cells) append(s, ", ", g.cell_name(c));
  return s;
}

std::string slash_digits(Mask m) {
  std::string s;
  for (int d : digits_of(m)) append(s, "/", std::string(1, Geometry::symbol(d)));
  return s;
}

std::string comma_digits(Mask m) {
  std::string s;
  for (int d : digits_of(m)) append(s, ", ", std::string(1, Geometry::symbol(d)));
  return s;
}

std::string sym(int digit) { return std::string(1, Geometry::symbol(digit)); }

std::string houses_text(const std::vector<int>& houses, const Geometry& g) {
  std::string s;
  for (int h : houses) append(s, ", ", g.house_name(h));
  return s;
}

// "columns 2, 7" from a list of houses of one kind.
std::string lines_text(const std::vector<int>& houses, const Geometry& g) {
  if (houses.empty()) return "";
  static constexpr const char* kPlural[] = {"rows ", "columns ", "boxes "};
  std::string s = kPlural[static_cast<int>(g.house_kind(houses[0]))];
  for (std::size_t i = 0; i < houses.size(); ++i) {
    s += (i ? ", " : "") + std::to_string(g.house_index(houses[i]) + 1);
  }
  return s;
}

// Which renderer writes a step: the SE chain family (chains.cpp), the modern
// chains (modern_chains.cpp), or this file.
enum class Family { se_chain, modern_chain, other };
Family family_of(Technique t) {
  switch (t) {
    case Technique::x_cycle:
    case Technique::y_cycle:
    case Technique::forcing_chain:
    case Technique::nishio_forcing_chain:
    case Technique::multiple_forcing_chain:
    case Technique::dynamic_forcing_chain:
    case Technique::dynamic_forcing_chain_plus:
    case Technique::nested_forcing_chain:
      return Family::se_chain;
    case Technique::remote_pair:
    case Technique::x_chain:
    case Technique::xy_chain:
    case Technique::aic:
    case Technique::continuous_nice_loop:
    case Technique::discontinuous_nice_loop:
    case Technique::als_xz:
    case Technique::sue_de_coq:
      return Family::modern_chain;
    default:
      return Family::other;
  }
}

}  // namespace

namespace logic_detail {

std::string consequence(const Step& step, const Geometry& g) {
  std::string s;
  if (!step.eliminations.empty()) s += render_eliminations(step.eliminations, g);
  for (const CellDigit& p : step.placements) {
    append(s, "; ", g.cell_name(p.cell) + " = " + sym(p.digit));
  }
  return s;
}

}  // namespace logic_detail

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

std::string step_title(const Step& step) {
  if (family_of(step.technique) == Family::se_chain) return chain_title(step);
  if (family_of(step.technique) == Family::modern_chain) return modern_title(step);
  switch (step.technique) {
    case Technique::unique_rectangle:
      return std::string(step.cells.size() > 4 ? "Unique Loop" : "Unique Rectangle") + " type " +
             std::to_string(step.variant);
    case Technique::bug:
      return "BUG type " + std::to_string(step.variant);
    case Technique::finned_x_wing:
      return step.variant ? "Sashimi X-Wing" : "Finned X-Wing";
    case Technique::finned_swordfish:
      return step.variant ? "Sashimi Swordfish" : "Finned Swordfish";
    default:
      return std::string(technique_name(step.technique));
  }
}

std::string render_step(const Step& step, const Geometry& g) {
  if (family_of(step.technique) == Family::se_chain) return render_chain(step, g);
  if (family_of(step.technique) == Family::modern_chain) return render_modern(step, g);
  const std::string title = step_title(step);
  const std::string then = consequence(step, g);
  auto first_digit = [&] { return sym(lowest_digit(step.digits)); };
  switch (step.technique) {
    case Technique::full_house:
      return title + ": " + g.cell_name(step.cells[0]) + " is the last empty cell of " +
             g.house_name(step.houses[0]) + ", so it is " + first_digit();
    case Technique::hidden_single:
      return title + ": " + g.cell_name(step.cells[0]) + " is the only place for " +
             first_digit() + " in " + g.house_name(step.houses[0]);
    case Technique::naked_single:
      return title + ": " + g.cell_name(step.cells[0]) + " can only be " + first_digit();
    case Technique::direct_pointing:
    case Technique::direct_claiming: {
      const CellDigit& p = step.placements[0];
      return title + ": " + first_digit() + " in " + g.house_name(step.houses[0]) +
             " lies only in " + g.house_name(step.houses[1]) + " => " + g.cell_name(p.cell) +
             " is the only place for " + sym(p.digit) + " in " + g.house_name(step.houses[2]);
    }
    case Technique::direct_hidden_pair:
    case Technique::direct_hidden_triple: {
      const CellDigit& p = step.placements[0];
      return title + " " + slash_digits(step.digits) + " in " + g.house_name(step.houses[0]) +
             " at " + join_cells(step.cells, g) + " => " + g.cell_name(p.cell) +
             " is the only place for " + sym(p.digit) + " in " + g.house_name(step.houses[0]);
    }
    case Technique::pointing:
    case Technique::claiming:
      return title + ": " + first_digit() + " in " + g.house_name(step.houses[0]) +
             " lies only in " + g.house_name(step.houses[1]) + " => " + then;
    case Technique::naked_pair:
    case Technique::naked_triple:
    case Technique::naked_quad:
    case Technique::hidden_pair:
    case Technique::hidden_triple:
    case Technique::hidden_quad:
      return title + " " + slash_digits(step.digits) + " in " + g.house_name(step.houses[0]) +
             " at " + join_cells(step.cells, g) + " => " + then;
    case Technique::x_wing:
    case Technique::swordfish:
    case Technique::jellyfish:
    case Technique::finned_x_wing:
    case Technique::finned_swordfish: {
      const std::size_t k = step.houses.size() / 2;
      std::vector<int> base(step.houses.begin(), step.houses.begin() + static_cast<long>(k));
      std::vector<int> cover(step.houses.begin() + static_cast<long>(k), step.houses.end());
      std::string s = title + " " + first_digit() + " in " + lines_text(base, g) + " (" +
                      lines_text(cover, g) + ")";
      if (!step.secondary_cells.empty()) {
        s += " fins ";
        s += join_cells(step.secondary_cells, g);
      }
      return s + " => " + then;
    }
    case Technique::xy_wing:
    case Technique::xyz_wing:
      return title + " " + slash_digits(step.digits) + " pivot " + g.cell_name(step.cells[0]) +
             ", wings " + g.cell_name(step.cells[1]) + ", " + g.cell_name(step.cells[2]) +
             " => " + then;
    case Technique::w_wing:
      return title + " " + slash_digits(step.digits) + " at " + join_cells(step.cells, g) +
             " linked by " + g.house_name(step.houses[0]) + " (" +
             join_cells(step.secondary_cells, g) + ") => " + then;
    case Technique::unique_rectangle: {
      std::string s = title + " " + slash_digits(step.digits) + " at " + join_cells(step.cells, g);
      if (!step.houses.empty()) {
        s += " in ";
        s += g.house_name(step.houses[0]);
      }
      return s + " => " + then;
    }
    case Technique::bug:
      return title + " at " + join_cells(step.cells, g) + " (" + comma_digits(step.digits) +
             ") => " + then;
    case Technique::aligned_pair_exclusion:
    case Technique::aligned_triple_exclusion:
      return title + " " + join_cells(step.cells, g) + " with " +
             join_cells(step.secondary_cells, g) + " => " + then;
    case Technique::skyscraper:
    case Technique::two_string_kite:
      return title + " " + first_digit() + " in " + join_cells(step.cells, g) + " (" +
             houses_text(step.houses, g) + ") => " + then;
    case Technique::empty_rectangle:
      return title + " " + first_digit() + " in " + g.house_name(step.houses[0]) + " with " +
             g.house_name(step.houses[1]) + " (" + join_cells(step.secondary_cells, g) +
             ") => " + then;
    case Technique::simple_coloring:
      return title + " " + first_digit() + (step.variant == 2 ? " (wrap)" : " (trap)") +
             " colours " + join_cells(step.cells, g) + " / " +
             join_cells(step.secondary_cells, g) + " => " + then;
    default: {
      std::string s = title;
      if (!step.cells.empty()) {
        s += ' ';
        s += join_cells(step.cells, g);
      }
      return s + " => " + then;
    }
  }
}

std::string render_vague(const Step& step, const Geometry& g) {
  const std::string title = step_title(step);
  const std::string article =
      title.find_first_of("AEIOX") == 0 ? "an " : "a ";
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
