// f-puzzles links (`/?load=` and the compressed payload), at 1280x800 and on a
// 390x844 touch phone: a classic puzzle plays as from the board's own link; a
// variant is named, and the kept game (or a new puzzle) plays on; a payload
// that cannot be unpacked is said to be one.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, EASY, EASY_SOLUTION, HARD, PHONE, api, cell, chromiumFor, freshPage, serial, shot, status, stub, waitFor,
} from './lib.mjs';

const session = chromiumFor({ desktop: DESKTOP, phone: PHONE });

// An f-puzzles puzzle: the givens of a 9x9 line, and the constraints in `extra`.
const fpuzzles = (line, extra = {}) => ({
  size: 9,
  grid: Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, c) => {
    const ch = line[r * 9 + c];
    return ch === '.' ? {} : { value: Number(ch), given: true };
  })),
  ...extra,
});
// EASY with a cage and a thermometer its solution keeps.
const KILLER = fpuzzles(EASY, {
  killercage: [{ cells: ['R1C1', 'R1C2', 'R2C2'], value: String(4 + 8 + 6) }],
  thermometer: [{ lines: [['R1C6', 'R2C6']] }],
});
// A payload whose compressed text ends too soon.
const BROKEN = 'N4IgzglgXgpiBc';

// The payload of the f-puzzles link the back end writes for `puzzle`, as
// f-puzzles puts it in its links (a '+' stays a '+').
async function payloadOf(page, puzzle) {
  const answer = await api(page, 'convert', { puzzle, to: 'url' });
  return answer.puzzle.replace(/^.*\?load=/, '');
}

const statusSays = (page, pattern) => waitFor(page, (p) => new RegExp(p).test(document.getElementById('status').textContent), pattern.source);
const givens = (page) => page.locator('.cell.given').count();
const query = (page) => page.evaluate(() => location.search);

describe('f-puzzles links', () => {
  test('a classic puzzle plays as from the board\'s own link, and the address becomes that link', async () => {
    const page = await freshPage(session.desktop);
    const hard = await payloadOf(page, HARD), easy = await payloadOf(page, EASY);
    assert.match(hard + easy, /\+/, 'a payload with a \'+\' in it, as f-puzzles writes them');
    await page.goto(page.url().replace(/\?.*/, '') + `?load=${hard}`);
    await statusSays(page, /Puzzle from the f-puzzles link loaded/);
    assert.equal(await serial(page), HARD);
    assert.equal(await givens(page), [...HARD].filter((c) => c !== '.').length);
    assert.equal(await query(page), `?s=${HARD}`, 'a reload does not ask the engine again');
    assert.equal(await page.isVisible('#toast'), false, 'nothing was in progress');
    await statusSays(page, /exactly one solution/);
    await shot(page, 'fpuzzles-classic');
    // A game in progress is one Undo away, as from the board's own link.
    const first = [...HARD].indexOf('.');
    await cell(page, first).click();
    await page.keyboard.press('5');
    await page.goto(page.url().replace(/\?.*/, '') + `?load=${encodeURIComponent(easy)}`);
    await statusSays(page, /Puzzle from the f-puzzles link loaded/);
    assert.equal(await serial(page), EASY);
    assert.match(await page.textContent('#toast-text'), /one Undo away/);
    await page.click('#undo');
    assert.equal((await serial(page))[first], '5');
    // The same puzzle as the kept game's: that game goes on.
    await page.goto(page.url().replace(/\?.*/, '') + `?load=${hard}`);
    await statusSays(page, /Welcome back: your game of this puzzle is restored/);
    assert.equal((await serial(page))[first], '5');
    assert.equal(await query(page), `?s=${HARD}`);
    await page.close();
  });

  test('a variant is named, and the kept game plays on; with none kept, a new puzzle', async () => {
    const page = await freshPage(session.desktop);
    const killer = await payloadOf(page, KILLER);
    const first = [...EASY].indexOf('.');
    await cell(page, first).click();
    await page.keyboard.press(EASY_SOLUTION[first]);
    await page.goto(page.url().replace(/\?.*/, '') + `?load=${killer}`);
    await statusSays(page, /killer cage, thermometer/);
    assert.match(await status(page), /classic Sudoku only/);
    assert.match(await page.getAttribute('#status', 'class'), /bad/);
    const kept = await serial(page);
    assert.equal(kept[first], EASY_SOLUTION[first], 'the kept game is on the board');
    await waitFor(page, () => /ER/.test(document.getElementById('rating').textContent), null, { timeout: 30000 });
    await shot(page, 'fpuzzles-killer');
    // It still plays.
    const next = [...kept].indexOf('.');
    await cell(page, next).click();
    await page.keyboard.press(EASY_SOLUTION[next]);
    assert.equal((await serial(page))[next], EASY_SOLUTION[next]);
    await page.close();

    // No game kept: a new puzzle, and the variant still named.
    const fresh = await freshPage(session.desktop, `?load=${killer}`);
    await waitFor(fresh, () => document.querySelectorAll('.cell.given').length > 0, null, { timeout: 30000 });
    await statusSays(fresh, /killer cage, thermometer/);
    const empty = [...await serial(fresh)].indexOf('.');
    await cell(fresh, empty).click();
    await fresh.keyboard.press('1');
    assert.equal((await serial(fresh))[empty], '1');
    await fresh.close();
  });

  test('a payload that cannot be unpacked is said to be one; the kept game stays', async () => {
    const page = await freshPage(session.desktop);
    await page.goto(page.url().replace(/\?.*/, '') + `?load=${BROKEN}`);
    await statusSays(page, /The f-puzzles link cannot be opened: the link's puzzle cannot be unpacked/);
    assert.match(await page.getAttribute('#status', 'class'), /bad/);
    assert.equal(await serial(page), EASY);
    await page.close();
  });

  test('while the engine reads the link, the board says so and can be cancelled', async () => {
    const slow = (p) => stub(p, 'convert', () => ({
      body: { to: 'nonet', puzzle: { size: 9, givens: HARD, regions: 'boxes', constraints: [] } }, delay: 1500,
    }));
    const page = await freshPage(session.desktop, `?load=${BROKEN}`, { before: slow });
    assert.match(await status(page), /Opening the f-puzzles link…/);
    await page.waitForSelector('#busy:not([hidden])', { timeout: 1000 });
    assert.match(await page.textContent('#busy-text'), /Opening the f-puzzles link/);
    await statusSays(page, /Puzzle from the f-puzzles link loaded/);
    assert.equal(await serial(page), HARD);
    // Cancelled: the board is as it was.
    await page.goto(page.url().replace(/\?.*/, '') + `?load=${BROKEN}`);
    await page.waitForSelector('#busy:not([hidden])', { timeout: 1000 });
    await page.click('#busy-cancel');
    await statusSays(page, /The f-puzzles link cannot be opened: cancelled/);
    assert.equal(await serial(page), HARD);
    await page.close();
  });

  test('phone: both kinds of link, and what is said of them, fit', async () => {
    const page = await freshPage(session.phone);
    const hard = await payloadOf(page, HARD), killer = await payloadOf(page, KILLER);
    await page.goto(page.url().replace(/\?.*/, '') + `?load=${killer}`);
    await statusSays(page, /killer cage, thermometer/);
    await waitFor(page, () => /ER/.test(document.getElementById('rating').textContent), null, { timeout: 30000 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide at 390`);
    const lines = await page.locator('#status').evaluate((s) => s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight));
    assert.ok(lines < 2.5, `what is said takes ${lines.toFixed(1)} lines, more than the status line keeps room for`);
    await shot(page, 'fpuzzles-killer-phone');
    await page.goto(page.url().replace(/\?.*/, '') + `?load=${hard}`);
    await statusSays(page, /exactly one solution/);
    await shot(page, 'fpuzzles-classic-phone');
    await page.close();
  });
});
