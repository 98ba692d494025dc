#include "cli/library.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>

#include "common/input.h"
#include "common/interrupt.h"

namespace nonet::cli {
namespace {

// The text after a one-line puzzle of `cells` cells on its line `raw`, if a
// space or tab sets it apart.
std::string note_after(std::string_view raw, std::size_t cells) {
  std::string note;
  const std::size_t start = raw.find_first_not_of(" \t");
  if (start == std::string_view::npos || raw.size() <= start + cells) return note;
  if (raw[start + cells] != ' ' && raw[start + cells] != '\t') return note;
  const std::size_t rest = raw.find_first_not_of(" \t\r", start + cells);
  if (rest != std::string_view::npos) note = raw.substr(rest);
  while (!note.empty() && (note.back() == '\r' || note.back() == ' ')) note.pop_back();
  return note;
}

}  // namespace

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

int load_library(const std::string& from, const ParseOptions& parse, const Deadline& deadline,
                 const std::string& timeout_text, std::vector<LibraryEntry>& library) {
  const std::string name = from == "-" ? "<stdin>" : from;
  std::error_code ec;
  if (std::filesystem::is_directory(name, ec)) {
    std::fprintf(stderr, "nonet: --from %s: a directory, not a library file\n", name.c_str());
    return 1;
  }
  const std::uintmax_t bytes = std::filesystem::file_size(name, ec);
  if (!ec && bytes > kMaxLibraryBytes) {
    std::fprintf(stderr, "nonet: %s: library larger than %ju MiB\n", name.c_str(),
                 kMaxLibraryBytes >> 20);
    return 1;
  }
  std::FILE* f = from == "-" ? stdin : std::fopen(name.c_str(), "rb");
  if (!f) {
    std::fprintf(stderr, "nonet: %s: cannot open: %s\n", name.c_str(), std::strerror(errno));
    return 1;
  }
  app::install_interrupt_handlers();
  const std::atomic<bool>* interrupted = app::interrupt_flag();
  app::LineReader reader(f, std::size_t{1} << 20, interrupted);
  reader.limit(kMaxLibraryBytes);
  PuzzleParser parser(parse);
  std::map<const Geometry*, std::unique_ptr<Solver>> solvers;
  std::size_t skipped = 0;
  // Checks each puzzle as the parser completes it; `raw` is the line just
  // read, where a one-line puzzle's note is.
  auto take = [&](std::vector<ParsedPuzzle>& parsed, std::string_view raw) {
    for (ParsedPuzzle& p : parsed) {
      const std::string where = name + ":" + std::to_string(p.line);
      if (!p.ok()) {
        std::fprintf(stderr, "nonet: %s: %s (skipped)\n", name.c_str(),
                     p.error().to_string().c_str());
        ++skipped;
        continue;
      }
      const Grid& grid = *p;
      auto& solver = solvers[&grid.geometry()];
      if (!solver) solver = make_solver(grid.geometry());
      SolveOptions so;
      so.limit = 2;
      so.deadline = Deadline::after(std::chrono::seconds(10));
      so.cancel = interrupted;
      const SolveResult r = solver->solve(grid, so);
      if (interrupted->load()) return;
      if (r.outcome() != Outcome::solved) {
        std::fprintf(stderr, "nonet: %s: %s, not a proper puzzle (skipped)\n", where.c_str(),
                     to_string(r.outcome()));
        ++skipped;
        continue;
      }
      std::string note = p.line == parser.line_number()
                             ? note_after(raw, static_cast<std::size_t>(grid.size()))
                             : std::string();
      library.push_back({grid, *r.solution, p.line, std::move(note), std::nullopt});
    }
    parsed.clear();
  };
  std::vector<ParsedPuzzle> parsed;
  std::string_view line;
  bool truncated = false;
  while (reader.next(line, truncated)) {
    parser.feed(line, parsed, truncated);
    take(parsed, truncated ? std::string_view() : line);
    if (interrupted->load() || deadline.expired() || reader.over_limit()) break;
  }
  const bool failed = reader.failed(), too_big = reader.over_limit();
  if (!too_big && !interrupted->load() && !deadline.expired()) {
    parser.finish(parsed);
    take(parsed, std::string_view());
  }
  if (f != stdin) std::fclose(f);
  if (interrupted->load()) {
    std::fprintf(stderr,
                 "nonet: interrupted while reading the library %s (%zu puzzles read); no puzzle "
                 "was written\n",
                 name.c_str(), library.size());
    return 1;
  }
  if (too_big) {
    std::fprintf(stderr, "nonet: %s: library larger than %ju MiB\n", name.c_str(),
                 kMaxLibraryBytes >> 20);
    return 1;
  }
  if (failed) {
    std::fprintf(stderr, "nonet: %s: cannot read: %s\n", name.c_str(), std::strerror(errno));
    return 1;
  }
  if (deadline.expired()) {
    std::fprintf(stderr, "nonet: %s: the library was not read within --timeout %s s\n",
                 name.c_str(), timeout_text.c_str());
    return 1;
  }
  if (library.empty()) {
    std::fprintf(stderr, "nonet: %s: no proper puzzle in the library%s\n", name.c_str(),
                 skipped ? " (every entry was skipped)" : "");
    return 1;
  }
  return 0;
}

}  // namespace nonet::cli
