// The page: turns keys, clicks, drags and taps into changes of the game in
// model.js, draws it with board.js, and asks the back end (the server, or the
// engine in this browser: api.js) for solutions, hints, paths, ratings and new
// puzzles. Everything is re-drawn from the state after each change.

import {
  COLOUR_COUNT, Game, SIZES, decodeProgress, digitOf, encodeProgress, freshMeta, parseSerial, symbol,
} from './model.js';
import { BoardView, COLOURS, noMarks, stepMarks } from './board.js';
import {
  backend, call, errorText, levels as fetchLevels, prepare, source,
} from './api.js';
import { BACKEND } from './backend.js';
import { budget } from './engine.js';
import { bests, history as playedHistory, loadSettings, record, saveSettings } from './store.js';

const $ = (id) => document.getElementById(id);
const SAVE_KEY = 'nonet.game.v2';
const OLD_SAVE_KEY = 'nonet.game.v1';
const THEME_KEY = 'nonet.theme';
const MODES = ['normal', 'corner', 'centre', 'colour'];
const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme'];
const KEY_MIN = 44;           // CSS px: the smallest key a thumb hits reliably
const BUSY_SHOW_AFTER = 250;  // ms before the spinner shows, so quick answers do not flash it
const ZOOMS = [1, 1.5, 2, 2.5, 3];

const state = {
  game: new Game(9),
  cur: 0,
  sel: new Set([0]),
  mode: 'normal',
  settings: loadSettings(),
  hint: null,            // {data, grade: 'vague' | 'concrete', key} of the open hint
  marks: null,           // highlights of a step shown on the board
  path: null,            // {steps, next} of the open logical path
  elapsed: 0,            // ms played before `since`
  since: null,           // performance.now() when the clock last started; null = stopped
  paused: false,
  busy: null,            // {label, controller, started} of the work under way
  levels: null,          // Map side -> level names the generator offers; null = all
  zoom: new Map(),       // side -> zoom factor of the board
  drag: null,            // {pointerId, touchPan, x, y, index} of a selection drag
  lastPress: null,       // {i, at} of the last press on a cell, to tell a double press
  checking: null,        // AbortController of the background check of a loaded puzzle
  keypadFor: '',
};
const view = new BoardView($('board'));
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// ---------------------------------------------------------------- status and toast

// Each message says() counts, so an answer that comes late can tell whether
// the player has been told something newer since it was asked for.
let said = 0;
function say(text, kind = '') {
  said += 1;
  const el = $('status');
  el.textContent = text;
  el.className = `status ${kind}`;
}

let toastTimer = null;
function toast(text) {
  $('toast-text').textContent = text;
  $('toast').hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, 12000);
}
function hideToast() { $('toast').hidden = true; clearTimeout(toastTimer); }

// Runs `fn`, which replaces the board; if a game was in progress, the toast
// says it is one Undo away.
function protect(what, fn) {
  const had = state.game.inProgress();
  const done = fn();
  if (had && done !== false) toast(`${what} Your game is one Undo away.`);
  return done;
}

// ---------------------------------------------------------------- timer

function elapsedMs() { return state.elapsed + (state.since === null ? 0 : performance.now() - state.since); }
function clockRunning() { return state.since !== null; }
function startClock() { if (!clockRunning() && !state.paused) state.since = performance.now(); }
function stopClock() { if (clockRunning()) { state.elapsed = elapsedMs(); state.since = null; } }
// The clock runs while a puzzle with givens is being played.
function syncClock() {
  const g = state.game;
  if (!state.paused && !g.solved() && g.givens.some((v) => v) && !document.hidden) startClock();
  else stopClock();
}
function formatTime(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
function renderClock() {
  $('timer').textContent = formatTime(elapsedMs());
  $('timer').hidden = state.settings.hideTimer;
}
function setPaused(p) {
  if (p && state.game.solved()) return;
  state.paused = p;
  syncClock();
  $('board').classList.toggle('paused', p);
  $('cover').hidden = !p;
  $('pause').setAttribute('aria-pressed', String(p));
  $('pause').setAttribute('aria-label', p ? 'Resume' : 'Pause');
  if (p) {
    // Paused means paused: nothing of the board shows, in panels or the puzzle text.
    closeHint();
    closePath();
    state.marks = null;
    say('Paused. Press Resume (or P) to play on.');
  } else {
    say('Playing.');
  }
  render();
  if (p) $('resume').focus();
}

// ---------------------------------------------------------------- rendering

const hintShown = () => !!(state.hint || state.marks);

function render() {
  const g = state.game;
  if (g.n !== Number($('size').value)) {
    $('size').value = String(g.n);
    refreshLevels();
  }
  view.render(g, {
    sel: state.sel, cur: state.cur, settings: state.settings,
    marks: state.marks || noMarks(),
    mistakes: state.settings.checkMistakes ? g.mistakes() : new Set(),
    hintShown: hintShown(),
  });
  buildKeypad();
  renderKeypad();
  for (const b of document.querySelectorAll('.modes button')) b.setAttribute('aria-pressed', String(b.dataset.mode === state.mode));
  $('keypad').classList.toggle('mode-corner', state.mode === 'corner');
  $('keypad').classList.toggle('mode-centre', state.mode === 'centre');
  syncControls();
  const serial = $('serial');
  if (state.paused) serial.value = '';
  else if (document.activeElement !== serial) serial.value = g.line();
  renderRating();
  renderZoom();
  renderClock();
  save();
}

// Which controls work now: nothing that reads or changes the board while
// paused, and nothing but Cancel while the back end works.
function syncControls() {
  const g = state.game, locked = state.paused || !!state.busy;
  for (const id of ['hint', 'step', 'walk', 'solve', 'accept', 'fill', 'reset', 'clear', 'load', 'share', 'hint-more', 'hint-apply', 'hint-reveal', 'path-next']) {
    $(id).disabled = locked;
  }
  $('undo').disabled = locked || !g.undoStack.length;
  $('redo').disabled = locked || !g.redoStack.length;
  $('new').disabled = !!state.busy || !levelsAt(Number($('size').value)).length;
  $('serial').disabled = state.paused;
  $('serial').placeholder = state.paused ? 'Paused' : '';
  for (const b of $('keypad').querySelectorAll('button')) b.disabled = locked;
  for (const b of document.querySelectorAll('.modes button')) b.disabled = state.paused;
  if (state.path) $('path-next').disabled = locked || state.path.next >= state.path.steps.length;
  $('board').setAttribute('aria-busy', String(!!state.busy));
}

function renderRating() {
  const badge = $('rating');
  const r = state.game.meta.rating;
  if (!r || !r.level) {
    badge.textContent = state.game.meta.rating === 'pending' ? 'Rating…' : state.game.givens.some((v) => v) ? 'Unrated' : 'Empty board';
    delete badge.dataset.level;
    return;
  }
  badge.textContent = ratingText(r);
  badge.dataset.level = r.level;
}
function ratingText(r) {
  const er = typeof r.er === 'number' ? r.er.toFixed(1) : typeof r.er_min === 'number' ? `≥${r.er_min.toFixed(1)}` : '?';
  return `${cap(r.level)} · ER ${er}`;
}
// A rating whose search stopped before its first step says nothing of the puzzle.
const ratingUnfinished = (r) => !r || !r.level || (typeof r.er !== 'number' && !r.steps);

// The keypad: digits of this board (or colours in colour mode) and Erase, in
// as many columns as keys of KEY_MIN px fit, rows balanced.
function buildKeypad() {
  const g = state.game, colour = state.mode === 'colour';
  const key = `${g.n}:${colour}`;
  if (state.keypadFor === key) return;
  state.keypadFor = key;
  const keypad = $('keypad');
  keypad.replaceChildren();
  keypad.classList.toggle('colours', colour);
  const count = colour ? COLOUR_COUNT : g.n;
  for (let d = 1; d <= count; d++) {
    const b = document.createElement('button');
    b.dataset.digit = d;
    const face = document.createElement('span');
    face.className = 'face';
    if (colour) {
      b.classList.add('swatch');
      b.title = `Colour ${d}, ${COLOURS[d - 1]}: paint the selected cells, again to remove (key ${d})`;
      b.setAttribute('aria-label', `Colour ${d}, ${COLOURS[d - 1]}`);
      const chip = document.createElement('span');
      chip.className = `chip paint-${d}`;
      face.textContent = String(d);
      b.append(chip, face);
    } else {
      // Named by its symbol; how many are left is in its description.
      face.textContent = symbol(d);
      const left = document.createElement('span');
      left.className = 'left';
      left.setAttribute('aria-hidden', 'true');
      b.append(face, left);
    }
    keypad.append(b);
  }
  const erase = document.createElement('button');
  erase.dataset.digit = 0;
  erase.className = 'erase';
  erase.textContent = 'Erase';
  erase.title = colour ? 'Remove the colours of the selected cells (0, Delete)' : 'Clear the selected cells (0, Delete or Backspace)';
  keypad.append(erase);
  layoutKeypad();
}
function layoutKeypad() {
  const keypad = $('keypad');
  const keys = keypad.children.length;
  if (!keys) return;
  const gap = parseFloat(getComputedStyle(keypad).columnGap) || 6;
  const width = keypad.clientWidth || 360;
  const fit = Math.max(1, Math.floor((width + gap) / (KEY_MIN + gap)));
  const rows = Math.ceil(keys / Math.min(fit, 10));
  keypad.style.setProperty('--kc', Math.ceil(keys / rows));
}
function renderKeypad() {
  const g = state.game;
  if (state.mode === 'colour') return;
  const counts = new Array(g.n + 1).fill(0);
  g.values.forEach((v) => counts[v]++);
  for (const b of $('keypad').querySelectorAll('button[data-digit]')) {
    const d = Number(b.dataset.digit);
    if (!d) continue;
    const left = g.n - counts[d];
    b.querySelector('.left').textContent = left > 0 ? left : '';
    b.title = `Enter ${symbol(d)} (key ${symbol(d)}): ${left > 0 ? `${left} left to place` : 'all placed'}`;
    b.classList.toggle('done', left <= 0);
  }
}

// ---------------------------------------------------------------- zoom

// Until the player zooms, a 25x25 board starts at a zoom that makes cells big
// enough to hit: about 28 px for a finger, 20 px for a mouse. So 1 on a
// desktop, 2 on a phone.
function zoomOf(n) {
  if (state.zoom.has(n)) return state.zoom.get(n);
  if (n < 25) return 1;
  const width = document.querySelector('.board-frame').clientWidth || 600;
  const target = matchMedia('(pointer: coarse)').matches ? 28 : 20;
  return ZOOMS.find((z) => (width * z) / n >= target) || ZOOMS[ZOOMS.length - 1];
}
function renderZoom() {
  const n = state.game.n, z = zoomOf(n);
  $('zoom').hidden = n < 12;
  $('zoom-in').disabled = z >= ZOOMS[ZOOMS.length - 1];
  $('zoom-out').disabled = z <= ZOOMS[0];
  const wrap = $('board-wrap');
  wrap.classList.toggle('zoomed', z > 1);
  $('board').style.width = `${z * 100}%`;
}
function zoom(step, around = null) {
  const n = state.game.n, z = zoomOf(n);
  const k = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(z) + step));
  if (ZOOMS[k] === z || n < 12) return;
  const wrap = $('board-wrap');
  // Keep the point under the pointer (or the selected cell) where it was.
  const rect = wrap.getBoundingClientRect();
  const cellRect = view.cells[state.cur].getBoundingClientRect();
  const [px, py] = around || [cellRect.left + cellRect.width / 2 - rect.left, cellRect.top + cellRect.height / 2 - rect.top];
  const fx = (wrap.scrollLeft + px) / wrap.scrollWidth, fy = (wrap.scrollTop + py) / wrap.scrollHeight;
  state.zoom.set(n, ZOOMS[k]);
  renderZoom();
  wrap.scrollLeft = fx * wrap.scrollWidth - px;
  wrap.scrollTop = fy * wrap.scrollHeight - py;
}
// The selected cell in view inside a zoomed board, without scrolling the page.
function revealCell(i) {
  const wrap = $('board-wrap');
  if (!wrap.classList.contains('zoomed')) return;
  const c = view.cells[i].getBoundingClientRect(), w = wrap.getBoundingClientRect();
  if (c.left < w.left) wrap.scrollLeft -= w.left - c.left + 4;
  else if (c.right > w.right) wrap.scrollLeft += c.right - w.right + 4;
  if (c.top < w.top) wrap.scrollTop -= w.top - c.top + 4;
  else if (c.bottom > w.bottom) wrap.scrollTop += c.bottom - w.bottom + 4;
}

// ---------------------------------------------------------------- selection

function focusCurrent() {
  const active = document.activeElement;
  if (!active || active === document.body || $('board').contains(active) || $('keypad').contains(active)) {
    view.cells[state.cur]?.focus({ preventScroll: true });
  }
}
// Selects cell i: alone, or added to (or, with toggle, taken from) the selection.
function select(i, how = 'only') {
  if (how === 'only') state.sel = new Set([i]);
  else if (how === 'toggle' && state.sel.has(i) && state.sel.size > 1) {
    state.sel.delete(i);
    if (state.cur === i) i = [...state.sel][state.sel.size - 1];
  } else state.sel.add(i);
  state.cur = i;
  render();
  revealCell(i);
  focusCurrent();
}
function selectDigit(v) {
  state.sel = new Set([...state.game.values.keys()].filter((c) => state.game.values[c] === v));
  render();
  say(`Every ${symbol(v)} selected (${state.sel.size}).`);
}
function clampSelection() {
  const cells = state.game.geo.cells;
  state.cur = Math.min(state.cur, cells - 1);
  state.sel = new Set([...state.sel].filter((i) => i < cells));
  if (!state.sel.size) state.sel.add(state.cur);
}
function move(dr, dc, extend) {
  const { n } = state.game;
  const r = (Math.floor(state.cur / n) + dr + n) % n, c = (state.cur % n + dc + n) % n;
  select(r * n + c, extend ? 'add' : 'only');
}

// ---------------------------------------------------------------- changes

// Paused or waiting for the back end: says so and refuses the input.
function blocked() {
  if (state.paused) { say('Paused: press Resume (or P) to play on.'); return true; }
  if (state.busy) { say(`Please wait: ${state.busy.label.toLowerCase()}, or press Cancel.`); return true; }
  return false;
}

// After any change by the player: close step highlights, note a finished board.
function changed({ keepMarks = false } = {}) {
  if (!keepMarks) {
    state.marks = null;
    closeHint();
  }
  const g = state.game;
  syncClock();
  render();
  if (g.solved() && !g.meta.finished) finish();
  else if (!g.solved()) {
    const conflicts = g.conflicts();
    if (conflicts.size) say(`Conflict: ${[...conflicts].map((i) => g.geo.name(i)).join(', ')} repeat a digit.`, 'bad');
  }
}

function enter(d, kindOverride = null) {
  state.lastPress = null;
  if (blocked()) return;
  const g = state.game, cells = [...state.sel];
  const kind = kindOverride || state.mode;
  let did = false, text = '';
  if (kind === 'colour') {
    did = d === 0 ? g.erase(cells, true) : g.toggleColour(cells, d);
    text = d === 0 ? 'Colours removed.' : `Colour ${d} (${COLOURS[d - 1]}) toggled.`;
  } else if (d === 0) {
    did = g.erase(cells);
    text = cells.length === 1 ? `${g.geo.name(cells[0])} cleared.` : `${cells.length} cells cleared.`;
  } else if (kind === 'normal') {
    const targets = cells.filter((c) => !g.isGiven(c));
    if (!targets.length) { say(`${g.geo.name(cells[0])} is a given.`); return; }
    did = g.place(targets, d, state.settings.autoClean);
    if (did && g.meta.solution) {
      const wrong = targets.filter((c) => digitOf(g.meta.solution[c], g.n) !== d).length;
      g.meta.mistakes += wrong;
    }
    text = targets.length === 1 ? `${g.geo.name(targets[0])} = ${symbol(d)}` : `${symbol(d)} in ${targets.length} cells.`;
  } else {
    did = g.toggleMark(kind, cells, d);
    if (!did && cells.every((c) => g.values[c])) say('Marks go in empty cells.');
  }
  if (did) {
    hideToast();
    if (text) say(text);
    changed();
  }
}

function setMode(mode) {
  if (state.paused) return;
  state.mode = mode;
  render();
  const what = { normal: 'Normal mode.', corner: 'Corner marks: digits toggle small digits in the corners.', centre: 'Centre marks: digits toggle small digits in the middle.', colour: 'Colour mode: keys 1–8 paint the selected cells.' };
  say(what[mode]);
}

// Puts a new puzzle on the board (undoable: its meta goes with the history).
function loadPuzzle(n, digits, meta = freshMeta()) {
  state.checking?.abort();
  state.game.load(n, digits, meta);
  state.elapsed = 0;
  state.since = null;
  clampSelection();
  closePath();
  changed();
}

// After undo or redo: another puzzle may be back, with its badge and clock.
function afterHistory(r, text) {
  if (r.crossed) {
    state.elapsed = Number(state.game.meta.elapsed) || 0;
    state.since = null;
    closePath();
  }
  clampSelection();
  hideToast();
  say(text);
  changed();
}
function doUndo() {
  if (blocked()) return;
  const r = state.game.undo();
  if (r) afterHistory(r, 'Undone.');
  else say('Nothing to undo.');
}
function doRedo() {
  if (blocked()) return;
  const r = state.game.redo();
  if (r) afterHistory(r, 'Redone.');
  else say('Nothing to redo.');
}

// ---------------------------------------------------------------- finishing

function finish() {
  const g = state.game, meta = g.meta;
  meta.finished = true;
  stopClock();
  const r = meta.rating && meta.rating.level ? meta.rating : null;
  const entry = {
    when: Date.now(), size: g.n, level: r ? r.level : 'unrated', er: r && typeof r.er === 'number' ? r.er : null,
    ms: Math.round(elapsedMs()), hints: meta.hints, mistakes: meta.mistakes, assisted: !!meta.assisted,
    solver: !!meta.solver, puzzle: g.line(g.givens),
  };
  const before = record(entry);
  renderHistory();
  save();
  if (meta.solver) return;
  say(`Solved in ${formatTime(entry.ms)}. Well done!`, 'ok');
  showFinish(entry, before);
}

function showFinish(entry, before) {
  const stats = $('finish-stats');
  const row = (k, v) => {
    const dt = document.createElement('dt'), dd = document.createElement('dd');
    dt.textContent = k; dd.textContent = v;
    stats.append(dt, dd);
  };
  stats.replaceChildren();
  const r = state.game.meta.rating;
  row('Time', formatTime(entry.ms));
  row('Hints', String(entry.hints));
  row('Mistakes', state.game.meta.solution ? String(entry.mistakes) : '–');
  row('Rating', r && r.level ? ratingText(r) : 'Unrated');
  row('Board', `${entry.size}×${entry.size}`);
  let best;
  if (entry.assisted) best = 'Steps, applied hints or revealed cells were used, so this time is not a personal best.';
  else if (before === null) best = `Your first finish of ${/^[aeiou]/.test(entry.level) ? 'an' : 'a'} ${entry.level} ${entry.size}×${entry.size}: the time to beat.`;
  else if (entry.ms < before) best = `A new personal best for ${entry.level} ${entry.size}×${entry.size}! (It was ${formatTime(before)}.)`;
  else best = `Your best for ${entry.level} ${entry.size}×${entry.size}: ${formatTime(before)}.`;
  $('finish-best').textContent = best;
  $('finish-best').classList.toggle('plain', entry.assisted || (before !== null && entry.ms >= before));
  const dialog = $('finish');
  if (!dialog.open) dialog.showModal();
  $('finish-new').focus();
}

function renderHistory() {
  const body = $('history-body');
  const h = playedHistory();
  if (!h.length) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = 'Finished puzzles and your best times show here.';
    body.replaceChildren(p);
    return;
  }
  const table = (caption, head, rows) => {
    const t = document.createElement('table');
    const cap2 = document.createElement('caption');
    cap2.textContent = caption;
    const tr = document.createElement('tr');
    for (const x of head) { const th = document.createElement('th'); th.scope = 'col'; th.textContent = x; tr.append(th); }
    const thead = document.createElement('thead');
    thead.append(tr);
    const tbody = document.createElement('tbody');
    for (const r of rows) {
      const row = document.createElement('tr');
      for (const x of r) { const td = document.createElement('td'); td.textContent = x; row.append(td); }
      tbody.append(row);
    }
    t.append(cap2, thead, tbody);
    return t;
  };
  const b = bests(h);
  const parts = [];
  if (b.length) parts.push(table('Personal bests', ['Board', 'Level', 'Best', 'Played'], b.map((x) => [`${x.size}×${x.size}`, cap(x.level), formatTime(x.ms), String(x.count)])));
  parts.push(table('Last games', ['When', 'Board', 'Level', 'Time', 'Hints', 'Mistakes'], h.slice(0, 10).map((x) => [
    new Date(x.when).toLocaleDateString(), `${x.size}×${x.size}`, cap(x.level), formatTime(x.ms) + (x.solver ? ' (Solve)' : x.assisted ? ' (helped)' : ''),
    String(x.hints), String(x.mistakes),
  ])));
  body.replaceChildren(...parts);
}

// ---------------------------------------------------------------- work with the back end

// Runs `fn(signal)` as the one piece of work under way: the board is marked
// busy, input is refused with a word why, and after a moment a spinner with
// the time so far and a Cancel button shows over the board.
async function work(label, fn) {
  if (state.busy) { say(`Please wait: ${state.busy.label.toLowerCase()}, or press Cancel.`); return; }
  const controller = new AbortController();
  const busy = { label, controller, started: performance.now() };
  state.busy = busy;
  syncControls();
  const tick = () => {
    const s = Math.floor((performance.now() - busy.started) / 1000);
    $('busy-text').textContent = `${label}… ${s} s`;
  };
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
function cancelWork() {
  if (state.busy) state.busy.controller.abort();
}

// A failed call as a sentence for the player.
function failure(what, reply) {
  const e = reply.body && reply.body.error;
  const code = e && e.code;
  if (reply.aborted) return `${what}: cancelled. The board is as it was.`;
  if (code === 'timeout') {
    const allowed = backend === 'engine' ? `the ${Math.round(budget() / 1000)} s allowed for one request` : 'the server allows for one request';
    return `${what}: it takes longer than ${allowed}, so it stopped. The board is as it was.`;
  }
  if (code === 'busy') return `${what}: the server is busy with other work; try again in a moment.`;
  if (code === 'unsupported') return `${what}: ${errorText(reply)}.`;
  return `${what}: ${errorText(reply)}`;
}

const levelsAt = (n) => (state.levels ? state.levels.get(n) || [] : LEVELS);
function refreshLevels() {
  const n = Number($('size').value), offered = levelsAt(n);
  // The level the player last chose, or the nearest offered below it.
  const select = $('level'), prev = state.settings.newLevel || select.value || 'medium';
  select.replaceChildren(...offered.map((l) => {
    const o = document.createElement('option');
    o.value = l; o.textContent = cap(l);
    return o;
  }));
  if (offered.includes(prev)) select.value = prev;
  else {
    const below = offered.filter((l) => LEVELS.indexOf(l) <= LEVELS.indexOf(prev));
    select.value = below.length ? below[below.length - 1] : offered[0] || '';
  }
  select.disabled = !offered.length;
  $('new').disabled = !!state.busy || !offered.length;
  $('new').title = offered.length ? 'Make a new puzzle of this size and level, with exactly one solution (N)'
    : `${cap(source)} makes no ${n}×${n} puzzles; type or paste one instead`;
}

function newPuzzle() {
  if (state.paused) setPaused(false);
  const size = Number($('size').value), level = $('level').value;
  if (!levelsAt(size).length) { say(`${cap(source)} makes no ${size}×${size} puzzles: type or paste one, then Load.`, 'bad'); return Promise.resolve(); }
  return work(`Making a ${level} ${size}×${size} puzzle`, async (signal) => {
    const reply = await call('generate', { size, level }, { signal });
    if (!reply.ok) { say(failure('No new puzzle', reply), reply.aborted ? '' : 'bad'); return; }
    const b = reply.body;
    const parsed = parseSerial(b.puzzle || '');
    if (parsed.error) { say(`${cap(source)} sent a puzzle the page cannot read: ${parsed.error}`, 'bad'); return; }
    const rating = b.rating && b.rating.level ? b.rating : null;
    const meta = freshMeta({ rating, solution: typeof b.solution === 'string' && b.solution.length === parsed.digits.length ? b.solution : null, asked: level });
    protect('New puzzle.', () => loadPuzzle(parsed.n, parsed.digits, meta));
    const what = `${parsed.n}×${parsed.n}`;
    if (rating && ratingUnfinished(rating)) {
      meta.rating = 'pending';
      say(`New ${what} puzzle: ${b.clues} clues, one solution. Its rating ran out of time; rating it again…`);
      rateInBackground(meta, level);
    } else if (b.status === 'closest') {
      say(`No ${level} ${what} puzzle turned up in time, so this is the closest found: ${rating ? ratingText(rating) : 'unrated'}.`, 'warn');
    } else if (!rating) {
      say(`New ${what} puzzle: ${b.clues} clues, one solution. ${cap(source)} gave no rating for it.`, 'warn');
    } else if (rating.level !== level) {
      say(`You asked for ${level}; this puzzle rates ${ratingText(rating)}.`, 'warn');
    } else {
      say(`New puzzle, ${ratingText(rating)}: ${b.clues} clues, one solution.`, 'ok');
    }
    render();
  });
}

// Rates the puzzle of `meta` without holding up play; the badge follows.
async function rateInBackground(meta, asked = null) {
  const g = state.game, puzzle = g.line(g.givens);
  const controller = new AbortController();
  state.checking = controller;
  meta.rating = 'pending';
  render();
  const quiet = said;
  const rate = await call('rate', { puzzle }, { signal: controller.signal, background: true });
  if (controller.signal.aborted) return;
  meta.rating = rate.ok && rate.body.level ? rate.body : null;
  if (state.game.meta !== meta) return;
  render();
  const r = meta.rating;
  if (!r) say(`The puzzle is not rated: ${rate.ok ? 'no level came back' : errorText(rate)}.`);
  else if (asked && r.level !== asked) say(`You asked for ${asked}; this puzzle rates ${ratingText(r)}.`, 'warn');
  else if (asked && said === quiet) say(`New puzzle, ${ratingText(r)}.`, 'ok');
}

// Checks that a loaded puzzle has one solution (keeping it for mistake
// checking), then rates it; in the background, so play starts at once.
async function checkPuzzle(loaded = 'Loaded:', kind = 'ok') {
  const g = state.game, meta = g.meta, puzzle = g.line(g.givens);
  const controller = new AbortController();
  state.checking = controller;
  const quiet = said;
  const count = await call('count', { puzzle, limit: 2 }, { signal: controller.signal, background: true });
  if (controller.signal.aborted || state.game.meta !== meta) return;
  if (!count.ok) { say(`Cannot check the puzzle: ${errorText(count)}`, 'bad'); return; }
  const b = count.body;
  if (b.status === 'invalid') { say(`The givens break the rules: ${b.message}`, 'bad'); return; }
  if (b.status === 'no_solution') { say('This puzzle has no solution.', 'bad'); return; }
  if (b.status === 'timeout') { say('The uniqueness check ran out of time.', 'bad'); return; }
  if (b.count > 1) { say('This puzzle has more than one solution: hints and ratings need exactly one.', 'bad'); return; }
  if (typeof b.solution === 'string') meta.solution = b.solution;
  // A problem with the puzzle is always said; that it is fine, only while
  // nothing newer (a conflict, a hint) holds the status line.
  if (!state.game.solved() && said === quiet) say(`${loaded} the puzzle has exactly one solution.`, kind);
  await rateInBackground(meta);
}

async function loadFromBox() {
  if (blocked()) return;
  const text = $('serial').value;
  let parsed = parseSerial(text.replace(/\s+/g, ''));
  if (parsed.error) {
    // Any other text form: the engine's parser reads it and says where it fails.
    const reply = await call('validate', { puzzle: text });
    if (!reply.ok) { say(`Cannot load: ${errorText(reply)}`, 'bad'); return; }
    parsed = parseSerial(reply.body.puzzle);
    if (parsed.error) { say(`Cannot load a ${reply.body.size} board here: sizes ${SIZES.map((n) => `${n}×${n}`).join(', ')} are offered.`, 'bad'); return; }
  }
  if (!parsed.digits.some((d) => d)) { say('The box holds no digits to load.', 'bad'); return; }
  protect('Puzzle loaded.', () => loadPuzzle(parsed.n, parsed.digits));
  $('serial').blur();
  await checkPuzzle();
}

function solve() {
  if (blocked()) return;
  return work('Solving', async (signal) => {
    const g = state.game;
    const reply = await call('solve', { puzzle: g.line() }, { signal });
    if (!reply.ok) { say(failure('Cannot solve', reply), reply.aborted ? '' : 'bad'); return; }
    const b = reply.body;
    // (an answer about broken givens comes before any search, with no time)
    const where = backend === 'engine' ? 'in the engine' : 'on the server';
    // In a browser the engine's clock moves in steps of 0.1 ms (finer only in a
    // cross-origin isolated page): a time under one step is said so, not as 0.
    const tiny = backend === 'engine' && typeof b.elapsed_ms === 'number' && b.elapsed_ms < 0.1;
    const ms = typeof b.elapsed_ms !== 'number' ? '' : tiny ? 'under 0.1' : b.elapsed_ms < 1 ? b.elapsed_ms.toFixed(3) : b.elapsed_ms.toFixed(1);
    const engine = ms ? `${ms} ms ${where}, ` : '';
    const took = `${engine}${Math.round(reply.ms)} ms in all`;
    if (b.status === 'solved') {
      g.meta.solver = true;
      g.fillSolution(b.solution);
      changed();
      say(`Solved in ${took}.`, 'ok');
    } else if (b.status === 'invalid') {
      say(`No solution: ${b.message}.`, 'bad');
    } else if (b.status === 'no_solution') {
      say(`No solution from here (${took}): an entry is wrong, or the puzzle is broken.`, 'bad');
    } else if (b.status === 'multiple') {
      say(`More than one solution from here (${took}).`, 'bad');
    } else {
      say(`The search stopped: ${b.message || b.status}.`, 'bad');
    }
  });
}

// ---------------------------------------------------------------- hints

function hintRequest() {
  const g = state.game;
  return { puzzle: g.line(), givens: g.line(g.givens), candidates: g.candidatesForApi(), level: 'concrete' };
}
const positionKey = () => `${state.game.line()}|${state.game.elim.join(',')}`;

function closeHint() {
  state.hint = null;
  $('hint-panel').hidden = true;
}
function closePath() {
  state.path = null;
  $('path-panel').hidden = true;
}

// The first press shows what to look for and where (the area shaded); the
// second the step itself. No cell's answer shows unless the player asks.
function hint() {
  if (blocked()) return;
  const h = state.hint;
  if (h && h.grade === 'vague' && h.key === positionKey() && h.data.status === 'step') {
    showHint(h.data, 'concrete', h.key);
    return;
  }
  return work('Looking for the next step', async (signal) => {
    const key = positionKey();
    const reply = await call('hint', hintRequest(), { signal });
    if (!reply.ok) { closeHint(); state.marks = null; say(failure('No hint', reply), reply.aborted ? '' : 'bad'); return; }
    state.game.meta.hints++;
    showHint(reply.body, 'vague', key);
    const b = reply.body;
    say(b.status === 'step' ? 'Hint: look in the shaded area. Hint again (or “Show step”) for the step itself.' : b.message,
      b.status === 'step' || b.status === 'solved' ? '' : 'bad');
  });
}

function showHint(data, grade, key) {
  closePath();
  state.hint = { data, grade, key };
  const g = state.game, { geo } = g;
  $('hint-panel').hidden = false;
  $('hint-reveal-text').hidden = true;
  const cur = state.cur;
  $('hint-reveal').hidden = g.isGiven(cur) || data.status === 'solved';
  $('hint-reveal').title = `Write the answer of the selected cell (${geo.name(cur)}) into it`;
  if (data.status !== 'step') {
    $('hint-vague').textContent = data.message || data.status;
    $('hint-text').textContent = '';
    $('hint-text').hidden = true;
    $('hint-more').hidden = true;
    $('hint-apply').hidden = true;
    const marks = noMarks();
    (data.wrong_cells || []).forEach((x) => marks.wrong.add((x.row - 1) * geo.n + (x.col - 1)));
    state.marks = marks;
  } else {
    const vague = data.vague || `Look for a ${data.step.technique}`;
    $('hint-vague').textContent = vague;
    // The step's text enters the page only when asked for: it names cells and digits.
    $('hint-text').textContent = grade === 'concrete' ? data.step.explanation : '';
    $('hint-text').hidden = grade !== 'concrete';
    $('hint-more').hidden = grade === 'concrete';
    $('hint-apply').hidden = grade !== 'concrete';
    state.marks = stepMarks(geo, data.step, grade, vague);
  }
  render();
  const panel = $('hint-panel');
  if (getComputedStyle(panel).position !== 'fixed') panel.scrollIntoView({ block: 'nearest' });
}

// The solution of the puzzle on the board: kept from generation or the
// uniqueness check, else asked for.
async function solution(signal) {
  const g = state.game, meta = g.meta;
  if (meta.solution) return meta.solution;
  const reply = await call('solve', { puzzle: g.line(g.givens) }, { signal });
  if (reply.ok && reply.body.status === 'solved') meta.solution = reply.body.solution;
  return meta.solution;
}

function reveal() {
  if (blocked()) return;
  const i = state.cur, g = state.game;
  if (g.isGiven(i)) { say(`${g.geo.name(i)} is a given.`); return; }
  return work('Finding the answer', async (signal) => {
    const line = await solution(signal);
    if (signal.aborted) { say('Cancelled.'); return; }
    if (!line) { say('This puzzle has no single solution, so no cell can be revealed.', 'bad'); return; }
    const d = digitOf(line[i], g.n);
    g.meta.hints++;
    g.meta.assisted = true;
    g.place([i], d, state.settings.autoClean);
    changed();
    say(`Revealed: ${g.geo.name(i)} is ${symbol(d)}.`);
  });
}

function applyStep(step) {
  const g = state.game;
  if (g.applyStep(step, state.settings.autoClean)) {
    g.meta.assisted = true;
    state.marks = stepMarks(g.geo, step, 'concrete');
    changed({ keepMarks: true });
    return true;
  }
  return false;
}

function stepOnce() {
  if (blocked()) return;
  return work('Looking for the next step', async (signal) => {
    closeHint();
    const reply = await call('hint', hintRequest(), { signal });
    if (!reply.ok) { say(failure('No step', reply), reply.aborted ? '' : 'bad'); return; }
    if (reply.body.status !== 'step') { say(reply.body.message, reply.body.status === 'solved' ? 'ok' : 'bad'); return; }
    applyStep(reply.body.step);
    const rating = reply.body.step.rating;
    say(`${reply.body.step.explanation}${typeof rating === 'number' ? ` (rating ${rating.toFixed(1)})` : ''}`);
  });
}

function walk() {
  if (blocked()) return;
  return work('Finding the logical path', async (signal) => {
    closeHint();
    const g = state.game;
    const reply = await call('explain', { puzzle: g.line(), candidates: g.candidatesForApi() }, { signal });
    if (!reply.ok) { say(failure('No path', reply), reply.aborted ? '' : 'bad'); return; }
    const b = reply.body;
    state.path = { steps: b.steps, next: 0 };
    const list = $('path-list');
    list.replaceChildren(...b.steps.map((s) => {
      const li = document.createElement('li');
      li.textContent = s.explanation;
      return li;
    }));
    const r = b.rating;
    $('path-summary').textContent = `${b.steps.length} steps${b.status === 'solved' ? ' to the end' : b.status === 'stopped' ? ', then the time allowed for one request ran out' : ', then chains are needed'}; hardest ${r && r.level ? ratingText(r) : 'unrated'}.`;
    $('path-panel').hidden = false;
    say('The logical path is listed: “Next step” applies one step at a time.');
  });
}

function pathNext() {
  const p = state.path;
  if (!p || p.next >= p.steps.length || blocked()) return;
  const step = p.steps[p.next];
  applyStep(step);
  const items = $('path-list').children;
  if (p.next > 0) items[p.next - 1].className = 'done';
  items[p.next].className = 'current';
  items[p.next].scrollIntoView({ block: 'nearest' });
  say(step.explanation);
  p.next++;
  syncControls();
}

// ---------------------------------------------------------------- sharing and saving

async function share() {
  if (blocked()) return;
  const g = state.game;
  const params = new URLSearchParams({ s: g.line(g.givens) });
  if (state.settings.shareProgress && g.inProgress()) params.set('p', encodeProgress(g));
  const query = `?${params.toString()}`;
  const url = `${location.origin}${location.pathname}${query}`;
  history.replaceState(null, '', query);
  const box = $('share-url');
  box.value = url;
  box.hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    say(`Link copied: it opens this puzzle${params.has('p') ? ' with your progress' : ''}.`, 'ok');
  } catch {
    box.select();
    say('Copy the link below to share this puzzle.');
  }
}

function save() {
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify({ game: state.game.toJSON(), cur: state.cur, mode: state.mode }));
  } catch { /* storage full or disabled: the game goes on unsaved */ }
}

function restore() {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVE_KEY) || 'null');
    if (saved) return { ...saved, game: Game.fromJSON(saved.game) };
    // A game saved before meta travelled with it.
    const old = JSON.parse(localStorage.getItem(OLD_SAVE_KEY) || 'null');
    if (!old) return null;
    const game = Game.fromJSON({ ...old.game, meta: { rating: old.rating || null, elapsed: Number(old.elapsed) || 0 } });
    return { cur: old.cur, mode: old.mode, game };
  } catch { return null; }
}

function setSetting(key, value) {
  state.settings[key] = value;
  saveSettings(state.settings);
  render();
}

// ---------------------------------------------------------------- input

function onKey(e) {
  const t = e.target;
  state.lastPress = null;
  if (e.key === 'Escape') {
    if (document.querySelector('dialog[open]')) return;  // the dialog closes itself
    if (state.busy) { cancelWork(); return; }
    closeHint(); closePath(); state.marks = null;
    state.sel = new Set([state.cur]);
    render();
    return;
  }
  if (document.querySelector('dialog[open]')) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const k = e.key;
  // Text fields keep their own keys; elsewhere (a select or a checkbox just
  // used, say) Ctrl+Z and Ctrl+Y still undo and redo on the board.
  const typing = t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && !['checkbox', 'radio'].includes(t.type));
  if (!typing && ctrl && (k === 'z' || k === 'Z')) { e.preventDefault(); (e.shiftKey ? doRedo : doUndo)(); return; }
  if (!typing && ctrl && (k === 'y' || k === 'Y')) { e.preventDefault(); doRedo(); return; }
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  if (t instanceof HTMLButtonElement && (e.key === 'Enter' || e.key === ' ')) return;
  if (ctrl && (k === 'a' || k === 'A')) {
    e.preventDefault();
    state.sel = new Set(Array.from({ length: state.game.geo.cells }, (_, i) => i));
    render();
    return;
  }
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[k]) { e.preventDefault(); move(...arrows[k], ctrl || e.shiftKey); return; }
  if (ctrl || e.altKey) return;
  if (k === '?') { e.preventDefault(); openKeys(); return; }
  if (k === '+' || k === '=') { zoom(1); return; }
  if (k === '-' || k === '_') { zoom(-1); return; }
  if (k === 'Delete' || k === 'Backspace' || k === '0') { e.preventDefault(); enter(0); return; }
  const n = state.game.n;
  // Shift changes what a digit key types, so digits are read from the key's code.
  const code = /^(Digit|Numpad)([1-9])$/.exec(e.code || '');
  let d = code ? Number(code[2]) : digitOf(k, n);
  const limit = state.mode === 'colour' && !e.shiftKey ? COLOUR_COUNT : n;
  if (d > limit) d = -1;
  if (d > 0) { e.preventDefault(); enter(d, e.shiftKey ? 'corner' : null); return; }
  const lower = k.toLowerCase();
  if (lower === 'z') setMode('normal');
  else if (lower === 'x') setMode('corner');
  else if (lower === 'v') setMode('centre');
  else if (lower === 'c') setMode('colour');
  else if (k === ' ') { e.preventDefault(); setMode(MODES[(MODES.indexOf(state.mode) + 1) % MODES.length]); }
  else if (lower === 'h') hint();
  else if (lower === 'p') setPaused(!state.paused);
  else if (lower === 'n') newPuzzle();
  else if (lower === 'f') fillMarks();
}

function fillMarks() {
  if (blocked()) return;
  if (state.game.fillCentreMarks()) {
    hideToast();
    say('Every empty cell\'s candidates are now centre marks: prune them by hand in Centre mode.');
    changed();
  } else say('The centre marks already hold every candidate.');
}

function openKeys() {
  const list = $('keys-list');
  if (!list.children.length) list.replaceChildren(...[...document.querySelectorAll('.help .keys > *')].map((x) => x.cloneNode(true)));
  $('keys-dialog').showModal();
}

function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  $('theme').setAttribute('aria-pressed', String(theme === 'dark'));
}

const cellAt = (x, y) => {
  const el = document.elementFromPoint(x, y);
  const c = el && el.closest && el.closest('.cell');
  return c && $('board').contains(c) ? Number(c.dataset.index) : -1;
};

function wireBoard() {
  const board = $('board');
  // Mouse and pen: select on press, drag to add cells; Ctrl/Cmd toggles a
  // cell, Shift adds one. Touch: the same, except on a zoomed board, where a
  // finger drag pans and a tap selects.
  board.addEventListener('pointerdown', (e) => {
    const el = e.target.closest('.cell');
    if (!el || state.paused) return;
    const i = Number(el.dataset.index);
    const zoomed = $('board-wrap').classList.contains('zoomed');
    if (e.pointerType === 'touch' && zoomed) {
      state.drag = { pointerId: e.pointerId, touchPan: true, x: e.clientX, y: e.clientY, index: i };
      return;
    }
    e.preventDefault();
    const how = e.ctrlKey || e.metaKey ? 'toggle' : e.shiftKey ? 'add' : 'only';
    state.drag = { pointerId: e.pointerId, touchPan: false };
    // A second press on the same digit soon after, nothing typed between (a
    // double click or tap), selects every cell that holds it.
    const now = performance.now(), last = state.lastPress;
    state.lastPress = { i, at: now };
    if (how === 'only' && last && last.i === i && now - last.at < 400 && state.game.values[i]) {
      state.lastPress = null;
      selectDigit(state.game.values[i]);
      view.cells[state.cur].focus({ preventScroll: true });
      return;
    }
    select(i, how);
    view.cells[state.cur].focus({ preventScroll: true });
  });
  board.addEventListener('pointermove', (e) => {
    const d = state.drag;
    if (!d || d.pointerId !== e.pointerId || d.touchPan) return;
    const i = cellAt(e.clientX, e.clientY);
    if (i >= 0 && !state.sel.has(i)) select(i, 'add');
  });
  const end = (e) => {
    const d = state.drag;
    if (!d || d.pointerId !== e.pointerId) return;
    state.drag = null;
    if (d.touchPan && e.type === 'pointerup' && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 10) select(d.index);
  };
  board.addEventListener('pointerup', end);
  board.addEventListener('pointercancel', end);
  $('board-wrap').addEventListener('wheel', (e) => {
    if (!e.ctrlKey || state.game.n < 12) return;
    e.preventDefault();
    const r = $('board-wrap').getBoundingClientRect();
    zoom(e.deltaY < 0 ? 1 : -1, [e.clientX - r.left, e.clientY - r.top]);
  }, { passive: false });
}

function wire() {
  wireBoard();
  document.addEventListener('keydown', onKey);
  $('keypad').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-digit]');
    if (b) enter(Number(b.dataset.digit));
  });
  for (const b of document.querySelectorAll('.modes button')) b.addEventListener('click', () => setMode(b.dataset.mode));
  $('undo').addEventListener('click', doUndo);
  $('redo').addEventListener('click', doRedo);
  $('hint').addEventListener('click', hint);
  $('step').addEventListener('click', stepOnce);
  $('walk').addEventListener('click', walk);
  $('solve').addEventListener('click', solve);
  $('fill').addEventListener('click', fillMarks);
  $('accept').addEventListener('click', () => {
    if (blocked()) return;
    const count = state.game.singles().length;
    if (state.game.acceptSingles(state.settings.autoClean)) { say(`Accepted ${count} single${count === 1 ? '' : 's'}.`); changed(); }
    else say('There are no naked singles to accept.');
  });
  $('reset').addEventListener('click', () => {
    if (blocked()) return;
    protect('Reset to the givens.', () => {
      if (!state.game.resetToGivens()) return false;
      say('Reset to the givens.');
      changed();
      return true;
    });
  });
  $('clear').addEventListener('click', () => {
    if (blocked()) return;
    protect('Cleared.', () => {
      if (!state.game.clearAll()) return false;
      state.checking?.abort();
      state.elapsed = 0; state.since = null;
      closePath();
      say('Cleared: type or paste a puzzle, or make a new one.');
      changed();
      return true;
    });
  });
  $('hint-more').addEventListener('click', () => { if (state.hint && !blocked()) showHint(state.hint.data, 'concrete', state.hint.key); });
  $('hint-apply').addEventListener('click', () => {
    if (blocked() || !state.hint || !state.hint.data.step) return;
    const step = state.hint.data.step;
    closeHint();
    applyStep(step);
    say(`Applied: ${step.explanation}`);
  });
  $('hint-reveal').addEventListener('click', reveal);
  $('hint-close').addEventListener('click', () => { closeHint(); state.marks = null; render(); focusCurrent(); });
  $('path-next').addEventListener('click', pathNext);
  $('path-close').addEventListener('click', () => { closePath(); state.marks = null; render(); });
  $('load').addEventListener('click', loadFromBox);
  $('share').addEventListener('click', share);
  $('new').addEventListener('click', () => {
    state.settings.newSize = Number($('size').value);
    state.settings.newLevel = $('level').value;
    saveSettings(state.settings);
    newPuzzle();
  });
  $('size').addEventListener('change', () => {
    const n = Number($('size').value);
    refreshLevels();
    if (n === state.game.n || blocked()) { $('size').value = String(state.game.n); refreshLevels(); return; }
    protect(`Empty ${n}×${n} board.`, () => loadPuzzle(n, new Uint8Array(n * n)));
    say(`Empty ${n}×${n} board: press New puzzle for one, or type or paste your own and Load it.`);
  });
  $('level').addEventListener('change', () => { state.settings.newLevel = $('level').value; saveSettings(state.settings); });
  const toggles = {
    'show-cands': 'showCands', 'show-singles': 'showSingles', 'show-area': 'showArea', 'show-same': 'showSame',
    'check-mistakes': 'checkMistakes', 'auto-clean': 'autoClean', 'hide-timer': 'hideTimer', 'share-progress': 'shareProgress',
  };
  for (const [id, key] of Object.entries(toggles)) {
    $(id).checked = state.settings[key];
    $(id).addEventListener('change', (e) => {
      setSetting(key, e.target.checked);
      if (key === 'checkMistakes' && e.target.checked && !state.game.meta.solution && state.game.givens.some((v) => v)) {
        solution().then((line) => { render(); if (!line) say('Mistakes cannot be checked: the puzzle has no single solution.', 'bad'); });
      }
    });
  }
  $('pause').addEventListener('click', () => setPaused(!state.paused));
  $('resume').addEventListener('click', () => { setPaused(false); focusCurrent(); });
  $('busy-cancel').addEventListener('click', cancelWork);
  $('toast-undo').addEventListener('click', () => { hideToast(); doUndo(); });
  $('toast-close').addEventListener('click', hideToast);
  $('zoom-in').addEventListener('click', () => zoom(1));
  $('zoom-out').addEventListener('click', () => zoom(-1));
  $('finish-close').addEventListener('click', () => $('finish').close());
  $('finish-new').addEventListener('click', () => { $('finish').close(); newPuzzle(); });
  $('keys-open').addEventListener('click', openKeys);
  $('keys-close').addEventListener('click', () => $('keys-dialog').close());
  $('history').addEventListener('toggle', renderHistory);
  $('theme').addEventListener('click', () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    try { localStorage.setItem(THEME_KEY, next); } catch { /* not saved */ }
  });
  document.addEventListener('visibilitychange', () => { if (document.hidden && clockRunning()) setPaused(true); });
  new ResizeObserver(layoutKeypad).observe($('keypad'));
  setInterval(() => { renderClock(); if (clockRunning()) save(); }, 1000);
}

// ---------------------------------------------------------------- start

async function start() {
  let theme = null;
  try { theme = localStorage.getItem(THEME_KEY); } catch { /* default */ }
  setTheme(theme || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  state.game.clock = elapsedMs;
  wire();
  if (state.settings.newSize && SIZES.includes(state.settings.newSize)) $('size').value = String(state.settings.newSize);
  refreshLevels();
  // The engine (on the static site) starts at once, before the first request needs it.
  const levelsReady = prepare().then((problem) => {
    if (problem) say(`The engine cannot start in this browser (${problem}): the board still plays by hand.`, 'bad');
    return fetchLevels();
  }).then((m) => { state.levels = m; refreshLevels(); syncControls(); });
  const saved = restore();
  const params = new URLSearchParams(location.search);
  const shared = params.get('s');
  const apply = (s) => {
    s.game.clock = elapsedMs;
    state.game = s.game;
    state.cur = Math.min(Number(s.cur) || 0, s.game.geo.cells - 1);
    state.sel = new Set([state.cur]);
    state.mode = MODES.includes(s.mode) ? s.mode : 'normal';
    state.elapsed = Number(s.game.meta.elapsed) || 0;
  };
  if (shared) {
    const parsed = parseSerial(shared);
    if (parsed.error) {
      if (saved) apply(saved);
      changed();
      say(`The link's puzzle cannot be read: ${parsed.error}`, 'bad');
    } else if (saved && !params.get('p') && saved.game.line(saved.game.givens) === Array.from(parsed.digits, symbol).join('')) {
      apply(saved);
      changed();
      say('Welcome back: your game of this puzzle is restored.');
    } else {
      if (saved) apply(saved);
      const kept = saved && saved.game.inProgress();
      loadPuzzle(parsed.n, parsed.digits);
      if (!kept) state.game.undoStack.length = 0;
      let problem = null;
      if (params.get('p')) {
        problem = decodeProgress(state.game, params.get('p'));
        if (!kept) state.game.undoStack.length = 0;
      }
      changed();
      if (kept) toast('Puzzle from the link. Your previous game is one Undo away.');
      const note = problem ? `Puzzle from the link loaded, but its progress cannot be read (${problem});`
        : params.get('p') ? 'Puzzle and progress from the link loaded:' : 'Puzzle from the link loaded:';
      say(note.replace(/[:;]$/, '.'), problem ? 'bad' : '');
      checkPuzzle(note, problem ? 'bad' : 'ok');
    }
  } else if (saved) {
    apply(saved);
    changed();
    say('Welcome back: your game is restored.');
    if (state.game.meta.rating === 'pending') rateInBackground(state.game.meta);
  } else {
    changed();
    await levelsReady;
    await newPuzzle();
    state.game.undoStack.length = 0;
    render();
  }
  renderHistory();
  focusCurrent();
  // The static site keeps itself for offline play (its service worker: sw.js).
  if (BACKEND === 'engine' && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch((e) => console.warn(`offline play is not available: ${e.message}`));
  }
}

start();
