// Accessibility: axe-core (from npm, injected by the test, never shipped in
// the page) finds no serious or critical violation on the board at 1280x800
// and 390x844, light and dark, in the states a player sees; every candidate
// and mark reads at 4.5:1 or better against its cell.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, EASY_SOLUTION, NEARLY, PHONE, axe, cell, chromiumFor, freshPage, shot, waitFor,
} from './lib.mjs';

const session = chromiumFor();


// The contrast of every small digit (candidates, corner and centre marks)
// against what is behind it: the cell's paint or shade, else the board.
async function smallDigitContrast(page) {
  return page.evaluate(() => {
    const rgb = (s) => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(s);
      return m ? { c: [Number(m[1]), Number(m[2]), Number(m[3])], a: m[4] === undefined ? 1 : Number(m[4]) } : null;
    };
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const behind = (el) => {
      const cellEl = el.closest('.cell');
      const paint = cellEl.querySelector('.paint');
      if (paint) {
        const p = rgb(getComputedStyle(paint).backgroundColor);
        if (!p || p.a < 1) return null;  // several colours: a gradient, judged by eye
        return p.c;
      }
      for (let e = el; e; e = e.parentElement) {
        const b = rgb(getComputedStyle(e).backgroundColor);
        if (b && b.a === 1) return b.c;
      }
      return [255, 255, 255];
    };
    const worst = [];
    for (const el of document.querySelectorAll('.cands span, .corner span, .centre span')) {
      if (!el.textContent.trim() || el.classList.contains('hl') || el.classList.contains('elim')) continue;
      const fg = rgb(getComputedStyle(el).color), bg = behind(el);
      if (!fg || !bg) continue;
      const [a, b] = [lum(fg.c), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5) worst.push(`${el.closest('.cell').getAttribute('aria-label')}: ${el.textContent} at ${ratio.toFixed(2)}:1`);
    }
    return worst;
  });
}

// A board in the states a player meets: candidates, marks, colours, a
// mistake marked, several cells selected and a hint open.
async function busyBoard(page) {
  await page.check('#show-cands');
  await page.check('#check-mistakes');
  await cell(page, 0).click();
  await page.keyboard.press('x');
  await page.keyboard.press('4');
  await page.keyboard.press('5');
  await cell(page, 1).click();
  await page.keyboard.press('v');
  await page.keyboard.press('6');
  await page.keyboard.press('7');
  await page.keyboard.press('c');
  for (const k of ['1', '2', '3', '4', '5', '6', '7', '8']) {
    await cell(page, 20 + Number(k)).click();
    await page.keyboard.press(k);
  }
  await page.keyboard.press('z');
  await cell(page, 3).click();
  await page.keyboard.press('1');  // a mistake: r1c4 is 9
  await cell(page, 60).click();
  await cell(page, 61).click({ modifiers: ['Shift'] });
}

describe('accessibility', () => {
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    for (const scheme of ['light', 'dark']) {
      test(`axe: no serious or critical violations, ${name} ${scheme}`, async () => {
        // Reduced motion: no colour transitions half-way through a scan.
        const context = await session.browser.newContext({ ...size, colorScheme: scheme, reducedMotion: 'reduce' });
        const page = await freshPage(context);
        assert.equal(await page.getAttribute('html', 'data-theme'), scheme, 'the page follows the system');
        await waitFor(page, () => /ER/.test(document.getElementById('rating').textContent));
        assert.deepEqual(await axe(page), [], 'the fresh board');
        await busyBoard(page);
        assert.equal(await cell(page, 3).getAttribute('aria-invalid'), 'true');
        assert.deepEqual(await smallDigitContrast(page), [], 'small digits at 4.5:1 or better');
        assert.deepEqual(await axe(page), [], 'candidates, marks, colours, a mistake, a selection');
        await shot(page, `a11y-${name}-${scheme}`);
        await page.click('#hint');
        await page.waitForSelector('#hint-panel:not([hidden])');
        assert.deepEqual(await axe(page), [], 'a hint open');
        await page.click('#hint-close');
        await page.click('.modes button[data-mode="colour"]');
        assert.deepEqual(await axe(page), [], 'colour mode');
        await page.keyboard.press('?');
        await page.waitForSelector('#keys-dialog[open]');
        assert.deepEqual(await axe(page), [], 'the keys');
        await context.close();
      });
    }
  }

  test('axe: the finish screen, Solve\'s question and the paused board', async () => {
    const context = await session.browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
    const page = await freshPage(context, `?s=${NEARLY}`);
    await page.click('#solve');
    await page.waitForSelector('#solve-ask[open]');
    assert.deepEqual(await axe(page), [], 'Solve asks');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'solve-no', 'the safe answer has the focus');
    await page.keyboard.press('Escape');
    await page.click('#pause');
    assert.deepEqual(await axe(page), [], 'paused');
    await page.click('#resume');
    for (const i of [0, 40, 80]) {
      await cell(page, i).click();
      await page.keyboard.press(EASY_SOLUTION[i]);
    }
    await page.waitForSelector('#finish[open]');
    assert.deepEqual(await axe(page), [], 'finished');
    await context.close();
  });
});
