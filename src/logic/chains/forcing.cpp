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
#include "logic/table.h"

namespace nonet::logic_detail {
namespace {

Board make_board(const LogicState& s, FindContext& context) {
  Board b;
  b.g = &s.geometry();
  const int n = b.g->side();
  b.empty.resize(static_cast<std::size_t>(b.g->cell_count()));
  for (int c = 0; c < b.g->cell_count(); ++c)
    b.empty[static_cast<std::size_t>(c)] = s.value(c) == 0;
  if (b.g->summed_cages() || b.g->has_relations()) {
    b.values.resize(static_cast<std::size_t>(b.g->cell_count()));
    for (int c = 0; c < b.g->cell_count(); ++c)
      b.values[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(s.value(c));
  }
  b.placed.resize(static_cast<std::size_t>(n) + 1);
  for (int d = 1; d <= n; ++d) b.placed[static_cast<std::size_t>(d)] = s.digit_count(d);
  b.context = &context;
  return b;
}

void find_level(const LogicState& s, FindContext& context, StepSink& sink, const Spec& spec,
                Technique technique) {
  Board board = make_board(s, context);
  ForcingSearch f(board, spec, technique);
  Step step;
  if (f.best(candidate_grid(s), step)) sink.take(std::move(step));
}

// One level of nested chains on `lanes` threads, which take cells in turn and
// meet the same reduced grids from different cells: they share what the rules
// found on them. The step kept is the one a single search over all cells
// would keep: the best rank, and among equals the one found first, in the
// lowest cell.
bool nested_level_on_threads(const Board& board, const Spec& spec, const std::vector<Mask>& grid,
                             int lanes, Step& step) {
  struct Lane {
    bool found = false;
    Step step;
    Rank rank;
    int cell = -1;
    std::exception_ptr error;
  };
  std::vector<Lane> out(static_cast<std::size_t>(lanes));
  std::atomic<int> next_cell{0};
  Memo<ForcingSearch::Derivation> shared(std::size_t{32} << 20);
  auto work = [&](int lane) {
    Lane& o = out[static_cast<std::size_t>(lane)];
    try {
      ForcingSearch f(board, spec, Technique::nested_forcing_chain);
      f.share(next_cell, shared);
      o.found = f.best(grid, o.step);
      o.rank = f.best_rank();
      o.cell = f.best_cell();
    } catch (...) {
      o.error = std::current_exception();
    }
  };
  {
    // Joined however the block is left (std::jthread would do this, but not
    // every standard library has it: the WebAssembly build's does not).
    std::vector<std::thread> workers;
    struct JoinAll {
      std::vector<std::thread>& threads;
      ~JoinAll() {
        for (std::thread& t : threads) t.join();
      }
    } join_all{workers};
    for (int lane = 1; lane < lanes; ++lane) workers.emplace_back(work, lane);
    work(0);
  }
  for (const Lane& o : out) {
    if (o.error) std::rethrow_exception(o.error);
  }
  if (board.expired()) return false;
  const Lane* best = nullptr;
  for (const Lane& o : out) {
    if (!o.found) continue;
    if (best == nullptr || o.rank.better_than(best->rank) ||
        (!best->rank.better_than(o.rank) && o.cell < best->cell)) {
      best = &o;
    }
  }
  if (best == nullptr) return false;
  step = best->step;
  return true;
}

}  // namespace

void find_nishio(const LogicState& s, FindContext& context, StepSink& sink) {
  find_level(s, context, sink, {false, true, true, 0}, Technique::nishio_forcing_chain);
}

void find_multiple_chains(const LogicState& s, FindContext& context, StepSink& sink) {
  find_level(s, context, sink, {true, false, false, 0}, Technique::multiple_forcing_chain);
}

void find_dynamic_chains(const LogicState& s, FindContext& context, StepSink& sink) {
  find_level(s, context, sink, {true, true, false, 0}, Technique::dynamic_forcing_chain);
}

void find_dynamic_plus_chains(const LogicState& s, FindContext& context, StepSink& sink) {
  find_level(s, context, sink, {true, true, false, 1}, Technique::dynamic_forcing_chain_plus);
}

void find_nested_chains(const LogicState& s, FindContext& context, StepSink& sink) {
  // The four levels share the position's memo of the nested rules' results:
  // each level reuses what the levels before found.
  const std::vector<Mask> grid = candidate_grid(s);
  Board board = make_board(s, context);
  board.rules = &context.rule_memo(grid);
  const int lanes = context.threads();
  for (int level = 2; level <= 5; ++level) {
    // Every level before this one found nothing: the step rates at least
    // this level's base.
    context.raise_floor(rating_of(Technique::nested_forcing_chain) + 5 * (level - 2));
    const Spec spec{true, true, false, level};
    Step step;
    bool found = false;
    if (lanes == 1) {
      ForcingSearch f(board, spec, Technique::nested_forcing_chain);
      found = f.best(grid, step);
    } else {
      found = nested_level_on_threads(board, spec, grid, lanes, step);
    }
    if (found) {
      sink.take(std::move(step));
      return;
    }
    if (board.expired()) return;
  }
}

}  // namespace nonet::logic_detail
