#include "book/book.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>

#include "nonet/geometry.h"

namespace nonet::book {
namespace {

constexpr char kFont[] = "DejaVu Sans";

struct NamedPaper {
  std::string_view key, name;
  double width, height;  // points
};
constexpr double in(double inches) { return inches * kPointsPerInch; }
constexpr double mm(double millimetres) { return millimetres * kPointsPerMm; }
const NamedPaper kPapers[] = {
    {"a4", "A4", mm(210), mm(297)},        {"a5", "A5", mm(148), mm(210)},
    {"letter", "Letter", in(8.5), in(11)}, {"legal", "Legal", in(8.5), in(14)},
    {"5x8", "5x8in", in(5), in(8)},        {"5.5x8.5", "5.5x8.5in", in(5.5), in(8.5)},
    {"6x9", "6x9in", in(6), in(9)},        {"7x10", "7x10in", in(7), in(10)},
    {"8x10", "8x10in", in(8), in(10)},     {"8.5x11", "8.5x11in", in(8.5), in(11)},
};

std::string lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// A number followed by a unit; `unit` gets the rest of the text.
bool read_number(std::string_view text, double& value, std::string_view& unit) {
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || !std::isfinite(value) || value < 0) return false;
  unit = std::string_view(stop, static_cast<std::size_t>(end - stop));
  return true;
}

std::optional<double> unit_factor(std::string_view unit) {
  if (unit == "mm") return kPointsPerMm;
  if (unit == "cm") return 10 * kPointsPerMm;
  if (unit == "in") return kPointsPerInch;
  if (unit == "pt") return 1.0;
  return std::nullopt;
}

std::string tenths(int value) {
  char s[16];
  std::snprintf(s, sizeof s, "%d.%d", value / 10, value % 10);
  return s;
}

std::string capitalised(std::string_view word) {
  std::string s(word);
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

// "Hard · 3.4", ">= 9.0" when the rating is a lower bound.
std::string rating_words(const std::optional<Rating>& rating) {
  if (!rating) return "unrated";
  return capitalised(level_name(rating->level)) + " \u00b7 " + (rating->er_exact ? "" : "\u2265 ") +
         tenths(rating->er);
}

// "1\u20133, 7, 9\u201312": numbers (ascending) as ranges.
std::string ranges(const std::vector<int>& numbers) {
  std::string s;
  for (std::size_t i = 0; i < numbers.size();) {
    std::size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    if (!s.empty()) s += ", ";
    s += std::to_string(numbers[i]);
    if (j > i) s += (j == i + 1 ? ", " : "\u2013") + std::to_string(numbers[j]);
    i = j + 1;
  }
  return s;
}

// ---- the pages: one PDF surface, or a surface per SVG or PNG page -----------------

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

std::string pdf_date(std::time_t when) {
  std::tm utc{};
  gmtime_r(&when, &utc);
  char s[32];
  std::strftime(s, sizeof s, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return s;
}

class Pages {
 public:
  Pages(Output output, const Layout& layout, const std::function<void(int)>& page_done)
      : output_(output),
        width_(layout.paper.width + 2 * layout.bleed),
        height_(layout.paper.height + 2 * layout.bleed),
        dpi_(layout.dpi),
        page_done_(page_done) {
    if (output_ == Output::pdf) {
      files_.emplace_back();
      surface_ = cairo_pdf_surface_create_for_stream(append, &files_.back(), width_, height_);
      cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, layout.title.c_str());
      cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, "nonet");
      if (layout.date) {
        const std::string date = pdf_date(*layout.date);
        cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATE_DATE, date.c_str());
        cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_MOD_DATE, date.c_str());
      }
      cr_ = cairo_create(surface_);
    }
  }
  ~Pages() {
    if (cr_) cairo_destroy(cr_);
    if (surface_) cairo_surface_destroy(surface_);
  }
  Pages(const Pages&) = delete;
  Pages& operator=(const Pages&) = delete;

  cairo_t* begin() {
    ++page_;
    if (output_ == Output::svg) {
      files_.emplace_back();
      surface_ = cairo_svg_surface_create_for_stream(append, &files_.back(), width_, height_);
      cairo_svg_surface_set_document_unit(surface_, CAIRO_SVG_UNIT_PT);
      cr_ = cairo_create(surface_);
    } else if (output_ == Output::png) {
      const double scale = dpi_ / kPointsPerInch;
      surface_ = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
                                            static_cast<int>(std::lround(width_ * scale)),
                                            static_cast<int>(std::lround(height_ * scale)));
      cr_ = cairo_create(surface_);
      cairo_scale(cr_, scale, scale);
    }
    cairo_save(cr_);
    cairo_set_source_rgb(cr_, 1, 1, 1);
    cairo_paint(cr_);
    cairo_restore(cr_);
    cairo_set_source_rgb(cr_, 0, 0, 0);
    return cr_;
  }

  // Ends the page; false when cairo failed.
  bool end() {
    bool ok = cairo_status(cr_) == CAIRO_STATUS_SUCCESS;
    if (output_ == Output::pdf) {
      cairo_show_page(cr_);
    } else {
      cairo_destroy(cr_);
      cr_ = nullptr;
      if (output_ == Output::png) {
        files_.emplace_back();
        ok = ok && cairo_surface_write_to_png_stream(surface_, append, &files_.back()) ==
                       CAIRO_STATUS_SUCCESS;
      }
      cairo_surface_finish(surface_);
      ok = ok && cairo_surface_status(surface_) == CAIRO_STATUS_SUCCESS;
      cairo_surface_destroy(surface_);
      surface_ = nullptr;
    }
    if (!ok && error_.empty()) error_ = "cairo could not draw page " + std::to_string(page_);
    if (page_done_) page_done_(page_);
    return ok;
  }

  nonet::Result<std::vector<std::string>> finish() {
    if (output_ == Output::pdf) {
      cairo_destroy(cr_);
      cr_ = nullptr;
      cairo_surface_finish(surface_);
      if (cairo_surface_status(surface_) != CAIRO_STATUS_SUCCESS && error_.empty())
        error_ = std::string("cairo could not write the PDF: ") +
                 cairo_status_to_string(cairo_surface_status(surface_));
    }
    if (!error_.empty()) return Error{0, 0, error_};
    return std::move(files_);
  }

  int page() const { return page_; }

 private:
  Output output_;
  double width_, height_, dpi_;
  const std::function<void(int)>& page_done_;
  cairo_surface_t* surface_ = nullptr;
  cairo_t* cr_ = nullptr;
  std::vector<std::string> files_;
  int page_ = 0;
  std::string error_;
};

// ---- drawing ------------------------------------------------------------------------

enum class Align { left, centre, right };

void font(cairo_t* cr, double size, bool bold) {
  cairo_select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

double text_width(cairo_t* cr, const std::string& text) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  return e.x_advance;
}

// Text on a baseline at y, placed by `align` against x.
void text(cairo_t* cr, double x, double y, const std::string& s, Align align = Align::left) {
  const double w = text_width(cr, s);
  cairo_move_to(cr, align == Align::left ? x : align == Align::centre ? x - w / 2 : x - w, y);
  cairo_show_text(cr, s.c_str());
}

// Words of `s` in lines no wider than `width`.
std::vector<std::string> wrap(cairo_t* cr, const std::string& s, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t at = 0;
  while (at < s.size()) {
    std::size_t end = s.find(' ', at);
    if (end == std::string::npos) end = s.size();
    const std::string word = s.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && text_width(cr, longer) > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = longer;
    }
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

// The grid at (x, y), `side` points wide: the digits of `shown`, those that are
// givens of `puzzle` in black (bold when `solution_style`), the others grey.
void draw_grid(cairo_t* cr, double x, double y, double side, const Grid& shown, const Grid& puzzle,
               bool solution_style) {
  const Geometry& g = shown.geometry();
  const int n = g.side();
  const double cell = side / n;
  const double thin = std::max(0.3, side / 700);
  const double thick = std::max(1.0, thin * 3.2);

  cairo_save(cr);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
  cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
  cairo_set_line_width(cr, thin);
  for (int i = 1; i < n; ++i) {
    if (i % g.box_cols() != 0) {
      cairo_move_to(cr, x + i * cell, y);
      cairo_line_to(cr, x + i * cell, y + side);
    }
    if (i % g.box_rows() != 0) {
      cairo_move_to(cr, x, y + i * cell);
      cairo_line_to(cr, x + side, y + i * cell);
    }
  }
  cairo_stroke(cr);
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, thick);
  for (int i = g.box_cols(); i < n; i += g.box_cols()) {
    cairo_move_to(cr, x + i * cell, y);
    cairo_line_to(cr, x + i * cell, y + side);
  }
  for (int i = g.box_rows(); i < n; i += g.box_rows()) {
    cairo_move_to(cr, x, y + i * cell);
    cairo_line_to(cr, x + side, y + i * cell);
  }
  cairo_stroke(cr);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, x, y, side, side);
  cairo_stroke(cr);

  const double size = cell * (n > 9 ? 0.55 : 0.64);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int cell_index = g.cell(r, c);
      const int digit = shown[cell_index];
      if (digit == 0) continue;
      const bool given = puzzle[cell_index] != 0;
      font(cr, size, given && solution_style);
      if (given || !solution_style) {
        cairo_set_source_rgb(cr, 0, 0, 0);
      } else {
        cairo_set_source_rgb(cr, 0.42, 0.42, 0.42);
      }
      const char symbol[2] = {Geometry::symbol(digit), '\0'};
      cairo_text_extents_t e;
      cairo_text_extents(cr, symbol, &e);
      // The ink's box centred in the cell.
      cairo_move_to(cr, x + (c + 0.5) * cell - e.x_bearing - e.width / 2,
                    y + (r + 0.5) * cell - e.y_bearing - e.height / 2);
      cairo_show_text(cr, symbol);
    }
  }
  cairo_restore(cr);
}

// ---- the book's plan -------------------------------------------------------------

struct Frame {
  double x, y, width, height;  // the page's text block, inside margins and bleed
  double footer;               // the page number's baseline
};

Frame frame_of(const Layout& layout) {
  const double x = layout.bleed + layout.margin, y = layout.bleed + layout.margin;
  const double width = layout.paper.width - 2 * layout.margin;
  const double full = layout.paper.height - 2 * layout.margin;
  constexpr double kFooter = 16;
  return {x, y, width, full - kFooter, y + full};
}

struct Slots {
  int cols = 1, rows = 1;
};

Slots puzzle_slots(int per_page, bool landscape) {
  switch (per_page) {
    case 2:
      return landscape ? Slots{2, 1} : Slots{1, 2};
    case 4:
      return {2, 2};
    case 6:
      return landscape ? Slots{3, 2} : Slots{2, 3};
    default:
      return {1, 1};
  }
}

// Solutions: as many small grids as keep a cell about 10 points wide.
struct SolutionPlan {
  int cols = 1, rows = 1;
  double side = 0, gap = 12, label = 11;
  int per_page() const { return cols * rows; }
};
constexpr double kHeading = 30;  // a section's heading, on its first page

SolutionPlan solution_plan(const Frame& f, int side) {
  SolutionPlan p;
  const double want = std::max(72.0, side * 10.5);
  p.cols = std::clamp(static_cast<int>((f.width + p.gap) / (want + p.gap)), 1, 6);
  p.side = std::min(want * 1.25, (f.width - (p.cols - 1) * p.gap) / p.cols);
  p.rows = std::max(1, static_cast<int>((f.height + p.gap) / (p.side + p.label + p.gap)));
  return p;
}

void footer(cairo_t* cr, const Frame& f, int page) {
  cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
  font(cr, 9, false);
  text(cr, f.x + f.width / 2, f.footer, std::to_string(page), Align::centre);
  cairo_set_source_rgb(cr, 0, 0, 0);
}

void heading(cairo_t* cr, const Frame& f, const std::string& title) {
  font(cr, 16, true);
  text(cr, f.x, f.y + 16, title);
}

struct Section {
  std::string name;
  int first_page = 0;
};

}  // namespace

// ---- option values ----------------------------------------------------------------

nonet::Result<double> read_length(std::string_view text) {
  double value = 0;
  std::string_view unit;
  const std::string s = lower(text);
  if (!read_number(s, value, unit))
    return Error{0, 0, "'" + std::string(text) + "' is not a length (e.g. 15mm, 0.5in, 12pt)"};
  if (unit.empty() && value == 0) return 0.0;
  const std::optional<double> factor = unit_factor(unit);
  if (!factor)
    return Error{0, 0, "'" + std::string(text) + "': a length needs its unit: mm, cm, in or pt"};
  return value * *factor;
}

std::string_view paper_names() {
  return "a4, a5, letter, legal, the book trims 5x8, 5.5x8.5, 6x9, 7x10, 8x10, 8.5x11 (inches), "
         "or WxH with a unit (210x297mm, 6x9in)";
}

nonet::Result<Paper> read_paper(std::string_view text) {
  const std::string s = lower(text);
  for (const NamedPaper& p : kPapers)
    if (s == p.key || (s.size() > 2 && s.substr(0, s.size() - 2) == p.key && s.ends_with("in")))
      return Paper{std::string(p.name), p.width, p.height};
  const std::size_t x = s.find('x');
  double w = 0, h = 0;
  std::string_view rest, unit;
  const auto bad = [&] {
    return Error{0, 0,
                 "'" + std::string(text) + "' is not a paper size: " + std::string(paper_names())};
  };
  if (x == std::string::npos || !read_number(std::string_view(s).substr(0, x), w, rest) ||
      !rest.empty() || !read_number(std::string_view(s).substr(x + 1), h, unit))
    return bad();
  const std::optional<double> factor = unit_factor(unit);
  if (!factor) return bad();
  w *= *factor;
  h *= *factor;
  if (w < in(2) || h < in(2) || w > in(50) || h > in(50))
    return Error{0, 0, "'" + std::string(text) + "': a page must be 2 to 50 inches on each side"};
  return Paper{std::string(text), w, h};
}

std::optional<Output> output_of(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::string ext = lower(path.substr(dot + 1));
  if (ext == "pdf") return Output::pdf;
  if (ext == "svg") return Output::svg;
  if (ext == "png") return Output::png;
  return std::nullopt;
}

std::string page_path(std::string_view path, int page, int pages) {
  const std::size_t dot = path.rfind('.');
  const int digits = static_cast<int>(std::to_string(std::max(pages, 1)).size());
  char number[24];
  std::snprintf(number, sizeof number, "-%0*d", digits, page);
  return std::string(path.substr(0, dot)) + number + std::string(path.substr(dot));
}

int default_per_page(int side) { return side <= 9 ? 4 : side <= 16 ? 2 : 1; }

nonet::Result<void> check(const Layout& layout, int side) {
  if (layout.per_page != 0 && layout.per_page != 1 && layout.per_page != 2 &&
      layout.per_page != 4 && layout.per_page != 6)
    return Error{0, 0, "--per-page " + std::to_string(layout.per_page) + ": 1, 2, 4 or 6"};
  const Frame f = frame_of(layout);
  if (f.width < 72 || f.height < 72)
    return Error{0, 0, "--margin leaves less than an inch of the " + layout.paper.name + " page"};
  const int per_page = layout.per_page ? layout.per_page : default_per_page(side);
  const Slots s = puzzle_slots(per_page, layout.paper.width > layout.paper.height);
  const double grid = std::min(f.width / s.cols, f.height / s.rows - 20);
  if (grid / side < 8)
    return Error{0, 0,
                 std::to_string(per_page) + " " + std::to_string(side) + "x" +
                     std::to_string(side) + " puzzles to a " + layout.paper.name +
                     " page leave cells under 8 points wide: fewer to a page, or larger paper"};
  if (layout.dpi < 36 || layout.dpi > 1200)
    return Error{0, 0, "--dpi " + std::to_string(layout.dpi) + ": 36 to 1200"};
  return {};
}

nonet::Result<std::vector<std::string>> render(const std::vector<Entry>& entries,
                                               const Layout& layout, Output output,
                                               const std::function<void(int)>& page_done) {
  int largest = 4;
  for (const Entry& e : entries) largest = std::max(largest, e.puzzle.geometry().side());
  if (const nonet::Result<void> ok = check(layout, largest); !ok) return ok.error();
  const Frame f = frame_of(layout);
  const int per_page = layout.per_page ? layout.per_page : default_per_page(largest);
  const int count = static_cast<int>(entries.size());
  const int puzzle_pages = (count + per_page - 1) / per_page;
  const SolutionPlan sol = solution_plan(f, largest);
  // The solutions' pages, as [first, end) of the entries: the first page loses
  // rows to its heading.
  std::vector<std::pair<int, int>> solution_sheets;
  if (layout.solutions) {
    const int first_rows = std::max(
        1, static_cast<int>((f.height - kHeading + sol.gap) / (sol.side + sol.label + sol.gap)));
    for (int at = 0; at < count;) {
      const int n = (solution_sheets.empty() ? first_rows : sol.rows) * sol.cols;
      solution_sheets.emplace_back(at, std::min(count, at + n));
      at += n;
    }
  }
  const int solution_pages = static_cast<int>(solution_sheets.size());
  const bool any_explained =
      std::any_of(entries.begin(), entries.end(), [](const Entry& e) { return e.explained; });

  std::vector<Section> sections;
  if (count) sections.push_back({"Puzzles", 2});
  if (solution_pages) sections.push_back({"Solutions", 2 + puzzle_pages});
  if (any_explained) sections.push_back({"Explained solutions", 2 + puzzle_pages + solution_pages});

  Pages pages(output, layout, page_done);

  // ---- the title page
  {
    cairo_t* cr = pages.begin();
    double size = 40;
    font(cr, size, true);
    while (size > 14 && text_width(cr, layout.title) > f.width) font(cr, size -= 2, true);
    double y = f.y + f.height * 0.22;
    text(cr, f.x + f.width / 2, y, layout.title, Align::centre);
    // What the book holds.
    std::map<int, int> sides;
    for (const Entry& e : entries) ++sides[e.puzzle.geometry().side()];
    std::string boards;
    for (const auto& [side, n] : sides)
      boards +=
          (boards.empty() ? "" : ", ") + std::to_string(side) + "\u00d7" + std::to_string(side);
    font(cr, 14, false);
    y += 34;
    text(cr, f.x + f.width / 2, y,
         std::to_string(count) + (count == 1 ? " puzzle" : " puzzles") +
             (boards.empty() ? "" : ", ") + boards + (layout.solutions ? ", with solutions" : ""),
         Align::centre);
    font(cr, 10.5, false);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    for (const std::string& line :
         wrap(cr,
              "Every puzzle has exactly one solution. Ratings are on Sudoku Explainer's scale, "
              "from 1.0 (a single step at a time) up.",
              f.width)) {
      y += 15;
      text(cr, f.x + f.width / 2, y, line, Align::centre);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);

    // The table of levels: level, how many, their numbers, ratings, pages.
    struct Row {
      std::vector<int> numbers;
      int low = 1000, high = 0;
    };
    std::map<int, Row> rows;  // by level; -1: unrated
    for (int i = 0; i < count; ++i) {
      const std::optional<Rating>& r = entries[static_cast<std::size_t>(i)].rating;
      Row& row = rows[r ? static_cast<int>(r->level) : -1];
      row.numbers.push_back(i + 1);
      if (r) {
        row.low = std::min(row.low, r->er);
        row.high = std::max(row.high, r->er);
      }
    }
    // The cells first, then columns as wide as their text: the font shrinks
    // on narrow pages until all but the numbers fit, and the numbers take the
    // room left (cut with an ellipsis when they do not fit).
    const std::array<std::string, 5> titles = {"Level", "Puzzles", "Numbers", "Ratings", "Pages"};
    std::vector<std::array<std::string, 5>> table;
    for (const auto& [level, row] : rows) {
      const int first_page = 2 + (row.numbers.front() - 1) / per_page;
      const int last_page = 2 + (row.numbers.back() - 1) / per_page;
      table.push_back({level < 0 ? "unrated" : capitalised(level_name(static_cast<Level>(level))),
                       std::to_string(row.numbers.size()), ranges(row.numbers),
                       row.high == 0         ? "\u2013"
                       : row.low == row.high ? tenths(row.low)
                                             : tenths(row.low) + "\u2013" + tenths(row.high),
                       first_page == last_page
                           ? std::to_string(first_page)
                           : std::to_string(first_page) + "\u2013" + std::to_string(last_page)});
    }
    const double table_x = f.x + f.width * 0.04, table_w = f.width * 0.92;
    constexpr double kGap = 12;
    double table_size = 10.5;
    std::array<double, 5> widths{};
    for (;; table_size -= 0.5) {
      for (int c = 0; c < 5; ++c) {
        font(cr, table_size, true);
        widths[static_cast<std::size_t>(c)] = text_width(cr, titles[static_cast<std::size_t>(c)]);
        font(cr, table_size, false);
        for (const auto& cells : table)
          if (c != 2)
            widths[static_cast<std::size_t>(c)] =
                std::max(widths[static_cast<std::size_t>(c)],
                         text_width(cr, cells[static_cast<std::size_t>(c)]));
      }
      const double fixed = widths[0] + widths[1] + widths[3] + widths[4] + 4 * kGap;
      if (table_w - fixed >= widths[2] * 1.5 || table_size <= 7) break;
    }
    const double numbers_room =
        std::max(widths[2], table_w - (widths[0] + widths[1] + widths[3] + widths[4] + 4 * kGap));
    const std::array<double, 5> xs = {
        table_x, table_x + widths[0] + kGap, table_x + widths[0] + widths[1] + 2 * kGap,
        table_x + table_w - widths[4] - kGap - widths[3], table_x + table_w - widths[4]};
    y += 46;
    font(cr, table_size, true);
    for (std::size_t c = 0; c < 5; ++c) text(cr, xs[c], y, titles[c]);
    cairo_set_line_width(cr, 0.6);
    cairo_move_to(cr, table_x, y + 5);
    cairo_line_to(cr, table_x + table_w, y + 5);
    cairo_stroke(cr);
    font(cr, table_size, false);
    for (auto& cells : table) {
      y += table_size * 1.7;
      if (y > f.y + f.height - 60) break;
      std::string& numbers = cells[2];
      const std::string whole = numbers;
      while (numbers.size() > 4 && text_width(cr, numbers + ", \u2026") > numbers_room)
        numbers.resize(numbers.rfind(',') != std::string::npos ? numbers.rfind(',')
                                                               : numbers.size() - 1);
      if (numbers != whole) numbers += ", \u2026";
      for (std::size_t c = 0; c < 5; ++c) text(cr, xs[c], y, cells[c]);
    }
    // Where each part begins.
    y += 40;
    for (const Section& s : sections) {
      font(cr, 10.5, false);
      text(cr, table_x, y, s.name);
      text(cr, table_x + table_w, y, "page " + std::to_string(s.first_page), Align::right);
      y += 16;
    }
    if (!layout.note.empty()) {
      font(cr, 9, false);
      cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
      text(cr, f.x + f.width / 2, f.footer, layout.note, Align::centre);
    }
    pages.end();
  }

  // ---- the puzzles
  const Slots slots = puzzle_slots(per_page, layout.paper.width > layout.paper.height);
  const double gap = per_page == 1 ? 0 : 22;
  const double slot_w = (f.width - (slots.cols - 1) * gap) / slots.cols;
  const double slot_h = (f.height - (slots.rows - 1) * gap) / slots.rows;
  const double title_size = std::clamp(slot_w / 26, 8.5, 13.0);
  const double title_h = title_size * 1.9;
  for (int first = 0; first < count; first += per_page) {
    cairo_t* cr = pages.begin();
    for (int k = 0; k < per_page && first + k < count; ++k) {
      const Entry& e = entries[static_cast<std::size_t>(first + k)];
      const double sx = f.x + (k % slots.cols) * (slot_w + gap);
      const double sy = f.y + (k / slots.cols) * (slot_h + gap);
      const double side = std::min(slot_w, slot_h - title_h);
      const double gx = sx + (slot_w - side) / 2;
      const double gy = sy + (slot_h - side - title_h) / 2 + title_h;
      font(cr, title_size, true);
      text(cr, gx, gy - title_size * 0.7, "Puzzle " + std::to_string(first + k + 1));
      font(cr, title_size, false);
      text(cr, gx + side, gy - title_size * 0.7, rating_words(e.rating), Align::right);
      draw_grid(cr, gx, gy, side, e.puzzle, e.puzzle, false);
    }
    footer(cr, f, pages.page());
    pages.end();
  }

  // ---- the solutions
  for (const auto& [first, end] : solution_sheets) {
    cairo_t* cr = pages.begin();
    double top = f.y;
    if (first == 0) {
      heading(cr, f, "Solutions");
      top += kHeading;
    }
    const double cell_w = (f.width - (sol.cols - 1) * sol.gap) / sol.cols;
    for (int i = first; i < end; ++i) {
      const int k = i - first;
      const double x = f.x + (k % sol.cols) * (cell_w + sol.gap) + (cell_w - sol.side) / 2;
      const double y = top + (k / sol.cols) * (sol.side + sol.label + sol.gap) + sol.label;
      const Entry& e = entries[static_cast<std::size_t>(i)];
      font(cr, 8.5, true);
      text(cr, x, y - 3.5, std::to_string(i + 1));
      draw_grid(cr, x, y, sol.side, e.solution, e.puzzle, true);
    }
    footer(cr, f, pages.page());
    pages.end();
  }

  // ---- the explained paths
  if (any_explained) {
    constexpr double kSize = 8.5, kLine = 11.2, kIndent = 22;
    cairo_t* cr = pages.begin();
    heading(cr, f, "Explained solutions");
    double y = f.y + kHeading;
    const double bottom = f.y + f.height;
    const auto new_page = [&] {
      footer(cr, f, pages.page());
      pages.end();
      cr = pages.begin();
      y = f.y + kLine;
    };
    for (int i = 0; i < count; ++i) {
      const Entry& e = entries[static_cast<std::size_t>(i)];
      if (!e.explained) continue;
      if (y + 14 + 3 * kLine > bottom) new_page();
      y += 8;
      font(cr, 11, true);
      text(cr, f.x, y, "Puzzle " + std::to_string(i + 1));
      font(cr, 11, false);
      text(cr, f.x + f.width, y, rating_words(e.rating), Align::right);
      y += kLine + 4;
      font(cr, kSize, false);
      for (std::size_t s = 0; s < e.steps.size(); ++s) {
        const std::vector<std::string> lines = wrap(cr, e.steps[s], f.width - kIndent);
        if (y + kLine * static_cast<double>(lines.size() - 1) > bottom) {
          new_page();
          font(cr, kSize, false);
        }
        cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
        text(cr, f.x + kIndent - 5, y, std::to_string(s + 1) + ".", Align::right);
        cairo_set_source_rgb(cr, 0, 0, 0);
        for (const std::string& line : lines) {
          text(cr, f.x + kIndent, y, line);
          y += kLine;
        }
      }
      if (e.more_steps > 0) {
        if (y > bottom) new_page();
        font(cr, kSize, false);
        cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
        text(cr, f.x + kIndent, y,
             "\u2026 and " + std::to_string(e.more_steps) +
                 (e.more_steps == 1 ? " step more" : " steps more") + " to the solution.");
        cairo_set_source_rgb(cr, 0, 0, 0);
        y += kLine;
      }
      y += 6;
    }
    footer(cr, f, pages.page());
    pages.end();
  }
  return pages.finish();
}

}  // namespace nonet::book
