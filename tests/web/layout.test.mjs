// The keypad's columns and the zoom levels of big boards (web/js/keypad.js,
// web/js/zoom.js), without a browser.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { KEY_MIN, digitKeyTitle, keyOrder, keypadColumns, numpad, toastSide } from '../../web/js/keypad.js';
import { ZOOMS, defaultZoom, zoomStep } from '../../web/js/zoom.js';

describe('layout', () => {
  test('the 9x9 keypad in a row, or 3x3 as a phone\'s or a calculator\'s; other sizes in a row', () => {
    assert.deepEqual(keyOrder(9, 'row'), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.deepEqual(keyOrder(9, 'phone'), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.deepEqual(keyOrder(9, 'calculator'), [7, 8, 9, 4, 5, 6, 1, 2, 3]);
    assert.deepEqual(keyOrder(6, 'calculator'), [1, 2, 3, 4, 5, 6]);
    assert.equal(numpad(9, 'row'), false);
    assert.equal(numpad(9, 'phone'), true);
    assert.equal(numpad(16, 'calculator'), false);
  });
  test('keys of at least KEY_MIN px, at most ten a row, rows balanced', () => {
    assert.equal(KEY_MIN, 44);
    assert.equal(keypadColumns(10, 360, 6), 5, '9x9 and Erase on a phone: two rows of five');
    assert.equal(keypadColumns(10, 1000, 6), 10);
    assert.equal(keypadColumns(17, 360, 6), 6, '16x16 and Erase: three rows');
    assert.equal(keypadColumns(26, 360, 6), 7, '25x25 and Erase: four rows');
    assert.equal(keypadColumns(26, 296, 4), 7, '25x25 and Erase on a 320 px phone: four rows of keys 38 px wide, not five of 44');
    assert.equal(keypadColumns(17, 296, 4), 6, '16x16 keeps keys of 44 px');
    assert.equal(keypadColumns(26, 390, 4), 7, '25x25 on a 414 px phone: four rows of 44 px keys or more, not three of narrow ones');
    assert.equal(keypadColumns(26, 402, 4), 7, 'a phone on its side likewise');
    assert.equal(keypadColumns(26, 1000, 6), 9, 'ten a row at most: three rows');
    assert.equal(keypadColumns(5, 20, 6), 1, 'always one column');
    assert.equal(digitKeyTitle(10, 3), 'Enter A (key A): 3 left to place');
    assert.equal(digitKeyTitle(4, 0), 'Enter 4 (key 4): all placed');
  });

  test('a toast goes where it covers none of the keypad: the bottom if it can, else the top', () => {
    assert.equal(toastSide({ top: 60, bottom: 330 }, 800, 52, 16), 'bottom', 'a desktop: the keypad at the top right');
    assert.equal(toastSide({ top: 530, bottom: 830 }, 844, 52, 16), 'top', 'a phone: the keypad under the board');
    assert.equal(toastSide({ top: 20, bottom: 700 }, 844, 52, 16), 'bottom', 'scrolled: the keypad at the top');
    assert.equal(toastSide({ top: 60, bottom: 840 }, 844, 52, 16), 'top', 'both covered: the side that covers less');
    assert.equal(toastSide({ top: 900, bottom: 1200 }, 844, 52, 16), 'bottom', 'below the window');
  });

  test('a 25x25 board starts zoomed enough to hit a cell; smaller ones do not', () => {
    assert.equal(defaultZoom(16, 340, true), 1, '16x16 on a 360 px phone: 21 px cells');
    assert.equal(defaultZoom(16, 296, true), 1.5, '16x16 on a 320 px phone: 18 px cells would be too small for a finger');
    assert.equal(defaultZoom(16, 296, false), 1);
    assert.equal(defaultZoom(12, 296, true), 1);
    assert.equal(defaultZoom(25, 600, false), 1, 'a mouse: 24 px cells are enough');
    assert.equal(defaultZoom(25, 350, true), 2, 'a finger on a phone: 28 px');
    assert.equal(defaultZoom(25, 100, true), 3, 'at most the top level');
  });

  test('zooming steps through the levels and stops at the ends', () => {
    assert.deepEqual(ZOOMS, [1, 1.5, 2, 2.5, 3]);
    assert.equal(zoomStep(1, 1), 1.5);
    assert.equal(zoomStep(1, -1), 1);
    assert.equal(zoomStep(3, 1), 3);
    assert.equal(zoomStep(2, -1), 1.5);
  });
});
