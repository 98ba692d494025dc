#pragma once
// Internal: the next step and the path with a caller's context, for the entry
// points that run several searches under one budget (hints, ratings).

#include <optional>

#include "logic/context.h"
#include "nonet/logic.h"

namespace nonet::logic_detail {

// The first step the profile's searches find, in their order; nullopt when the
// position is solved, no search finds one, or the context is stopped (then
// context.floor() is what the next step rates at least).
std::optional<Step> find_next_step(const LogicState& state, Profile profile, FindContext& context);
LogicPath find_path(const LogicState& start, Profile profile, FindContext& context);

}  // namespace nonet::logic_detail
