// The page's start: finds the board, wires every control to its action, and
// puts the first game on the board (a puzzle from a link, the game kept from
// the last visit, or a new puzzle). main.js calls start(); importing this
// does nothing. Which module owns what is told in web/README.md.

import { SIZES, decodeProgress } from './model.js';
import { call, levels as fetchLevels, prepare } from './api.js';
import { loadTheme, saveSettings, saveTheme } from './store.js';
import { pausesOnHide, running } from './clock.js';
import { layoutKeypad } from './keypad.js';
import {
  OLD_SAVE_KEY, SAVE_KEY, fromSaved, linkSaid, loadedPlan, readSaved, shareLink, shareSaid, startPlan,
} from './links.js';
import { marksNote } from './print.js';
import { puzzleKey } from './games.js';
import { loadQr, qrModules, qrSvg } from './qr.js';
import {
  $, elapsed, hideToast, initPage, placeToast, refit, refreshLevels, render, renderClock, renderGames, save, saveNow, savedGames, say, state,
  syncControls, toast, toastCurrent,
} from './page.js';
import {
  accept, blocked, changed, clear, emptyBoard, enter, fillMarks, focusCurrent, forgetSaved, loadPuzzle, redo, replay, reset,
  resumeGame, setMode, stopReplay, undo,
} from './play.js';
import { renderHistory, setPaused } from './timer.js';
import {
  askSolve, cancelWork, checkPuzzle, copyPosition, loadFromBox, newPuzzle, openPosition, rateIfPending, sayFailure, solution, solve, work,
} from './work-panel.js';
import {
  applyHint, dismissHint, dismissPath, hint, reveal, showStep, stepOnce, walk, walkNext,
} from './hint-panel.js';
import { onKey, openKeys, wireBoard, zoomBy } from './controls.js';
import { renderZoom } from './zoom.js';

// The settings' checkboxes: element id -> setting.
const TOGGLES = {
  'show-cands': 'showCands', 'show-singles': 'showSingles', 'show-area': 'showArea', 'show-same': 'showSame',
  'check-mistakes': 'checkMistakes', 'auto-clean': 'autoClean', 'hide-timer': 'hideTimer', 'share-progress': 'shareProgress',
  'print-entries': 'printEntries', 'print-marks': 'printMarks',
};

function setSetting(key, value) {
  state.settings[key] = value;
  saveSettings(state.settings);
  render();
  // Mistakes are checked against the solution: asked for if it is not known.
  if (key === 'checkMistakes' && value && !state.game.meta.solution && state.game.givens.some((v) => v)) {
    solution().then((line) => { render(); if (!line) say('Mistakes cannot be checked: the puzzle has no single solution.', 'bad'); });
  }
}

function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  $('theme').setAttribute('aria-pressed', String(theme === 'dark'));
}

// Share link: the link in the address bar and the clipboard (or, where the
// clipboard is refused, in a box to copy from).
async function share() {
  if (blocked()) return;
  const link = shareLink(state.game, state.settings.shareProgress, location.origin, location.pathname);
  history.replaceState(null, '', link.query);
  const box = $('share-url');
  box.value = link.url;
  box.hidden = false;
  try {
    await navigator.clipboard.writeText(link.url);
    const told = shareSaid(link);
    say(told.text, told.kind);
  } catch {
    box.select();
    say('Copy the link below to share this puzzle.');
  }
}

// The share link as a QR code, for a phone's camera.
async function shareQr() {
  if (blocked()) return;
  const link = shareLink(state.game, state.settings.shareProgress, location.origin, location.pathname);
  let modules = null;
  try {
    modules = qrModules(await loadQr(), link.url);
  } catch (e) {
    say(`No QR code: ${/overflow/i.test(e.message) ? 'the link is too long for one' : e.message}.`, 'bad');
    return;
  }
  $('qr-box').replaceChildren(qrSvg(modules, `QR code of the link ${link.url}`));
  $('qr-text').textContent = `It opens this puzzle${link.progress ? ' with your progress' : ''}: ${link.url}`;
  $('qr-dialog').showModal();
}

// Print: the player chooses what goes on paper (kept as settings, which the
// board's print attributes follow at once, so Ctrl+P prints the same), then
// the browser prints; style.css's print sheet lays out the page.
function askPrint() {
  if (blocked()) return;
  const note = marksNote(state.game.n);
  $('print-note').textContent = note;
  $('print-note').hidden = !note;
  $('print-marks').disabled = !!note;
  $('print-ask').showModal();
}

function wire() {
  wireBoard();
  document.addEventListener('keydown', onKey);
  const click = (id, fn) => $(id).addEventListener('click', fn);
  $('keypad').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-digit]');
    if (b) enter(Number(b.dataset.digit));
  });
  for (const b of document.querySelectorAll('.modes button')) b.addEventListener('click', () => setMode(b.dataset.mode));
  click('undo', undo);
  click('redo', redo);
  click('hint', hint);
  click('step', stepOnce);
  click('walk', walk);
  click('solve', askSolve);
  click('solve-yes', () => { $('solve-ask').close(); solve(); });
  click('solve-no', () => $('solve-ask').close());
  click('fill', fillMarks);
  click('accept', accept);
  click('reset', reset);
  click('clear', clear);
  click('hint-more', showStep);
  click('hint-apply', applyHint);
  click('hint-reveal', reveal);
  click('hint-close', () => { dismissHint(); focusCurrent(); });
  click('path-next', walkNext);
  click('path-close', dismissPath);
  click('load', loadFromBox);
  click('share', share);
  click('share-qr', shareQr);
  click('qr-close', () => $('qr-dialog').close());
  click('copy', () => copyPosition($('copy-as').value));
  click('open-wiki', () => openPosition('sudokuwiki'));
  click('open-pad', () => openPosition('sudokupad'));
  click('print', askPrint);
  click('print-yes', () => { $('print-ask').close(); window.print(); });
  click('print-no', () => $('print-ask').close());
  click('new', () => {
    state.settings.newSize = Number($('size').value);
    state.settings.newLevel = $('level').value;
    saveSettings(state.settings);
    newPuzzle();
  });
  // A size change empties the board: at once when nothing is in play, after
  // asking (as Solve does) when a game is in progress.
  // (the size asked for is kept: a render while the question is open, as a
  // rating arrives, sets the menu back to the board's size)
  const keepSize = () => { $('size').value = String(state.game.n); refreshLevels(); };
  let askedSize = 0;
  $('size').addEventListener('change', () => {
    const n = Number($('size').value);
    refreshLevels();
    if (n === state.game.n || blocked()) { keepSize(); return; }
    if (!state.game.inProgress()) { emptyBoard(n); return; }
    askedSize = n;
    $('size-ask-text').textContent = `Your ${state.game.n}×${state.game.n} game is in progress. An empty ${n}×${n} board takes its place (Undo and Saved games bring it back); or keep playing, and choose the size again for New puzzle when you are done.`;
    $('size-yes').textContent = `Empty ${n}×${n} board`;
    $('size-ask').showModal();
  });
  click('size-yes', () => {
    const n = askedSize;
    if (n && n !== state.game.n && !blocked()) emptyBoard(n);
    $('size-ask').close();
  });
  click('size-no', () => $('size-ask').close());
  // However it closes (Keep playing, Escape), the menu shows the board's size.
  $('size-ask').addEventListener('close', keepSize);
  // Full screen where the browser allows it (not on an iPhone's Safari).
  $('fullscreen').hidden = !document.fullscreenEnabled;
  click('fullscreen', () => {
    const done = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    done.catch((e) => say(`Full screen is not available here (${e.message}).`, 'bad'));
  });
  document.addEventListener('fullscreenchange', () => {
    const on = !!document.fullscreenElement;
    $('fullscreen').setAttribute('aria-pressed', String(on));
  });
  $('keypad-order').value = state.settings.keypadOrder;
  $('keypad-order').addEventListener('change', (e) => setSetting('keypadOrder', e.target.value));
  $('level').addEventListener('change', () => { state.settings.newLevel = $('level').value; saveSettings(state.settings); });
  for (const [id, key] of Object.entries(TOGGLES)) {
    $(id).checked = state.settings[key];
    $(id).addEventListener('change', (e) => setSetting(key, e.target.checked));
  }
  click('pause', () => setPaused(!state.paused));
  click('resume', () => { setPaused(false); focusCurrent(); });
  click('busy-cancel', cancelWork);
  click('toast-undo', () => { const current = toastCurrent(); hideToast(); if (current) undo(); });
  click('toast-close', hideToast);
  click('zoom-in', () => zoomBy(1));
  click('zoom-out', () => zoomBy(-1));
  click('finish-close', () => $('finish').close());
  click('finish-replay', () => { $('finish').close(); replay(); });
  click('replay-stop', () => stopReplay());
  click('finish-new', () => { $('finish').close(); newPuzzle(); });
  click('keys-open', openKeys);
  click('keys-close', () => $('keys-dialog').close());
  $('history').addEventListener('toggle', renderHistory);
  $('games').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (b && b.dataset.resume && resumeGame(b.dataset.resume)) rateIfPending();
    else if (b && b.dataset.forget) forgetSaved(b.dataset.forget);
  });
  // The last change is kept before the page goes (saving waits for the paint).
  addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => { if (document.hidden) saveNow(); });
  click('theme', () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    saveTheme(next);
  });
  document.addEventListener('visibilitychange', () => { if (pausesOnHide(document.hidden, state.clock)) setPaused(true); });
  new ResizeObserver(() => layoutKeypad($('keypad'))).observe($('keypad'));
  addEventListener('scroll', placeToast, { passive: true });
  // The board is fitted again when the width changes (a turn of the phone),
  // not when a phone's address bar or keyboard comes and goes.
  let fittedWidth = innerWidth;
  addEventListener('resize', () => {
    // (the default zoom follows the width: drawn again before the fit)
    if (innerWidth !== fittedWidth) { fittedWidth = innerWidth; renderZoom(state.zoom, state.game.n); refit(true); }
    placeToast();
  });
  setInterval(() => { renderClock(); if (running(state.clock)) save(); }, 1000);
}

// The kept game on the board: its selection, mode and clock.
function resume(saved) {
  saved.game.clock = elapsed;
  Object.assign(state, fromSaved(saved));
}

// A puzzle from a link (startPlan's 'link') on the board, with its progress;
// the kept game, when in progress, one Undo away. `link`: the link in words.
function openLink(plan, link = 'the link') {
  // A puzzle played before and left in progress goes on where it was left.
  const key = puzzleKey(plan.parsed.n, plan.parsed.digits);
  if (!plan.progress && key && savedGames().some((e) => e.key === key) && resumeGame(key)) {
    say(`Welcome back: your saved game of the puzzle from ${link} goes on.`);
    rateIfPending();
    return;
  }
  loadPuzzle(plan.parsed.n, plan.parsed.digits);
  // The puzzle and its progress are one step: the kept game, when there is
  // one, is the next Undo.
  const back = plan.kept ? state.game.undoStack.length : 0;
  state.game.undoStack.length = back;
  let problem = null;
  if (plan.progress) {
    problem = decodeProgress(state.game, plan.progress);
    state.game.undoStack.length = back;
  }
  changed();
  if (plan.kept) toast('Puzzle from the link. Your previous game is one Undo away.');
  const told = linkSaid(plan.progress, problem, link);
  say(told.text, told.kind);
  checkPuzzle(told.note, told.checkKind);
}

// A puzzle from an f-puzzles link (`?load=`), which the engine reads, with
// the kept game (if any) on the board meanwhile. A classic puzzle plays as
// from the board's own link, whose address then replaces this one (so a
// reload finds the game going on); a variant leaves the kept game, or a new
// puzzle, on the board, and the status says what the link holds.
async function openFpuzzles(payload, saved, levelsReady) {
  if (saved) resume(saved);
  changed();
  say('Opening the f-puzzles link…');
  let reply = null;
  await work('Opening the f-puzzles link', async (signal) => {
    // As a link, so that a payload the engine cannot unpack is said to be one.
    reply = await call('convert', { puzzle: `?load=${payload}`, to: 'nonet' }, { signal });
  });
  const plan = loadedPlan(reply, saved);
  if (plan.start === 'failed') {
    sayFailure('The f-puzzles link cannot be opened', reply);
  } else if (plan.start === 'bad-link') {
    say(`The f-puzzles link cannot be opened: ${plan.error}`, 'bad');
  } else if (plan.start === 'variant') {
    say(plan.text, 'bad');
    if (!saved) {
      await levelsReady;
      await newPuzzle();
      state.game.undoStack.length = 0;
      render();
      say(plan.text, 'bad');
    }
  } else {
    if (plan.start === 'same-link') say('Welcome back: your game of this puzzle is restored.');
    else openLink(plan, 'the f-puzzles link');
    history.replaceState(null, '', shareLink(state.game, false, location.origin, location.pathname).query);
  }
  // The kept game, when it stays, is rated as when it is restored.
  if (saved) rateIfPending();
}

export async function start() {
  initPage();
  setTheme(loadTheme(matchMedia('(prefers-color-scheme: dark)').matches));
  wire();
  if (state.settings.newSize && SIZES.includes(state.settings.newSize)) $('size').value = String(state.settings.newSize);
  refreshLevels();
  // The engine (on the static site) starts at once, before the first request needs it.
  const levelsReady = prepare().then((problem) => {
    if (problem) say(`The engine cannot start in this browser (${problem}): the board still plays by hand.`, 'bad');
    return fetchLevels();
  }).then((m) => { state.levels = m; refreshLevels(); syncControls(); });
  let saved = null;
  try { saved = readSaved(localStorage.getItem(SAVE_KEY), localStorage.getItem(OLD_SAVE_KEY)); } catch { /* none */ }
  const plan = startPlan(location.search, saved);
  if (plan.start === 'bad-link') {
    if (saved) resume(saved);
    changed();
    say(`The link's puzzle cannot be read: ${plan.error}`, 'bad');
  } else if (plan.start === 'same-link') {
    resume(saved);
    changed();
    say('Welcome back: your game of this puzzle is restored.');
    rateIfPending();
  } else if (plan.start === 'link') {
    if (saved) resume(saved);
    openLink(plan);
  } else if (plan.start === 'load') {
    await openFpuzzles(plan.payload, saved, levelsReady);
  } else if (plan.start === 'saved') {
    resume(saved);
    changed();
    say('Welcome back: your game is restored.');
    rateIfPending();
  } else {
    changed();
    await levelsReady;
    await newPuzzle();
    state.game.undoStack.length = 0;
    render();
  }
  renderHistory();
  renderGames();
  focusCurrent();
  // The page keeps itself for offline play (its service worker: sw.js). On
  // the static site the engine comes along; the served page, offline, plays
  // by hand and says that the server cannot be reached.
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('sw.js').catch((e) => console.warn(`offline play is not available: ${e.message}`));
  }
}
