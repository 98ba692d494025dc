// Keys, clicks, drags and taps on the board, turned into actions. Which
// action a key asks for is input.js's keyAction(); this reads the events,
// and does the actions (play.js, hint-panel.js, work-panel.js, timer.js).

import { keyAction, isDoublePress } from './input.js';
import { revealCell, zoom } from './zoom.js';
import { $, refit, state, view } from './page.js';
import { enter, escape, fillMarks, move, redo, select, selectAll, selectDigit, setMode, undo } from './play.js';
import { cancelWork, newPuzzle } from './work-panel.js';
import { hint } from './hint-panel.js';
import { setPaused } from './timer.js';

// What has the focus, as keyAction() tells it apart.
function targetKind(t) {
  if (t instanceof HTMLTextAreaElement) return 'text';
  if (t instanceof HTMLInputElement) return ['checkbox', 'radio'].includes(t.type) ? 'field' : 'text';
  if (t instanceof HTMLSelectElement) return 'field';
  if (t instanceof HTMLButtonElement) return 'button';
  return 'other';
}

const ACTIONS = {
  cancel: () => cancelWork(),
  escape: () => escape(),
  undo: () => undo(),
  redo: () => redo(),
  'select-all': () => selectAll(),
  move: (a) => move(a.dr, a.dc, a.extend),
  keys: () => openKeys(),
  zoom: (a) => zoomBy(a.step),
  enter: (a) => enter(a.digit, a.kind),
  mode: (a) => setMode(a.mode),
  hint: () => hint(),
  pause: () => setPaused(!state.paused),
  new: () => newPuzzle(),
  fill: () => fillMarks(),
};

export function onKey(e) {
  state.lastPress = null;
  const action = keyAction(e, {
    target: targetKind(e.target),
    dialog: !!document.querySelector('dialog[open]'),
    busy: !!state.busy,
    mode: state.mode,
    n: state.game.n,
  });
  if (!action) return;
  if (action.prevent) e.preventDefault();
  ACTIONS[action.do](action);
}

// The keys listed in a window.
export function openKeys() {
  const list = $('keys-list');
  if (!list.children.length) list.replaceChildren(...[...document.querySelectorAll('.help .keys > *')].map((x) => x.cloneNode(true)));
  $('keys-dialog').showModal();
}

// Zooms the board `step` levels, around the point `around` or the current cell.
export function zoomBy(step, around = null) {
  zoom(state.zoom, state.game.n, step, view.cells[state.cur], around);
  // A zoom in or out of 1 fits the frame anew: the current cell kept in view.
  if (refit()) revealCell(view.cells[state.cur]);
}

const cellAt = (x, y) => {
  const el = document.elementFromPoint(x, y);
  const c = el && el.closest && el.closest('.cell');
  return c && $('board').contains(c) ? Number(c.dataset.index) : -1;
};

export function wireBoard() {
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
    const now = performance.now(), last = state.lastPress;
    state.lastPress = { i, at: now };
    if (isDoublePress(last, i, now, how, state.game.values[i])) {
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
    zoomBy(e.deltaY < 0 ? 1 : -1, [e.clientX - r.left, e.clientY - r.top]);
  }, { passive: false });
}
