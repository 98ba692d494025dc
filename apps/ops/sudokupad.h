#pragma once
// SudokuPad's own puzzle forms, read into the variant model: a link
// `https://sudokupad.app/scl...` (its compact JSON) or `.../ctc...` (plain
// JSON), each LZ-String compressed, or the bare payload with its prefix.
//
//   nonet::Result<nonet::VariantPuzzle> p =
//       nonet::ops::read_variant("https://sudokupad.app/sclN4Sw...");
//
// SudokuPad's JSON says what to draw, not which rules apply: the cells' given
// digits, the regions and the cages (killer cages) carry rules and are read;
// lines, arrows and shapes over or under the cells carry rules that only the
// puzzle's text names, so a puzzle that has any is refused by name (its
// f-puzzles link reads). Titles, rules text, colours and videos are passed over.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "nonet/variant.h"

namespace nonet::ops {

struct SudokuPadPayload {
  std::string data;      // the LZ-String base64 text
  bool compact = false;  // scl: the compact JSON; ctc: plain JSON
};

// The payload of a SudokuPad link in its own forms, or of a bare "scl..." or
// "ctc..." text; nullopt for anything else.
std::optional<SudokuPadPayload> sudokupad_payload(std::string_view text);

// SudokuPad's compact JSON as plain JSON text: its keys unquoted, its strings
// in single quotes, an empty slot of a list standing for {}, t and f for true
// and false, #0, #F and six bare hex digits for colours. The Error names the
// place of the first thing that is neither.
Result<std::string> expand_compact_json(std::string_view compact);

// The puzzle SudokuPad's JSON describes (short keys such as "ce" for cells
// already allowed), checked (check()).
Result<VariantPuzzle> read_sudokupad(const nlohmann::json& puzzle);

}  // namespace nonet::ops
