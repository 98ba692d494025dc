#include "nonet/lzstring.h"

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace nonet::lz {
namespace {

constexpr std::string_view kBase64 =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kUri =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-";
constexpr int kBitsPerChar = 6;

// Codes 0, 1 and 2 are tokens: an 8-bit literal follows, a 16-bit literal
// follows, the end of the stream. Phrases take codes from 3.
constexpr std::uint32_t kLiteral8 = 0, kLiteral16 = 1, kEnd = 2, kFirstPhrase = 3;

// Numbers go out least significant bit first, into characters filled from
// their most significant bit.
class BitWriter {
 public:
  explicit BitWriter(std::string_view alphabet) : alphabet_(alphabet) {}
  void put(std::uint32_t value, int bits) {
    for (int i = 0; i < bits; ++i) {
      pending_ = (pending_ << 1) | (value & 1);
      value >>= 1;
      if (++filled_ == kBitsPerChar) {
        out_ += alphabet_[pending_];
        pending_ = 0;
        filled_ = 0;
      }
    }
  }
  // Completes the last character; one made only of padding when none was open.
  std::string finish() {
    do {
      pending_ <<= 1;
    } while (++filled_ < kBitsPerChar);
    out_ += alphabet_[pending_];
    return std::move(out_);
  }

 private:
  std::string_view alphabet_;
  std::string out_;
  std::uint32_t pending_ = 0;
  int filled_ = 0;
};

// The code width grows by one bit after 2^width codes, counted as the
// reference counts them.
struct Width {
  int bits;
  std::uint32_t left;  // codes before the next widening
  void bump() {
    if (--left == 0) {
      left = std::uint32_t{1} << bits;
      ++bits;
    }
  }
};

}  // namespace

std::string compress(std::u16string_view text, Alphabet alphabet) {
  BitWriter out(alphabet == Alphabet::base64 ? kBase64 : kUri);
  // Phrases are keyed by (the code of the phrase they extend, the unit added);
  // single units by the unit. `fresh`: units with a code whose literal has not
  // been written yet.
  std::unordered_map<std::uint64_t, std::uint32_t> phrases;
  std::unordered_map<char16_t, std::uint32_t> units;
  std::unordered_set<char16_t> fresh;
  std::uint32_t next = kFirstPhrase;
  Width width{2, 2};
  const auto key = [](std::uint32_t code, char16_t unit) {
    return (std::uint64_t{code} << 16) | unit;
  };
  // The current phrase: its code, or its unit while it is one unit long.
  bool have_phrase = false, single = false;
  std::uint32_t phrase = 0;
  char16_t phrase_unit = 0;
  const auto emit = [&] {
    if (single && fresh.erase(phrase_unit) > 0) {
      const bool narrow = phrase_unit < 256;
      out.put(narrow ? kLiteral8 : kLiteral16, width.bits);
      out.put(phrase_unit, narrow ? 8 : 16);
      width.bump();
    } else {
      out.put(phrase, width.bits);
    }
    width.bump();
  };
  for (const char16_t c : text) {
    if (units.emplace(c, next).second) {
      fresh.insert(c);
      ++next;
    }
    if (!have_phrase) {
      have_phrase = single = true;
      phrase = units[c];
      phrase_unit = c;
      continue;
    }
    if (const auto it = phrases.find(key(phrase, c)); it != phrases.end()) {
      phrase = it->second;
      single = false;
      continue;
    }
    emit();
    phrases.emplace(key(phrase, c), next++);
    phrase = units[c];
    phrase_unit = c;
    single = true;
  }
  if (have_phrase) emit();
  out.put(kEnd, width.bits);
  std::string result = out.finish();
  if (alphabet == Alphabet::base64) result.append((4 - result.size() % 4) % 4, '=');
  return result;
}

Result<std::u16string> decompress(std::string_view text, Alphabet alphabet,
                                  std::size_t max_output) {
  // Each character's six bits, checked first so that errors name the place.
  std::vector<std::uint8_t> values;
  values.reserve(text.size());
  const std::string_view letters = alphabet == Alphabet::base64 ? kBase64 : kUri;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '=' || (alphabet == Alphabet::uri && c == '$')) continue;  // padding
    if (c == ' ' && alphabet == Alphabet::uri) c = '+';
    const std::size_t at = letters.find(c);
    if (at == std::string_view::npos) {
      return Error{0, static_cast<int>(i + 1),
                   std::string("'") + c + "' is not a character of the compressed form"};
    }
    values.push_back(static_cast<std::uint8_t>(at));
  }
  if (values.empty()) return Error{0, 0, "the compressed text is empty"};
  std::size_t index = 0;
  int bit = kBitsPerChar - 1;
  bool ran_out = false;
  // Reads `bits` bits, least significant first; past the end they read 0.
  const auto read = [&](int bits) {
    std::uint32_t value = 0;
    for (int i = 0; i < bits; ++i) {
      std::uint32_t b = 0;
      if (index < values.size()) {
        b = (values[index] >> bit) & 1;
      } else {
        ran_out = true;
      }
      value |= b << i;
      if (--bit < 0) {
        bit = kBitsPerChar - 1;
        ++index;
      }
    }
    return value;
  };
  // A phrase is the phrase it extends and one more unit; `first` is its first
  // unit and `length` its length, so that writing it out walks back once.
  struct Phrase {
    std::uint32_t prefix;  // 0: none
    char16_t last, first;
    std::uint32_t length;
  };
  std::vector<Phrase> phrases(kFirstPhrase);  // codes 0..2 are tokens
  std::u16string out;
  const auto write = [&](std::uint32_t code) {
    out.resize(out.size() + phrases[code].length);
    for (std::size_t i = out.size(); code != 0; code = phrases[code].prefix)
      out[--i] = phrases[code].last;
  };
  const auto too_long = [max_output] {
    return Error{0, 0, "the compressed text holds more than " + std::to_string(max_output) +
                           " characters"};
  };
  const auto broken = [] { return Error{0, 0, "the compressed text is damaged"}; };

  Width width{3, 4};
  const std::uint32_t token = read(2);
  if (token == kEnd) return out;
  if (token != kLiteral8 && token != kLiteral16) return broken();
  const auto unit = static_cast<char16_t>(read(token == kLiteral8 ? 8 : 16));
  phrases.push_back({0, unit, unit, 1});
  std::uint32_t previous = kFirstPhrase;
  out.push_back(unit);
  for (;;) {
    if (ran_out) return Error{0, 0, "the compressed text ends before its end mark"};
    std::uint32_t code = read(width.bits);
    if (code == kEnd) return out;
    if (code == kLiteral8 || code == kLiteral16) {
      const auto c = static_cast<char16_t>(read(code == kLiteral8 ? 8 : 16));
      phrases.push_back({0, c, c, 1});
      code = static_cast<std::uint32_t>(phrases.size() - 1);
      width.bump();
    }
    const Phrase& before = phrases[previous];
    bool added = false;
    if (code == phrases.size()) {
      // The phrase being defined: the previous one and its own first unit.
      phrases.push_back({previous, before.first, before.first, before.length + 1});
      added = true;
    } else if (code > phrases.size()) {
      return broken();
    }
    if (out.size() + phrases[code].length > max_output) return too_long();
    write(code);
    if (!added) {
      const Phrase& p = phrases[previous];
      phrases.push_back({previous, phrases[code].first, p.first, p.length + 1});
    }
    previous = code;
    width.bump();
  }
}

Result<std::u16string> utf16(std::string_view text) {
  std::u16string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    int extra = b < 0x80 ? 0 : (b >> 5) == 0x6 ? 1 : (b >> 4) == 0xE ? 2 : (b >> 3) == 0x1E ? 3 : -1;
    std::uint32_t cp = extra == 0 ? b : extra == 1 ? b & 0x1F : extra == 2 ? b & 0x0F : b & 0x07;
    bool ok = extra >= 0 && i + static_cast<std::size_t>(extra) < text.size();
    for (int k = 1; ok && k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      ok = (next & 0xC0) == 0x80;
      cp = (cp << 6) | (next & 0x3F);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
    static constexpr std::uint32_t kLeast[] = {0, 0x80, 0x800, 0x10000};
    if (ok && extra > 0) ok = cp >= kLeast[extra] && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF);
    if (!ok) return Error{0, static_cast<int>(i + 1), "the text is not UTF-8"};
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
    } else {
      out.push_back(static_cast<char16_t>(cp));
    }
    i += static_cast<std::size_t>(extra) + 1;
  }
  return out;
}

std::string utf8(std::u16string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::uint32_t cp = text[i];
    if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < text.size() && text[i + 1] >= 0xDC00 &&
        text[i + 1] <= 0xDFFF) {
      cp = 0x10000 + ((cp - 0xD800) << 10) + (text[++i] - 0xDC00);
    } else if (cp >= 0xD800 && cp <= 0xDFFF) {
      cp = 0xFFFD;  // a lone surrogate
    }
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  return out;
}

}  // namespace nonet::lz
