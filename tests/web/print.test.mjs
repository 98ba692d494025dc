// The board on paper: what the title line says and which layers print
// (web/js/print.js, without a browser), then the page itself under print
// media in Chromium: the grid alone, square and black on white, the givens
// bold, entries and pencil marks as Print chose, and one page of PDF for a
// game in progress and for an empty board of every size.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Game, freshMeta, parseSerial } from '../../web/js/model.js';
import { GRID_PT, MARK_MIN_PT, MARK_SCALE, marksFit, marksNote, printLink, printSheet } from '../../web/js/print.js';
import { DEFAULT_SETTINGS } from '../../web/js/store.js';
import {
  DESKTOP, EASY, PHONE, P25, cell, chromiumFor, freshPage, shot, waitFor,
} from './lib.mjs';

const SIZES = [4, 6, 8, 9, 12, 16, 25];
const RATED = { level: 'easy', er: 1.2, ep: 1.2, ed: 1.2, steps: 20 };

const loaded = (line, meta = freshMeta()) => {
  const p = parseSerial(line);
  const g = new Game(p.n);
  g.load(p.n, p.digits, meta);
  g.undoStack.length = 0;
  return g;
};

describe('print sheet', () => {
  test('the title names the size, and the level and rating once known; the link is the puzzle alone', () => {
    const g = loaded(EASY, freshMeta({ rating: RATED }));
    g.place([0], 4);
    const sheet = printSheet(g, DEFAULT_SETTINGS, 'http://h', '/board/');
    assert.equal(sheet.title, '9×9 Sudoku · Easy · ER 1.2');
    assert.equal(sheet.link, `http://h/board/?s=${EASY}`, 'the givens only, never the progress');
    assert.equal(printSheet(loaded(EASY, freshMeta({ rating: 'pending' })), DEFAULT_SETTINGS).title, '9×9 Sudoku', 'still rating');
    assert.equal(printSheet(loaded(EASY), DEFAULT_SETTINGS).title, '9×9 Sudoku', 'unrated');
    const big = loaded(P25);
    assert.equal(printLink(big, 'http://h', '/'), '', 'a 25x25 link is no use on paper');
  });

  test('an empty board is a blank grid of its size, with no link', () => {
    for (const n of SIZES) {
      const sheet = printSheet(new Game(n), DEFAULT_SETTINGS, 'http://h', '/');
      assert.equal(sheet.title, `${n}×${n} Sudoku · blank grid`);
      assert.equal(sheet.link, '');
    }
    // Digits typed on an empty board are entries: printed, the grid is no longer blank.
    const g = new Game(9);
    g.place([0], 5);
    assert.equal(printSheet(g, { printEntries: true }).title, '9×9 Sudoku');
    assert.equal(printSheet(g, { printEntries: false }).title, '9×9 Sudoku · blank grid');
  });

  test('entries and marks print as chosen, marks only where they stay legible', () => {
    assert.deepEqual([DEFAULT_SETTINGS.printEntries, DEFAULT_SETTINGS.printMarks], [true, false]);
    const g = loaded(EASY);
    for (const [printEntries, printMarks] of [[true, false], [false, true], [true, true], [false, false]]) {
      const s = printSheet(g, { printEntries, printMarks });
      assert.deepEqual([s.entries, s.marks, s.dropped], [printEntries, printMarks, false]);
    }
    for (const n of SIZES) {
      assert.equal(marksFit(n), (GRID_PT / n) * MARK_SCALE >= MARK_MIN_PT);
      assert.equal(marksFit(n), n <= 16, `${n}x${n}`);
      assert.equal(marksNote(n) === '', n <= 16);
    }
    assert.match(marksNote(25), /25×25.*5 pt/);
    const s = printSheet(new Game(25), { printEntries: true, printMarks: true });
    assert.deepEqual([s.entries, s.marks, s.dropped], [true, false, true]);
  });
});

// ---------------------------------------------------------------- on the page

const session = chromiumFor({ desktop: DESKTOP });

// A page whose window.print() only counts (headless Chromium prints nothing).
const countPrints = (page) => page.addInitScript(() => {
  window.printed = 0;
  window.print = () => { window.printed += 1; };
});

// Is the element shown (display and visibility)?
const shown = (page, selector) => page.evaluate((sel) => {
  const el = document.querySelector(sel);
  return !!el && el.checkVisibility({ visibilityProperty: true });
}, selector);

// The pages of a PDF: pdfinfo's count, or null when pdfinfo is missing.
function pdfPages(pdf) {
  const dir = mkdtempSync(join(tmpdir(), 'nonet-print-'));
  try {
    const file = join(dir, 'board.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)[1]);
  } catch (e) {
    if (e.code === 'ENOENT') return null;
    throw e;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
// One page, by pdfinfo; without it, by the page objects in the file.
function assertOnePage(t, pdf, what) {
  const pages = pdfPages(pdf);
  if (pages !== null) { assert.equal(pages, 1, `${what}: ${pages} pages`); return; }
  const objects = (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) || []).length;
  if (!objects) { t.diagnostic(`${what}: pdfinfo (poppler-utils) is missing and the PDF's page objects are compressed: the page count is not checked`); return; }
  t.diagnostic(`${what}: pdfinfo (poppler-utils) is missing: pages counted as /Type /Page objects`);
  assert.equal(objects, 1, `${what}: ${objects} pages`);
}

// The controls and panels that never print.
const SCREEN_ONLY = ['.top', '#keypad', '.modes', '.play-tools', '.actions', '#print', '.board-bar', '#timer', '#rating',
  '#status', '.settings', '.serial', '#history', '.help', '.foot'];

// The board's box on the page, and the viewport's.
const boardBox = (page) => page.evaluate(() => {
  const r = document.getElementById('board').getBoundingClientRect();
  const head = document.querySelector('.print-head').getBoundingClientRect();
  return { width: r.width, height: r.height, top: r.top, bottom: r.bottom, headBottom: head.bottom, vw: innerWidth, vh: innerHeight };
});

describe('print', () => {
  test('Print asks what goes on paper, remembers it, and prints; the printed page is the grid alone', async () => {
    const page = await freshPage(session.desktop, `?s=${EASY}`, { before: countPrints });
    await waitFor(page, () => /ER/.test(document.getElementById('rating').textContent));
    // An entry in r1c1, corner marks in r1c2, centre marks in r1c4; r1c1 stays selected.
    await cell(page, 1).click();
    await page.keyboard.press('Shift+5');
    await page.keyboard.press('Shift+8');
    await cell(page, 3).click();
    await page.keyboard.press('v');
    await page.keyboard.press('7');
    await page.keyboard.press('9');
    await page.keyboard.press('z');
    await cell(page, 0).click();
    await page.keyboard.press('4');
    assert.ok(await page.getAttribute('#print', 'title'), 'Print has a title like every button');

    await page.click('#print');
    assert.ok(await page.locator('#print-ask').isVisible(), 'the dialog asks');
    assert.equal(await page.isChecked('#print-entries'), true, 'entries by default');
    assert.equal(await page.isChecked('#print-marks'), false, 'no marks by default');
    assert.equal(await page.isDisabled('#print-marks'), false);
    assert.equal(await shown(page, '#print-note'), false, 'no word on marks at 9x9');
    await page.click('#print-yes');
    assert.equal(await page.evaluate(() => window.printed), 1, 'the browser prints');
    assert.equal(await page.locator('#print-ask').isVisible(), false);

    await page.emulateMedia({ media: 'print' });
    await shot(page, 'print-9x9');
    for (const sel of SCREEN_ONLY) assert.equal(await shown(page, sel), false, `${sel} is not printed`);
    const badge = await page.evaluate(() => document.getElementById('rating').textContent);
    assert.equal(await page.textContent('#print-title'), `9×9 Sudoku · ${badge}`);
    assert.ok(await shown(page, '#print-title'));
    assert.match(await page.textContent('#print-link'), new RegExp(`\\?s=${EASY.replace(/\./g, '\\.')}$`));
    const box = await boardBox(page);
    assert.ok(Math.abs(box.width - box.height) < 1, `square: ${box.width} x ${box.height}`);
    assert.ok(box.top >= box.headBottom - 0.5, 'the grid under the title');
    assert.ok(box.bottom <= box.vh + 0.5 && box.width <= box.vw + 0.5, 'the grid on the page');
    assert.ok(box.width >= Math.min(box.vw, box.vh - box.headBottom) - 30, `as large as the page allows: ${box.width}`);
    // Givens bold and black; no selection, shading or rings.
    const styles = await page.evaluate(() => {
      const cs = (el, pseudo) => getComputedStyle(el, pseudo);
      const givens = [...document.querySelectorAll('.cell.given')];
      const cells = [...document.querySelectorAll('.cell')];
      return {
        givens: givens.length,
        givensShown: givens.filter((c) => c.querySelector('.value').checkVisibility({ visibilityProperty: true })).length,
        bold: givens.every((c) => Number(cs(c).fontWeight) >= 700),
        black: givens.every((c) => cs(c).color === 'rgb(0, 0, 0)'),
        shaded: cells.filter((c) => !['rgba(0, 0, 0, 0)', 'transparent'].includes(cs(c).backgroundColor) || cs(c).backgroundImage !== 'none').length,
        rings: cells.filter((c) => cs(c, '::after').display !== 'none' && cs(c, '::after').content !== 'none').length,
        selected: document.querySelector('.cell.current') !== null,
      };
    });
    assert.equal(styles.givens, [...EASY].filter((c) => c !== '.').length);
    assert.equal(styles.givensShown, styles.givens, 'every given printed');
    assert.ok(styles.bold && styles.black, 'givens bold and black');
    assert.ok(styles.selected, 'the board has a selection on screen');
    assert.equal(styles.shaded, 0, 'no cell shaded');
    assert.equal(styles.rings, 0, 'no selection ring');
    assert.equal(await shown(page, '.cell[data-index="0"] .value'), true, 'the entry printed');
    assert.equal(await shown(page, '.cell[data-index="1"] .corner'), false, 'no corner marks');
    assert.equal(await shown(page, '.cell[data-index="3"] .centre'), false, 'no centre marks');
    assert.ok(Number(await page.evaluate(() => getComputedStyle(document.querySelector('.cell[data-index="0"]')).fontWeight)) < 700, 'an entry is not bold');

    // The other way round: marks without entries, kept for the next visit.
    await page.emulateMedia({ media: 'screen' });
    await page.click('#print');
    await page.uncheck('#print-entries');
    await page.check('#print-marks');
    await page.click('#print-yes');
    assert.equal(await page.evaluate(() => window.printed), 2);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await shown(page, '.cell[data-index="0"] .value'), false, 'no entries');
    assert.equal(await shown(page, '.cell[data-index="2"] .value'), true, 'the givens still');
    assert.equal(await shown(page, '.cell[data-index="1"] .corner'), true, 'corner marks');
    assert.equal(await shown(page, '.cell[data-index="3"] .centre'), true, 'centre marks');
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('nonet.settings.v1')));
    assert.deepEqual([kept.printEntries, kept.printMarks], [false, true]);
    await page.emulateMedia({ media: 'screen' });
    await page.reload();
    await page.waitForSelector('.cell');
    await page.click('#print');
    assert.deepEqual([await page.isChecked('#print-entries'), await page.isChecked('#print-marks')], [false, true]);
    await page.click('#print-no');
    assert.equal(await page.evaluate(() => window.printed), 0, 'Cancel prints nothing');
    await page.close();
  });

  test('dark mode prints black on white', async () => {
    const page = await freshPage(session.desktop);
    await cell(page, 0).click();
    await page.keyboard.press('4');
    await page.click('#theme');
    const colours = () => page.evaluate(() => {
      const cs = (sel) => getComputedStyle(document.querySelector(sel));
      return {
        body: cs('body').backgroundColor, board: cs('#board').backgroundColor, line: cs('#board').borderTopColor,
        given: cs('.cell.given').color, entry: cs('.cell[data-index="0"]').color, title: cs('#print-title').color,
      };
    });
    const dark = await colours();
    assert.notEqual(dark.given, 'rgb(0, 0, 0)', 'light digits on screen in dark mode');
    await page.emulateMedia({ media: 'print' });
    await shot(page, 'print-dark');
    const paper = await colours();
    assert.equal(paper.body, 'rgb(255, 255, 255)');
    assert.equal(paper.board, 'rgb(255, 255, 255)');
    assert.equal(paper.line, 'rgb(0, 0, 0)');
    assert.equal(paper.given, 'rgb(0, 0, 0)');
    assert.equal(paper.title, 'rgb(0, 0, 0)');
    const [r, g, b] = paper.entry.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 150, `entries nearly black: ${paper.entry}`);
    await page.close();
  });

  test('a 9x9 game prints on one page, upright or on its side', async (t) => {
    const page = await freshPage(session.desktop, `?s=${EASY}`, { settings: { printEntries: true, printMarks: true } });
    await cell(page, 0).click();
    await page.keyboard.press('4');
    await cell(page, 1).click();
    await page.keyboard.press('Shift+5');
    await page.click('#theme');
    assertOnePage(t, await page.pdf(), 'Letter');
    assertOnePage(t, await page.pdf({ format: 'A4' }), 'A4');
    assertOnePage(t, await page.pdf({ format: 'A4', landscape: true }), 'A4 on its side');
    await page.close();
  });

  test('an empty board of every size prints as a blank grid with its box lines, 25x25 on one page', async (t) => {
    const page = await freshPage(session.desktop);
    for (const n of SIZES) {
      await page.selectOption('#size', String(n));
      await waitFor(page, (k) => document.querySelectorAll('.cell').length === k * k && !document.querySelector('.cell.given'), n);
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.textContent('#print-title'), `${n}×${n} Sudoku · blank grid`);
      assert.equal(await shown(page, '#print-link'), false, 'no link for an empty board');
      const box = await boardBox(page);
      assert.ok(Math.abs(box.width - box.height) < 1, `${n}x${n} square: ${box.width} x ${box.height}`);
      // Box lines are heavier than cell lines, one fewer than boxes across.
      const lines = await page.evaluate(() => {
        const w = (el) => parseFloat(getComputedStyle(el).borderRightWidth);
        const row = [...document.querySelectorAll('.cell')].slice(0, Number(getComputedStyle(document.getElementById('board')).getPropertyValue('--n')));
        return row.map(w);
      });
      const thin = lines[0], heavy = lines.filter((x) => x > thin * 2).length;
      const boxCols = { 4: 2, 6: 3, 8: 4, 9: 3, 12: 4, 16: 4, 25: 5 }[n];
      assert.equal(heavy, n / boxCols - 1, `${n}x${n}: box lines ${JSON.stringify(lines)}`);
      if (n === 25) {
        await shot(page, 'print-25x25');
        assertOnePage(t, await page.pdf(), '25x25');
        assertOnePage(t, await page.pdf({ format: 'A4', landscape: true }), '25x25 A4 on its side');
      }
      await page.emulateMedia({ media: 'screen' });
    }
    // There the dialog says that marks are left out, and offers none.
    await page.click('#print');
    assert.equal(await page.isDisabled('#print-marks'), true);
    assert.match(await page.textContent('#print-note'), /25×25/);
    await page.click('#print-no');
    await page.close();
  });

  test('paused, Print waits, and paper shows no board', async () => {
    const page = await freshPage(session.desktop);
    await page.click('#pause');
    assert.equal(await page.isDisabled('#print'), true);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await shown(page, '#board'), false);
    assert.equal(await shown(page, '.print-paused'), true);
    await page.close();
  });

  test('Print fits beside the other tools at 320, 390, 430 px, on a phone on its side and at 1280x800', async () => {
    for (const [width, height] of [[320, 800], [390, 844], [430, 800], [844, 390], [1280, 800]]) {
      const options = width === 1280 ? DESKTOP : { ...PHONE, viewport: { width, height } };
      const context = await session.browser.newContext(options);
      const page = await freshPage(context);
      const boxes = await page.locator('.actions button, .play-tools button, .top button, .top select').evaluateAll((els) => els.map((e) => {
        const r = e.getBoundingClientRect();
        return { name: e.id || e.textContent.trim(), x: r.x, y: r.y, right: r.right, bottom: r.bottom };
      }));
      const print = boxes.find((b) => b.name === 'print');
      assert.ok(print && print.right - print.x >= 44 && print.bottom - print.y >= 36, `${width} px: Print is a button to hit`);
      for (const b of boxes) {
        assert.ok(b.x >= -0.5 && b.right <= width + 0.5, `${width} px: ${b.name} sticks out`);
        if (b === print) continue;
        const over = Math.min(b.right, print.right) - Math.max(b.x, print.x) > 0.5 && Math.min(b.bottom, print.bottom) - Math.max(b.y, print.y) > 0.5;
        assert.ok(!over, `${width} px: Print and ${b.name} overlap`);
      }
      if (width === 390 || width === 1280) {
        await page.locator('#print').scrollIntoViewIfNeeded();
        await shot(page, `print-button-${width}`);
      }
      await context.close();
    }
  });
});
