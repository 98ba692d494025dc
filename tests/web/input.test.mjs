// The player's input as data (web/js/input.js), without a browser: which action
// a key asks for, how the selection moves, and what entering digits, marks and
// colours does to a game and says.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, freshMeta, parseSerial } from '../../web/js/model.js';
import {
  MODES, acceptSingles, cellsHolding, clampSelection, conflictText, enter, everyCell, fillMarks, isDoublePress, keyAction,
  moveFrom, nextMode, selectCell, travel,
} from '../../web/js/input.js';
import { EASY, EASY_SOLUTION, NEARLY } from './lib.mjs';

const loaded = (line, meta = freshMeta()) => {
  const g = new Game(9);
  const p = parseSerial(line);
  g.load(p.n, p.digits, meta);
  g.undoStack.length = 0;
  return g;
};

// A key press on the board (a cell has the focus) of a 9x9 in normal mode.
const press = (key, extra = {}, where = {}) => keyAction(
  { key, code: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra },
  { target: 'other', dialog: false, busy: false, mode: 'normal', n: 9, ...where },
);

describe('keys', () => {
  test('digits enter; Shift with a digit writes a corner mark, read from the key\'s code', () => {
    assert.deepEqual(press('4', { code: 'Digit4' }), { do: 'enter', digit: 4, kind: null, prevent: true });
    assert.deepEqual(press('$', { code: 'Digit4', shiftKey: true }), { do: 'enter', digit: 4, kind: 'corner', prevent: true });
    assert.deepEqual(press('7', { code: 'Numpad7' }), { do: 'enter', digit: 7, kind: null, prevent: true });
    for (const k of ['0', 'Delete', 'Backspace']) assert.deepEqual(press(k), { do: 'enter', digit: 0, kind: null, prevent: true });
  });

  test('letters are digits only where the board has them; elsewhere they are commands', () => {
    assert.deepEqual(press('g', {}, { n: 16 }), { do: 'enter', digit: 16, kind: null, prevent: true });
    assert.deepEqual(press('h', {}, { n: 16 }), { do: 'hint' });
    assert.deepEqual(press('h', {}, { n: 25 }), { do: 'enter', digit: 17, kind: null, prevent: true });
    assert.deepEqual(press('5', { code: 'Digit5' }, { n: 4 }), null, 'no 5 on a 4x4');
    assert.deepEqual(press('9', { code: 'Digit9' }, { mode: 'colour' }), null, 'eight colours');
    assert.deepEqual(press('8', { code: 'Digit8' }, { mode: 'colour' }).digit, 8);
    assert.deepEqual(press('(', { code: 'Digit9', shiftKey: true }, { mode: 'colour' }).kind, 'corner', 'Shift: a corner mark even in colour mode');
  });

  test('mode keys, Space cycling, and the commands', () => {
    assert.deepEqual(['z', 'X', 'v', 'c'].map((k) => press(k).mode), ['normal', 'corner', 'centre', 'colour']);
    assert.deepEqual(press(' ', {}, { mode: 'colour' }), { do: 'mode', mode: 'normal', prevent: true });
    assert.deepEqual(MODES.map(nextMode), ['corner', 'centre', 'colour', 'normal']);
    assert.deepEqual(['h', 'p', 'n', 'f'].map((k) => press(k).do), ['hint', 'pause', 'new', 'fill']);
    assert.deepEqual(press('?'), { do: 'keys', prevent: true });
    assert.deepEqual([press('+').step, press('=').step, press('-').step, press('_').step], [1, 1, -1, -1]);
    assert.equal(press('q'), null);
    assert.equal(press('4', { code: 'Digit4', altKey: true }), null);
  });

  test('arrows move, and with Ctrl or Shift extend the selection', () => {
    assert.deepEqual(press('ArrowUp'), { do: 'move', dr: -1, dc: 0, extend: false, prevent: true });
    assert.deepEqual(press('ArrowLeft', { shiftKey: true }), { do: 'move', dr: 0, dc: -1, extend: true, prevent: true });
    assert.equal(press('ArrowRight', { metaKey: true }).extend, true);
    assert.deepEqual(press('a', { ctrlKey: true }), { do: 'select-all', prevent: true });
  });

  test('undo and redo work from any control but a text field', () => {
    assert.deepEqual(press('z', { ctrlKey: true }), { do: 'undo', prevent: true });
    assert.deepEqual(press('Z', { ctrlKey: true, shiftKey: true }), { do: 'redo', prevent: true });
    assert.deepEqual(press('y', { metaKey: true }), { do: 'redo', prevent: true });
    assert.deepEqual(press('z', { ctrlKey: true }, { target: 'field' }), { do: 'undo', prevent: true });
    assert.equal(press('z', { ctrlKey: true }, { target: 'text' }), null);
    // Other keys belong to the control that has the focus.
    assert.equal(press('4', { code: 'Digit4' }, { target: 'text' }), null);
    assert.equal(press('4', { code: 'Digit4' }, { target: 'field' }), null);
    assert.equal(press('Enter', {}, { target: 'button' }), null);
    assert.equal(press(' ', {}, { target: 'button' }), null);
    assert.equal(press('4', { code: 'Digit4' }, { target: 'button' }).digit, 4);
  });

  test('Escape cancels work under way, else clears; an open dialog takes every key', () => {
    assert.deepEqual(press('Escape'), { do: 'escape' });
    assert.deepEqual(press('Escape', {}, { busy: true }), { do: 'cancel' });
    assert.equal(press('Escape', {}, { dialog: true, busy: true }), null);
    assert.equal(press('4', { code: 'Digit4' }, { dialog: true }), null);
    assert.equal(press('z', { ctrlKey: true }, { dialog: true }), null);
  });
});

describe('selection', () => {
  const one = { sel: new Set([10]), cur: 10 };

  test('a click selects one cell; Shift adds; Ctrl toggles, never the last cell', () => {
    assert.deepEqual(selectCell(one, 3), { sel: new Set([3]), cur: 3 });
    const two = selectCell(one, 3, 'add');
    assert.deepEqual(two, { sel: new Set([10, 3]), cur: 3 });
    assert.deepEqual(one.sel, new Set([10]), 'the old selection is untouched');
    const three = selectCell(two, 40, 'toggle');
    assert.deepEqual(three, { sel: new Set([10, 3, 40]), cur: 40 });
    // Toggling the current cell off: the last one left becomes current.
    assert.deepEqual(selectCell(three, 40, 'toggle'), { sel: new Set([10, 3]), cur: 3 });
    assert.deepEqual(selectCell(one, 10, 'toggle'), { sel: new Set([10]), cur: 10 }, 'the last cell stays');
  });

  test('arrows wrap round the board', () => {
    assert.equal(moveFrom(0, 9, 0, -1), 8);
    assert.equal(moveFrom(0, 9, -1, 0), 72);
    assert.equal(moveFrom(80, 9, 1, 1), 0);
    assert.equal(moveFrom(5, 4, 1, 0), 9);
  });

  test('a smaller board keeps the cells that are still on it', () => {
    assert.deepEqual(clampSelection({ sel: new Set([3, 20, 70]), cur: 70 }, 16), { sel: new Set([3]), cur: 15 });
    assert.deepEqual(clampSelection({ sel: new Set([40, 70]), cur: 70 }, 16), { sel: new Set([15]), cur: 15 });
    assert.equal(everyCell(16).size, 16);
  });

  test('a double press on a digit takes every cell holding it', () => {
    const g = loaded(EASY);
    assert.deepEqual([...cellsHolding(g.values, 3)], [2, 12, 68, 78]);
    const last = { i: 2, at: 1000 };
    assert.equal(isDoublePress(last, 2, 1300, 'only', 3), true);
    assert.equal(isDoublePress(last, 2, 1400, 'only', 3), false, 'too slow');
    assert.equal(isDoublePress(last, 3, 1300, 'only', 3), false, 'another cell');
    assert.equal(isDoublePress(last, 2, 1300, 'add', 3), false, 'Shift held');
    assert.equal(isDoublePress(last, 2, 1300, 'only', 0), false, 'an empty cell');
    assert.equal(isDoublePress(null, 2, 1300, 'only', 3), false);
  });
});

describe('entering', () => {
  test('a digit goes into an empty cell, and undo takes it back', () => {
    const g = loaded(EASY);
    assert.deepEqual(enter(g, [0], 'normal', 4, true), { did: true, text: 'r1c1 = 4' });
    assert.equal(g.values[0], 4);
    assert.deepEqual(travel(g, 'undo'), { r: { crossed: false, kind: null }, text: 'Undone.' });
    assert.equal(g.values[0], 0);
    assert.equal(travel(g, 'redo').text, 'Redone.');
    assert.equal(g.values[0], 4);
    assert.deepEqual(travel(g, 'redo'), { r: null, text: 'Nothing to redo.' });
  });

  test('givens are kept: alone it is said, in a selection it is skipped', () => {
    const g = loaded(EASY);
    assert.deepEqual(enter(g, [2], 'normal', 4, true), { did: false, text: 'r1c3 is a given.' });
    assert.equal(g.values[2], 3);
    assert.equal(g.undoStack.length, 0);
    assert.deepEqual(enter(g, [0, 2, 3], 'normal', 4, true), { did: true, text: '4 in 2 cells.' });
    assert.deepEqual([g.values[0], g.values[2], g.values[3]], [4, 3, 4]);
    assert.equal(g.undoStack.length, 1, 'one undo step');
  });

  test('wrong digits count as mistakes where the solution is known', () => {
    const g = loaded(EASY, freshMeta({ solution: EASY_SOLUTION }));
    enter(g, [0], 'normal', 4, true);   // right
    enter(g, [1], 'normal', 1, true);   // wrong (8)
    enter(g, [3, 5], 'normal', 7, true);  // both wrong (9, 1)
    assert.equal(g.meta.mistakes, 3);
    const unknown = loaded(EASY);
    enter(unknown, [1], 'normal', 1, true);
    assert.equal(unknown.meta.mistakes, 0);
  });

  test('marks toggle in empty cells only; erase clears a layer at a time', () => {
    const g = loaded(EASY);
    assert.deepEqual(enter(g, [0, 1], 'corner', 5, true), { did: true, text: null });
    assert.equal(g.corner[0], 16);
    assert.deepEqual(enter(g, [2], 'centre', 5, true), { did: false, text: 'Marks go in empty cells.' });
    enter(g, [1], 'normal', 8, true);
    assert.equal(g.corner[1], 0, 'an entry clears its marks');
    assert.deepEqual(enter(g, [0, 1], 'normal', 0, true), { did: true, text: '2 cells cleared.' });
    assert.equal(g.values[1], 0);
    assert.equal(g.corner[0], 16, 'entries go first, marks stay');
    assert.deepEqual(enter(g, [0], 'normal', 0, true), { did: true, text: 'r1c1 cleared.' });
    assert.equal(g.corner[0], 0);
    assert.deepEqual(enter(g, [0], 'normal', 0, true), { did: false, text: null }, 'nothing left to clear');
  });

  test('colours toggle on any cell, givens too, and Erase in colour mode removes only colours', () => {
    const g = loaded(EASY);
    enter(g, [0], 'normal', 4, true);
    assert.deepEqual(enter(g, [0, 2], 'colour', 3, true), { did: true, text: 'Colour 3 (bluish green) toggled.' });
    assert.deepEqual([g.colours[0], g.colours[2]], [4, 4]);
    assert.deepEqual(enter(g, [0, 2], 'colour', 0, true), { did: true, text: 'Colours removed.' });
    assert.deepEqual([g.colours[0], g.values[0]], [0, 4]);
    assert.deepEqual(enter(g, [0, 2], 'colour', 0, true), { did: false, text: null });
  });

  test('conflicts are named; fill marks and accept say what they did', () => {
    const g = loaded(EASY);
    assert.equal(conflictText(g), null);
    enter(g, [0], 'normal', 3, true);
    assert.equal(conflictText(g), 'Conflict: r1c1, r1c3 repeat a digit.');
    travel(g, 'undo');
    assert.equal(fillMarks(g).did, true);
    assert.deepEqual(fillMarks(g), { did: false, text: 'The centre marks already hold every candidate.' });
    const nearly = loaded(NEARLY);
    assert.deepEqual(acceptSingles(nearly, true), { did: true, text: 'Accepted 3 singles.' });
    assert.equal(nearly.line(), EASY_SOLUTION);
    assert.deepEqual(acceptSingles(nearly, true), { did: false, text: 'There are no naked singles to accept.' });
  });
});
