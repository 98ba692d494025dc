#include "python/types.h"

#include <pybind11/stl.h>

#include "nonet/format.h"
#include "ops/fpuzzles.h"
#include "ops/text.h"
#include "ops/values.h"
#include "python/run.h"

namespace nonet::python {
namespace {

Cell cell_of(const Geometry& g, int cell) { return {g.row_of(cell) + 1, g.col_of(cell) + 1}; }

std::vector<Cell> cells_of(const Geometry& g, const std::vector<int>& cells) {
  std::vector<Cell> out;
  for (int c : cells) out.push_back(cell_of(g, c));
  return out;
}

Candidate candidate_of(const Geometry& g, const CellDigit& cd) {
  return {g.row_of(cd.cell) + 1, g.col_of(cd.cell) + 1, cd.digit};
}

std::vector<Candidate> candidates_of(const Geometry& g, const std::vector<CellDigit>& list) {
  std::vector<Candidate> out;
  for (const CellDigit& cd : list) out.push_back(candidate_of(g, cd));
  return out;
}

double tenths(int value) { return value / 10.0; }

// The CLI's answer text without its final newline.
std::string line_of(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

Step step_of(const nonet::Step& s, const Geometry& g) {
  Step out;
  out.technique = step_title(s);
  out.rating = tenths(s.rating);
  out.text = render_step(s, g);
  out.cells = cells_of(g, s.cells);
  for (int h : s.houses) out.houses.push_back(g.house_name(h));
  for (int d = 1; d <= g.side(); ++d)
    if (s.digits & (Mask{1} << (d - 1))) out.digits.push_back(d);
  out.placements = candidates_of(g, s.placements);
  out.eliminations = candidates_of(g, s.eliminations);
  out.sum = s.sum;
  for (Mask set : s.combinations) {
    std::vector<int> digits;
    for (int d = 1; d <= g.side(); ++d)
      if (set & (Mask{1} << (d - 1))) digits.push_back(d);
    out.combinations.push_back(std::move(digits));
  }
  return out;
}

// A result type: read-only fields, repr() as a dataclass prints itself
// (Rating(er=2.6, ...)), ==, pickling, and str() its `text`. Every access goes
// through self_of, so an object without a value is a TypeError.
template <class T, class... Members>
void add_record(py::class_<T>& cls, const char* name, std::initializer_list<const char*> fields,
                Members T::*... members) {
  std::vector<std::string> names(fields.begin(), fields.end());
  std::size_t i = 0;
  (cls.def_property_readonly(
       names[i++].c_str(),
       [members](py::handle self) -> const auto& { return self_of<T>(self).*members; },
       py::return_value_policy::copy),
   ...);
  cls.def_property_readonly(
      "text", [](py::handle self) -> const std::string& { return self_of<T>(self).text; },
      "The line `nonet` prints for it (its str()).");
  cls.def("__repr__", [name, names, members...](py::handle self) {
    const T& v = self_of<T>(self);
    std::string s = std::string(name) + "(";
    std::size_t k = 0;
    ((s += (k ? ", " : "") + names[k] + "=" + std::string(py::repr(py::cast(v.*members))), ++k),
     ...);
    return s + ")";
  });
  cls.def("__str__", [](py::handle self) { return self_of<T>(self).text; });
  cls.def(
      "__eq__",
      [](py::handle a, const py::object& b) -> py::object {
        if (!py::isinstance<T>(b)) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
        return py::bool_(self_of<T>(a) == self_of<T>(b));
      },
      py::is_operator());
  cls.attr("__hash__") = py::none();  // mutable-looking records are unhashable, as dataclasses
  cls.def(py::pickle(
      [members...](py::handle self) {
        const T& v = self_of<T>(self);
        return py::make_tuple(v.*members..., v.text);
      },
      [members...](const py::tuple& t) {
        if (t.size() != sizeof...(members) + 1) throw py::value_error("not a pickled nonet record");
        T v;
        std::size_t k = 0;
        ((v.*members = t[k++].cast<std::remove_cvref_t<decltype(v.*members)>>()), ...);
        v.text = t[k].cast<std::string>();
        return v;
      }));
}

Puzzle puzzle_from_state(const std::string& cells, int box_rows, int box_cols, int line) {
  const Geometry* g = Geometry::get(box_rows, box_cols);
  if (!g || static_cast<int>(cells.size()) != g->cell_count())
    throw py::value_error("not a pickled nonet.Puzzle");
  Grid grid(*g);
  for (int c = 0; c < g->cell_count(); ++c) {
    const int d = static_cast<unsigned char>(cells[static_cast<std::size_t>(c)]);
    if (d > g->side()) throw py::value_error("not a pickled nonet.Puzzle");
    grid.set(c, d);
  }
  return {std::move(grid), line};
}

// Reading text the way the CLI does: line by line, any number of puzzles.
class Reader {
 public:
  explicit Reader(const ParseOptions& options) : parser_(options) {}

  py::list feed(const py::object& line) {
    if (!py::isinstance<py::str>(line) && !py::isinstance<py::bytes>(line))
      throw py::type_error("feed: expected a line as str or bytes");
    std::string text = line.cast<std::string>();
    if (!text.empty() && text.back() == '\n') text.pop_back();
    std::vector<ParsedPuzzle> out;
    // As the CLI: a carriage return not followed by a line feed ends a line too
    // (a "\r\n" end stays, its '\r' read as a space), and a line over 1 MiB is
    // refused, reading going on after it.
    std::string_view rest = text;
    for (;;) {
      const std::size_t cr = rest.find('\r');
      const bool last = cr == std::string_view::npos || cr + 1 == rest.size();
      const std::string_view piece = last ? rest : rest.substr(0, cr);
      const bool too_long = piece.size() > kMaxLine;
      parser_.feed(too_long ? std::string_view() : piece, out, too_long);
      if (last) break;
      rest.remove_prefix(cr + 1);
    }
    return entries(out);
  }
  py::list finish() {
    std::vector<ParsedPuzzle> out;
    parser_.finish(out);
    return entries(out);
  }

 private:
  static constexpr std::size_t kMaxLine = std::size_t{1} << 20;
  static py::list entries(std::vector<ParsedPuzzle>& parsed) {
    py::list out;
    for (ParsedPuzzle& p : parsed) {
      if (p.ok()) {
        out.append(py::cast(Puzzle{std::move(*p), p.line}));
      } else {
        out.append(error_object(ops::Failure{ops::Code::bad_puzzle, p.error().message, "",
                                             p.error().line, p.error().column}));
      }
    }
    return out;
  }
  PuzzleParser parser_;
};

}  // namespace

Solution solution_of(const ops::SolveAnswer& a) {
  Solution s;
  s.status = ops::status_name(ops::stopped(a.status) ? ops::Status::timeout : a.status);
  if (a.solution) s.solution = to_line(*a.solution);
  s.count = a.count;
  s.exact = a.exact;
  s.guesses = a.guesses;
  s.text = line_of(ops::text(a));
  return s;
}

Count count_of(const ops::SolveAnswer& a) {
  const Solution s = solution_of(a);
  return {s.status, s.count, s.exact, s.guesses, s.text};
}

Validation validation_of(const ops::ValidateAnswer& a) {
  const Geometry& g = a.puzzle.geometry();
  Validation out;
  out.state = to_string(a.validation.state);
  out.empty_cells = a.validation.empty_cells;
  for (const nonet::Conflict& c : a.validation.conflicts)
    out.conflicts.push_back({c.digit, g.house_name(c.house), cells_of(g, c.cells), describe(c, g)});
  // A variant's: a house with a digit twice (that digit), or a constraint broken (digit 0).
  for (const nonet::Violation& v : a.violations) {
    std::string text = v.where + " at ";
    for (std::size_t i = 0; i < v.cells.size(); ++i)
      text += (i ? ", " : "") + g.cell_name(v.cells[i]);
    out.conflicts.push_back(
        {v.constraint < 0 ? a.puzzle[v.cells.front()] : 0, v.where, cells_of(g, v.cells), text});
  }
  out.text = line_of(ops::text(a));
  return out;
}

Candidates candidates_of(const ops::CandidatesAnswer& a) {
  const Geometry& g = a.puzzle.geometry();
  Candidates out;
  for (int cell = 0; cell < g.cell_count(); ++cell) {
    std::vector<int> digits;
    for (int d = 1; d <= g.side(); ++d)
      if (a.candidates[static_cast<std::size_t>(cell)] >> (d - 1) & 1u) digits.push_back(d);
    if (digits.size() == 1) out.singles.push_back(candidate_of(g, {cell, digits[0]}));
    out.candidates.push_back(std::move(digits));
  }
  out.text = line_of(ops::text(a));
  return out;
}

Rating rating_of(const nonet::Rating& r) {
  return {tenths(r.er), tenths(r.ep), tenths(r.ed),
          r.er_exact,   r.ep_exact,   r.ed_exact,
          std::string(level_name(r.level)), r.stuck, r.steps, ops::rating_line(r)};
}

Explanation explanation_of(const ops::ExplainAnswer& a) {
  Explanation out;
  for (const nonet::Step& s : a.path.steps) out.steps.push_back(step_of(s, a.puzzle.geometry()));
  out.solved = a.path.solved;
  out.rating = rating_of(a.rating);
  if (a.stuck_at) out.stuck_at = to_line(*a.stuck_at);
  out.text = line_of(ops::text(a));
  return out;
}

Hint hint_of(const ops::HintAnswer& a) {
  const Geometry& g = *a.geometry;
  const nonet::Hint& h = a.hint;
  Hint out;
  out.status = ops::status_name(a.status);
  out.message = a.message;
  if (h.step) out.step = step_of(*h.step, g);
  if (h.placement) out.placement = candidate_of(g, *h.placement);
  out.wrong_cells = cells_of(g, h.wrong_cells);
  out.missing_candidates = candidates_of(g, h.missing_candidates);
  if (a.cell >= 0 && h.solution) out.answer = candidate_of(g, {a.cell, (*h.solution)[a.cell]});
  out.text = line_of(ops::text(a));
  return out;
}

Generated generated_of(const ops::GenerateAnswer& a) {
  Generated out;
  out.puzzle = to_line(a.puzzle->puzzle);
  out.solution = to_line(a.puzzle->solution);
  out.clues = a.puzzle->clues;
  out.seed = a.seed;
  out.index = a.index + 1;
  out.symmetry = to_string(a.symmetry);
  out.minimal = a.puzzle->minimal;
  if (a.rating) out.rating = rating_of(*a.rating);
  if (a.variant_kind) out.variant = info(*a.variant_kind).id;
  if (a.variant) {
    out.fpuzzles = ops::to_fpuzzles(*a.variant).dump();
    out.url = ops::fpuzzles_link(*a.variant);
  }
  out.text = line_of(ops::text(a));
  return out;
}

void define_types(py::module_& m) {
  py::class_<Puzzle>(m, "Puzzle", "A puzzle read from text: its cells, box shape and line.")
      .def(py::init([](const py::object& text, const std::optional<std::string>& box) {
             return value_or_throw(parse(input_of(text), parse_options_of(box)));
           }),
           py::arg("text"), py::kw_only(), py::arg("box") = py::none(),
           "Reads exactly one puzzle in any form the CLI reads; raises ParseError.")
      .def_property_readonly(
          "line", [](py::handle self) { return self_of<Puzzle>(self).line; },
          "The first line of the puzzle in its text (1-based).")
      .def_property_readonly(
          "size", [](py::handle self) { return self_of<Puzzle>(self).grid.geometry().side(); },
          "The side N of the N x N board.")
      .def_property_readonly(
          "box",
          [](py::handle self) {
            const Geometry& g = self_of<Puzzle>(self).grid.geometry();
            return std::make_pair(g.box_rows(), g.box_cols());
          },
          "The box shape (rows, columns).")
      .def_property_readonly(
          "shape",
          [](py::handle self) { return self_of<Puzzle>(self).grid.geometry().describe(); },
          "'9x9', or '6x6 (3x2 boxes)' when the boxes are not the usual ones.")
      .def_property_readonly(
          "cells",
          [](py::handle self) {
            const auto v = self_of<Puzzle>(self).grid.values();
            return std::vector<int>(v.begin(), v.end());
          },
          "The N*N values row by row, 0 for an empty cell.")
      .def_property_readonly(
          "clues", [](py::handle self) { return self_of<Puzzle>(self).grid.filled_count(); },
          "The number of filled cells.")
      .def(
          "grid", [](py::handle self) { return to_grid_text(self_of<Puzzle>(self).grid); },
          "The board as rows with box separators (the CLI's --format grid).")
      .def("__str__", [](py::handle self) { return to_line(self_of<Puzzle>(self).grid); })
      .def("__repr__",
           [](py::handle self) {
             const Grid& grid = self_of<Puzzle>(self).grid;
             const Geometry& g = grid.geometry();
             const bool usual = Geometry::for_side(g.side()) == &g;
             return "Puzzle('" + to_line(grid) + "'" +
                    (usual ? "" : ", box='" + ops::box_text(g) + "'") + ")";
           })
      .def(
          "__eq__",
          [](py::handle a, const py::object& b) -> py::object {
            if (!py::isinstance<Puzzle>(b))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(self_of<Puzzle>(a).grid == self_of<Puzzle>(b).grid);
          },
          py::is_operator())
      .def("__hash__",
           [](py::handle self) {
             const Grid& grid = self_of<Puzzle>(self).grid;
             return py::hash(py::make_tuple(to_line(grid), ops::box_text(grid.geometry())));
           })
      .def(py::pickle(
          [](py::handle self) {
            const Puzzle& p = self_of<Puzzle>(self);
            const auto v = p.grid.values();
            return py::make_tuple(py::bytes(reinterpret_cast<const char*>(v.data()), v.size()),
                                  p.grid.geometry().box_rows(), p.grid.geometry().box_cols(),
                                  p.line);
          },
          [](const py::tuple& t) {
            if (t.size() != 4) throw py::value_error("not a pickled nonet.Puzzle");
            return puzzle_from_state(t[0].cast<std::string>(), t[1].cast<int>(), t[2].cast<int>(),
                                     t[3].cast<int>());
          }));

  py::class_<Reader>(m, "Reader",
                     "Reads puzzles line by line, as the CLI reads a file: each fed line gives "
                     "the puzzles it completes, each a Puzzle or a ParseError, in order.")
      .def(py::init(
               [](const std::optional<std::string>& box) { return Reader(parse_options_of(box)); }),
           py::kw_only(), py::arg("box") = py::none())
      .def(
          "feed",
          [](py::handle self, const py::object& line) { return self_of<Reader>(self).feed(line); },
          py::arg("line"),
          "Reads the next line (str or bytes; a trailing newline is dropped, and a lone "
          "carriage return ends a line within it).")
      .def(
          "finish", [](py::handle self) { return self_of<Reader>(self).finish(); },
          "Ends the text: completes or reports a puzzle still open.");

  py::class_<Solution> solution_type(m, "Solution", "The answer of solve().");
  add_record(solution_type, "Solution", {"status", "solution", "count", "exact", "guesses"},
             &Solution::status, &Solution::solution, &Solution::count, &Solution::exact,
             &Solution::guesses);

  py::class_<Count> count_type(m, "Count", "The answer of count().");
  add_record(count_type, "Count", {"status", "count", "exact", "guesses"}, &Count::status,
             &Count::count, &Count::exact, &Count::guesses);
  count_type.def("__int__", [](py::handle self) { return self_of<Count>(self).count; });

  py::class_<Conflict> conflict_type(m, "Conflict",
                                     "A digit that appears more than once in a house.");
  add_record(conflict_type, "Conflict", {"digit", "house", "cells"}, &Conflict::digit,
             &Conflict::house, &Conflict::cells);

  py::class_<Validation> validation_type(m, "Validation", "A grid checked against the rules.");
  add_record(validation_type, "Validation", {"state", "empty_cells", "conflicts"},
             &Validation::state, &Validation::empty_cells, &Validation::conflicts);

  py::class_<Candidates> candidates_type(m, "Candidates",
                                         "The candidates of every cell and the naked singles.");
  add_record(candidates_type, "Candidates", {"candidates", "singles"}, &Candidates::candidates,
             &Candidates::singles);

  py::class_<Rating> rating_type(m, "Rating", "A rating on the Sudoku Explainer scale.");
  add_record(
      rating_type, "Rating",
      {"er", "ep", "ed", "er_exact", "ep_exact", "ed_exact", "level", "stuck", "steps"},
      &Rating::er, &Rating::ep, &Rating::ed, &Rating::er_exact, &Rating::ep_exact,
      &Rating::ed_exact, &Rating::level, &Rating::stuck, &Rating::steps);

  py::class_<Step> step_type(m, "Step", "One logical step.");
  add_record(step_type, "Step",
             {"technique", "rating", "cells", "houses", "digits", "placements", "eliminations",
              "sum", "combinations"},
             &Step::technique, &Step::rating, &Step::cells, &Step::houses, &Step::digits,
             &Step::placements, &Step::eliminations, &Step::sum, &Step::combinations);

  py::class_<Explanation> explanation_type(m, "Explanation", "A puzzle's logical path.");
  add_record(explanation_type, "Explanation", {"steps", "solved", "rating", "stuck_at"},
             &Explanation::steps, &Explanation::solved, &Explanation::rating,
             &Explanation::stuck_at);

  py::class_<Hint> hint_type(m, "Hint", "The next step for a position.");
  add_record(hint_type, "Hint",
             {"status", "message", "step", "placement", "wrong_cells", "missing_candidates",
              "answer"},
             &Hint::status, &Hint::message, &Hint::step, &Hint::placement, &Hint::wrong_cells,
             &Hint::missing_candidates, &Hint::answer);

  py::class_<Generated> generated_type(m, "Generated", "A generated puzzle.");
  add_record(generated_type, "Generated",
             {"puzzle", "solution", "clues", "seed", "index", "symmetry", "minimal", "rating",
              "variant", "fpuzzles", "url"},
             &Generated::puzzle, &Generated::solution, &Generated::clues, &Generated::seed,
             &Generated::index, &Generated::symmetry, &Generated::minimal, &Generated::rating,
             &Generated::variant, &Generated::fpuzzles, &Generated::url);
}

}  // namespace nonet::python
