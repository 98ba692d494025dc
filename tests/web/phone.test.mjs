// The board on a phone: a 390x844 touch screen (and widths from 320 to 430),
// every size up to 16x16 with no sideways scrolling, thumb-sized keys, play
// above the fold, touch selection, and hints and paths as bottom sheets.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHAIN, EASY, EASY_SOLUTION, NEARLY, P16, PHONE, cell, chromiumFor, freshPage, inViewport, serial, shot, waitFor,
} from './lib.mjs';

const session = chromiumFor();

const SIZES = [4, 6, 8, 9, 12, 16];

// What must not happen on a phone of this width, at this board size.
async function fits(page, width, n) {
  const where = `${n}x${n} at ${width} px`;
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `${where}: the page is ${scroll} px wide`);
  // (the board's frame: a zoomed board pans inside it)
  const board = await page.locator('#board-wrap').boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= width + 0.5, `${where}: the board spans ${board.x}..${board.x + board.width}`);
  const keys = await page.locator('#keypad button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON()));
  assert.equal(keys.length, n + 1);
  for (const k of keys) {
    assert.ok(k.width >= 44 && k.height >= 44, `${where}: a key is ${k.width.toFixed(1)}x${k.height.toFixed(1)}`);
    assert.ok(k.x >= 0 && k.x + k.width <= width + 0.5, `${where}: a key sticks out`);
  }
}

// Synthetic touches through the debugging protocol: Chromium turns them into
// pointer events as a finger would.
async function touchDrag(page, from, to, steps = 10) {
  const cdp = await page.context().newCDPSession(page);
  const point = (p) => [{ x: p.x, y: p.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  for (let k = 1; k <= steps; k++) {
    const p = { x: from.x + ((to.x - from.x) * k) / steps, y: from.y + ((to.y - from.y) * k) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(p) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await page.waitForTimeout(400);  // a finger lifts before the next tap
}
const centre = async (page, i) => {
  const b = await cell(page, i).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

describe('phone', () => {
  test('a calculator keypad (7 8 9 on top) or a phone one, 3x3 and in view; full screen on a tap', async () => {
    const context = await session.browser.newContext(PHONE);
    const page = await freshPage(context, `?s=${EASY}`, { settings: { keypadOrder: 'calculator' } });
    const keys = await page.locator('#keypad button').evaluateAll((bs) => bs.map((b) => ({ d: b.dataset.digit, ...b.getBoundingClientRect().toJSON() })));
    assert.deepEqual(keys.map((k) => k.d), ['7', '8', '9', '4', '5', '6', '1', '2', '3', '0']);
    assert.ok(keys[0].y === keys[2].y && keys[3].y > keys[0].y && keys[6].y > keys[3].y, 'three rows of three');
    assert.ok(keys[9].width > 2.5 * keys[0].width, 'Erase spans the pad');
    assert.ok(await inViewport(page, '#keypad'), 'the keypad is in view');
    assert.ok(await inViewport(page, '#hint'), 'Hint is in view');
    // The key enters its digit; the choice is kept and can be changed back.
    const first = EASY.indexOf('.');
    await cell(page, first).tap();
    await page.locator(`#keypad button[data-digit="${EASY_SOLUTION[first]}"]`).tap();
    assert.equal((await serial(page))[first], EASY_SOLUTION[first]);
    await shot(page, 'keypad-calculator-phone');
    await page.selectOption('#keypad-order', 'phone');
    assert.equal(await page.getAttribute('#keypad button >> nth=0', 'data-digit'), '1');
    await page.selectOption('#keypad-order', 'row');
    assert.equal(await page.locator('#keypad.numpad').count(), 0);
    await page.reload();
    await page.waitForSelector('.cell');
    assert.equal(await page.inputValue('#keypad-order'), 'row');
    // Full screen, and back.
    await page.locator('#fullscreen').tap();
    await waitFor(page, () => document.fullscreenElement !== null && document.getElementById('fullscreen').getAttribute('aria-pressed') === 'true');
    await page.locator('#fullscreen').tap();
    await waitFor(page, () => document.fullscreenElement === null);
    await context.close();
  });

  test('16x16 zooms where its cells would be under 20 px (on its side, 320 px upright) and not where they would not, across turns', async () => {
    const context = await session.browser.newContext(PHONE);
    const page = await freshPage(context, `?s=${P16}`);
    const zoomed = () => page.evaluate(() => document.getElementById('board-wrap').classList.contains('zoomed'));
    assert.equal(await zoomed(), false, '390 px upright: 23 px cells');
    await page.setViewportSize({ width: 844, height: 390 });
    await waitFor(page, () => document.getElementById('board-wrap').classList.contains('zoomed'));
    await page.setViewportSize({ width: 390, height: 844 });
    await waitFor(page, () => !document.getElementById('board-wrap').classList.contains('zoomed'));
    // The zoom buttons act on what is shown: + zooms in.
    await page.click('#zoom-in');
    assert.equal(await zoomed(), true);
    for (const sel of ['#keypad', '#hint']) assert.ok(await inViewport(page, sel), `${sel} in view after zooming in`);
    await context.close();
  });

  test('no sideways scroll from 320 to 430 px at every size up to 16x16; keys at least 44x44', async () => {
    for (const width of [320, 360, 375, 390, 414, 430]) {
      const context = await session.browser.newContext({ ...PHONE, viewport: { width, height: 844 } });
      const page = await freshPage(context);
      for (const n of SIZES) {
        await page.selectOption('#size', String(n));
        await waitFor(page, (k) => document.querySelectorAll('.cell').length === k * k, n);
        await fits(page, width, n);
        // Colour mode's keypad too.
        if (n === 9) {
          await page.click('.modes button[data-mode="colour"]');
          const swatches = await page.locator('#keypad button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON()));
          for (const k of swatches) assert.ok(k.width >= 44 && k.height >= 44);
          await page.click('.modes button[data-mode="normal"]');
        }
      }
      await context.close();
    }
  });

  test('at 390x844 everything needed for play is above the fold, at every size up to 16x16', async () => {
    const context = await session.browser.newContext(PHONE);
    const page = await freshPage(context);
    for (const n of SIZES) {
      await page.selectOption('#size', String(n));
      await waitFor(page, (k) => document.querySelectorAll('.cell').length === k * k, n);
      await page.evaluate(() => scrollTo(0, 0));
      for (const sel of ['#board', '#status', '.modes', '#keypad', '#undo', '#redo', '#hint', '#new', '#size', '#level', '#pause', '#timer']) {
        assert.ok(await inViewport(page, sel), `${n}x${n}: ${sel} is in view without scrolling`);
      }
      if (n === 16) await shot(page, 'phone-16x16');
    }
    await context.close();
  });

  test('touch: a tap selects, a drag selects several, the keypad enters in all of them', async () => {
    const context = await session.browser.newContext(PHONE);
    const page = await freshPage(context);
    await page.tap('.cell[data-index="0"]');
    assert.equal(await cell(page, 0).getAttribute('aria-selected'), 'true');
    await page.tap('#keypad button[data-digit="4"]');
    assert.equal((await serial(page))[0], '4');
    await touchDrag(page, await centre(page, 9), await centre(page, 11));  // r2c1..r2c3
    const chosen = await page.locator('.cell[aria-selected="true"]').evaluateAll((els) => els.map((e) => Number(e.dataset.index)));
    assert.deepEqual(chosen, [9, 10, 11]);
    await page.tap('.modes button[data-mode="centre"]');
    await page.tap('#keypad button[data-digit="6"]');
    assert.equal(await page.locator('.cell[data-index="10"] .centre').textContent().then((t) => t.replace(/\s/g, '')), '6');
    assert.equal(await page.locator('.cell[data-index="11"] .centre').textContent().then((t) => t.replace(/\s/g, '')), '6');
    assert.equal(await page.evaluate(() => scrollY), 0, 'the drag did not scroll the page');
    await context.close();
  });

  for (const scheme of ['light', 'dark']) {
    test(`hints and the path open as bottom sheets over the keypad, the board still in view (${scheme})`, async () => {
      const context = await session.browser.newContext({ ...PHONE, colorScheme: scheme });
      const page = await freshPage(context);
      await page.tap('.cell[data-index="40"]');
      await shot(page, `phone-${scheme}`);
      await page.tap('#hint');
      await page.waitForSelector('#hint-panel:not([hidden])');
      assert.ok(await inViewport(page, '#hint-panel'), 'the hint is in view');
      assert.ok(await inViewport(page, '#board'), 'and so is the board with its shaded area');
      assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('hint-panel')).position), 'fixed');
      await shot(page, `phone-hint-${scheme}`);
      await page.tap('#hint');
      await waitFor(page, () => !document.getElementById('hint-text').hidden);
      assert.ok(await inViewport(page, '#hint-apply'));
      await page.tap('#hint-close');
      await page.tap('#walk');
      await page.waitForSelector('#path-panel:not([hidden])');
      assert.ok(await inViewport(page, '#path-next'), 'Next step is in view');
      await page.tap('#path-next');
      assert.notEqual(await serial(page), EASY);
      await page.tap('#path-close');
      // Candidates shown, in dark too.
      await page.evaluate(() => scrollTo(0, 0));
      await page.check('#show-cands');
      await page.evaluate(() => scrollTo(0, 0));
      await shot(page, `phone-candidates-${scheme}`);
      await context.close();
    });
  }

  test('a chain hint on a phone, and the finish screen in view', async () => {
    const context = await session.browser.newContext(PHONE);
    const page = await freshPage(context, `?s=${NEARLY}`);
    for (const i of [0, 40, 80]) {
      await page.tap(`.cell[data-index="${i}"]`);
      await page.tap(`#keypad button[data-digit="${EASY_SOLUTION[i]}"]`);
    }
    await page.waitForSelector('#finish[open]');
    assert.ok(await inViewport(page, '#finish'));
    assert.ok(await inViewport(page, '#finish-new'));
    await shot(page, 'phone-finish');
    await page.tap('#finish-close');
    await page.close();
    const chain = await freshPage(context, `?s=${CHAIN}`);
    await chain.tap('#walk');
    await chain.waitForSelector('#path-panel:not([hidden])');
    const texts = await chain.locator('#path-list li').allTextContents();
    const at = texts.findIndex((t) => /Chain/.test(t));
    for (let k = 0; k <= at; k++) await chain.tap('#path-next');
    assert.ok(await chain.locator('#chains .chain-link').count() >= 4);
    await shot(chain, 'phone-chain');
    await context.close();
  });
});
