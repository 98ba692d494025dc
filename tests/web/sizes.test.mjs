// Every size the board offers: 4x4 to 16x16, and 25x25 with symbols A-P,
// usable on a desktop and, panned and zoomed inside the board, on a phone.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, LEVELS, P25, P25_SOLUTION, PHONE, cell, chromiumFor, freshPage, generated, serial, shot, status, stub,
  waitFor,
} from './lib.mjs';

const session = chromiumFor();

// Made by `nonet generate --box 2x4 --seed 5` and `--box 3x4 --seed 5`.
const P8 = '..........347...7...84.1..6.3..7.5.....3...21.8..61...4.3.2.....';
const P12 = '......A....5...317.C...4....2..5B.9.19...8.7C.....B...3...58.87.5.4A2..3..51........4.8.......32.C..4...1.8B.....5...4..82........6.6..4B......1';
const P25_RATING = { er: 2.0, ep: 1.2, ed: 1.2, level: 'medium', needs_chains: false, steps: 400 };

describe('sizes', () => {
  test('4x4 to 25x25 offered; 8x8 and 12x12 drawn with their boxes', async () => {
    const context = await session.browser.newContext(DESKTOP);
    const page = await freshPage(context, `?s=${P8}`);
    assert.deepEqual(await page.locator('#size option').evaluateAll((os) => os.map((o) => o.value)), ['4', '6', '8', '9', '12', '16', '25']);
    assert.match(await page.locator('#size option[value="25"]').textContent(), /25×25/);
    // 8x8: boxes two rows high, four columns wide.
    assert.equal(await page.locator('.cell').count(), 64);
    assert.equal(await page.locator('.cell.box-r').count(), 8);
    assert.equal(await page.locator('.cell.box-b').count(), 3 * 8);
    assert.equal(await page.inputValue('#size'), '8');
    await page.close();
    // 12x12: boxes three high, four wide; C is a digit.
    const p12 = await freshPage(context, `?s=${P12}`);
    assert.equal(await p12.locator('.cell.box-r').count(), 2 * 12);
    assert.equal(await p12.locator('.cell.box-b').count(), 3 * 12);
    await cell(p12, 0).click();
    await p12.keyboard.press('c');
    assert.equal((await serial(p12))[0], 'C');
    await context.close();
  });

  test('25x25 on a desktop: symbols A-P typed and on the keypad, marks, a hint or a plain refusal', async () => {
    const context = await session.browser.newContext(DESKTOP);
    // 25x25 offered, whatever the back end's generator lists: the puzzle
    // comes from the stub below.
    const page = await freshPage(context, undefined, { before: (p) => stub(p, 'levels', () => ({ body: LEVELS })) });
    await stub(page, 'generate', () => ({ body: generated(P25, P25_SOLUTION, P25_RATING) }));
    await page.selectOption('#size', '25');
    await page.click('#new');
    await waitFor(page, () => document.querySelectorAll('.cell').length === 625 && document.querySelectorAll('.cell.given').length > 0);
    const faces = await page.locator('#keypad button[data-digit] .face').allTextContents();
    assert.equal(faces.join(''), '123456789ABCDEFGHIJKLMNOP');
    const empty = [...P25].findIndex((c) => c === '.');
    await cell(page, empty).click();
    await page.keyboard.press('p');
    assert.equal((await serial(page))[empty], 'P');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Shift+H');
    assert.match(await cell(page, empty).getAttribute('aria-label'), /corner marks H/);
    await page.click('#keypad button[data-digit="11"]');
    assert.equal((await serial(page))[empty], 'B');
    // Cells big enough to read and hit.
    const box = await cell(page, 0).boundingBox();
    assert.ok(box.width >= 20, `a cell is ${box.width} px`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 1280);
    // Zoom inside the board, never the page.
    await page.click('#zoom-in');
    const wrap = await page.evaluate(() => {
      const w = document.getElementById('board-wrap');
      return { scroll: w.scrollWidth, client: w.clientWidth, page: document.documentElement.scrollWidth };
    });
    assert.ok(wrap.scroll > wrap.client, 'the zoomed board pans inside its frame');
    assert.ok(wrap.page <= 1280, 'the page does not grow');
    await page.click('#zoom-out');
    await shot(page, 'desktop-25x25');
    // A hint: given, or refused in plain words with the board still playable.
    await page.click('#hint');
    await waitFor(page, () => !document.getElementById('hint-panel').hidden || /No hint/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
    if (await page.isHidden('#hint-panel')) assert.match(await status(page), /No hint: .+/);
    await page.keyboard.press('Escape');
    await cell(page, empty).click();
    await page.keyboard.press('Delete');
    assert.equal((await serial(page))[empty], '.');
    await context.close();
  });

  test('25x25 on a phone: zoomed and panned inside the board, the page never wider than the screen', async () => {
    const context = await session.browser.newContext(PHONE);
    const page = await freshPage(context, `?s=${P25}`);
    assert.equal(await page.locator('.cell').count(), 625);
    assert.equal(await page.evaluate(() => document.getElementById('board-wrap').classList.contains('zoomed')), true, 'it starts zoomed on a phone');
    const sizes = await page.evaluate(() => {
      const w = document.getElementById('board-wrap');
      return { scroll: w.scrollWidth, client: w.clientWidth, page: document.documentElement.scrollWidth };
    });
    assert.ok(sizes.page <= 390, `the page is ${sizes.page} px wide`);
    assert.ok(sizes.scroll > sizes.client, 'the board pans inside its frame');
    const c = await cell(page, 0).boundingBox();
    assert.ok(c.width >= 26, `a zoomed cell is ${c.width} px`);
    for (const k of await page.locator('#keypad button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON()))) {
      assert.ok(k.width >= 44 && k.height >= 44, `a key is ${k.width}x${k.height}`);
    }
    // A finger drag pans the board, not the page; a tap selects.
    const cdp = await context.newCDPSession(page);
    const at = (x, y) => [{ x, y, id: 1 }];
    const b = await page.locator('#board-wrap').boundingBox();
    const [x0, y0] = [b.x + b.width * 0.8, b.y + b.height * 0.5];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x0, y0) });
    for (let k = 1; k <= 10; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x0 - k * 20, y0) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await waitFor(page, () => document.getElementById('board-wrap').scrollLeft > 50);
    assert.equal(await page.evaluate(() => scrollX), 0, 'the page did not move sideways');
    assert.equal(await page.locator('.cell[aria-selected="true"]').count(), 1, 'the drag selected nothing new');
    await page.waitForTimeout(400);
    // An empty cell in view after the pan.
    const target = await page.evaluate(() => {
      const w = document.getElementById('board-wrap').getBoundingClientRect();
      const inside = (r) => r.left >= w.left && r.right <= w.right && r.top >= w.top && r.bottom <= w.bottom;
      const el = [...document.querySelectorAll('.cell:not(.given)')].find((c) => inside(c.getBoundingClientRect()));
      return Number(el.dataset.index);
    });
    await page.tap(`.cell[data-index="${target}"]`);
    assert.equal(await cell(page, target).getAttribute('aria-selected'), 'true');
    await page.tap('#keypad button[data-digit="25"]');
    assert.equal((await serial(page))[target], 'P');
    await page.tap('#zoom-out');
    await page.tap('#zoom-in');
    await page.tap('#zoom-in');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
    await shot(page, 'phone-25x25');
    await context.close();
  });
});
