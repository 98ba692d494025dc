#pragma once
// The technique table: every technique the logic knows, one row each, in the
// order the solver tries them. A profile (Profile::se, Profile::modern) runs
// the rows marked for it in this order, and rows next to each other that name
// the same finder are one search (a finder may find several techniques: the
// singles finder gives full houses and hidden singles). The public API reads
// the facts through technique_info() (nonet/logic.h); the engine expands the
// last two columns into its finders and renderers.
//
// Columns:
//   id      the Technique enumerator, and the technique's id in JSON
//   name    as players read it
//   rating  Sudoku Explainer's rating of the technique's plainest case, in
//           tenths; finders read it from here
//   rule    how SE rates the technique in full, in words
//   level   HoDoKu's level for the technique (easy, medium, hard, unfair,
//           extreme; nonet's choice for SE's techniques that HoDoKu lacks)
//   score   HoDoKu's score for one use of it
//   se, modern
//           1 when the profile uses it
//   finder  the search that finds it (src/logic, find_<finder>)
//   text    how its steps are written (src/logic/render, <text>_text)
//
// Adding a technique: a row here, its finder, and a test.

// clang-format off
#define NONET_TECHNIQUES(X)                                                                       \
  X(full_house, "Full House", 10, "1.0", easy, 4, 1, 1, singles, single)                          \
  X(hidden_single, "Hidden Single", 12, "1.2 in a box, 1.5 in a row or column", easy, 14, 1, 1,   \
    singles, single)                                                                              \
  X(odd_even, "Odd/Even Cell", 10, "1.0", easy, 4, 1, 1, odd_even, relation)                     \
  X(direct_pointing, "Direct Pointing", 17, "1.7", medium, 50, 1, 0, direct_intersections,        \
    intersection)                                                                                 \
  X(direct_claiming, "Direct Claiming", 19, "1.9", medium, 50, 1, 0, direct_intersections,        \
    intersection)                                                                                 \
  X(direct_hidden_pair, "Direct Hidden Pair", 20, "2.0", medium, 70, 1, 0, direct_hidden_pair,    \
    subset)                                                                                       \
  X(cage_combination, "Cage Combination", 20, "2.0", easy, 40, 1, 1, cage_combination, cage)      \
  X(thermometer, "Thermometer", 20, "2.0", easy, 40, 1, 1, thermometer, relation)                \
  X(kropki, "Kropki Dot", 20, "2.0", easy, 40, 1, 1, kropki, relation)                            \
  X(xv, "XV", 20, "2.0", easy, 40, 1, 1, xv, relation)                                            \
  X(german_whispers, "German Whispers", 20, "2.0", easy, 40, 1, 1, german_whispers, relation)     \
  X(palindrome, "Palindrome", 20, "2.0", easy, 40, 1, 1, palindrome, relation)                    \
  X(minimum_maximum, "Minimum/Maximum", 20, "2.0", easy, 40, 1, 1, minimum_maximum, relation)     \
  X(renban, "Renban", 20, "2.0", easy, 40, 1, 1, renban, relation)                                \
  X(between_line, "Between Line", 20, "2.0", easy, 40, 1, 1, between_line, relation)              \
  X(arrow, "Arrow", 20, "2.0", easy, 40, 1, 1, arrow, relation)                                   \
  X(little_killer, "Little Killer", 20, "2.0", easy, 40, 1, 1, little_killer, relation)           \
  X(sandwich, "Sandwich", 20, "2.0", easy, 40, 1, 1, sandwich, relation)                          \
  X(x_sum, "X-Sum", 20, "2.0", easy, 40, 1, 1, x_sum, relation)                                   \
  X(skyscraper_clue, "Skyscraper Clue", 20, "2.0", easy, 40, 1, 1, skyscraper_clue, relation)     \
  X(quadruple, "Quadruple", 20, "2.0", easy, 40, 1, 1, quadruple, relation)                       \
  X(naked_single, "Naked Single", 23, "2.3", easy, 4, 1, 1, naked_single, single)                 \
  X(direct_hidden_triple, "Direct Hidden Triple", 25, "2.5", medium, 100, 1, 0,                   \
    direct_hidden_triple, subset)                                                                 \
  X(pointing, "Pointing", 26, "2.6", medium, 50, 1, 1, intersections, intersection)               \
  X(claiming, "Claiming", 28, "2.8", medium, 50, 1, 1, intersections, intersection)               \
  X(cage_overlap, "Cage Overlap", 28, "2.8", medium, 50, 1, 1, cage_overlap, cage)                \
  X(innies_outies, "Innies and Outies", 28, "2.8, +0.1 per further house", medium, 60, 1, 1,      \
    innies_outies, cage)                                                                          \
  X(naked_pair, "Naked Pair", 30, "3.0", medium, 60, 1, 1, naked_pair, subset)                    \
  X(x_wing, "X-Wing", 32, "3.2", hard, 140, 1, 1, x_wing, fish)                                   \
  X(hidden_pair, "Hidden Pair", 34, "3.4", medium, 70, 1, 1, hidden_pair, subset)                 \
  X(finned_x_wing, "Finned X-Wing", 34, "3.4, sashimi 3.5", hard, 130, 0, 1, finned_x_wing, fish) \
  X(naked_triple, "Naked Triple", 36, "3.6", medium, 80, 1, 1, naked_triple, subset)              \
  X(swordfish, "Swordfish", 38, "3.8", hard, 150, 1, 1, swordfish, fish)                          \
  X(hidden_triple, "Hidden Triple", 40, "4.0", medium, 100, 1, 1, hidden_triple, subset)          \
  X(skyscraper, "Skyscraper", 40, "4.0", hard, 130, 0, 1, skyscraper, single_digit)               \
  X(finned_swordfish, "Finned Swordfish", 40, "4.0, sashimi 4.1", unfair, 200, 0, 1,              \
    finned_swordfish, fish)                                                                       \
  X(two_string_kite, "2-String Kite", 41, "4.1", hard, 150, 0, 1, two_string_kite, single_digit)  \
  X(empty_rectangle, "Empty Rectangle", 42, "4.2", hard, 120, 0, 1, empty_rectangle,              \
    single_digit)                                                                                 \
  X(xy_wing, "XY-Wing", 42, "4.2", hard, 160, 1, 1, xy_wing, wing)                                \
  X(xyz_wing, "XYZ-Wing", 44, "4.4", hard, 180, 1, 1, xyz_wing, wing)                             \
  X(w_wing, "W-Wing", 44, "4.4", hard, 150, 0, 1, w_wing, wing)                                   \
  X(simple_coloring, "Simple Coloring", 45, "4.5", hard, 150, 0, 1, simple_coloring,              \
    single_digit)                                                                                 \
  X(unique_rectangle, "Unique Rectangle", 45,                                                     \
    "4.5, loops of 6 / 8 / 10+ cells +0.1 / +0.2 / +0.5; type 3 +0.1 per extra set cell", hard,   \
    100, 1, 1, unique_loop, uniqueness)                                                           \
  X(naked_quad, "Naked Quad", 50, "5.0", hard, 120, 1, 1, naked_quad, subset)                     \
  X(jellyfish, "Jellyfish", 52, "5.2", hard, 160, 1, 1, jellyfish, fish)                          \
  X(hidden_quad, "Hidden Quad", 54, "5.4", hard, 150, 1, 1, hidden_quad, subset)                  \
  X(bug, "BUG", 56, "5.6 type 1, 5.7 types 2 and 4, 5.7 +0.1 per extra set cell type 3", hard,    \
    100, 1, 1, bug, uniqueness)                                                                   \
  X(aligned_pair_exclusion, "Aligned Pair Exclusion", 62, "6.2", unfair, 300, 1, 1,               \
    aligned_pair_exclusion, exclusion)                                                            \
  X(x_cycle, "X-Cycle", 65, "6.5, 7.0 with mixed links (bidirectional cycle), + length", unfair,  \
    280, 1, 0, cycles, se_chain)                                                                  \
  X(y_cycle, "Y-Cycle", 65, "6.5 + length", unfair, 280, 1, 0, cycles, se_chain)                  \
  X(forcing_chain, "Forcing Chain", 66, "6.6 with one digit, 7.0 with mixed links, + length",     \
    unfair, 280, 1, 0, cycles, se_chain)                                                          \
  X(aligned_triple_exclusion, "Aligned Triple Exclusion", 75, "7.5", unfair, 320, 1, 0,           \
    aligned_triple_exclusion, exclusion)                                                          \
  X(nishio_forcing_chain, "Nishio Forcing Chain", 75, "7.5 + length", extreme, 500, 1, 0, nishio, \
    se_chain)                                                                                     \
  X(multiple_forcing_chain, "Multiple Forcing Chain", 80, "8.0 + length", extreme, 500, 1, 0,     \
    multiple_chains, se_chain)                                                                    \
  X(dynamic_forcing_chain, "Dynamic Forcing Chain", 85, "8.5 + length", extreme, 700, 1, 0,       \
    dynamic_chains, se_chain)                                                                     \
  X(dynamic_forcing_chain_plus, "Dynamic Forcing Chain (+)", 90, "9.0 + length", extreme, 700, 1, \
    0, dynamic_plus_chains, se_chain)                                                             \
  X(nested_forcing_chain, "Nested Forcing Chain", 95,                                             \
    "9.5 / 10.0 / 10.5 / 11.0 for levels 2 to 5, + length", extreme, 1000, 1, 0, nested_chains,   \
    se_chain)                                                                                     \
  X(sue_de_coq, "Sue de Coq", 50, "5.0", unfair, 250, 0, 1, sue_de_coq, modern_chain)                      \
  X(als_xz, "ALS-XZ", 55, "5.5 +0.1 per cell over 3, at most 6.6", unfair, 300, 0, 1, als_xz,     \
    modern_chain)                                                                                          \
  X(remote_pair, "Remote Pair", 65, "6.5 + length", hard, 110, 0, 1, remote_pair, modern_chain)   \
  X(x_chain, "X-Chain", 66, "6.6 + length, grouped +0.1", unfair, 260, 0, 1, x_chain,             \
    modern_chain)                                                                                 \
  X(xy_chain, "XY-Chain", 66, "6.6 + length", unfair, 260, 0, 1, xy_chain, modern_chain)          \
  X(aic, "AIC", 70, "7.0 + length, grouped +0.1", unfair, 280, 0, 1, aic, modern_chain)           \
  X(continuous_nice_loop, "Continuous Nice Loop", 65,                                             \
    "6.5 with one digit or bivalue cells only, else 7.0; + length, grouped +0.1", unfair, 280, 0, \
    1, aic, modern_chain)                                                                         \
  X(discontinuous_nice_loop, "Discontinuous Nice Loop", 66,                                       \
    "6.6 with one digit, else 7.0; + length, grouped +0.1", unfair, 280, 0, 1, aic, modern_chain)
// clang-format on
