#include "ops/text.h"

#include <charconv>

#include "nonet/format.h"
#include "ops/fpuzzles.h"

namespace nonet::ops {

std::string conflicts_text(const std::vector<Conflict>& conflicts, const Geometry& geometry) {
  std::string s;
  for (const Conflict& c : conflicts) s += (s.empty() ? "" : "; ") + describe(c, geometry);
  return s;
}

std::string problems_text(const ValidateAnswer& a) {
  if (!a.variant) return conflicts_text(a.validation.conflicts, a.puzzle.geometry());
  std::string s;
  for (const Violation& v : a.violations) {
    s += (s.empty() ? "" : "; ") + v.where + " at ";
    for (std::size_t i = 0; i < v.cells.size(); ++i)
      s += (i ? ", " : "") + a.puzzle.geometry().cell_name(v.cells[i]);
  }
  return s;
}

std::string rating_line(const Rating& r) {
  return format_rating(r.er, r.er_exact) + "/" + format_rating(r.ep, r.ep_exact) + "/" +
         format_rating(r.ed, r.ed_exact) + " " + std::string(level_name(r.level));
}

std::string rating_text(const Rating& r) {
  return format_rating(r.er, r.er_exact) + " " + std::string(level_name(r.level));
}

void append_text(std::string& out, const SolveAnswer& a, TextForm form) {
  const char* end = form == TextForm::grid ? "\n\n" : "\n";
  if (a.status == Status::invalid) {
    out.append("invalid: ").append(a.message).append(end);
  } else if (a.counting) {
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, a.count).ptr);
    if (a.status == Status::limit) out += '+';
    if (stopped(a.status)) out += "+ timeout";
    out += '\n';
  } else if (a.status == Status::solved && form == TextForm::grid) {
    out += to_grid_text(*a.solution);
    out += '\n';
  } else if (a.status == Status::solved) {
    // The solution's line written in place (a full grid has no blank), with
    // no string of its own to copy.
    const auto values = a.solution->values();
    const std::size_t at = out.size();
    out.resize(at + values.size() + 1);
    for (std::size_t i = 0; i < values.size(); ++i) out[at + i] = Geometry::symbol(values[i]);
    out.back() = '\n';
  } else {
    out += status_name(stopped(a.status) ? Status::timeout : a.status);
    if (a.status == Status::multiple) out += " (at least 2 solutions)";
    out += end;
  }
}

std::string text(const SolveAnswer& a, TextForm form) {
  std::string s;
  append_text(s, a, form);
  return s;
}

std::string text(const ValidateAnswer& a) {
  switch (a.validation.state) {
    case GridState::invalid:
      return "invalid: " + problems_text(a) + "\n";
    case GridState::incomplete:
      return "incomplete: " + std::to_string(a.validation.empty_cells) + " empty cells\n";
    case GridState::solved:
      break;
  }
  return "solved\n";
}

std::string text(const CandidatesAnswer& a, TextForm form) {
  const Geometry& g = a.puzzle.geometry();
  // One group per cell: its candidates, or its digit for a filled cell, in
  // the form parse_candidates reads back.
  std::vector<std::string> groups;
  std::size_t widest = 1;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    std::string group;
    if (a.puzzle[cell] != 0) {
      group = Geometry::symbol(a.puzzle[cell]);
    } else {
      for (int d = 1; d <= g.side(); ++d)
        if (a.candidates[static_cast<std::size_t>(cell)] >> (d - 1) & 1u)
          group += Geometry::symbol(d);
      if (group.empty()) group = "-";
    }
    widest = std::max(widest, group.size());
    groups.push_back(std::move(group));
  }
  std::string s;
  if (form == TextForm::line) {
    for (std::size_t i = 0; i < groups.size(); ++i) s += (i ? " " : "") + groups[i];
    return s + "\n";
  }
  // Rows of aligned groups, boxes set apart as in to_grid_text.
  for (int r = 0; r < g.side(); ++r) {
    if (r > 0 && r % g.box_rows() == 0) {
      for (int c = 0; c < g.side(); ++c) {
        if (c > 0 && c % g.box_cols() == 0) s += "+-";
        s += std::string(widest + (c + 1 < g.side() ? 1 : 0), '-');
      }
      s += "\n";
    }
    for (int c = 0; c < g.side(); ++c) {
      if (c > 0 && c % g.box_cols() == 0) s += "| ";
      const std::string& group = groups[static_cast<std::size_t>(g.cell(r, c))];
      s += group + std::string(widest - group.size() + (c + 1 < g.side() ? 1 : 0), ' ');
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    s += "\n";
  }
  return s + "\n";
}

std::string text(const RateAnswer& a) {
  return (stopped(a.status) ? "timeout: " : "") + rating_line(a.rating) + "\n";
}

std::string text(const ExplainAnswer& a) {
  std::string s;
  for (const Step& step : a.path.steps)
    s += format_rating(step.rating, true) + "  " + render_step(step, a.puzzle.geometry()) + "\n";
  s += a.status == Status::solved ? "solved: "
       : stopped(a.status)        ? "timeout: "
                                  : "stuck (needs chains): ";
  return s + rating_line(a.rating) + "\n\n";
}

std::string text(const HintAnswer& a) {
  if (a.status == Status::step) return a.message + "\n";
  return std::string(status_name(stopped(a.status) ? Status::timeout : a.status)) + ": " +
         a.hint.message + "\n";
}

std::string text(const TransformAnswer& a, TextForm form) {
  return form == TextForm::grid ? to_grid_text(a.puzzle) + "\n" : to_line(a.puzzle) + "\n";
}

std::string text(const CanonAnswer& a, TextForm form) {
  return form == TextForm::grid ? to_grid_text(a.canonical) + "\n" : to_line(a.canonical) + "\n";
}

namespace {

// A jigsaw puzzle as a grid: each row's digits, then its cells' regions.
std::string jigsaw_grid_text(const Grid& puzzle) {
  const Geometry& g = puzzle.geometry();
  std::string s;
  for (int row = 0; row < g.side(); ++row) {
    for (int col = 0; col < g.side(); ++col)
      s += std::string(col ? " " : "") + Geometry::symbol(puzzle[g.cell(row, col)]);
    s += "   ";
    for (int col = 0; col < g.side(); ++col)
      s += std::string(col ? " " : "") + Geometry::symbol(g.box_of(g.cell(row, col)) + 1);
    s += '\n';
  }
  return s;
}

// A killer puzzle as a grid: each row's digits, then its cells' cages (named
// a-z, A-Z, 0-9 in reading order of their first cells), then each cage's sum.
std::string killer_grid_text(const Grid& puzzle) {
  static constexpr std::string_view kNames =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const Geometry& g = puzzle.geometry();
  const auto name = [&](int k) {
    return k < static_cast<int>(kNames.size()) ? kNames[static_cast<std::size_t>(k)] : '?';
  };
  std::string s;
  for (int row = 0; row < g.side(); ++row) {
    for (int col = 0; col < g.side(); ++col)
      s += std::string(col ? " " : "") + Geometry::symbol(puzzle[g.cell(row, col)]);
    s += "   ";
    for (int col = 0; col < g.side(); ++col) {
      const std::span<const int> of = g.cages_of(g.cell(row, col));
      s += std::string(col ? " " : "") + (of.empty() ? '.' : name(of[0]));
    }
    s += '\n';
  }
  std::string sums;
  const std::vector<Cage>& cages = g.layout()->cages;
  for (std::size_t k = 0; k < cages.size(); ++k)
    sums +=
        std::string(k ? ", " : "") + name(static_cast<int>(k)) + " " + std::to_string(cages[k].sum);
  return s + "cages: " + sums + "\n";
}

// A variant's puzzle: in a line, its f-puzzles link (which nonet, f-puzzles
// and SudokuPad read); as a grid, its givens (and regions or cages), its rule
// and the link.
std::string variant_text(const GenerateAnswer& a, TextForm form, const std::string& note) {
  const VariantKindInfo& kind = info(*a.variant_kind);
  const std::string link = fpuzzles_link(*a.variant);
  if (form == TextForm::line) return link + (note.empty() ? "" : "  " + note) + "\n";
  const Grid& puzzle = a.puzzle->puzzle;
  const Geometry& g = puzzle.geometry();
  const std::string grid = g.summed_cages() ? killer_grid_text(puzzle)
                           : g.jigsaw()     ? jigsaw_grid_text(puzzle)
                                            : to_grid_text(puzzle);
  return grid + kind.name + ": " + kind.rule + "\n" + link + "\n" +
         (note.empty() ? "" : note + "\n") + "\n";
}

}  // namespace

std::string text(const GenerateAnswer& a, TextForm form) {
  const std::string note = a.rating ? rating_text(*a.rating) : "";
  if (a.variant) return variant_text(a, form, note);
  if (form == TextForm::grid)
    return to_grid_text(a.puzzle->puzzle) + (note.empty() ? "" : note + "\n") + "\n";
  return to_line(a.puzzle->puzzle) + (note.empty() ? "" : "  " + note) + "\n";
}

}  // namespace nonet::ops
