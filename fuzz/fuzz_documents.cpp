// Fuzzes the readers of other programs' files (apps/ops/formats.h), whole and
// as the CLI finds them among lines: the text is cut into lines and gathered
// with OtherLines, each piece read with
// read_other, and every document read with read_document. Checks their
// promises: errors say what and where (a line within the text), and every
// document read is written in each form that holds its board and read back to
// the same givens.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/format.h"
#include "ops/formats.h"

namespace {

int lines_in(std::string_view text) {
  int n = 1;
  for (char c : text) n += c == '\n';
  return n;
}

void check_documents(std::string_view text) {
  const nonet::Result<std::vector<nonet::ops::Document>> read = nonet::ops::read_document(text);
  if (!read) {
    const nonet::Error& e = read.error();
    if (e.message.empty() || e.line < 0 || e.line > lines_in(text)) std::abort();
    return;
  }
  for (const nonet::ops::Document& d : *read) {
    if (d.values.size() != d.givens.size()) std::abort();
    if (!d.marks.empty() && static_cast<int>(d.marks.size()) != d.givens.size()) std::abort();
    for (const nonet::ops::Form form :
         {nonet::ops::Form::sdk, nonet::ops::Form::ipuz, nonet::ops::Form::opensudoku,
          nonet::ops::Form::hodoku, nonet::ops::Form::sudokuwiki, nonet::ops::Form::pm}) {
      nonet::Result<std::string> written = nonet::ops::write_document(d, form);
      if (!written) continue;
      std::string again = *written;
      if (form == nonet::ops::Form::opensudoku)
        again = std::string(nonet::ops::opensudoku_header()) + again +
                std::string(nonet::ops::opensudoku_footer());
      const nonet::Result<std::vector<nonet::ops::Document>> back =
          form == nonet::ops::Form::sdk && !d.played()
              ? nonet::Result<std::vector<nonet::ops::Document>>(
                    std::vector<nonet::ops::Document>{})
              : nonet::ops::read_document(again);
      if (form == nonet::ops::Form::sdk && !d.played()) {
        const nonet::ParsedPuzzle p = nonet::parse_puzzle(again);
        if (!p.ok() || !(*p == d.givens)) std::abort();
        continue;
      }
      // A PM grid reads values as givens; the other forms keep them.
      if (!back || back->size() != 1) std::abort();
      if (form != nonet::ops::Form::pm && !(back->front().givens == d.givens)) std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_documents(text);
  // As the CLI's reader gathers them among lines.
  std::string gathered;
  bool gathering = false;
  nonet::ops::OtherLines other_lines;
  const auto finish = [&] {
    for (const auto& [offset, piece] : nonet::ops::split_other(gathered)) {
      if (offset < 0) std::abort();
      const nonet::Result<nonet::ops::OtherPuzzle> other = nonet::ops::read_other(piece);
      if (!other && other.error().message.empty()) std::abort();
    }
    gathering = false;
    gathered.clear();
  };
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (gathering) {
      if (other_lines.continues(line)) {
        gathered += '\n';
        gathered += line;
        if (other_lines.complete()) finish();
        continue;
      }
      finish();
    }
    if (other_lines.starts(line)) {
      gathered.assign(line);
      gathering = true;
      if (other_lines.complete()) finish();
    }
  }
  if (gathering) finish();
  return 0;
}
