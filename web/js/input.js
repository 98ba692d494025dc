// What the player's input does, as data: which action a key press asks for,
// how a click or an arrow changes the selection, and what entering a digit,
// a mark or a colour does to the game and says. No DOM: controls.js reads the
// events and play.js carries the actions out on the page.

import { COLOUR_COUNT, digitOf, symbol } from './model.js';
import { COLOURS } from './board.js';

// ---------------------------------------------------------------- modes

export const MODES = ['normal', 'corner', 'centre', 'colour'];

export const MODE_TEXT = {
  normal: 'Normal mode.',
  corner: 'Corner marks: digits toggle small digits in the corners.',
  centre: 'Centre marks: digits toggle small digits in the middle.',
  colour: 'Colour mode: keys 1–8 paint the selected cells.',
};

export const nextMode = (mode) => MODES[(MODES.indexOf(mode) + 1) % MODES.length];

// ---------------------------------------------------------------- keys

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const MODE_KEYS = { z: 'normal', x: 'corner', v: 'centre', c: 'colour' };
const COMMAND_KEYS = { h: 'hint', p: 'pause', n: 'new', f: 'fill' };

// The action a key press asks for, or null when the key is not the board's.
// `key` holds the event's key, code and modifier flags; `where` says what has
// the focus (target: 'text' for a text field, 'field' for a checkbox, radio or
// select, 'button', or 'other'), whether a dialog is open, whether work is
// under way (busy), the entry mode and the board's side n.
//
// An action is {do, ...}: 'cancel', 'escape', 'undo', 'redo', 'select-all',
// 'move' {dr, dc, extend}, 'keys', 'zoom' {step}, 'enter' {digit, kind},
// 'mode' {mode}, 'hint', 'pause', 'new' or 'fill'; `prevent` says that the
// browser's own use of the key is to be stopped.
export function keyAction(key, where) {
  const k = key.key;
  if (k === 'Escape') {
    if (where.dialog) return null;  // the dialog closes itself
    return { do: where.busy ? 'cancel' : 'escape' };
  }
  if (where.dialog) return null;
  const ctrl = key.ctrlKey || key.metaKey;
  // Text fields keep their own keys; elsewhere (a select or a checkbox just
  // used, say) Ctrl+Z and Ctrl+Y still undo and redo on the board.
  const typing = where.target === 'text';
  if (!typing && ctrl && (k === 'z' || k === 'Z')) return { do: key.shiftKey ? 'redo' : 'undo', prevent: true };
  if (!typing && ctrl && (k === 'y' || k === 'Y')) return { do: 'redo', prevent: true };
  if (typing || where.target === 'field') return null;
  if (where.target === 'button' && (k === 'Enter' || k === ' ')) return null;
  if (ctrl && (k === 'a' || k === 'A')) return { do: 'select-all', prevent: true };
  if (ARROWS[k]) {
    const [dr, dc] = ARROWS[k];
    return { do: 'move', dr, dc, extend: ctrl || key.shiftKey, prevent: true };
  }
  if (ctrl || key.altKey) return null;
  if (k === '?') return { do: 'keys', prevent: true };
  if (k === '+' || k === '=') return { do: 'zoom', step: 1 };
  if (k === '-' || k === '_') return { do: 'zoom', step: -1 };
  if (k === 'Delete' || k === 'Backspace' || k === '0') return { do: 'enter', digit: 0, kind: null, prevent: true };
  // Shift changes what a digit key types, so digits are read from the key's code.
  const code = /^(Digit|Numpad)([1-9])$/.exec(key.code || '');
  let d = code ? Number(code[2]) : digitOf(k, where.n);
  const limit = where.mode === 'colour' && !key.shiftKey ? COLOUR_COUNT : where.n;
  if (d > limit) d = -1;
  if (d > 0) return { do: 'enter', digit: d, kind: key.shiftKey ? 'corner' : null, prevent: true };
  const lower = k.toLowerCase();
  if (MODE_KEYS[lower]) return { do: 'mode', mode: MODE_KEYS[lower] };
  if (k === ' ') return { do: 'mode', mode: nextMode(where.mode), prevent: true };
  if (COMMAND_KEYS[lower]) return { do: COMMAND_KEYS[lower] };
  return null;
}

// ---------------------------------------------------------------- selection

// The selection {sel, cur} after choosing cell i: alone ('only'), added to it
// ('add'), or taken from it ('toggle', never the last cell). The current cell
// becomes i, or, when i itself was toggled off, the last cell still selected.
export function selectCell({ sel, cur }, i, how = 'only') {
  let next;
  if (how === 'only') next = new Set([i]);
  else if (how === 'toggle' && sel.has(i) && sel.size > 1) {
    next = new Set(sel);
    next.delete(i);
    if (cur === i) i = [...next][next.size - 1];
  } else {
    next = new Set(sel);
    next.add(i);
  }
  return { sel: next, cur: i };
}

// The cell an arrow leads to from `cur` on a board of side n, wrapping round.
export function moveFrom(cur, n, dr, dc) {
  const r = (Math.floor(cur / n) + dr + n) % n, c = (cur % n + dc + n) % n;
  return r * n + c;
}

// The selection kept on a board of `cells` cells (after a change of size).
export function clampSelection({ sel, cur }, cells) {
  const c = Math.min(cur, cells - 1);
  const next = new Set([...sel].filter((i) => i < cells));
  if (!next.size) next.add(c);
  return { sel: next, cur: c };
}

export const everyCell = (cells) => new Set(Array.from({ length: cells }, (_, i) => i));

// The cells holding digit v.
export const cellsHolding = (values, v) => new Set([...values.keys()].filter((c) => values[c] === v));

// A second press on the same digit soon after the first, nothing typed between
// (a double click or tap), selects every cell that holds it.
export const DOUBLE_PRESS_MS = 400;
export function isDoublePress(last, i, now, how, value) {
  return how === 'only' && !!last && last.i === i && now - last.at < DOUBLE_PRESS_MS && !!value;
}

// ---------------------------------------------------------------- changes

// Enters digit d (0 erases) into `cells` as `kind` ('normal', 'corner',
// 'centre' or 'colour'), changing the game (one undo step). Returns {did,
// text}: whether the game changed, and what the status line says (null for
// nothing). A wrong digit, where the solution is known, counts a mistake.
export function enter(game, cells, kind, d, autoClean) {
  if (kind === 'colour') {
    const did = d === 0 ? game.erase(cells, true) : game.toggleColour(cells, d);
    return { did, text: did ? (d === 0 ? 'Colours removed.' : `Colour ${d} (${COLOURS[d - 1]}) toggled.`) : null };
  }
  if (d === 0) {
    const did = game.erase(cells);
    return { did, text: did ? (cells.length === 1 ? `${game.geo.name(cells[0])} cleared.` : `${cells.length} cells cleared.`) : null };
  }
  if (kind === 'normal') {
    const targets = cells.filter((c) => !game.isGiven(c));
    if (!targets.length) return { did: false, text: `${game.geo.name(cells[0])} is a given.` };
    const did = game.place(targets, d, autoClean);
    if (did && game.meta.solution) {
      game.meta.mistakes += targets.filter((c) => digitOf(game.meta.solution[c], game.n) !== d).length;
    }
    return { did, text: did ? (targets.length === 1 ? `${game.geo.name(targets[0])} = ${symbol(d)}` : `${symbol(d)} in ${targets.length} cells.`) : null };
  }
  const did = game.toggleMark(kind, cells, d);
  return { did, text: !did && cells.every((c) => game.values[c]) ? 'Marks go in empty cells.' : null };
}

// Undo ('undo') or redo ('redo'): {r, text}, r what Game.undo or Game.redo
// returned (null: nothing to do; r.crossed: another puzzle is back;
// r.unsolved: the Solve that finished the game is undone).
export function travel(game, which) {
  const r = which === 'undo' ? game.undo() : game.redo();
  const text = !r ? `Nothing to ${which}.` : r.unsolved ? 'Solve undone: play on. This game now counts as helped.'
    : which === 'undo' ? 'Undone.' : 'Redone.';
  return { r, text };
}

// Fill marks: every empty cell's candidates become its centre marks.
export function fillMarks(game) {
  const did = game.fillCentreMarks();
  return {
    did,
    text: did ? 'Every empty cell\'s candidates are now centre marks: prune them by hand in Centre mode.'
      : 'The centre marks already hold every candidate.',
  };
}

// Accept: every naked single becomes an entry.
export function acceptSingles(game, autoClean) {
  const count = game.singles().length;
  const did = game.acceptSingles(autoClean);
  return { did, text: did ? `Accepted ${count} single${count === 1 ? '' : 's'}.` : 'There are no naked singles to accept.' };
}

// What the status line says of a board after a change: its conflicts, if any.
export function conflictText(game) {
  const conflicts = game.conflicts();
  return conflicts.size ? `Conflict: ${[...conflicts].map((i) => game.geo.name(i)).join(', ')} repeat a digit.` : null;
}
