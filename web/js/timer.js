// The clock on the page: it runs while a puzzle is played (clock.js decides
// when), Pause stops it and covers the board, a finished puzzle stops it for
// good, is kept in the history (store.js) and gets the finish screen; and the
// History and bests panel. The decisions are clock.js's and bests.js's; this
// draws them.

import { forget, record, history as playedHistory } from './store.js';
import { pauseChange, stopped, synced } from './clock.js';
import { bestSaid, finishEntry, finishRows, finishedText, historyTables } from './bests.js';
import { $, closeHint, closePath, elapsed, render, save, say, state, view } from './page.js';

// Starts or stops the clock as the game and the page now are.
export function syncClock() {
  const g = state.game;
  state.clock = synced(state.clock, {
    paused: state.paused, solved: g.solved(), hasGivens: g.givens.some((v) => v), hidden: document.hidden,
  }, performance.now());
}

export function setPaused(p) {
  const change = pauseChange(p, { solved: state.game.solved() });
  if (!change) return;
  state.paused = change.paused;
  syncClock();
  $('board').classList.toggle('paused', p);
  $('cover').hidden = !p;
  $('pause').setAttribute('aria-pressed', String(p));
  $('pause').setAttribute('aria-label', p ? 'Resume' : 'Pause');
  if (change.closePanels) {
    // Paused means paused: nothing of the board shows, in panels or the puzzle text.
    closeHint();
    closePath();
    state.marks = null;
  }
  say(change.text);
  render();
  if (p) $('resume').focus();
}

// The board is solved: the clock stops, the game is kept in the history, and
// unless Solve finished it, the finish screen shows.
export function finish() {
  const g = state.game, meta = g.meta;
  meta.finished = true;
  state.clock = stopped(state.clock, performance.now());
  const entry = finishEntry(g, elapsed(), Date.now());
  const before = record(entry);
  meta.recorded = entry.when;
  renderHistory();
  save();
  if (meta.solver) return;
  say(finishedText(entry), 'ok');
  // The finish screen once the wave has crossed the board, if the finish
  // still stands by then: the same game, its board as it was (an Undo at
  // once takes the finish back).
  const wait = view.celebrate(), board = g.line();
  const show = () => { if (state.game.meta === meta && state.game.line() === board) showFinish(entry, before); };
  if (wait) setTimeout(show, wait); else show();
}

// The Solve that finished the game is undone: the game goes on, so its
// record leaves the history.
export function unfinish() {
  const meta = state.game.meta;
  if (meta.recorded) forget(meta.recorded);
  meta.recorded = null;
  renderHistory();
  save();
}

function showFinish(entry, before) {
  const stats = $('finish-stats');
  stats.replaceChildren();
  for (const [k, v] of finishRows(entry, state.game.meta)) {
    const dt = document.createElement('dt'), dd = document.createElement('dd');
    dt.textContent = k; dd.textContent = v;
    stats.append(dt, dd);
  }
  const best = bestSaid(entry, before);
  $('finish-best').textContent = best.text;
  $('finish-best').classList.toggle('plain', best.plain);
  const dialog = $('finish');
  if (!dialog.open) dialog.showModal();
  $('finish-new').focus();
}

export function renderHistory() {
  const body = $('history-body');
  const tables = historyTables(playedHistory());
  if (!tables.length) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = 'Finished puzzles and your best times show here.';
    body.replaceChildren(p);
    return;
  }
  body.replaceChildren(...tables.map(({ caption, head, rows }) => {
    const t = document.createElement('table');
    const cap = document.createElement('caption');
    cap.textContent = caption;
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
    t.append(cap, thead, tbody);
    return t;
  }));
}
