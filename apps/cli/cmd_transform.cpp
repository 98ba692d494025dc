// nonet transform | canon

#include <cstdio>

#include "cli/commands.h"
#include "cli/options.h"
#include "ops/json.h"
#include "ops/text.h"
#include "ops/values.h"

namespace nonet::cli {
namespace {

struct TransformCommand {
  BatchOptions batch;
  std::string ops;
  bool random = false;
  std::uint64_t seed = 0;
};

ops::TextForm text_form(Format format) {
  return format == Format::grid ? ops::TextForm::grid : ops::TextForm::line;
}

PuzzleJob transform_job(const TransformCommand& cmd, const std::vector<TransformOp>& list) {
  return [&cmd, &list](app::InputItem& item, ops::Scratch& scratch, std::string& out,
                       std::string& err) -> JobResult {
    const Format format = cmd.batch.format;
    if (!item.puzzle.ok()) return report_parse_error(item, format, out, err);
    const ops::TransformRequest request{.puzzle = *item.puzzle,
                                        .ops = list,
                                        .random = cmd.random,
                                        .seed = cmd.seed,
                                        .index = item.index};
    ops::Context context;
    context.scratch = &scratch;
    const ops::Result<ops::TransformAnswer> r = ops::transform(request, context);
    if (!r) return report_failure(item, format, r.error(), out, err);
    out += format == Format::json ? json_line(item, ops::to_json(*r)) : ops::text(*r, text_form(format));
    return true;
  };
}

PuzzleJob canon_job(const BatchOptions& batch) {
  return [&batch](app::InputItem& item, ops::Scratch& scratch, std::string& out,
                  std::string& err) -> JobResult {
    if (!item.puzzle.ok()) return report_parse_error(item, batch.format, out, err);
    ops::Context context;
    context.scratch = &scratch;
    const ops::Result<ops::CanonAnswer> r = ops::canon(*item.puzzle, context);
    if (!r) return report_failure(item, batch.format, r.error(), out, err);
    out += batch.format == Format::json ? json_line(item, ops::to_json(*r))
                                        : ops::text(*r, text_form(batch.format));
    return true;
  };
}

}  // namespace

void add_transform_commands(CLI::App& app, Action& action) {
  static TransformCommand tr;
  static std::vector<TransformOp> tr_ops;
  static BatchOptions canon_opts;

  CLI::App* t = app.add_subcommand(
      "transform",
      "Apply validity-keeping transformations to puzzles: the listed --ops, or a "
      "random one per puzzle (--random)");
  add_batch_options(*t, "transform", tr.batch);
  add_op_option(*t, "transform", "ops", tr.ops)->check(ops_check(ops::read_transform_ops));
  t->add_flag(option_flags("transform", "random"), tr.random, option_help("transform", "random"));
  add_op_option(*t, "transform", "seed", tr.seed)->check(whole_range(0, UINT64_MAX));
  t->callback([&action] {
    action = [] {
      if (tr.random == !tr.ops.empty()) {
        std::fprintf(stderr, "nonet transform: give either --ops LIST or --random\n");
        return 2;
      }
      if (!tr.random) tr_ops = *ops::read_transform_ops(tr.ops);  // checked by CLI11
      return run(tr.batch, transform_job(tr, tr_ops));
    };
  });

  CLI::App* c = app.add_subcommand(
      "canon",
      "Canonical form of puzzles: equal exactly for puzzles that are the same up to "
      "transformation and relabelling (9x9, 4x4, 6x6, 8x8)");
  add_batch_options(*c, "canon", canon_opts);
  c->callback([&action] { action = [] { return run(canon_opts, canon_job(canon_opts)); }; });
}

}  // namespace nonet::cli
