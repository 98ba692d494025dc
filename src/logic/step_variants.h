#pragma once
// Internal: the values of Step::variant that finders write and the text reads.

namespace nonet::logic_detail {

// The SE chain family.
enum ChainVariant : int {
  kForcingXChain = 0,       // forcing_chain: one digit (6.6)
  kForcingXYChain = 1,      // forcing_chain: mixed links (7.0)
  kBidirectionalCycle = 2,  // x_cycle with mixed links (7.0)
  kContradiction = 0,       // nishio / dynamic: an assumption leads to a contradiction
  kDoubleForcing = 1,       // dynamic: both states of a candidate imply the same
  kCellForcing = 2,         // multiple / dynamic: every digit of a cell implies it
  kRegionForcing = 3,       // multiple / dynamic: every place of a digit in a house
};
// Nested forcing chains carry their kind plus this times (level - 2): level 2
// (forcing chains inside), 3 (multiple), 4 (dynamic), 5 (dynamic of level 2).
constexpr int kNestedLevelStride = 4;

// The modern chain family.
enum ModernVariant : int {
  kUngrouped = 0,
  kGrouped = 1,       // the chain has a node made of several cells of one box and line
  kSinglyLinked = 0,  // ALS-XZ with one restricted common digit
  kDoublyLinked = 1,  // ALS-XZ with two
};

// Cage overlap and innies / outies.
constexpr int kCageSeen = 0;       // a digit the cage must hold, seen from outside
constexpr int kHouseIntoCage = 1;  // a digit a house holds only inside the cage
constexpr int kInnies = 0;
constexpr int kOuties = 1;

// Finned fish.
constexpr int kSashimi = 1;

// Simple coloring.
constexpr int kColorTrap = 1;
constexpr int kColorWrap = 2;

}  // namespace nonet::logic_detail
