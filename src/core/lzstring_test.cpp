#include "nonet/lzstring.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace nonet::lz {
namespace {

std::u16string u(std::string_view text) { return *utf16(text); }

// Outputs of LZ-String 1.4's compressToBase64, as f-puzzles and SudokuPad
// write them (the last ones are f-puzzles puzzles).
struct Vector {
  const char* text;  // UTF-8
  const char* base64;
};
constexpr Vector kVectors[] = {
    {"", "Q==="},
    {"a", "IZA="},
    {"Hello world!", "BIUwNmD2AEDukCcwBMCEQ==="},
    {"ABABABA", "IIIV6A=="},
    {"aaaaabaaaaacaaaaadaaaaaeaaaaa", "IYkI1EGNOATWBTWQ"},
    {"R1C1", "EoRgwiQ="},
    {"R1C1R1C2R1C3R1C4", "EoRgwipgTFDMUAsQ"},
    {"\xC3\xA4", "CdA="},          // a literal of 8 bits above ASCII
    {"\xE2\x82\xAC", "jUEQ"},      // a literal of 16 bits
    {"\xF0\x9F\x98\x80", "rwbgA9o="},  // a surrogate pair
    {R"({"size":9})", "N4IgzglgXgpiBcBOAvkA"},
    {R"({"size":9,"grid":[]})", "N4IgzglgXgpiBcBOANCA5gJwgEwQbQF0BfIA"},
    {R"({"size":3,"grid":[[{},{},{}],[{},{},{}],[{},{},{}]]})",
     "N4IgzglgXgpiBcBmANCA5gJwgEwQbT2AF9ljSiBdZQks4qm88iiooA=="},
    {R"({"size":4,"title":"Tiny","author":"nonet","ruleset":"Normal 4x4 rules.","grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":1,"given":true}]],"thermometer":[{"lines":[["R1C2","R1C3","R1C4"]]}],"killercage":[{"cells":["R4C1","R4C2"],"value":"7"}],"negative":["ratio"]})",
     "N4IgzglgXgpiBcAWANCALhNAbO8QBUIA7ATxFQEMBXNACwHsAnBEI+omNckRqnMTiwByTALYUsAAkQAPRJN78AdNwDmjCABMEAbR2gAbhKq4AjKlUQDMIgjS8YAX2TBnrl44C6yfW78fvXw9g10D3cLcQIywTBHMQS2tbeHsTL290WhhGUXpRTmzdUCxiGDBdHRAAJVMAYQAmbhragGYmusQQT08vVABrCCwcRgBjClVcfRARmCHy+EqqxFrTJuXGjOjYvAB2EF7WGFUKDGtdHhOIei7HIA="},
};

TEST(LzString, CompressesAsTheReference) {
  for (const Vector& v : kVectors) {
    EXPECT_EQ(compress(u(v.text), Alphabet::base64), v.base64) << v.text;
    // The URI form is the same stream: '-' for '/', and no padding.
    std::string uri = v.base64;
    while (!uri.empty() && uri.back() == '=') uri.pop_back();
    for (char& c : uri) c = c == '/' ? '-' : c;
    EXPECT_EQ(compress(u(v.text), Alphabet::uri), uri) << v.text;
  }
}

TEST(LzString, DecompressesWhatTheReferenceWrote) {
  for (const Vector& v : kVectors) {
    const Result<std::u16string> back = decompress(v.base64, Alphabet::base64);
    ASSERT_TRUE(back) << v.base64 << ": " << back.error().to_string();
    EXPECT_EQ(utf8(*back), v.text);
  }
  // Padding may be missing; a URI form may have had its '+' turned into spaces.
  EXPECT_EQ(utf8(*decompress("BIUwNmD2AEDukCcwBMCEQ", Alphabet::base64)), "Hello world!");
  const std::string uri = compress(u("{\"a\":\"+++///???\"}"), Alphabet::uri);
  std::string with_spaces = uri;
  for (char& c : with_spaces) c = c == '+' ? ' ' : c;
  EXPECT_EQ(utf8(*decompress(with_spaces + "$$", Alphabet::uri)), "{\"a\":\"+++///???\"}");
}

TEST(LzString, RoundTripsAnyCodeUnits) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    std::u16string text;
    const int length = static_cast<int>(rng() % 400);
    for (int i = 0; i < length; ++i) {
      // Mostly a small alphabet (so that phrases repeat), sometimes anything.
      const auto pick = rng() % 10;
      text.push_back(static_cast<char16_t>(pick < 7 ? 'a' + rng() % 4
                                           : pick < 8 ? rng() % 256
                                                      : rng() % 65536));
    }
    for (const Alphabet a : {Alphabet::base64, Alphabet::uri}) {
      const Result<std::u16string> back = decompress(compress(text, a), a);
      ASSERT_TRUE(back) << back.error().to_string();
      ASSERT_EQ(*back, text) << "round " << round;
    }
  }
  // Long runs make long phrases (the case of a code defined by its own use).
  const std::u16string run(100000, u'x');
  EXPECT_EQ(*decompress(compress(run, Alphabet::base64), Alphabet::base64), run);
}

TEST(LzString, DamagedOrHostileInputIsAnError) {
  // A character outside the alphabet, named by its place.
  Result<std::u16string> r = decompress("N4Ig!zgl", Alphabet::base64);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().column, 5);
  EXPECT_FALSE(decompress("", Alphabet::base64));
  EXPECT_FALSE(decompress("N4Ig-zgl", Alphabet::base64)) << "'-' belongs to the URI form";
  EXPECT_FALSE(decompress("N4Ig/zgl", Alphabet::uri)) << "'/' belongs to the base64 form";
  // A stream cut short never reaches its end mark.
  const std::string whole = compress(u(R"({"size":9,"grid":[]})"), Alphabet::base64);
  r = decompress(whole.substr(0, whole.size() / 2), Alphabet::base64);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("end"), std::string::npos) << r.error().message;
  // Arbitrary text decodes to something or fails; it never crashes or runs on.
  std::mt19937 rng(11);
  const std::string letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (int i = 0; i < 2000; ++i) {
    std::string junk(1 + rng() % 60, 'A');
    for (char& c : junk) c = letters[rng() % 64];
    (void)decompress(junk, Alphabet::base64, 1 << 16);
  }
  // Output beyond the bound stops with an error, whatever the input promises.
  const std::string bomb = compress(std::u16string(200000, u'z'), Alphabet::base64);
  r = decompress(bomb, Alphabet::base64, 1000);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("more than 1000"), std::string::npos) << r.error().message;
}

TEST(LzString, Utf8AndUtf16) {
  EXPECT_EQ(utf8(u("a\xC3\xA4\xE2\x82\xAC\xF0\x9F\x98\x80")), "a\xC3\xA4\xE2\x82\xAC\xF0\x9F\x98\x80");
  EXPECT_EQ(u("\xF0\x9F\x98\x80").size(), 2u);
  for (const char* bad : {"\xC3", "\xC0\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "a\xFF"}) {
    const Result<std::u16string> r = utf16(bad);
    EXPECT_FALSE(r) << bad;
  }
  EXPECT_EQ(utf16("ab\xFF").error().column, 3);
  EXPECT_EQ(utf8(std::u16string(1, char16_t(0xD800))), "\xEF\xBF\xBD");
}

}  // namespace
}  // namespace nonet::lz
