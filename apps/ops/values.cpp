#include "ops/values.h"


namespace nonet::ops {
namespace {

// User text quoted in a message: at most 40 characters.
std::string quoted(std::string_view text) { return "'" + std::string(text.substr(0, 40)) + "'"; }

template <class T, class Names>
Result<T> pick(std::string_view text, const Names& names, T (*value)(std::size_t)) {
  std::vector<std::string> all;
  for (std::size_t i = 0; i < std::size(names); ++i) {
    if (text == names[i]) return value(i);
    all.emplace_back(names[i]);
  }
  return fail(Code::bad_value, "expected " + choices_text(all) + ", not " + quoted(text));
}

}  // namespace

std::string choices_text(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) s += i + 1 == names.size() ? " or " : ", ";
    s += names[i];
  }
  return s;
}

Result<const Geometry*> read_box(std::string_view text) {
  const nonet::Result<const Geometry*> g = Geometry::from_shape(text);
  if (!g) return fail(Code::bad_value, g.error().message);
  return *g;
}

Result<const Geometry*> read_puzzle_box(std::string_view text) {
  Result<const Geometry*> g = read_box(text);
  if (g && ((*g)->box_rows() < 2 || (*g)->box_cols() < 2))
    return fail(Code::bad_value, quoted(text) +
                                     " has boxes one cell wide, which make no sudoku; boxes need "
                                     "at least 2 rows and 2 columns");
  return g;
}

Result<const Geometry*> read_board(int size, std::string_view box, int max_side) {
  if (size != 0 && (size < 4 || size > max_side))
    return fail(Code::bad_value, "expected a side from 4 to " + std::to_string(max_side) +
                                     ", not " + std::to_string(size),
                "size");
  if (!box.empty()) {
    Result<const Geometry*> shaped = read_puzzle_box(box);
    if (!shaped) return fail(Code::bad_value, shaped.error().message, "box");
    const Geometry& g = **shaped;
    if (g.side() < 4 || g.side() > max_side)
      return fail(Code::bad_value, quoted(box) + " makes a " + g.describe() +
                                       " board; the side must be from 4 to " +
                                       std::to_string(max_side),
                  "box");
    if (size != 0 && g.side() != size)
      return fail(Code::bad_value,
                  "size " + std::to_string(size) + " and box " + std::string(box) +
                      " disagree: " + std::string(box) + " boxes make a " + g.describe() +
                      " board; give one of them",
                  "box");
    return &g;
  }
  const Geometry* g = Geometry::for_side(size == 0 ? 9 : size);
  if (!g || g->box_rows() < 2)
    return fail(Code::bad_value,
                "no board of side " + std::to_string(size) +
                    " has boxes; try 4, 6, 8, 9, 12, 16 or 25",
                "size");
  return g;
}

std::string box_text(const Geometry& geometry) {
  return std::to_string(geometry.box_rows()) + "x" + std::to_string(geometry.box_cols());
}

Result<ParseOptions> read_parse_options(std::string_view box) {
  ParseOptions options;
  if (box.empty()) return options;
  const Result<const Geometry*> g = read_box(box);
  if (!g) return g.error();
  options.box_rows = (*g)->box_rows();
  options.box_cols = (*g)->box_cols();
  return options;
}

Result<Profile> read_profile(std::string_view text) {
  static constexpr std::string_view kNames[] = {"se", "modern"};
  return pick<Profile>(text, kNames, [](std::size_t i) { return static_cast<Profile>(i); });
}

Result<Level> read_level(std::string_view text) {
  static constexpr std::string_view kNames[] = {"easy", "medium", "hard", "expert", "extreme"};
  return pick<Level>(text, kNames, [](std::size_t i) { return static_cast<Level>(i); });
}

Result<HintLevel> read_hint_level(std::string_view text) {
  static constexpr std::string_view kNames[] = {"vague", "concrete", "placement"};
  return pick<HintLevel>(text, kNames, [](std::size_t i) { return static_cast<HintLevel>(i); });
}

Result<Symmetry> read_symmetry(std::string_view text) {
  if (const std::optional<Symmetry> s = symmetry_from_string(text)) return *s;
  std::vector<std::string> names;
  for (const Symmetry s : all_symmetries()) names.emplace_back(to_string(s));
  return fail(Code::bad_value, "expected " + choices_text(names) + ", not " + quoted(text));
}

Result<VariantKind> read_variant_kind(std::string_view text) {
  if (const std::optional<VariantKind> k = variant_kind_from_string(text)) return *k;
  std::vector<std::string> names;
  for (const VariantKindInfo& k : variant_kinds()) names.emplace_back(k.id);
  return fail(Code::bad_value, "expected " + choices_text(names) + ", not " + quoted(text));
}

Result<Form> read_form(std::string_view text) {
  std::vector<std::string> names;
  for (const Form f : kForms) {
    if (text == form_name(f)) return f;
    names.emplace_back(form_name(f));
  }
  return fail(Code::bad_value,
              "expected " + choices_text(names) + ", got '" + std::string(text.substr(0, 40)) + "'");
}

Result<std::string> read_solver(std::string_view text) {
  if (text == "auto" || find_solver(text)) return std::string(text);
  std::string names = "auto";
  for (const SolverInfo& info : solvers()) names += ", " + std::string(info.name);
  return fail(Code::bad_value, "unknown solver " + quoted(text) + "; choose from " + names);
}

Result<std::vector<TransformOp>> read_transform_ops(std::string_view text) {
  nonet::Result<std::vector<TransformOp>> ops = parse_transform_ops(text);
  if (!ops) return fail(Code::bad_value, ops.error().message);
  return std::move(*ops);
}

Result<int> read_cell(std::string_view text, const Geometry& geometry) {
  int cell = geometry.cell_from_name(text);
  if (cell < 0 && !text.empty() && text.size() <= 4 &&
      text.find_first_not_of("0123456789") == std::string_view::npos) {
    cell = 0;
    for (const char c : text) cell = cell * 10 + (c - '0');
    if (cell >= geometry.cell_count()) cell = -1;
  }
  if (cell >= 0) return cell;
  return fail(Code::bad_value,
              "expected a cell of the " + geometry.describe() + " board, a name like r3c5 or an " +
                  "index from 0 to " + std::to_string(geometry.cell_count() - 1) + ", not " +
                  quoted(text),
              "cell");
}

Result<std::vector<Mask>> read_candidates(std::string_view text, const Geometry& geometry) {
  nonet::Result<std::vector<Mask>> parsed = parse_candidates(text, geometry);
  if (parsed) return std::move(*parsed);
  return Failure{Code::bad_candidates, parsed.error().message, "candidates", parsed.error().line,
                 parsed.error().column};
}

Result<Range> read_range(std::string_view text, bool tenths) {
  bool too_fine = false;
  // Plain decimals only (no sign, exponent or hexadecimal), read digit by
  // digit: whole numbers, or tenths when `tenths`.
  auto number = [&](std::string_view s, int& out) {
    if (s.empty() || s.size() > 12 || s.find_first_not_of("0123456789.") != std::string_view::npos)
      return false;
    const std::size_t point = s.find('.');
    const std::string_view whole = s.substr(0, point);
    const std::string_view fraction =
        point == std::string_view::npos ? std::string_view() : s.substr(point + 1);
    if (fraction.find('.') != std::string_view::npos || (whole.empty() && fraction.empty()))
      return false;
    if (tenths && fraction.size() > 1) {
      too_fine = true;  // ER has tenths: 2.61 would silently be 2.6
      return false;
    }
    if (!tenths && fraction.find_first_not_of('0') != std::string_view::npos) return false;
    long long value = 0;
    for (const char c : whole) value = value * 10 + (c - '0');
    if (value > 1000000) return false;
    if (tenths) value = value * 10 + (fraction.empty() ? 0 : fraction[0] - '0');
    out = static_cast<int>(value);
    return true;
  };
  Range r;
  const std::size_t dash = text.find('-');
  bool ok;
  if (dash == std::string_view::npos) {
    ok = number(text, r.low);
    r.high = r.low;
  } else {
    const std::string_view a = text.substr(0, dash), b = text.substr(dash + 1);
    ok = !(a.empty() && b.empty()) && (a.empty() || number(a, r.low)) &&
         (b.empty() || number(b, r.high));
  }
  if (!ok) {
    return fail(Code::bad_value,
                too_fine ? "ER has one decimal (tenths, as in 2.6), got " + quoted(text)
                         : std::string("expected MIN-MAX (e.g. ") + (tenths ? "3.0-4.5" : "22-26") +
                               "), got " + quoted(text));
  }
  if (r.low > r.high)
    return fail(Code::bad_value, "the range " + quoted(text) + " is empty (MIN > MAX)");
  return r;
}

std::string range_text(int low, int high, bool tenths) {
  auto number = [tenths](int v) { return tenths ? format_rating(v, true) : std::to_string(v); };
  if (low == high) return number(low);
  return (low > 0 ? number(low) : std::string(tenths ? number(0) : "")) + "-" +
         (high >= kOpenCount ? std::string() : number(high));
}

}  // namespace nonet::ops
