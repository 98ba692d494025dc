// SE's forcing-chain producers: Nishio (7.5), multiple (8.0), dynamic (8.5),
// dynamic (+) (9.0) and nested (9.5 - 11.0+) forcing chains, each a
// ForcingSearch over the position's candidates; nested chains split their
// cells between threads.

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

#include "logic/chains/chains.h"
#include "logic/chains/forcing_search.h"

namespace nonet::logic_detail {
namespace {
thread_local const Deadline* t_deadline = nullptr;
thread_local int t_threads = 1;
}  // namespace

ChainDeadlineScope::ChainDeadlineScope(const Deadline& deadline, int threads)
    : previous_(t_deadline), previous_threads_(t_threads) {
  t_deadline = deadline.is_set() ? &deadline : nullptr;
  t_threads = std::clamp(threads, 1, kMaxChainThreads);
}
ChainDeadlineScope::~ChainDeadlineScope() {
  t_deadline = previous_;
  t_threads = previous_threads_;
}

namespace {

Board make_board(const LogicState& s) {
  Board b;
  b.g = &s.geometry();
  const int n = b.g->side();
  b.empty.resize(static_cast<std::size_t>(b.g->cell_count()));
  for (int c = 0; c < b.g->cell_count(); ++c)
    b.empty[static_cast<std::size_t>(c)] = s.value(c) == 0;
  b.placed.resize(static_cast<std::size_t>(n) + 1);
  for (int d = 1; d <= n; ++d) b.placed[static_cast<std::size_t>(d)] = s.digit_count(d);
  b.deadline = t_deadline;
  return b;
}

std::vector<Mask> candidate_grid(const LogicState& s) {
  std::vector<Mask> grid(static_cast<std::size_t>(s.geometry().cell_count()));
  for (int c = 0; c < s.geometry().cell_count(); ++c)
    grid[static_cast<std::size_t>(c)] = s.candidates(c);
  return grid;
}

bool find_level(const LogicState& s, Step& step, const Spec& spec, Technique technique) {
  Board board = make_board(s);
  ForcingSearch f(board, spec, technique);
  return f.best(candidate_grid(s), step);
}

}  // namespace

bool find_nishio(const LogicState& s, Step& step) {
  return find_level(s, step, {false, true, true, 0}, Technique::nishio_forcing_chain);
}

bool find_multiple_chains(const LogicState& s, Step& step) {
  return find_level(s, step, {true, false, false, 0}, Technique::multiple_forcing_chain);
}

bool find_dynamic_chains(const LogicState& s, Step& step) {
  return find_level(s, step, {true, true, false, 0}, Technique::dynamic_forcing_chain);
}

bool find_dynamic_plus_chains(const LogicState& s, Step& step) {
  return find_level(s, step, {true, true, false, 1}, Technique::dynamic_forcing_chain_plus);
}

bool find_nested_chains(const LogicState& s, Step& step) {
  // One board per lane for the four levels (each lane notes its own time out);
  // copies of one board, they share its memo of the nested rules' results, which
  // each level reuses from the levels before.
  const int lanes = t_threads;
  std::vector<Board> boards(static_cast<std::size_t>(lanes), make_board(s));
  const std::vector<Mask> grid = candidate_grid(s);
  for (int level = 2; level <= 5; ++level) {
    const Spec spec{true, true, false, level};
    if (lanes == 1) {
      ForcingSearch f(boards[0], spec, Technique::nested_forcing_chain);
      if (f.best(grid, step)) return true;
      if (boards[0].expired()) return false;
      continue;
    }
    struct Lane {
      bool found = false;
      Step step;
      Rank rank;
      int cell = -1;
      std::exception_ptr error;
    };
    std::vector<Lane> out(static_cast<std::size_t>(lanes));
    // The lanes take cells in turn, and meet the same reduced grids from
    // different cells: they share what the rules found on them.
    std::atomic<int> next_cell{0};
    Memo<ForcingSearch::Derivation> shared(std::size_t{32} << 20);
    auto work = [&](int lane) {
      Lane& o = out[static_cast<std::size_t>(lane)];
      try {
        ForcingSearch f(boards[static_cast<std::size_t>(lane)], spec,
                        Technique::nested_forcing_chain);
        f.share(next_cell, shared);
        o.found = f.best(grid, o.step);
        o.rank = f.best_rank();
        o.cell = f.best_cell();
      } catch (...) {
        o.error = std::current_exception();
      }
    };
    {
      std::vector<std::jthread> workers;
      for (int lane = 1; lane < lanes; ++lane) workers.emplace_back(work, lane);
      work(0);
    }
    for (const Lane& o : out) {
      if (o.error) std::rethrow_exception(o.error);
    }
    for (Board& b : boards) {
      if (b.stopped) return false;
    }
    // The step one search over all cells would have kept: the best rank, and
    // among equals the one found first, in the lowest cell.
    const Lane* best = nullptr;
    for (const Lane& o : out) {
      if (!o.found) continue;
      if (best == nullptr || o.rank.better_than(best->rank) ||
          (!best->rank.better_than(o.rank) && o.cell < best->cell)) {
        best = &o;
      }
    }
    if (best != nullptr) {
      step = best->step;
      return true;
    }
  }
  return false;
}

}  // namespace nonet::logic_detail
