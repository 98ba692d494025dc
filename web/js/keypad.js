// The keypad under the board: the digits of the board (or, in colour mode,
// the colours) and Erase, in as many columns as keys of KEY_MIN px fit, rows
// balanced; each digit's key says how many are left to place. The layout and
// the words are plain functions; the rest draws into the keypad element it is
// given, and only when called.

import { COLOUR_COUNT, symbol } from './model.js';
import { COLOURS } from './board.js';

export const KEY_MIN = 44;  // CSS px: the smallest key a thumb hits reliably
// A 25x25 board's 26 keys on a 320 px phone: seven to a row at 38 px wide
// (still 44 tall) take four rows where six to a row would take five, and that
// row is what the board needs to stay in view above them.
export const KEY_NARROW = 38;
const ROWS_MOST = 4;

// Columns for `keys` keys in `width` px with `gap` px between: as many as fit
// (ten at most), rows balanced; keys down to KEY_NARROW px wide only where
// KEY_MIN ones would take more than ROWS_MOST rows.
export function keypadColumns(keys, width, gap) {
  const rowsAt = (least) => Math.ceil(keys / Math.min(10, Math.max(1, Math.floor((width + gap) / (least + gap)))));
  let rows = rowsAt(KEY_MIN);
  if (rows > ROWS_MOST) rows = Math.min(rows, rowsAt(KEY_NARROW));
  return Math.ceil(keys / rows);
}

// Where a toast `height` px tall goes in a window `view` px high, `margin` px
// from its edge, so as to cover none of the entry controls, whose box in the
// window is `controls` ({top, bottom}): 'bottom' when that is free, else
// 'top' when that is, else the side that covers less of them.
export function toastSide(controls, view, height, margin) {
  const covered = (top, bottom) => Math.max(0, Math.min(bottom, controls.bottom) - Math.max(top, controls.top));
  const below = covered(view - margin - height, view), above = covered(0, margin + height);
  return below === 0 || below <= above ? 'bottom' : 'top';
}

// The title of digit d's key with `left` of it still to place.
export const digitKeyTitle = (d, left) => `Enter ${symbol(d)} (key ${symbol(d)}): ${left > 0 ? `${left} left to place` : 'all placed'}`;

// The digits' keys in order on a board of side n: in a row, or on 9x9 as a
// 3x3 pad with 1 2 3 on top (a phone's) or 7 8 9 on top (a calculator's).
export const numpad = (n, order) => n === 9 && (order === 'phone' || order === 'calculator');
export function keyOrder(n, order) {
  const keys = Array.from({ length: n }, (_, i) => i + 1);
  if (!numpad(n, order) || order === 'phone') return keys;
  return [7, 8, 9, 4, 5, 6, 1, 2, 3];
}

// Builds the keys of a board of side n (in `order`), or of the colours.
export function buildKeypad(keypad, n, colour, order = 'row') {
  keypad.replaceChildren();
  keypad.classList.toggle('colours', colour);
  keypad.classList.toggle('numpad', !colour && numpad(n, order));
  const count = colour ? COLOUR_COUNT : n;
  for (const d of colour ? keyOrder(count, 'row') : keyOrder(n, order)) {
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
  layoutKeypad(keypad);
}

export function layoutKeypad(keypad) {
  const keys = keypad.children.length;
  if (!keys) return;
  const gap = parseFloat(getComputedStyle(keypad).columnGap) || 6;
  const width = keypad.clientWidth || 360;
  const columns = keypad.classList.contains('numpad') ? 3 : keypadColumns(keys, width, gap);
  keypad.style.setProperty('--kc', columns);
  // Keys under KEY_MIN wide keep their count clear of the digit.
  keypad.classList.toggle('narrow', (width + gap) / columns - gap < KEY_MIN);
}

// How many of each digit are left to place, on the digits' keys.
export function renderKeypad(keypad, game, mode) {
  if (mode === 'colour') return;
  const counts = new Array(game.n + 1).fill(0);
  game.values.forEach((v) => counts[v]++);
  for (const b of keypad.querySelectorAll('button[data-digit]')) {
    const d = Number(b.dataset.digit);
    if (!d) continue;
    const left = game.n - counts[d];
    b.querySelector('.left').textContent = left > 0 ? left : '';
    b.title = digitKeyTitle(d, left);
    b.classList.toggle('done', left <= 0);
  }
}
