#pragma once
// Internal: the technique table (nonet/technique_table.h) as the engine uses
// it: each row's finder and writer, and each profile's searches in order.

#include <span>
#include <string>

#include "logic/context.h"
#include "nonet/logic.h"

namespace nonet::logic_detail {

// A finder: puts the steps it finds into the sink (the first in its scan
// order, or for the ranked searches the one that ranks first), and returns
// soon once the context is stopped.
using Finder = void (*)(const LogicState& state, FindContext& context, StepSink& sink);

// How a step is written: its title ("Unique Loop type 2") and its sentence.
struct StepWriter {
  std::string (*title)(const Step& step);
  std::string (*text)(const Step& step, const Geometry& g);
};

// One search of a profile: a finder (for one row, or for several rows in a
// row that share it), and the least rating of any step this search or a later
// one of the profile can find, in tenths: when a search starts with nothing
// found yet, the next step rates at least that.
struct Search {
  Finder find = nullptr;
  int floor = 0;
};

const StepWriter& writer(Technique technique);
// SE rating of the technique's plainest case, in tenths.
int rating_of(Technique technique);
// A profile's searches, in order.
std::span<const Search> searches(Profile profile);

}  // namespace nonet::logic_detail
