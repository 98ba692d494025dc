// What a player of the best Sudoku apps expects, at 1280x800: several cells
// selected at once, colours, marks filled and pruned, mistake checking,
// progress that is never lost without a way back, a finish screen with a
// history of bests, kept settings, a list of keys, and long work that shows
// its progress and can be cancelled.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, EASY, EASY_SOLUTION, HARD, LEVELS, NEARLY, P25, P25_SOLUTION, api, apiGet, cell, chromiumFor, classes, freshPage, generated,
  serial, shot, status, stub, unstub, waitFor,
} from './lib.mjs';

const session = chromiumFor({ context: DESKTOP });

const selected = (page) => page.locator('.cell[aria-selected="true"]').evaluateAll((els) => els.map((e) => Number(e.dataset.index)));
// EASY less the given at `i`'s neighbours: the empty cells of row 1 are 0, 1, 3, 5, 7, 8.
const ROW1_EMPTY = [0, 1, 3, 5, 7, 8];
// The solution with these cells blank: a puzzle three entries from done.

describe('play', () => {
  test('several cells selected by Ctrl/Cmd+click, Shift+click, drag and Ctrl+arrows; digits and marks go to all', async () => {
    const page = await freshPage(session.context);
    await cell(page, 0).click();
    await cell(page, 1).click({ modifiers: ['Control'] });
    await cell(page, 5).click({ modifiers: ['Shift'] });
    assert.deepEqual(await selected(page), [0, 1, 5]);
    await cell(page, 1).click({ modifiers: ['Control'] });  // Ctrl+click again takes it out
    assert.deepEqual(await selected(page), [0, 5]);
    await cell(page, 7).click({ modifiers: ['Meta'] });
    assert.deepEqual(await selected(page), [0, 5, 7]);
    assert.equal(await page.getAttribute('#board', 'aria-multiselectable'), 'true');
    // Centre marks on every selected cell, then a digit in all of them.
    await page.keyboard.press('v');
    await page.keyboard.press('4');
    for (const i of [0, 5, 7]) assert.equal(await page.locator(`.cell[data-index="${i}"] .centre`).textContent().then((t) => t.replace(/\s/g, '')), '4');
    await page.keyboard.press('z');
    await page.keyboard.press('7');
    const s = await serial(page);
    for (const i of [0, 5, 7]) assert.equal(s[i], '7');
    await page.keyboard.press('Control+z');
    assert.equal((await serial(page))[0], '.', 'one undo takes back the whole entry');
    // Drag across row 1.
    const a = await cell(page, 0).boundingBox(), b = await cell(page, 8).boundingBox();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    await page.mouse.up();
    assert.deepEqual(await selected(page), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    await page.keyboard.press('x');
    await page.keyboard.press('9');
    for (const i of ROW1_EMPTY) assert.match(await page.locator(`.cell[data-index="${i}"] .corner`).textContent(), /9/);
    // Ctrl+arrows and Shift+arrows extend; a plain arrow or Escape keeps one cell.
    await cell(page, 40).click();
    await page.keyboard.press('Control+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    assert.deepEqual(await selected(page), [40, 41, 50]);
    await page.keyboard.press('Escape');
    assert.deepEqual(await selected(page), [50]);
    await page.keyboard.press('Control+a');
    assert.equal((await selected(page)).length, 81);
    // A double click on a digit takes every cell holding it.
    await cell(page, 2).dblclick();
    assert.deepEqual(await selected(page), [...EASY].map((c, i) => (c === '3' ? i : -1)).filter((i) => i >= 0));
    await shot(page, 'multi-select');
    await page.close();
  });

  test('cell colours: eight Okabe-Ito colours, several per cell, undoable, saved and shared', async () => {
    const page = await freshPage(session.context);
    await page.click('.modes button[data-mode="colour"]');
    assert.equal(await page.locator('#keypad .swatch').count(), 8);
    await cell(page, 0).click();
    await cell(page, 10).click({ modifiers: ['Shift'] });
    await page.keyboard.press('1');
    await page.click('#keypad button[data-digit="5"]');
    assert.equal(await page.locator('.cell[data-index="0"] .paint').count(), 1);
    assert.match(await cell(page, 0).getAttribute('aria-label'), /coloured orange and blue/);
    assert.match(await page.locator('.cell[data-index="10"] .paint').evaluate((e) => e.style.background), /conic-gradient/);
    await page.keyboard.press('Control+z');
    assert.match(await cell(page, 0).getAttribute('aria-label'), /coloured orange$/);
    await page.keyboard.press('Control+y');
    // Digits still go in by Shift (corner) in colour mode; a given can be coloured too.
    await cell(page, 2).click();
    await page.keyboard.press('3');
    assert.match(await cell(page, 2).getAttribute('aria-label'), /given 3, coloured bluish green/);
    await shot(page, 'colours');
    // Kept after a reload.
    await page.reload();
    await waitFor(page, () => document.querySelectorAll('.paint').length === 3);
    // And in a share link with progress.
    assert.equal(await page.isChecked('#share-progress'), true, 'links carry the progress by default');
    await page.click('#share');
    const url = await page.inputValue('#share-url');
    assert.match(url, /[?&]p=/);
    const other = await session.browser.newContext(DESKTOP);
    const friend = await other.newPage();
    await friend.goto(url);
    await waitFor(friend, () => document.querySelectorAll('.paint').length === 3);
    assert.match(await friend.textContent('#status'), /progress/);
    // A broken progress part loads the puzzle alone, and says why.
    await friend.goto(url.replace(/p=[^&]*/, 'p=nonsense'));
    await waitFor(friend, () => /cannot be read/.test(document.getElementById('status').textContent));
    assert.equal(await friend.locator('.paint').count(), 0);
    assert.equal(await friend.inputValue('#serial'), EASY);
    await other.close();
    await page.close();
  });

  test('fill marks writes every candidate as a centre mark, pruned by hand; automatic candidates stay as they are', async () => {
    const page = await freshPage(session.context);
    const cands = (await api(page, 'candidates', { puzzle: EASY })).candidates.map((c) => c.join(''));
    await page.click('#fill');
    const empties = [...EASY].filter((c) => c === '.').length;
    assert.equal(await page.locator('.cell .centre').count(), empties);
    const centre = (i) => page.locator(`.cell[data-index="${i}"] .centre`).textContent().then((t) => t.replace(/\s/g, ''));
    for (const i of ROW1_EMPTY) assert.equal(await centre(i), cands[i]);
    // Pruned by hand in centre mode.
    await cell(page, 1).click();
    await page.keyboard.press('v');
    await page.keyboard.press(cands[1][0]);
    assert.equal(await centre(1), cands[1].slice(1), 'pruned');
    // Placing a digit removes it from its peers' marks (a setting, on by default).
    const peer = ROW1_EMPTY.find((i) => i !== 0 && i !== 1 && cands[i].includes(cands[0][0]));
    await page.keyboard.press('z');
    await cell(page, 0).click();
    await page.keyboard.press(cands[0][0]);
    assert.doesNotMatch(await centre(peer), new RegExp(cands[0][0]));
    await page.click('#undo');
    await page.uncheck('#auto-clean');
    await cell(page, 0).click();
    await page.keyboard.press(cands[0][0]);
    assert.match(await centre(peer), new RegExp(cands[0][0]));
    await page.check('#auto-clean');
    // The automatic candidates are untouched by the marks.
    await page.check('#show-cands');
    for (let k = 0; k < 3; k++) await page.click('#undo');
    assert.equal(await page.locator('.cell .centre').count(), 0);
    assert.equal(await page.locator('.cands').count(), empties);
    await page.close();
  });

  test('mistake checking: off by default, then wrong entries marked and aria-invalid; counted on the finish screen', async () => {
    const page = await freshPage(session.context, `?s=${NEARLY}`);
    await waitFor(page, () => /one solution/.test(document.getElementById('status').textContent));
    assert.equal(await page.isChecked('#check-mistakes'), false);
    await cell(page, 0).click();
    await page.keyboard.press('1');  // r1c1 is 4
    assert.equal(await cell(page, 0).getAttribute('aria-invalid'), null, 'not shown while the setting is off');
    await page.check('#check-mistakes');
    assert.equal(await cell(page, 0).getAttribute('aria-invalid'), 'true');
    assert.match(await classes(page, 0), /mistake/);
    assert.match(await cell(page, 0).getAttribute('aria-label'), /mistake/);
    await cell(page, 0).click();
    await page.keyboard.press('4');
    assert.equal(await cell(page, 0).getAttribute('aria-invalid'), null);
    await shot(page, 'mistake');
    await cell(page, 40).click();
    await page.keyboard.press(EASY_SOLUTION[40]);
    await cell(page, 80).click();
    await page.keyboard.press(EASY_SOLUTION[80]);
    await page.waitForSelector('#finish[open]');
    const stats = await page.textContent('#finish-stats');
    assert.match(stats, /Mistakes\s*1/);
    assert.match(stats, /Hints\s*0/);
    assert.match(stats, /Time\s*\d+:\d\d/);
    assert.match(stats, /Rating/);
    await page.close();
  });

  test('finish screen, history and personal bests per size and level', async () => {
    const page = await freshPage(session.context, `?s=${NEARLY}`);
    await waitFor(page, () => /ER/.test(document.getElementById('rating').textContent));
    const level = (await page.textContent('#rating')).split(' ')[0].toLowerCase();
    const play = async () => {
      for (const i of [0, 40, 80]) {
        await cell(page, i).click();
        await page.keyboard.press(EASY_SOLUTION[i]);
      }
      await page.waitForSelector('#finish[open]');
    };
    await page.waitForTimeout(2500);
    await play();
    assert.match(await page.textContent('#finish-best'), /first finish/i);
    await shot(page, 'finish');
    assert.equal(await page.locator('#timer').textContent(), await page.locator('#timer').textContent(), 'the clock stopped');
    await page.click('#finish-close');
    // The same puzzle again, faster: a new best.
    await page.goto(page.url().replace(/\?.*/, '') + `?s=${NEARLY}`);
    await page.evaluate(() => localStorage.removeItem('nonet.game.v2'));
    await page.reload();
    await waitFor(page, () => /ER/.test(document.getElementById('rating').textContent));
    await play();
    assert.match(await page.textContent('#finish-best'), /new personal best/i);
    await page.click('#finish-close');
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('nonet.history.v1')));
    assert.equal(history.length, 2);
    assert.equal(history[0].size, 9);
    assert.equal(history[0].level, level);
    await page.click('#history summary');
    assert.match(await page.textContent('#history'), /Personal bests/);
    assert.match(await page.textContent('#history'), new RegExp(`9×9\\s*${level}`, 'i'));
    await page.close();
  });

  test('settings are kept across visits; ? lists the keys', async () => {
    const page = await freshPage(session.context);
    await page.check('#hide-timer');
    await page.check('#check-mistakes');
    await page.uncheck('#show-area');
    assert.equal(await page.isVisible('#timer'), false);
    await page.reload();
    await page.waitForSelector('.cell');
    assert.equal(await page.isChecked('#hide-timer'), true);
    assert.equal(await page.isChecked('#check-mistakes'), true);
    assert.equal(await page.isChecked('#show-area'), false);
    assert.equal(await page.isVisible('#timer'), false);
    await cell(page, 40).click();
    assert.equal(await page.locator('.cell.area').count(), 0);
    await page.keyboard.press('?');
    await page.waitForSelector('#keys-dialog[open]');
    assert.match(await page.textContent('#keys-dialog'), /Ctrl\+Z/);
    await shot(page, 'keys');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#keys-dialog[open]').count(), 0);
    await page.close();
  });

  test('New, Clear, Load, Reset and a size change on a game in progress offer Undo; the size change asks first', async () => {
    const page = await freshPage(session.context);
    await cell(page, 0).click();
    await page.keyboard.press('4');
    // A size change asks first, as Solve does; Keep playing keeps the game and its size.
    await page.selectOption('#size', '4');
    await page.waitForSelector('#size-ask[open]');
    assert.match(await page.textContent('#size-ask'), /4×4/);
    await page.click('#size-no');
    assert.equal(await page.locator('.cell').count(), 81);
    assert.equal((await serial(page))[0], '4');
    assert.equal(await page.inputValue('#size'), '9');
    // Escape keeps playing too.
    await page.selectOption('#size', '6');
    await page.waitForSelector('#size-ask[open]');
    await page.keyboard.press('Escape');
    await waitFor(page, () => !document.getElementById('size-ask').open && document.getElementById('size').value === '9');
    assert.equal(await page.locator('.cell').count(), 81);
    // Yes: the empty board, with Undo offered, even when the board is drawn
    // again while the question is open (as when a rating arrives).
    await page.selectOption('#size', '4');
    await page.waitForSelector('#size-ask[open]');
    await page.evaluate(async () => (await import('./js/page.js')).render());
    await page.click('#size-yes');
    await waitFor(page, () => document.querySelectorAll('.cell').length === 16);
    await page.waitForSelector('#toast:not([hidden])');
    assert.match(await page.textContent('#toast'), /Undo/);
    await page.click('#toast-undo');
    await waitFor(page, () => document.querySelectorAll('.cell').length === 81);
    assert.equal((await serial(page))[0], '4');
    assert.equal(await page.inputValue('#size'), '9');
    // Load.
    await page.fill('#serial', HARD);
    await page.click('#load');
    await page.waitForSelector('#toast:not([hidden])');
    await page.click('#toast-undo');
    assert.equal((await serial(page))[0], '4');
    // Reset.
    await page.click('#reset');
    assert.equal(await serial(page), EASY);
    await page.click('#toast-undo');
    assert.equal((await serial(page))[0], '4');
    // Without progress, no toast is needed.
    await page.click('#undo');
    await page.selectOption('#size', '6');
    assert.equal(await page.isVisible('#toast'), false);
    await page.close();
  });

  test('the levels the server offers at each size, all five when it does not say', async () => {
    const page = await freshPage(session.context, `?s=${EASY}`, { before: (p) => stub(p, 'levels', () => ({ body: LEVELS })) });
    const options = () => page.locator('#level option').evaluateAll((os) => os.map((o) => o.value));
    await waitFor(page, () => document.querySelectorAll('#level option').length === 5);
    await page.selectOption('#level', 'hard');
    await page.selectOption('#size', '4');
    assert.deepEqual(await options(), ['easy']);
    await page.selectOption('#size', '16');
    assert.deepEqual(await options(), ['easy', 'medium']);
    assert.equal(await page.inputValue('#level'), 'medium', 'the nearest level below the one chosen');
    await page.close();
    // The route missing (404): every level everywhere.
    const plain = await freshPage(session.context, `?s=${EASY}`, { before: (p) => stub(p, 'levels', () => ({ status: 404, body: { error: { code: 'not_found', message: 'no API route /api/levels' } } })) });
    await plain.selectOption('#size', '4');
    assert.equal(await plain.locator('#level option').count(), 5);
    await plain.close();
  });

  test('the levels the real server offers: easy alone on 4x4, and a 6x6 expert that rates expert', async () => {
    const page = await freshPage(session.context, `?s=${EASY}`);
    const options = () => page.locator('#level option').evaluateAll((os) => os.map((o) => o.value));
    const served = await apiGet(page, 'levels');
    const four = served.sizes.find((s) => s.size === 4);
    assert.deepEqual(four.levels, ['easy'], 'every 4x4 puzzle is solved by singles');
    await page.selectOption('#size', '4');
    await waitFor(page, () => document.querySelectorAll('#level option').length === 1);
    assert.deepEqual(await options(), ['easy']);
    await page.selectOption('#size', '6');
    await waitFor(page, () => document.querySelectorAll('#level option').length === 5);
    assert.deepEqual(await options(), served.sizes.find((s) => s.size === 6).levels);
    await page.selectOption('#level', 'expert');
    await page.click('#new');
    await waitFor(page, () => document.getElementById('rating').dataset.level === 'expert', null, { timeout: 15000 });
    assert.match(await page.textContent('#rating'), /^Expert · ER (4\.[6-9]|5\.\d|6\.[0-2])$/);
    await shot(page, 'levels-6x6-expert');
    await page.close();
  });

  test('long work shows a spinner with its time and can be cancelled; input meanwhile is refused with a word why', async () => {
    const page = await freshPage(session.context);
    await cell(page, 0).click();
    await page.keyboard.press('4');
    await stub(page, 'generate', () => ({ body: generated(HARD, EASY_SOLUTION, { er: 2.6, level: 'hard', steps: 60 }), delay: 4000 }));
    await page.click('#new');
    await page.waitForSelector('#busy:not([hidden])');
    await waitFor(page, () => /Making an? .* 1 s/.test(document.getElementById('busy-text').textContent), null, { timeout: 3000 });
    assert.equal(await page.getAttribute('#board', 'aria-busy'), 'true');
    assert.equal(await page.isDisabled('#hint'), true);
    await page.keyboard.press('5');
    assert.match(await status(page), /wait/i);
    await shot(page, 'busy');
    await page.click('#busy-cancel');
    await waitFor(page, () => document.getElementById('busy').hidden);
    assert.match(await status(page), /cancelled/i);
    assert.equal((await serial(page))[0], '4', 'the board is as it was');
    assert.equal(await page.getAttribute('#board', 'aria-busy'), 'false');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('8');
    assert.equal((await serial(page))[1], '8', 'play goes on');
    // A hint cancelled by Escape.
    await stub(page, 'hint', () => ({ body: { status: 'solved', message: 'x' }, delay: 3000 }));
    await page.click('#hint');
    await page.waitForSelector('#busy:not([hidden])');
    await page.keyboard.press('Escape');
    await waitFor(page, () => document.getElementById('busy').hidden);
    assert.equal(await page.isVisible('#hint-panel'), false);
    await page.close();
  });

  test('a hint on a 25x25 board is checked against the solution the check found, not solved again', async () => {
    const page = await freshPage(session.context, `?s=${P25}`);
    await waitFor(page, () => /exactly one solution/.test(document.getElementById('status').textContent), null, { timeout: 30000 });
    const asked = [];
    await stub(page, 'hint', (request) => { asked.push(request); return null; });
    await page.click('#hint');
    await page.waitForSelector('#hint-panel:not([hidden])');
    assert.equal(asked.length, 1);
    assert.equal(asked[0].solution, P25_SOLUTION);
    assert.equal(asked[0].givens, P25);
    assert.doesNotMatch(await status(page), /No hint/);
    await page.close();
  });

  test('a hint refused or out of time says so plainly and leaves the board playable', async () => {
    const page = await freshPage(session.context);
    await stub(page, 'hint', () => ({ status: 422, body: { error: { code: 'unsupported', message: 'hints, explanations and ratings are offered for boards up to 16x16, not 25x25' } } }));
    await page.click('#hint');
    await waitFor(page, () => /No hint/.test(document.getElementById('status').textContent));
    assert.match(await status(page), /up to 16x16/);
    assert.equal(await page.isVisible('#hint-panel'), false);
    await unstub(page, 'hint');
    await stub(page, 'hint', () => ({ status: 503, body: { error: { code: 'timeout', message: 'the time budget of 10000 ms ran out' } } }));
    await page.click('#hint');
    await waitFor(page, () => /longer than (the server allows|the \d+ s allowed)/.test(document.getElementById('status').textContent));
    assert.equal(await page.isDisabled('#hint'), false);
    await cell(page, 0).click();
    await page.keyboard.press('4');
    assert.equal((await serial(page))[0], '4');
    await page.close();
  });
});
