#include "book/make.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>

#include "ops/batch.h"

namespace nonet::book {
namespace {

// One puzzle of the book, as it is gathered.
struct Slot {
  std::size_t index = 0;
  std::optional<Level> level{};  // made: the level asked for
  std::optional<Grid> puzzle{};  // given
  std::optional<Entry> entry{};
  std::string error{};
  ops::Code code = ops::Code::bad_value;
};

// The path's lines: "(1.2) Hidden Single: ...", and how many more were left out.
void add_path(const ops::ExplainAnswer& a, int most, Entry& entry) {
  entry.explained = true;
  const int n = static_cast<int>(a.path.steps.size());
  const int shown = most > 0 ? std::min(most, n) : n;
  for (int i = 0; i < shown; ++i) {
    const Step& step = a.path.steps[static_cast<std::size_t>(i)];
    char rating[32];
    std::snprintf(rating, sizeof rating, "(%d.%d) ", step.rating / 10, step.rating % 10);
    entry.steps.push_back(rating + render_step(step, a.puzzle.geometry()));
  }
  entry.more_steps = n - shown;
  if (shown == n && a.status != ops::Status::solved)
    entry.steps.push_back("The path stops here: " + a.message);
}

}  // namespace

nonet::Result<std::vector<std::optional<Level>>> read_levels(std::string_view text) {
  std::vector<std::optional<Level>> levels;
  for (std::size_t at = 0; at <= text.size() && !text.empty();) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string_view::npos) comma = text.size();
    const ops::Result<Level> level = ops::read_level(text.substr(at, comma - at));
    if (!level) return Error{0, 0, "--level " + std::string(text) + ": " + level.error().message};
    levels.emplace_back(*level);
    at = comma + 1;
  }
  return levels;
}

nonet::Result<std::vector<bool>> read_explain(std::string_view text, std::size_t count) {
  std::vector<bool> chosen(count, false);
  if (text.empty() || text == "none") return chosen;
  if (text == "all") return std::vector<bool>(count, true);
  const auto number = [](std::string_view s) -> std::uint64_t {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string_view::npos)
      return 0;
    return std::stoull(std::string(s));
  };
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t comma = text.find(',', at);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view item = text.substr(at, comma - at);
    const std::size_t dash = item.find('-');
    const std::uint64_t a = number(item.substr(0, dash));
    const std::uint64_t b = dash == std::string_view::npos ? a : number(item.substr(dash + 1));
    if (a == 0 || b == 0 || b < a)
      return Error{0, 0,
                   "--explain " + std::string(text) + ": '" + std::string(item) +
                       "' is not a puzzle number or range (e.g. 1,5-7, all or none)"};
    if (b > count)
      return Error{0, 0,
                   "--explain " + std::string(text) + ": puzzle " + std::to_string(b) +
                       " is past the book's " + std::to_string(count)};
    for (std::uint64_t i = a; i <= b; ++i) chosen[i - 1] = true;
    at = comma + 1;
  }
  return chosen;
}

std::uint64_t book_size(const Request& request) {
  return request.puzzles.empty() ? request.count : request.puzzles.size();
}

nonet::Result<void> check(const Request& request) {
  if (request.puzzles.empty()) {
    const std::size_t shares = std::max<std::size_t>(1, request.levels.size());
    if (request.count < shares)
      return Error{0, 0,
                   "-n " + std::to_string(request.count) + ": fewer puzzles than levels (" +
                       std::to_string(shares) + ")"};
    for (std::size_t l = 0; l < shares; ++l) {
      ops::GenerateRequest one = request.generate;
      if (!request.levels.empty()) one.level = request.levels[l];
      if (const ops::Result<void> ok = ops::check(one); !ok)
        return Error{0, 0,
                     (ok.error().option.empty() ? "" : "--" + ok.error().option + ": ") +
                         ok.error().message};
    }
  }
  if (const nonet::Result<std::vector<bool>> e = read_explain(request.explain, book_size(request));
      !e)
    return e.error();
  return {};
}

Made make(const Request& request, std::atomic<bool>& cancel,
          const std::function<void(std::size_t)>& done) {
  Made made;
  const nonet::Result<std::vector<bool>> chosen = read_explain(request.explain, book_size(request));
  if (!chosen) {
    made.error = chosen.error().message;
    return made;
  }
  std::vector<Slot> slots;
  const bool generating = request.puzzles.empty();
  if (generating) {
    const std::size_t shares = std::max<std::size_t>(1, request.levels.size());
    for (std::size_t l = 0; l < shares; ++l) {
      const std::uint64_t share = request.count / shares + (l < request.count % shares ? 1 : 0);
      for (std::uint64_t k = 0; k < share; ++k)
        slots.push_back(
            {slots.size(), request.levels.empty() ? request.generate.level : request.levels[l]});
    }
  } else {
    for (const Grid& p : request.puzzles) slots.push_back({slots.size(), std::nullopt, p});
  }

  std::vector<std::unique_ptr<ops::Scratch>> scratch;
  const int threads = std::max(
      1, std::min<int>(request.threads, static_cast<int>(std::max<std::size_t>(1, slots.size()))));
  for (int t = 0; t < threads; ++t) scratch.push_back(std::make_unique<ops::Scratch>());
  ops::BatchHooks<Slot*> hooks;
  hooks.group = 64;
  std::size_t next = 0;
  hooks.read = [&](std::vector<Slot*>& group, std::size_t max) {
    for (; next < slots.size() && group.size() < max; ++next) group.push_back(&slots[next]);
    return !group.empty();
  };
  hooks.run = [&](Slot*& slot, int worker) {
    Slot& s = *slot;
    ops::Context context;
    context.cancel = &cancel;
    context.scratch = scratch[static_cast<std::size_t>(worker)].get();
    // The first failure stops the others; those it stopped have nothing to say.
    const auto fail = [&](ops::Code code, const std::string& message) {
      if (context.cancelled()) return false;
      s.error = message;
      s.code = code;
      cancel.store(true);
      return false;
    };
    Grid puzzle = s.puzzle ? *s.puzzle : Grid(*request.generate.geometry);
    const int side = puzzle.geometry().side();
    if (generating) {
      ops::GenerateRequest one = request.generate;
      one.level = s.level;
      one.index = s.index;
      one.rate = true;
      context.set_budget(request.timeout, ops::Work::generate, side);
      const ops::Result<ops::GenerateAnswer> r = ops::generate(one, context);
      if (!r)
        return fail(r.error().code,
                    "puzzle " + std::to_string(s.index + 1) + ": " + r.error().message);
      if (r->status != ops::Status::ok)
        return fail(ops::Code::timeout, "puzzle " + std::to_string(s.index + 1) + ": " +
                                            r->message +
                                            "; raise the time allowed or widen the band");
      puzzle = r->puzzle->puzzle;
      s.entry = Entry{r->puzzle->puzzle, r->puzzle->solution, r->rating};
    } else {
      const std::string& place = request.places.size() > s.index
                                     ? request.places[s.index]
                                     : "puzzle " + std::to_string(s.index + 1);
      context.set_budget(request.timeout, ops::Work::search, side);
      const ops::Result<Grid> solution = ops::unique_solution(puzzle, context);
      if (!solution)
        return fail(solution.error().code, place + ": " + solution.error().message +
                                               "; a book's puzzles have one solution");
      s.entry = Entry{puzzle, *solution};
      context.set_budget(request.timeout, ops::Work::logic, side);
      const ops::Result<ops::RateAnswer> rated = ops::rate({puzzle, request.profile}, context);
      if (context.cancelled()) return false;
      if (rated && rated->status == ops::Status::rated) s.entry->rating = rated->rating;
    }
    if ((*chosen)[s.index]) {
      context.set_budget(request.timeout, ops::Work::logic, side);
      const ops::Result<ops::ExplainAnswer> path =
          ops::explain({puzzle, {}, request.profile}, context);
      if (context.cancelled()) return false;
      if (path) add_path(*path, request.steps, *s.entry);
    }
    return true;
  };
  hooks.write = [&](std::vector<Slot*>&, std::size_t from, std::size_t to) {
    made.done += to - from;
    if (done) done(to - from);
    return true;
  };
  ops::run_batch(threads, hooks, &cancel);
  for (const Slot& s : slots) {
    if (!s.error.empty()) {
      made.error = s.error;
      made.code = s.code;
      return made;
    }
  }
  if (made.done != slots.size()) {
    made.cancelled = true;
    return made;
  }
  for (Slot& s : slots) made.entries.push_back(std::move(*s.entry));
  return made;
}

nonet::Result<std::time_t> creation_date() {
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (!epoch || !*epoch) return std::time(nullptr);
  char* end = nullptr;
  errno = 0;
  const long long when = std::strtoll(epoch, &end, 10);
  if (*end != '\0' || when < 0 || errno != 0)
    return Error{0, 0,
                 std::string("SOURCE_DATE_EPOCH=") + epoch + ": seconds since 1970 are needed"};
  return static_cast<std::time_t>(when);
}

nonet::Result<std::vector<std::string>> write_files(const std::vector<std::string>& files,
                                                    const std::string& path, Output output) {
  std::vector<std::string> written;
  const int pages = output == Output::pdf ? 0 : static_cast<int>(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string target = pages ? page_path(path, static_cast<int>(i) + 1, pages) : path;
    const std::string temporary = target + ".part";
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(files[i].data(), static_cast<std::streamsize>(files[i].size()));
    out.close();
    if (!out || std::rename(temporary.c_str(), target.c_str()) != 0) {
      const std::string why = std::strerror(errno);
      std::remove(temporary.c_str());
      return Error{0, 0, "cannot write " + target + ": " + why};
    }
    written.push_back(target);
  }
  return written;
}

}  // namespace nonet::book
