// Finishing a puzzle as data: the record kept of it, whether it is a personal
// best and how that is said, and the rows of the finish screen and of the
// History and bests panel. No DOM and no storage: timer.js keeps the record
// (store.js) and draws these.

import { formatTime } from './clock.js';
import { bests } from './store.js';
import { cap, ratingText } from './work.js';

// The record of a game finished at time `when` (ms since the epoch) after
// `ms` of play. `assisted`: steps, applied hints, accepted singles, revealed cells or a Solve
// since undone were used; `solver`: Solve finished it. Neither counts as a best.
export function finishEntry(game, ms, when) {
  const meta = game.meta;
  const r = meta.rating && meta.rating.level ? meta.rating : null;
  return {
    when, size: game.n, level: r ? r.level : 'unrated', er: r && typeof r.er === 'number' ? r.er : null,
    ms: Math.round(ms), hints: meta.hints, mistakes: meta.mistakes, assisted: !!meta.assisted,
    solver: !!meta.solver, puzzle: game.line(game.givens),
  };
}

// What the status line says of a finish.
export const finishedText = (entry) => `Solved in ${formatTime(entry.ms)}. Well done!`;

// What the finish screen says of the time, given the best before it for the
// same size and level (null: none). `plain`: no achievement to celebrate.
export function bestSaid(entry, before) {
  const board = `${entry.level} ${entry.size}×${entry.size}`;
  let text;
  if (entry.assisted) text = 'Help was used (steps, applied hints, Accept, revealed cells or Solve), so this time is not a personal best.';
  else if (before === null) text = `Your first finish of ${/^[aeiou]/.test(entry.level) ? 'an' : 'a'} ${board}: the time to beat.`;
  else if (entry.ms < before) text = `A new personal best for ${board}! (It was ${formatTime(before)}.)`;
  else text = `Your best for ${board}: ${formatTime(before)}.`;
  return { text, plain: entry.assisted || (before !== null && entry.ms >= before) };
}

// The finish screen's facts: [name, value] pairs. Mistakes are counted only
// where the solution is known.
export function finishRows(entry, meta) {
  const r = meta.rating;
  return [
    ['Time', formatTime(entry.ms)],
    ['Hints', String(entry.hints)],
    ['Mistakes', meta.solution ? String(entry.mistakes) : '–'],
    ['Rating', r && r.level ? ratingText(r) : 'Unrated'],
    ['Board', `${entry.size}×${entry.size}`],
  ];
}

// The tables of the History and bests panel from the kept history (newest
// first): [{caption, head, rows}], personal bests first when there are any,
// then the last ten games. None for an empty history.
export function historyTables(h) {
  if (!h.length) return [];
  const tables = [];
  const b = bests(h);
  if (b.length) {
    tables.push({
      caption: 'Personal bests',
      head: ['Board', 'Level', 'Best', 'Played'],
      rows: b.map((x) => [`${x.size}×${x.size}`, cap(x.level), formatTime(x.ms), String(x.count)]),
    });
  }
  tables.push({
    caption: 'Last games',
    head: ['When', 'Board', 'Level', 'Time', 'Hints', 'Mistakes'],
    rows: h.slice(0, 10).map((x) => [
      new Date(x.when).toLocaleDateString(), `${x.size}×${x.size}`, cap(x.level),
      formatTime(x.ms) + (x.solver ? ' (Solve)' : x.assisted ? ' (helped)' : ''), String(x.hints), String(x.mistakes),
    ]),
  });
  return tables;
}
