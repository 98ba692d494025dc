// Work with the back end (the server, or the engine in this browser: api.js):
// new puzzles, solving, loading a typed puzzle and checking it, rating in the
// background, with the busy cover over the board while the player waits. What
// is said of each answer is work.js's; this makes the calls and says it.

import { SIZES, parseSerial } from './model.js';
import { backend, call, source } from './api.js';
import { budget } from './engine.js';
import {
  UNCHECKED, busyText, busyWaitText, counted, errorText, failureSaid, generated, generatedSaid, levelsAt, noPuzzlesText,
  rated, ratedSaid, solvedSaid, unratedBy,
} from './work.js';
import { $, render, say, saidCount, state, syncControls } from './page.js';
import { OPEN_IN, copyForms, ipuzOf, positionOfIpuz } from './links.js';
import { blocked, changed, loadPuzzle, protect, stopReplay } from './play.js';
import { setPaused } from './timer.js';

const BUSY_SHOW_AFTER = 250;  // ms before the spinner shows, so quick answers do not flash it

// A failed call said: what failed, and why.
export function sayFailure(what, reply) {
  const f = failureSaid(what, reply, { backend, budgetMs: budget() });
  say(f.text, f.kind);
}

// Runs `fn(signal)` as the one piece of work under way: the board is marked
// busy, input is refused with a word why, and after a moment a spinner with
// the time so far and a Cancel button shows over the board.
export async function work(label, fn) {
  if (state.busy) { say(busyWaitText(state.busy)); return; }
  const controller = new AbortController();
  const busy = { label, controller, started: performance.now() };
  state.busy = busy;
  syncControls();
  const tick = () => { $('busy-text').textContent = busyText(label, busy.started, performance.now()); };
  tick();
  const shower = setTimeout(() => { if (state.busy === busy) { $('busy').hidden = false; } }, BUSY_SHOW_AFTER);
  const ticker = setInterval(tick, 250);
  try {
    await fn(controller.signal);
  } finally {
    clearTimeout(shower);
    clearInterval(ticker);
    if (state.busy === busy) state.busy = null;
    $('busy').hidden = true;
    render();
  }
}

export function cancelWork() {
  if (state.busy) state.busy.controller.abort();
}

// ---------------------------------------------------------------- new puzzles

export function newPuzzle() {
  stopReplay(null);
  if (state.paused) setPaused(false);
  const size = Number($('size').value), level = $('level').value;
  if (!levelsAt(state.levels, size).length) { say(noPuzzlesText(size, source), 'bad'); return Promise.resolve(); }
  return work(`Making ${/^[aeiou]/.test(level) ? 'an' : 'a'} ${level} ${size}×${size} puzzle`, async (signal) => {
    const reply = await call('generate', { size, level }, { signal });
    if (!reply.ok) { sayFailure('No new puzzle', reply); return; }
    const puzzle = generated(reply.body, level, source);
    if (puzzle.error) { say(puzzle.error, 'bad'); return; }
    protect('New puzzle.', () => loadPuzzle(puzzle.n, puzzle.digits, puzzle.meta));
    const told = generatedSaid(reply.body, level, puzzle.n, source);
    if (told.rerate) puzzle.meta.rating = 'pending';
    say(told.text, told.kind);
    if (told.rerate) rateInBackground(puzzle.meta, level);
    render();
  });
}

// Rates the puzzle of `meta` without holding up play; the badge follows.
export async function rateInBackground(meta, asked = null) {
  const g = state.game, puzzle = g.line(g.givens);
  const controller = new AbortController();
  state.checking = controller;
  meta.rating = 'pending';
  render();
  const quiet = saidCount();
  const reply = await call('rate', { puzzle }, { signal: controller.signal, background: true });
  if (controller.signal.aborted) return;
  meta.rating = rated(reply) || unratedBy(reply);
  if (state.game.meta !== meta) return;
  render();
  const told = ratedSaid(meta.rating, reply, asked, saidCount() === quiet);
  if (told) say(told.text, told.kind);
}

// ---------------------------------------------------------------- loading

// Checks that a loaded puzzle has one solution (keeping it for mistake
// checking), then rates it; in the background, so play starts at once. Its
// rating is 'pending' from the start, so that a game kept before the check
// ends is checked when it comes back (rateIfPending). `loaded`: the words
// before "the puzzle has exactly one solution" (null: that is not said).
export async function checkPuzzle(loaded = 'Loaded:', kind = 'ok') {
  const g = state.game, meta = g.meta, puzzle = g.line(g.givens);
  const controller = new AbortController();
  state.checking = controller;
  meta.rating = 'pending';
  render();
  const quiet = saidCount();
  const reply = await call('count', { puzzle, limit: 2 }, { signal: controller.signal, background: true });
  if (controller.signal.aborted || state.game.meta !== meta) return;
  const check = counted(reply);
  if (check.problem) { meta.rating = unratedBy(reply); render(); say(check.problem, 'bad'); return; }
  if (check.solution) meta.solution = check.solution;
  // A problem with the puzzle is always said; that it is fine, only while
  // nothing newer (a conflict, a hint) holds the status line.
  if (loaded !== null && !state.game.solved() && saidCount() === quiet) say(`${loaded} the puzzle has exactly one solution.`, kind);
  await rateInBackground(meta);
}

// A game that comes back (kept, saved or from a link) with its rating still
// to come, or not had for want of the back end, is rated as it comes; checked
// first when its check had not ended.
export function rateIfPending() {
  const meta = state.game.meta;
  if (meta.rating !== 'pending' && meta.rating !== UNCHECKED) return;
  if (meta.solution) rateInBackground(meta);
  else checkPuzzle(null);
}

// Load: the puzzle box's text becomes the givens of a new puzzle.
export async function loadFromBox() {
  if (blocked()) return;
  const text = $('serial').value;
  let parsed = parseSerial(text.replace(/\s+/g, ''));
  let position = null;
  if (parsed.error) {
    // Any other text form: the engine reads it (and says where it fails), with
    // the entries and pencil marks of a form that has them (a PM grid,
    // SudokuWiki's, HoDoKu's, ...), as an ipuz object.
    const reply = await call('convert', { puzzle: text, to: 'ipuz' });
    if (!reply.ok) { say(`Cannot load: ${errorText(reply)}`, 'bad'); return; }
    position = positionOfIpuz(reply.body.puzzle);
    if (position.error) { say(`Cannot load: ${position.error}.`, 'bad'); return; }
    if (!SIZES.includes(position.n)) { say(`Cannot load a ${position.n}×${position.n} board here: sizes ${SIZES.map((n) => `${n}×${n}`).join(', ')} are offered.`, 'bad'); return; }
    parsed = { n: position.n, digits: position.givens };
  }
  if (!parsed.digits.some((d) => d)) { say('The box holds no digits to load.', 'bad'); return; }
  protect('Puzzle loaded.', () => {
    loadPuzzle(parsed.n, parsed.digits);
    // The position's entries and marks go with the puzzle, as one Undo.
    if (position && (position.values.some((v) => v) || position.marks.some((m) => m))) {
      const g = state.game, back = g.undoStack.length;
      g.change(() => {
        g.values = Uint8Array.from(position.givens, (v, i) => v || position.values[i]);
        g.centre = Uint32Array.from(position.marks);
      });
      g.undoStack.length = back;
      changed();
    }
  });
  $('serial').blur();
  await checkPuzzle();
}

// ---------------------------------------------------------------- solving

// Solve asks first: the game it ends counts as helped even when undone.
export function askSolve() {
  if (blocked()) return;
  $('solve-ask').showModal();
}

export function solve() {
  if (blocked()) return;
  return work('Solving', async (signal) => {
    const g = state.game;
    const reply = await call('solve', { puzzle: g.line() }, { signal });
    if (!reply.ok) { sayFailure('Cannot solve', reply); return; }
    const told = solvedSaid(reply, backend);
    if (told.solved) {
      // (a game finished by hand before stays finished by hand)
      if (!g.meta.finished) g.meta.solver = true;
      g.fillSolution(told.solution);
      changed();
    }
    say(told.text, told.kind);
  });
}

// The solution of the puzzle on the board: kept from generation or the
// uniqueness check, else asked for.
export async function solution(signal) {
  const g = state.game, meta = g.meta;
  if (meta.solution) return meta.solution;
  const reply = await call('solve', { puzzle: g.line(g.givens) }, { signal });
  if (reply.ok && reply.body.status === 'solved') meta.solution = reply.body.solution;
  return meta.solution;
}

// Copy position: the board as the chosen form (links.js's copyForms), to the
// clipboard, or where the clipboard is refused into the box to copy from;
// the engine writes every form but the plain line.
export async function copyPosition(form) { return writePosition(form, null); }

// The position opened in another site (links.js's OPEN_IN: 'sudokuwiki',
// 'sudokupad'), in a new tab.
export async function openPosition(site) { return writePosition(OPEN_IN[site].form, OPEN_IN[site]); }

async function writePosition(form, site) {
  if (blocked()) return;
  // The tab opens while the click is still the player's (a browser lets a
  // page open one then only), and goes to the site once the form is written.
  const tab = site ? window.open('about:blank', '_blank') : null;
  if (site && !tab) { say('The browser did not let the page open a tab: allow pop-ups for it, or copy the position.', 'bad'); return; }
  let text = state.game.line();
  if (form !== 'line') {
    let reply = null;
    await work('Writing the position', async (signal) => {
      reply = await call('convert', { puzzle: ipuzOf(state.game, { candidates: !site || site.candidates !== false }), to: form }, { signal });
    });
    if (!reply || !reply.ok) { tab?.close(); sayFailure('The position cannot be written', reply); return; }
    text = reply.body.puzzle;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = site.link(text);
    say(`The position opens in ${site.name}, in a new tab.`);
    return;
  }
  const box = $('copy-box');
  box.value = text;
  box.hidden = false;
  try {
    await navigator.clipboard.writeText(text);
    say(`Position copied (${copyForms(state.game.n).find((f) => f[0] === form)[1]}).`, 'ok');
  } catch {
    box.select();
    say('Copy the position from the box below.');
  }
}
