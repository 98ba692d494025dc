// The board on paper, as data: what the title line over the grid says, the
// line under it, and which of the player's layers are printed (the givens
// always; entries and pencil marks as the player chose). No DOM: page.js
// writes the result into the print-only head and the board's attributes, and
// style.css's print sheet lays out the page.

import { shareLink } from './links.js';
import { ratingBadge } from './work.js';

// Pencil marks are drawn at 22 % of a cell's side at the smallest (style.css:
// .corner). On paper the grid's side is at least GRID_PT on an upright A4 or
// Letter page, within the margins and under the title; marks smaller than
// MARK_MIN_PT there are not printed.
export const MARK_SCALE = 0.22;
export const MARK_MIN_PT = 5;
export const GRID_PT = 480;

// Do pencil marks of a board of side n stay legible on paper?
export const marksFit = (n, gridPt = GRID_PT) => (gridPt / n) * MARK_SCALE >= MARK_MIN_PT;

// What the print dialog says of the marks at side n: '' when they print.
export function marksNote(n) {
  if (marksFit(n)) return '';
  return `Pencil marks are not printed on a ${n}×${n} board: they would be smaller than ${MARK_MIN_PT} pt.`;
}

// The link printed under the title: the puzzle's own link (its givens, no
// progress) on boards up to 16×16; none on a 25×25 board, whose link runs to
// several lines of use to nobody on paper, nor on a board with no givens.
export const LINK_MAX_SIDE = 16;
export function printLink(game, origin, pathname) {
  if (game.n > LINK_MAX_SIDE || !game.givens.some((v) => v)) return '';
  return shareLink(game, false, origin, pathname).url;
}

// The page on paper for `game`, with the player's settings (printEntries,
// printMarks): {title, link, entries, marks, dropped}. `entries` and `marks`
// say which layers are printed; `dropped` that marks were asked for but the
// board is too big for them. The title names the size, and the puzzle's level
// and rating as the badge over the board shows them once known; a board with
// nothing to print in its cells is a blank grid.
export function printSheet(game, settings, origin = '', pathname = '/') {
  const n = game.n, fit = marksFit(n);
  const entries = !!settings.printEntries;
  const marks = !!settings.printMarks && fit;
  const hasGivens = game.givens.some((v) => v);
  const hasEntries = game.values.some((v, i) => v && !game.givens[i]);
  const hasMarks = game.corner.some((m, i) => m && !game.values[i]) || game.centre.some((m, i) => m && !game.values[i]);
  const blank = !hasGivens && !(entries && hasEntries) && !(marks && hasMarks);
  let title = `${n}×${n} Sudoku`;
  if (blank) title += ' · blank grid';
  else if (hasGivens) {
    const badge = ratingBadge(game.meta.rating, true);
    if (badge.level) title += ` · ${badge.text}`;
  }
  return { title, link: printLink(game, origin, pathname), entries, marks, dropped: !!settings.printMarks && !fit };
}
