#pragma once
// LZ-String 1.4, the compression that f-puzzles (`?load=`) and SudokuPad links
// carry their puzzle JSON in: LZW over UTF-16 code units with escaped literals,
// packed six bits to a character of a base64 alphabet.
//
//   std::u16string json = *nonet::lz::utf16(R"({"size":9})");
//   std::string link = nonet::lz::compress(json, nonet::lz::Alphabet::base64);
//   // "N4IgzglgXgpiBcBOAvkA"
//   nonet::Result<std::u16string> back = nonet::lz::decompress(link, nonet::lz::Alphabet::base64);
//
// Decompression is bounded: the dictionary costs a few bytes per code read,
// and the output stops with an error at `max_output` code units, so no payload
// can inflate past it (LZW output can grow with the square of its input).

#include <cstddef>
#include <string>
#include <string_view>

#include "nonet/error.h"

#pragma GCC visibility push(default)  // the public API: exported from libnonet.so
namespace nonet::lz {

enum class Alphabet {
  base64,  // A-Z a-z 0-9 + /, padded with '=' to a multiple of four (compressToBase64)
  uri,     // A-Z a-z 0-9 + -, unpadded (compressToEncodedURIComponent)
};

inline constexpr std::size_t kDefaultMaxOutput = std::size_t{16} << 20;  // code units

std::string compress(std::u16string_view text, Alphabet alphabet);

// The text a compressed stream holds. An Error (its column the 1-based
// position of the character) for a character outside the alphabet (padding
// '=' and, in the URI form, '$' are skipped; a space reads as '+'), a code
// that names no phrase, a stream that ends before its end mark, or output
// beyond `max_output` code units.
Result<std::u16string> decompress(std::string_view text, Alphabet alphabet,
                                  std::size_t max_output = kDefaultMaxOutput);

// UTF-8 to UTF-16 code units and back. utf16 refuses bytes that are not UTF-8
// (an Error naming the byte's position); utf8 writes a lone surrogate as U+FFFD.
Result<std::u16string> utf16(std::string_view text);
std::string utf8(std::u16string_view text);

}  // namespace nonet::lz
#pragma GCC visibility pop
