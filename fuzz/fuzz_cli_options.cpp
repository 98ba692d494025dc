// Fuzzes the CLI's option handling: the box-shape reader (--box) alone, then a
// whole argument list (split at NUL bytes) given to a command with the batch
// options (--box, --format, -j, --timeout, files). CLI11 may refuse the list
// with a Error; anything else escaping, or an accepted --box that names no
// board, is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "cli/options.h"
#include "ops/values.h"
#include "nonet/geometry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (const auto box = nonet::ops::read_box(text); box && !*box) std::abort();

  std::vector<std::string> args;
  std::size_t start = 0;
  while (start <= text.size() && args.size() < 16) {
    std::size_t end = text.find('\0', start);
    if (end == std::string::npos) end = text.size();
    args.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  CLI::App app{"fuzz"};
  nonet::cli::BatchOptions options;
  nonet::cli::add_batch_options(app, "solve", options);
  std::vector<const char*> argv{"nonet"};
  for (const std::string& a : args) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::Error&) {
    return 0;
  }
  const nonet::ParseOptions p = nonet::cli::parse_options(options);
  if (!options.box.empty() && !nonet::Geometry::get(p.box_rows, p.box_cols)) std::abort();
  // -1 is "not given"; any other timeout is a number of seconds, never NaN.
  const bool timeout_ok = options.timeout == -1 || options.timeout >= 0;
  if (options.threads < 1 || options.threads > 256 || !timeout_ok) std::abort();
  nonet::ops::Scratch scratch;
  (void)nonet::cli::item_context(options, 9, nonet::ops::Work::logic, scratch);
  return 0;
}
