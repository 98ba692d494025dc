// The technique table expanded: the facts of each technique (public), its
// finder and writer, and each profile's searches in order.

#include "logic/table.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "logic/chains/chains.h"
#include "logic/finders.h"
#include "logic/modern/modern.h"
#include "logic/render/text.h"

namespace nonet {
namespace logic_detail {

constexpr TechniqueInfo kInfo[] = {
#define NONET_ROW(id, name, rating, rule, level, score, se, modern, finder, text) \
  {Technique::id, #id, name, rating, rule, HodokuLevel::level, score, se != 0, modern != 0},
    NONET_TECHNIQUES(NONET_ROW)
#undef NONET_ROW
};
constexpr std::size_t kCount = std::size(kInfo);

// Finder names: rows that share one are one search. Names, not the pointers,
// are compared, as function addresses are not constants in every build.
constexpr std::string_view kFinderNames[] = {
#define NONET_ROW(id, name, rating, rule, level, score, se, modern, finder, text) #finder,
    NONET_TECHNIQUES(NONET_ROW)
#undef NONET_ROW
};

constexpr Finder kFinders[] = {
#define NONET_ROW(id, name, rating, rule, level, score, se, modern, finder, text) &find_##finder,
    NONET_TECHNIQUES(NONET_ROW)
#undef NONET_ROW
};

constexpr StepWriter kWriters[] = {
#define NONET_ROW(id, name, rating, rule, level, score, se, modern, finder, text) \
  {&text##_title, &text##_text},
    NONET_TECHNIQUES(NONET_ROW)
#undef NONET_ROW
};

namespace {

// A profile's rows in table order; the rows next to each other that share a
// finder are one search.
template <class T>
struct Listed {
  std::array<T, kCount> items{};
  std::size_t count = 0;
};

constexpr Listed<Technique> profile_rows(Profile profile) {
  Listed<Technique> out;
  for (const TechniqueInfo& info : kInfo) {
    if (info.in(profile)) out.items[out.count++] = info.technique;
  }
  return out;
}

constexpr Listed<Search> profile_searches(Profile profile) {
  Listed<Search> out;
  std::string_view last;
  for (std::size_t i = 0; i < kCount; ++i) {
    if (!kInfo[i].in(profile)) continue;
    if (kFinderNames[i] != last) out.items[out.count++] = {kFinders[i], kInfo[i].rating};
    last = kFinderNames[i];
    Search& s = out.items[out.count - 1];
    s.floor = std::min(s.floor, kInfo[i].rating);
  }
  // A search's floor covers the searches after it too.
  for (std::size_t k = out.count; k-- > 1;) {
    out.items[k - 1].floor = std::min(out.items[k - 1].floor, out.items[k].floor);
  }
  return out;
}

constexpr auto kSeRows = profile_rows(Profile::se);
constexpr auto kModernRows = profile_rows(Profile::modern);
constexpr auto kSeSearches = profile_searches(Profile::se);
constexpr auto kModernSearches = profile_searches(Profile::modern);

}  // namespace

template <class T>
std::span<const T> listed(const Listed<T>& l) {
  return {l.items.data(), l.count};
}

const StepWriter& writer(Technique technique) {
  return kWriters[static_cast<std::size_t>(technique)];
}

int rating_of(Technique technique) { return kInfo[static_cast<std::size_t>(technique)].rating; }

std::span<const Search> searches(Profile profile) {
  return listed(profile == Profile::se ? kSeSearches : kModernSearches);
}

}  // namespace logic_detail

std::span<const TechniqueInfo> technique_table() { return logic_detail::kInfo; }

const TechniqueInfo& technique_info(Technique technique) {
  return logic_detail::kInfo[static_cast<std::size_t>(technique)];
}

std::optional<Technique> technique_from_id(std::string_view id) {
  for (const TechniqueInfo& info : logic_detail::kInfo) {
    if (info.id == id) return info.technique;
  }
  return std::nullopt;
}

std::span<const Technique> profile_techniques(Profile profile) {
  return logic_detail::listed(profile == Profile::se ? logic_detail::kSeRows
                                                     : logic_detail::kModernRows);
}

std::string_view technique_name(Technique technique) { return technique_info(technique).name; }

std::string_view technique_id(Technique technique) { return technique_info(technique).id; }

std::string_view hodoku_level_name(HodokuLevel level) {
  static constexpr std::string_view kNames[] = {"easy", "medium", "hard", "unfair", "extreme"};
  return kNames[static_cast<std::size_t>(level)];
}

std::string_view profile_name(Profile profile) { return profile == Profile::se ? "se" : "modern"; }

std::optional<Profile> profile_from_name(std::string_view name) {
  if (name == "se" || name == "classic" || name == "default") return Profile::se;
  if (name == "modern") return Profile::modern;
  return std::nullopt;
}

}  // namespace nonet
