// The page's one state and how it is drawn. Every other module of the page
// changes `state` (mostly with what the plain functions of input.js, clock.js,
// hints.js, work.js and links.js return) and then calls render(), which draws
// the whole page from it and keeps the game in localStorage. Nothing here runs
// on import: initPage() (from app.js's start) finds the board.

import { Game } from './model.js';
import { BoardView, noMarks } from './board.js';
import { source } from './api.js';
import { DEFAULT_SETTINGS, loadSettings } from './store.js';
import { elapsedMs, formatTime, stoppedAt } from './clock.js';
import { buildKeypad, renderKeypad, toastSide } from './keypad.js';
import { renderZoom } from './zoom.js';
import { OPEN_IN, SAVE_KEY, addressFor, copyForms, savedText } from './links.js';
import { GAMES_KEY, gameKey, gameRows, keepGame, readGames } from './games.js';
import { cap, levelChoice, levelsAt, newTitle, ratingBadge } from './work.js';
import { printSheet } from './print.js';

export const $ = (id) => document.getElementById(id);

export const state = {
  game: new Game(9),
  cur: 0,                // the current cell (the one with the focus)
  sel: new Set([0]),     // the selected cells
  mode: 'normal',        // entry mode: input.js's MODES
  settings: { ...DEFAULT_SETTINGS },  // the player's settings (store.js), read by initPage
  hint: null,            // {data, grade: 'vague' | 'concrete', key} of the open hint (hints.js)
  marks: null,           // highlights of a step shown on the board
  path: null,            // {steps, next} of the open logical path (hints.js)
  clock: stoppedAt(0),   // {elapsed, since} of the game's clock (clock.js)
  paused: false,
  busy: null,            // {label, controller, started} of the work under way
  levels: null,          // Map side -> level names the generator offers; null = all
  zoom: new Map(),       // side -> zoom factor of the board
  drag: null,            // {pointerId, touchPan, x, y, index} of a selection drag
  lastPress: null,       // {i, at} of the last press on a cell, to tell a double press
  checking: null,        // AbortController of the background check of a loaded puzzle
  keypadFor: '',         // the board and mode the keypad's keys were built for
  replay: null,          // {frames, k, timer} of a replay under way (play.js)
  fitFor: '',            // the size, keypad order and zoom fitBoard last fitted for
};

// The board on screen (board.js), made by initPage.
export let view = null;

// The time played in this game so far, in ms.
export const elapsed = () => elapsedMs(state.clock, performance.now());

export function initPage() {
  state.settings = loadSettings();
  state.game.clock = elapsed;
  view = new BoardView($('board'));
}

// ---------------------------------------------------------------- status and toast

// Each message said counts, so an answer that comes late can tell whether
// the player has been told something newer since it was asked for.
let said = 0;
export const saidCount = () => said;

export function say(text, kind = '') {
  said += 1;
  const el = $('status');
  el.textContent = text;
  el.className = `status ${kind}`;
}

// The toast offers back the game that the change just made replaced: its Undo
// is the next Undo, `offered` the snapshot that restores. Any other change,
// undo or redo makes another the next, and the toast goes (render()).
const TOAST_MS = 10000;
const TOAST_MARGIN = 16;  // px from the window's edge
let toastTimer = null, offered = null;
export function toast(text) {
  offered = state.game.lastChange();
  $('toast-text').textContent = text;
  $('toast').hidden = false;
  placeToast();
  clearTimeout(toastTimer);
  toastTimer = setTimeout(hideToast, TOAST_MS);
}
export function hideToast() { $('toast').hidden = true; clearTimeout(toastTimer); offered = null; }

// Is the toast's offer still the next Undo?
export const toastCurrent = () => offered !== null && state.game.lastChange() === offered;

// The toast at the window's bottom, or its top where the bottom would cover
// the modes, the keypad or Undo (on a phone, the keypad under the board).
export function placeToast() {
  const el = $('toast');
  if (el.hidden) return;
  const c = document.querySelector('.controls').getBoundingClientRect();
  const side = toastSide(c, innerHeight, el.getBoundingClientRect().height, TOAST_MARGIN);
  el.classList.toggle('top', side === 'top');
}

// ---------------------------------------------------------------- panels

export function closeHint() {
  state.hint = null;
  $('hint-panel').hidden = true;
}
export function closePath() {
  state.path = null;
  $('path-panel').hidden = true;
}

// ---------------------------------------------------------------- drawing

export function render() {
  const g = state.game;
  if (offered && !toastCurrent()) hideToast();
  if (g.n !== Number($('size').value)) {
    $('size').value = String(g.n);
    refreshLevels();
  }
  if ($('copy-as').dataset.n !== String(g.n)) refreshCopyForms(g.n);
  // A replay draws its frame; the game itself stays as it is.
  const shown = state.replay ? Game.showing(state.replay.frames[state.replay.k]) : g;
  view.render(shown, {
    sel: state.sel, cur: state.cur, settings: state.settings,
    marks: state.marks || noMarks(),
    mistakes: state.settings.checkMistakes ? shown.mistakes(g.meta.solution) : new Set(),
    hintShown: !!(state.hint || state.marks),
  });
  const keypad = $('keypad'), colour = state.mode === 'colour';
  const order = state.settings.keypadOrder;
  if (state.keypadFor !== `${g.n}:${colour}:${order}`) {
    state.keypadFor = `${g.n}:${colour}:${order}`;
    buildKeypad(keypad, g.n, colour, order);
  }
  renderKeypad(keypad, g, state.mode);
  for (const b of document.querySelectorAll('.modes button')) b.setAttribute('aria-pressed', String(b.dataset.mode === state.mode));
  keypad.classList.toggle('mode-corner', state.mode === 'corner');
  keypad.classList.toggle('mode-centre', state.mode === 'centre');
  syncControls();
  const serial = $('serial');
  if (state.paused) serial.value = '';
  else if (document.activeElement !== serial) serial.value = g.line();
  renderRating();
  renderPrint();
  renderZoom(state.zoom, g.n);
  refit();
  renderClock();
  save();
}

// Which controls work now: nothing that reads or changes the board while
// paused, and nothing but Cancel while the back end works.
export function syncControls() {
  const g = state.game, locked = state.paused || !!state.busy || !!state.replay;
  for (const id of ['hint', 'step', 'walk', 'solve', 'accept', 'fill', 'reset', 'clear', 'print', 'load', 'share', 'share-qr', 'copy', 'open-wiki', 'open-pad', 'hint-more', 'hint-apply', 'hint-reveal', 'path-next']) {
    $(id).disabled = locked;
  }
  $('undo').disabled = locked || !g.undoStack.length;
  $('redo').disabled = locked || !g.redoStack.length;
  $('new').disabled = !!state.busy || !!state.replay || !levelsAt(state.levels, Number($('size').value)).length;
  $('serial').disabled = state.paused;
  $('serial').placeholder = state.paused ? 'Paused' : '';
  for (const b of $('keypad').querySelectorAll('button')) b.disabled = locked;
  for (const b of document.querySelectorAll('.modes button')) b.disabled = state.paused;
  if (state.path) $('path-next').disabled = locked || state.path.next >= state.path.steps.length;
  $('board').setAttribute('aria-busy', String(!!state.busy));
}

// The badge: its first part (the level) and the rest apart, so that where the
// board bar is short of room the rest can step aside (style.css).
function renderRating() {
  const g = state.game, badge = ratingBadge(g.meta.rating, g.givens.some((v) => v));
  const [head, ...rest] = badge.text.split(' · ');
  const more = document.createElement('span');
  more.className = 'more';
  more.textContent = rest.map((x) => ` · ${x}`).join('');
  $('rating').replaceChildren(head, more);
  if (badge.level) $('rating').dataset.level = badge.level;
  else delete $('rating').dataset.level;
}

// What the page puts on paper (print.js): the title and link over the grid,
// and which layers of the board print (style.css's print sheet reads the
// board's data-print-entries and data-print-marks).
function renderPrint() {
  const sheet = printSheet(state.game, state.settings, location.origin, location.pathname);
  $('print-title').textContent = sheet.title;
  $('print-link').textContent = sheet.link;
  $('print-link').hidden = !sheet.link;
  $('board').dataset.printEntries = String(sheet.entries);
  $('board').dataset.printMarks = String(sheet.marks);
}

export function renderClock() {
  $('timer').textContent = formatTime(elapsed());
  $('timer').hidden = state.settings.hideTimer;
}

// The level choice for the size chosen: the levels the back end offers there.
export function refreshLevels() {
  const n = Number($('size').value), offered = levelsAt(state.levels, n);
  const select = $('level');
  const prev = state.settings.newLevel || select.value || 'medium';
  select.replaceChildren(...offered.map((l) => {
    const o = document.createElement('option');
    o.value = l; o.textContent = cap(l);
    return o;
  }));
  select.value = levelChoice(offered, prev);
  select.disabled = !offered.length;
  $('new').disabled = !!state.busy || !offered.length;
  $('new').title = newTitle(offered, n, source);
}

// On a screen where the entry controls sit under the board (a phone or a
// tablet held upright), the board gives up width until the keypad and Undo,
// Redo and Hint are in view without scrolling, down to FIT_MIN px, or
// FIT_MIN_ZOOMED for a board of 12x12 and up. A zoomed board, which pans
// inside its frame, keeps its width (and so its cells' size) and gives up
// height instead, down to FIT_MIN_HEIGHT (a 25x25 board on a 320x568 phone:
// ten columns of four and a half rows in view, the keypad under them).
const FIT_MIN = 220, FIT_MIN_ZOOMED = 180, FIT_MIN_HEIGHT = 120;
function fitBoard() {
  const least = state.game.n >= 12 ? FIT_MIN_ZOOMED : FIT_MIN;
  const layout = document.querySelector('.layout');
  const zoomed = $('board-wrap').classList.contains('zoomed');
  layout.style.removeProperty('--fit');
  layout.style.removeProperty('--fit-h');
  // A narrower board can make the bar over it wrap: measured again, twice at most.
  for (let pass = 0; pass < 3; pass++) {
    const frame = document.querySelector('.board-frame').getBoundingClientRect();
    const tools = document.querySelector('.play-tools').getBoundingClientRect();
    if (tools.top < frame.bottom) return;  // the controls beside the board
    const over = tools.bottom + scrollY + 8 - innerHeight;
    if (over <= 0) return;
    if (zoomed && frame.height - over >= FIT_MIN_HEIGHT) {
      layout.style.setProperty('--fit-h', `${Math.floor(frame.height - over)}px`);
    } else if (!zoomed && frame.width - over >= least) {
      layout.style.setProperty('--fit', `${Math.floor(frame.width - over)}px`);
    } else {
      // Nothing brings them into view: the board as it was, and the page scrolls.
      break;
    }
  }
  if (document.querySelector('.play-tools').getBoundingClientRect().bottom + scrollY > innerHeight + 0.5) {
    layout.style.removeProperty('--fit');  // no size found: the board as it was
    layout.style.removeProperty('--fit-h');
  }
}

// The board fitted again when what the fit depends on changed: the size, the
// keypad's order, the zoom in or out of 1 (not on a switch to colours: the
// board does not jump with the mode), or always with `force` (a new width).
// Returns whether it was.
export function refit(force = false) {
  const key = `${state.game.n}:${state.settings.keypadOrder}:${$('board-wrap').classList.contains('zoomed')}`;
  if (!force && state.fitFor === key) return false;
  state.fitFor = key;
  fitBoard();
  return true;
}

// The forms a position of this size can be copied in; SudokuWiki's solver
// only for 9x9.
function refreshCopyForms(n) {
  const select = $('copy-as'), prev = select.value;
  select.dataset.n = String(n);
  select.replaceChildren(...copyForms(n).map(([value, words]) => {
    const o = document.createElement('option');
    o.value = value; o.textContent = words;
    return o;
  }));
  if ([...select.options].some((o) => o.value === prev)) select.value = prev;
  $('open-wiki').hidden = !OPEN_IN.sudokuwiki.sizes.includes(n);
  $('open-pad').hidden = !OPEN_IN.sudokupad.sizes.includes(n);
  $('copy-box').hidden = true;
}

// The game on the board is kept after every change, with its undo history,
// and so is the list of saved games: written just after the change is
// drawn (so a tap paints first), and at once when the page goes away.
let saveDue = false;
export function save() {
  if (saveDue) return;
  saveDue = true;
  setTimeout(saveNow, 0);
}
export function saveNow() {
  if (!saveDue) return;
  saveDue = false;
  // Storage short of room keeps fewer undo steps, then none, before the game.
  for (const limit of [Infinity, 200, 20, 0]) {
    try {
      localStorage.setItem(SAVE_KEY, savedText(state.game, state.cur, state.mode, limit));
      break;
    } catch { /* storage full or disabled: fewer steps, else the game goes on unsaved */ }
  }
  const address = addressFor(location.search, state.game);
  if (address !== null) history.replaceState(null, '', `${location.pathname}${address}`);
  const list = savedGames(), kept = keepGame(list, state.game, Date.now());
  if (kept !== list) writeGames(kept);
  else renderGames();
}

// The saved games (games.js), read from storage once and kept in step with
// it; another tab's change is read again.
let games = null;
addEventListener('storage', (e) => {
  if (e.key !== GAMES_KEY && e.key !== null) return;
  games = null;
  renderGames();
});
export function savedGames() {
  if (!games) {
    try { games = readGames(localStorage.getItem(GAMES_KEY)); } catch { games = []; }
  }
  return games;
}
// The saved games list written back, and its panel redrawn; the oldest games
// go where room is short.
export function writeGames(list) {
  games = list;
  for (let k = list.length; k >= 0; k = k ? Math.floor(k / 2) : -1) {
    try {
      localStorage.setItem(GAMES_KEY, JSON.stringify(list.slice(0, k)));
      break;
    } catch { /* fewer */ }
  }
  renderGames();
}

// The Saved games panel: every kept game but the one on the board, each with
// Resume and Delete (play.js's resumeGame and forgetSaved, wired in app.js).
let shownGames = '';
export function renderGames() {
  const rows = gameRows(savedGames(), gameKey(state.game), Date.now());
  $('games-count').textContent = rows.length ? ` (${rows.length})` : '';
  // Only a change of the games rebuilds the list (a button with the focus
  // stays); how long ago each was played is written in place.
  const key = JSON.stringify(rows.map((r) => [r.key, r.title, r.progress]));
  if (key === shownGames) {
    rows.forEach((r, k) => {
      const when = $('games-body').querySelectorAll('.game-when')[k];
      if (when && when.textContent !== r.when) when.textContent = r.when;
    });
    return;
  }
  shownGames = key;
  const body = $('games-body');
  if (!rows.length) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = 'No other game in progress. A game you leave for another stays here, to resume.';
    body.replaceChildren(p);
    return;
  }
  const ul = document.createElement('ul');
  ul.className = 'games-list';
  for (const r of rows) {
    const li = document.createElement('li');
    const text = document.createElement('span');
    text.className = 'game-text';
    const title = document.createElement('strong');
    title.textContent = r.title;
    const detail = document.createElement('span');
    detail.className = 'muted';
    const when = document.createElement('span');
    when.className = 'game-when';
    when.textContent = r.when;
    detail.append(`${r.progress} · `, when);
    text.append(title, ' ', detail);
    const resume = document.createElement('button');
    resume.className = 'primary';
    resume.dataset.resume = r.key;
    resume.textContent = 'Resume';
    resume.setAttribute('aria-label', `Resume the ${r.title} game, ${r.progress}, ${r.when}`);
    const drop = document.createElement('button');
    drop.className = 'quiet';
    drop.dataset.forget = r.key;
    drop.textContent = 'Delete';
    drop.setAttribute('aria-label', `Delete the saved ${r.title} game`);
    li.append(text, resume, drop);
    ul.append(li);
  }
  body.replaceChildren(ul);
}
