// The player's changes on the page: the selection, digits, marks and colours,
// modes, undo and redo, and the board-wide tools (Fill marks, Accept, Reset,
// Clear, a new board). What each change does to the game and what it says is
// input.js's; this carries it out on the state, redraws and keeps the clock.

import { freshMeta, symbol } from './model.js';
import {
  MODE_TEXT, acceptSingles, cellsHolding, clampSelection, conflictText, enter as enterInto, everyCell, fillMarks as fillInto,
  moveFrom, selectCell, travel,
} from './input.js';
import { resumedFrom, stoppedAt } from './clock.js';
import { blockedText } from './work.js';
import { revealCell } from './zoom.js';
import { $, closeHint, closePath, hideToast, render, renderGames, savedGames, say, state, toast, view, writeGames } from './page.js';
import { forgetGame, gameKey, gameOf } from './games.js';
import { finish, syncClock, unfinish } from './timer.js';

// Paused or waiting for the back end: says so and refuses the input.
export function blocked() {
  const why = blockedText(state);
  if (why) say(why);
  return !!why;
}

// After any change by the player: close step highlights, note a finished board.
export function changed({ keepMarks = false } = {}) {
  if (!keepMarks) {
    state.marks = null;
    closeHint();
  }
  const g = state.game;
  syncClock();
  render();
  if (g.solved() && !g.meta.finished) finish();
  else if (!g.solved()) {
    const conflicts = conflictText(g);
    if (conflicts) say(conflicts, 'bad');
  }
}

// Runs `fn`, which replaces the board; if a game was in progress, the toast
// says it is one Undo away.
export function protect(what, fn) {
  const had = state.game.inProgress(), key = gameKey(state.game);
  const done = fn();
  if (had && done !== false) {
    // Kept in the list when it is another puzzle's game and is saved there.
    const kept = key && key !== gameKey(state.game) && savedGames().some((e) => e.key === key);
    toast(`${what} Your game is one Undo away${kept ? ', and kept in Saved games' : ''}.`);
  }
  return done;
}

// Puts a new puzzle on the board (undoable: its meta goes with the history).
export function loadPuzzle(n, digits, meta = freshMeta()) {
  stopReplay(null);
  state.checking?.abort();
  state.game.load(n, digits, meta);
  state.clock = stoppedAt(0);
  Object.assign(state, clampSelection(state, state.game.geo.cells));
  closePath();
  changed();
}

// ---------------------------------------------------------------- selection

export function focusCurrent() {
  const active = document.activeElement;
  if (!active || active === document.body || $('board').contains(active) || $('keypad').contains(active)) {
    view.cells[state.cur]?.focus({ preventScroll: true });
  }
}

// Selects cell i: alone, or added to (or, with toggle, taken from) the selection.
export function select(i, how = 'only') {
  Object.assign(state, selectCell(state, i, how));
  render();
  revealCell(view.cells[state.cur]);
  focusCurrent();
}

export function selectDigit(v) {
  state.sel = cellsHolding(state.game.values, v);
  render();
  say(`Every ${symbol(v)} selected (${state.sel.size}).`);
}

export function selectAll() {
  state.sel = everyCell(state.game.geo.cells);
  render();
}

export function move(dr, dc, extend) {
  select(moveFrom(state.cur, state.game.n, dr, dc), extend ? 'add' : 'only');
}

// Esc: panels and step highlights close, one cell stays selected.
export function escape() {
  if (state.replay) { stopReplay(); return; }
  closeHint();
  closePath();
  state.marks = null;
  state.sel = new Set([state.cur]);
  render();
}

// ---------------------------------------------------------------- entering

// Digit d (0 erases) into the selected cells, in the mode or as `kind`.
export function enter(d, kind = null) {
  state.lastPress = null;
  if (blocked()) return;
  const r = enterInto(state.game, [...state.sel], kind || state.mode, d, state.settings.autoClean);
  if (r.did) hideToast();
  if (r.text) say(r.text);
  if (r.did) changed();
}

export function setMode(mode) {
  if (state.paused) return;
  state.mode = mode;
  render();
  say(MODE_TEXT[mode]);
}

// ---------------------------------------------------------------- undo and redo

// 'undo' or 'redo'. Another puzzle may come back, with its badge and clock.
function step(which) {
  if (blocked()) return;
  const { r, text } = travel(state.game, which);
  if (!r) { say(text); return; }
  if (r.crossed) {
    state.clock = resumedFrom(state.game.meta);
    closePath();
  }
  if (r.unsolved) unfinish();
  Object.assign(state, clampSelection(state, state.game.geo.cells));
  hideToast();
  say(text);
  changed();
}
export const undo = () => step('undo');
export const redo = () => step('redo');

// ---------------------------------------------------------------- the board's tools

export function fillMarks() {
  if (blocked()) return;
  const r = fillInto(state.game);
  if (r.did) hideToast();
  say(r.text);
  if (r.did) changed();
}

export function accept() {
  if (blocked()) return;
  const r = acceptSingles(state.game, state.settings.autoClean);
  say(r.text);
  if (!r.did) return;
  // Filling the singles the engine sees is help, as an applied hint is.
  state.game.meta.assisted = true;
  changed();
}

export function reset() {
  if (blocked()) return;
  protect('Reset to the givens.', () => {
    if (!state.game.resetToGivens()) return false;
    say('Reset to the givens.');
    changed();
    return true;
  });
}

export function clear() {
  if (blocked()) return;
  protect('Cleared.', () => {
    if (!state.game.clearAll()) return false;
    state.checking?.abort();
    state.clock = stoppedAt(0);
    closePath();
    say('Cleared: type or paste a puzzle, or make a new one.');
    changed();
    return true;
  });
}

// An empty board of side n (a new size chosen).
export function emptyBoard(n) {
  protect(`Empty ${n}×${n} board.`, () => loadPuzzle(n, new Uint8Array(n * n)));
  say(`Empty ${n}×${n} board: press New puzzle for one, or type or paste your own and Load it.`);
}

// ---------------------------------------------------------------- saved games

// The saved game of `key` takes the board with its clock, as one undoable
// step; the game it replaces, when in progress, stays saved. Returns whether
// it did.
export function resumeGame(key) {
  if (blocked()) return false;
  const g = gameOf(savedGames(), key);
  if (!g) {
    say('That saved game cannot be read any more; it is taken off the list.', 'bad');
    writeGames(forgetGame(savedGames(), key));
    return false;
  }
  protect('Saved game resumed.', () => {
    state.checking?.abort();
    state.game.adopt(g);
    state.clock = resumedFrom(state.game.meta);
    Object.assign(state, clampSelection(state, state.game.geo.cells));
    closePath();
    changed();
  });
  say(`Saved game resumed: ${state.game.n}×${state.game.n}, ${g.meta.elapsed ? 'its clock goes on' : 'its clock starts'}. Undo brings back the game before it.`);
  renderGames();
  focusCurrent();
  return true;
}

export function forgetSaved(key) {
  writeGames(forgetGame(savedGames(), key));
  say('Saved game deleted.');
  // The focus goes to the next game's Resume, else to the list's heading.
  const next = $('games-body').querySelector('button[data-resume]');
  (next || document.querySelector('#games summary')).focus();
}

// ---------------------------------------------------------------- replay

const REPLAY_MS = 450;  // between moves

// Replays the game on the board move by move, from its puzzle as it came to
// the board now; the game itself is not touched. Stop or Esc ends it.
export function replay() {
  if (blocked()) return;
  const frames = state.game.moves();
  if (frames.length < 2) { say('Nothing to replay yet: no move since this puzzle came.'); return; }
  state.replay = { frames, k: 0, timer: setInterval(nextFrame, REPLAY_MS) };
  $('replay-bar').hidden = false;
  showFrame();
  say(`Replay of ${frames.length - 1} moves: Stop or Esc gives the board back.`);
}
function nextFrame() {
  const r = state.replay;
  if (!r) return;
  if (r.k + 1 >= r.frames.length) { stopReplay('The replay is over: the board shows your game.'); return; }
  r.k++;
  showFrame();
}
function showFrame() {
  const r = state.replay;
  $('replay-text').textContent = r.k === 0 ? `Replay: the puzzle as it came (${r.frames.length - 1} moves)`
    : `Replay: move ${r.k} of ${r.frames.length - 1}`;
  render();
}
// `text`: what the status says, or null for nothing (another change follows).
export function stopReplay(text = 'Replay stopped: the board shows your game.') {
  if (!state.replay) return;
  clearInterval(state.replay.timer);
  state.replay = null;
  $('replay-bar').hidden = true;
  render();
  if (text) say(text);
}
