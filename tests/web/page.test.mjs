// Browser tests of the nonet page: a real Chromium (Debian's, driven by
// playwright-core) plays a session against a running `nonet serve`, at
// 1280x800. The other files: faults.test.mjs (faults found in play, each
// replayed), phone.test.mjs (390x844 touch and widths 360-430), play.test.mjs
// (selection, colours, marks, mistakes, finishing, settings, cancelling),
// sizes.test.mjs (8x8 to 25x25), a11y.test.mjs (axe-core) and model.test.mjs
// (the game as data, no browser).
//
//   NONET_URL=http://127.0.0.1:8080/ node --test --test-concurrency=1 *.test.mjs
//
// scripts/test-web.sh starts the server and sets NONET_URL. Screenshots land in
// $NONET_SHOTS (by default nonet-web-shots in the temporary directory).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import {
  CHAIN, DESKTOP, EASY, EASY_SOLUTION, HARD, ON_SITE, P16, P16_SOLUTION, api, cell, cellText, chromiumFor, classes, freshPage,
  generated, serial, shot, solveBoard, status, stub, URL_BASE, waitFor,
} from './lib.mjs';

const session = chromiumFor({ context: DESKTOP });

const open = (query) => freshPage(session.context, query);

describe('a player session', () => {
  test('the board is an ARIA grid with labelled cells', async () => {
    const page = await open();
    assert.equal(await page.getAttribute('#board', 'role'), 'grid');
    assert.equal(await page.locator('[role=row]').count(), 9);
    assert.equal(await page.locator('[role=gridcell]').count(), 81);
    assert.match(await cell(page, 2).getAttribute('aria-label'), /r1c3, given 3/);
    for (const id of ['undo', 'redo', 'hint', 'step', 'walk', 'solve', 'accept', 'reset', 'clear', 'new', 'load', 'share', 'pause', 'theme']) {
      assert.ok((await page.getAttribute(`#${id}`, 'title'))?.length > 5, `#${id} has a tooltip`);
    }
    await page.close();
  });

  test('offline after one visit: the served page opens from its service worker and plays by hand', { skip: ON_SITE ? 'the static site has its own test (site.test.mjs)' : false }, async () => {
    const context = await session.browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(URL_BASE + `?s=${EASY}`);
      await waitFor(page, () => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
      await waitFor(page, async () => {
        const names = await caches.keys();
        return names.length === 1 && (await (await caches.open(names[0])).keys()).length >= 20;
      }, null, { timeout: 20000 });
      const first = [...EASY].indexOf('.');
      await cell(page, first).click();
      await page.keyboard.press(EASY_SOLUTION[first]);
      await context.setOffline(true);
      await page.reload();
      await page.waitForSelector('.cell');
      await waitFor(page, (d) => document.getElementById('serial').value[d[0]] === d[1], [first, EASY_SOLUTION[first]]);
      const next = [...EASY].indexOf('.', first + 1);
      await cell(page, next).click();
      await page.keyboard.press(EASY_SOLUTION[next]);
      assert.equal((await serial(page))[next], EASY_SOLUTION[next]);
      await page.click('#hint');
      await waitFor(page, () => /cannot be reached/.test(document.getElementById('status').textContent));
      await shot(page, 'served-offline');
      await page.close();
    } finally {
      await context.close();
    }
  });

  test('copy position: a line, a pencil-mark grid with the player\'s marks, and SudokuWiki and SudokuPad opened at it', async () => {
    const page = await open();
    await waitFor(page, () => /one solution/.test(document.getElementById('status').textContent));
    const first = [...EASY].indexOf('.'), second = [...EASY].indexOf('.', first + 1);
    await cell(page, first).click();
    await page.keyboard.press(EASY_SOLUTION[first]);
    await cell(page, second).click();
    await page.click('.modes button[data-mode="centre"]');
    for (const d of ['1', '7']) await page.keyboard.press(d);
    const forms = await page.locator('#copy-as option').evaluateAll((os) => os.map((o) => o.value));
    assert.deepEqual(forms, ['line', 'pm', 'hodoku', 'sudokuwiki']);
    // SudokuPad: an f-puzzles payload carrying the entry and the player's own
    // marks (not every candidate), whose puzzle is the board's.
    await page.evaluate(() => { window.open = () => ({ opener: window, close() {}, location: { set href(url) { window.opened = url; } } }); });
    await page.click('#open-pad');
    await waitFor(page, () => typeof window.opened === 'string');
    const pad = await page.evaluate(() => window.opened);
    assert.match(pad, /^https:\/\/sudokupad\.app\/fpuzzles[A-Za-z0-9+/=-]+$/);
    assert.match(await status(page), /opens in SudokuPad/);
    const fpuzzles = `https://www.f-puzzles.com/?load=${pad.slice('https://sudokupad.app/fpuzzles'.length)}`;
    const bare = await api(page, 'convert', { puzzle: EASY, to: 'url' });
    assert.notEqual(fpuzzles, bare.puzzle, 'the position, not the bare puzzle');
    assert.equal((await api(page, 'convert', { puzzle: fpuzzles, to: 'url' })).puzzle, bare.puzzle, 'the same puzzle');
    const withCandidates = await api(page, 'convert', { puzzle: await page.evaluate(async () => (await import('./js/links.js')).ipuzOf((await import('./js/page.js')).state.game)), to: 'url' });
    assert.ok(fpuzzles.length < withCandidates.puzzle.length, `the player's marks alone, not every candidate: ${fpuzzles.length} against ${withCandidates.puzzle.length}`);
    await page.click('#copy');
    await waitFor(page, () => !document.getElementById('copy-box').hidden);
    assert.equal(await page.inputValue('#copy-box'), await serial(page));
    await page.selectOption('#copy-as', 'pm');
    await page.click('#copy');
    await waitFor(page, () => /^[.*]-/.test(document.getElementById('copy-box').value));
    const pm = await page.inputValue('#copy-box');
    // Read back by the engine: the entry, and the marks as the cell's candidates.
    const back = await api(page, 'convert', { puzzle: pm, to: 'sudokuwiki' });
    const mine = await api(page, 'convert', { puzzle: { version: 'http://ipuz.org/v2', kind: ['http://ipuz.org/sudoku#1'],
      puzzle: [...Array(9)].map((_, r) => [...EASY.slice(r * 9, r * 9 + 9)].map((c) => (c === '.' ? 0 : Number(c)))) }, to: 'pm' });
    assert.ok(pm.split('\n')[1].includes(' 17 '), `the centre marks 1 and 7 in row 1: ${pm.split('\n')[1]}`);
    assert.notEqual(pm, mine.puzzle, 'the position, not the bare puzzle');
    assert.match(back.puzzle, /^S9B[0-9a-z]{162}$/);
    // SudokuWiki's form keeps entries apart from givens, as the board does.
    await page.selectOption('#copy-as', 'sudokuwiki');
    await page.click('#copy');
    await waitFor(page, () => /^S9B[0-9a-z]{162}$/.test(document.getElementById('copy-box').value));
    const wiki = await page.inputValue('#copy-box');
    assert.notEqual(wiki, back.puzzle, 'read from the PM grid, the entry became a given');
    // Pasted back and loaded, each form brings the position with it.
    for (const [text, entry] of [[pm, 'given'], [wiki, 'entry']]) {
      await page.fill('#serial', text);
      // (the status of the load before says the same: it is cleared first)
      await page.evaluate(() => { document.getElementById('status').textContent = ''; });
      await page.click('#load');
      await waitFor(page, () => /one solution/.test(document.getElementById('status').textContent));
      assert.match(await cell(page, first).getAttribute('aria-label'), new RegExp(`, ${entry} ${EASY_SOLUTION[first]}`));
      assert.match(await cell(page, second).getAttribute('aria-label'), /centre marks 1 7/);
    }
    // The tab opens at the click and goes to SudokuWiki once the form is written.
    await page.evaluate(() => { window.opened = null; });
    await page.click('#open-wiki');
    await waitFor(page, () => typeof window.opened === 'string');
    assert.equal(await page.evaluate(() => window.opened), `https://www.sudokuwiki.org/sudoku.htm?bd=${wiki}`);
    await page.close();
  });

  test('the share link as a QR code: every module of the code drawn, with its quiet zone', async () => {
    const page = await open();
    await waitFor(page, () => /one solution/.test(document.getElementById('status').textContent));
    const first = [...EASY].indexOf('.');
    await cell(page, first).click();
    await page.keyboard.press(EASY_SOLUTION[first]);
    await page.click('#share-qr');
    await page.waitForSelector('#qr-dialog[open] svg path');
    const text = await page.textContent('#qr-text');
    const url = text.slice(text.indexOf('http'));
    assert.match(text, /with your progress/);
    assert.ok(url.includes(`?s=${EASY}`) && url.includes('&p='), url);
    // The same code made in Node by the same library, module by module.
    const { qrModules } = await import('../../web/js/qr.js');
    const qrcode = createRequire(import.meta.url)('/usr/share/nodejs/qrcode-generator/qrcode.js');
    const want = qrModules(qrcode, url);
    const drawn = await page.evaluate(() => {
      const svg = document.querySelector('#qr-dialog svg');
      return { box: svg.getAttribute('viewBox'), d: svg.querySelector('path').getAttribute('d') };
    });
    assert.equal(drawn.box, `0 0 ${want.size + 8} ${want.size + 8}`);
    const dark = new Set([...drawn.d.matchAll(/M(\d+),(\d+)/g)].map((m) => `${m[2] - 4},${m[1] - 4}`));
    for (let r = 0; r < want.size; r++) for (let c = 0; c < want.size; c++) assert.equal(dark.has(`${r},${c}`), want.dark(r, c), `module ${r},${c}`);
    await shot(page, 'share-qr');
    await page.click('#qr-close');
    await page.close();
  });

  test('load from the serial box: digits become givens, uniqueness checked, rating shown', async () => {
    const page = await open('?s=' + '.'.repeat(81));
    await page.fill('#serial', HARD);
    await page.click('#load');
    await waitFor(page, () => /exactly one solution/.test(document.getElementById('status').textContent));
    await waitFor(page, () => /ER/.test(document.getElementById('rating').textContent));
    assert.equal(await serial(page), HARD);
    assert.equal(await page.locator('.cell.given').count(), [...HARD].filter((c) => c !== '.').length);
    assert.match(await classes(page, 0), /given/);
    // A puzzle with two solutions is loaded but flagged.
    await page.fill('#serial', '.'.repeat(80) + '1');
    await page.click('#load');
    await waitFor(page, () => /more than one solution/.test(document.getElementById('status').textContent));
    // Text that is no puzzle is refused with its place.
    await page.fill('#serial', '12x?');
    await page.click('#load');
    await waitFor(page, () => /Cannot load/.test(document.getElementById('status').textContent));
    await shot(page, 'load');
    await page.close();
  });

  test('digits typed and moved by keyboard; undo and redo without limit', async () => {
    const page = await open();
    await cell(page, 0).click();
    await page.keyboard.press('4');
    assert.equal(await cellText(page, 0), '4');
    assert.match(await classes(page, 0), /entry/);
    assert.equal((await serial(page))[0], '4');
    await page.keyboard.press('ArrowRight');
    assert.equal(await cell(page, 1).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('8');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');  // r3c2
    await page.keyboard.press('7');
    assert.equal((await serial(page))[19], '7');
    await page.keyboard.press('Backspace');
    assert.equal((await serial(page))[19], '.');
    for (let k = 0; k < 4; k++) await page.keyboard.press('Control+z');
    assert.equal(await serial(page), EASY);
    for (let k = 0; k < 4; k++) await page.keyboard.press('Control+y');
    const s = await serial(page);
    assert.equal(s[0], '4'); assert.equal(s[1], '8'); assert.equal(s[19], '.');
    await page.click('#undo');
    assert.equal((await serial(page))[19], '7');
    await page.click('#redo');
    assert.equal((await serial(page))[19], '.');
    // Givens cannot be overwritten.
    await cell(page, 2).click();
    await page.keyboard.press('5');
    assert.equal(await cellText(page, 2), '3');
    await page.close();
  });

  test('conflicts are highlighted', async () => {
    const page = await open();
    await cell(page, 0).click();
    await page.keyboard.press('3');  // r1c3 holds a given 3
    assert.match(await classes(page, 0), /conflict/);
    assert.match(await classes(page, 2), /conflict/);
    assert.match(await page.textContent('#status'), /Conflict/);
    await shot(page, 'conflict');
    // Solving a board that breaks the rules says so (the answer carries no time).
    await solveBoard(page);
    await waitFor(page, () => /No solution: .*row 1/.test(document.getElementById('status').textContent));
    await cell(page, 0).click();
    await page.keyboard.press('Delete');
    assert.doesNotMatch(await classes(page, 2), /conflict/);
    await page.close();
  });

  test('candidates and singles behind checkboxes; Accept turns singles into entries', async () => {
    const page = await open();
    assert.equal(await page.locator('.cands').count(), 0);
    await page.check('#show-cands');
    assert.equal(await page.locator('.cands').count(), [...EASY].filter((c) => c === '.').length);
    const expected = (await api(page, 'candidates', { puzzle: EASY })).singles;
    assert.ok(expected.length > 0);
    await page.check('#show-singles');
    assert.equal(await page.locator('.cands .single').count(), expected.length);
    for (const s of expected) {
      assert.equal(await page.locator(`.cell[data-index="${s.index}"] .single`).textContent(), String(s.digit));
    }
    await shot(page, 'candidates');
    await page.uncheck('#show-cands');
    assert.equal(await page.locator('.lone').count(), expected.length, 'singles alone when candidates are off');
    await page.click('#accept');
    const after = await serial(page);
    for (const s of expected) assert.equal(after[s.index], String(s.digit));
    await page.click('#undo');
    assert.equal(await serial(page), EASY);
    await page.close();
  });

  test('corner and centre marks, cleaned when a digit is placed', async () => {
    const page = await open();
    await cell(page, 0).click();
    await page.keyboard.press('x');
    await page.keyboard.press('4');
    await page.keyboard.press('5');
    assert.equal(await page.locator('.cell[data-index="0"] .corner span').count(), 2);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('v');
    await page.keyboard.press('4');
    assert.equal(await page.locator('.cell[data-index="1"] .centre').textContent().then((t) => t.replace(/\s/g, '')), '4');
    await page.keyboard.press('z');
    await page.keyboard.press('ArrowDown');  // r2c2, a peer of both
    await page.keyboard.press('Shift+7');   // Shift writes a corner mark
    assert.equal(await page.locator('.cell[data-index="10"] .corner span').textContent(), '7');
    await page.keyboard.press('4');
    assert.equal(await page.locator('.cell[data-index="0"] .corner span').allTextContents().then((a) => a.join('')), '5');
    assert.equal(await page.locator('.cell[data-index="1"] .centre').count(), 0);
    await shot(page, 'marks');
    await page.close();
  });

  test('hint: vague, then the step on the second press, highlighted, applied; a cell revealed on request', async () => {
    const page = await open();
    const solution = (await api(page, 'solve', { puzzle: EASY })).solution;
    await cell(page, 0).click();
    await page.click('#hint');
    await page.waitForSelector('#hint-panel:not([hidden])');
    assert.match(await page.textContent('#hint-vague'), /Look for a Hidden Single in box 1/);
    assert.equal(await page.textContent('#hint-text'), '', 'the step itself is not in the page yet');
    assert.equal(await page.locator('.cell.hint-area').count(), 9, 'the area of a vague hint is shaded');
    assert.equal(await page.locator('.cell.hint-area.area, .cell.same').count(), 0, 'the selection highlight steps aside');
    await shot(page, 'hint-vague');
    await page.click('#hint');  // the second press
    await waitFor(page, () => !document.getElementById('hint-text').hidden);
    const explanation = await page.textContent('#hint-text');
    assert.ok(explanation.length > 10);
    assert.ok(await page.locator('.cell.pattern, .cell.place').count() > 0, 'the step is highlighted');
    await shot(page, 'hint');
    const before = await serial(page);
    await page.click('#hint-apply');
    const afterApply = await serial(page);
    assert.notEqual(afterApply, before);
    for (let i = 0; i < 81; i++) if (afterApply[i] !== '.') assert.equal(afterApply[i], solution[i]);
    // A wrong entry is pointed out.
    const wrongCell = [...afterApply].findIndex((c) => c === '.');
    await cell(page, wrongCell).click();
    const wrong = solution[wrongCell] === '1' ? '2' : '1';
    await page.keyboard.press(wrong);
    await page.click('#hint');
    await waitFor(page, () => /contradict|rules/.test(document.getElementById('hint-vague').textContent));
    assert.ok(await page.locator('.cell.wrong').count() > 0, 'the wrong entry is marked');
    // Reveal this cell: the answer, only now, and counted as help.
    await page.keyboard.press('Delete');
    await page.click('#hint');
    await page.waitForSelector('#hint-panel:not([hidden])');
    await page.click('#hint-reveal');
    await waitFor(page, (a) => document.getElementById('serial').value[a[0]] === a[1], [wrongCell, solution[wrongCell]]);
    assert.match(await page.textContent('#status'), /Revealed/);
    await page.close();
  });

  test('step and walk: the logical path step by step', async () => {
    const page = await open();
    await page.click('#step');
    await waitFor(page, (s) => document.getElementById('serial').value !== s, EASY);
    await page.click('#walk');
    await page.waitForSelector('#path-panel:not([hidden])');
    const steps = await page.locator('#path-list li').count();
    assert.ok(steps > 10);
    for (let k = 0; k < 3; k++) await page.click('#path-next');
    assert.equal(await page.locator('#path-list li.done').count(), 2);
    assert.equal(await page.locator('#path-list li.current').count(), 1);
    await shot(page, 'walk');
    await page.close();
  });

  test('a chain step draws its links over the board', async () => {
    const page = await open(`?s=${CHAIN}`);
    await page.click('#walk');
    await page.waitForSelector('#path-panel:not([hidden])');
    const texts = await page.locator('#path-list li').allTextContents();
    const at = texts.findIndex((t) => /Chain|Cycle/.test(t));
    assert.ok(at > 0, `a chain step on the path: ${texts.join(' / ')}`);
    assert.equal(await page.locator('#chains .chain-link').count(), 0, 'no links before the chain step');
    for (let k = 0; k <= at; k++) await page.click('#path-next');
    const links = await page.locator('#chains .chain-link').count();
    assert.ok(links >= 4, `links drawn: ${links}`);
    assert.ok(await page.locator('#chains .chain-link.strong').count() > 0, 'strong links solid');
    assert.ok(await page.locator('#chains .chain-link.weak').count() > 0, 'weak links dashed');
    assert.ok(await page.locator('#chains .chain-node').count() >= 4, 'the candidates ringed');
    // The layer covers the board exactly, so the rings sit on the candidates.
    const board = await page.locator('#board').boundingBox();
    const layer = await page.locator('#chains').boundingBox();
    assert.ok(Math.abs(board.width - layer.width) < 8 && Math.abs(board.height - layer.height) < 8);
    await shot(page, 'chain');
    // A next step that is no chain clears them.
    if (at + 1 < texts.length && !/Chain|Cycle/.test(texts[at + 1])) {
      await page.click('#path-next');
      assert.equal(await page.locator('#chains .chain-link').count(), 0);
    }
    await page.close();
  });

  test('solve from the current position, with the time it took', async () => {
    const page = await open(`?s=${HARD}`);
    await solveBoard(page);
    await waitFor(page, () => /Solved in .* ms/.test(document.getElementById('status').textContent));
    const solution = (await api(page, 'solve', { puzzle: HARD })).solution;
    assert.equal(await serial(page), solution);
    assert.equal(await page.locator('.cell.entry').count(), [...HARD].filter((c) => c === '.').length);
    await shot(page, 'solved');
    await page.close();
  });

  test('new puzzle by difficulty, with its rating', async () => {
    const page = await open();
    await page.selectOption('#level', 'easy');
    await page.click('#new');
    await waitFor(page, (s) => document.getElementById('serial').value !== s, EASY, { timeout: 20000 });
    assert.match(await page.textContent('#rating'), /^Easy · ER/);
    const puzzle = await serial(page);
    assert.equal(puzzle.length, 81);
    assert.notEqual(puzzle, EASY);
    assert.equal((await api(page, 'count', { puzzle })).count, 1);
    await page.selectOption('#size', '4');
    assert.equal(await page.locator('.cell').count(), 16);
    await page.selectOption('#level', 'easy');
    await page.click('#new');
    await waitFor(page, () => document.querySelectorAll('.cell.given').length > 0, null, { timeout: 20000 });
    assert.match(await page.textContent('#rating'), /^Easy · ER/);
    await shot(page, 'new-4x4');
    // A 16x16 as the server sends it (made ahead: a minimal 16x16 takes the
    // server several seconds), typed into with letters.
    await stub(page, 'generate', () => ({ body: generated(P16, P16_SOLUTION, { ed: 1.2, ep: 1.2, er: 2.0, level: 'medium', needs_chains: false, steps: 165 }) }));
    await page.selectOption('#size', '16');
    await page.click('#new');
    await waitFor(page, () => document.querySelectorAll('.cell.given').length > 0);
    assert.equal(await page.locator('.cell').count(), 256);
    assert.match(await page.textContent('#rating'), /^Medium · ER 2\.0/);
    await cell(page, [...(await serial(page))].findIndex((c) => c === '.')).click();
    await page.keyboard.press('g');
    assert.ok((await serial(page)).includes('G'));
    await shot(page, 'new-16x16');
    await page.close();
  });

  test('share by URL round trip, and the game restored after a reload', async () => {
    const page = await open();
    await cell(page, 0).click();
    await page.keyboard.press('4');
    // The link carries the progress unless asked not to.
    await page.click('#share');
    assert.match(await page.inputValue('#share-url'), new RegExp(`\\?s=${EASY.replace(/\./g, '\\.')}&p=4`));
    await page.uncheck('#share-progress');
    await page.click('#share');
    const url = await page.inputValue('#share-url');
    assert.ok(url.endsWith(`?s=${EASY}`), url);
    // Another player opens the link: the same givens, no entries.
    const other = await session.browser.newContext(DESKTOP);
    const otherPage = await other.newPage();
    await otherPage.goto(url);
    await waitFor(otherPage, (s) => document.getElementById('serial').value === s, EASY);
    assert.equal(await otherPage.locator('.cell.given').count(), [...EASY].filter((c) => c !== '.').length);
    await other.close();
    // The player reloads: the entry, the settings and the clock are still there.
    await page.check('#show-cands');
    await page.waitForTimeout(2100);  // let the clock tick
    await page.reload();
    await waitFor(page, () => document.getElementById('serial').value[0] === '4');
    assert.match(await page.textContent('#status'), /restored/);
    assert.equal(await page.isChecked('#show-cands'), true);
    assert.notEqual(await page.textContent('#timer'), '0:00');
    await page.close();
  });

  test('timer pauses and hides the board; dark mode', async () => {
    const page = await open();
    await cell(page, 0).click();
    await page.keyboard.press('4');
    await page.click('#pause');
    assert.equal(await page.isVisible('#cover'), true);
    const t1 = await page.textContent('#timer');
    await page.waitForTimeout(1200);
    assert.equal(await page.textContent('#timer'), t1, 'the clock stands still while paused');
    await shot(page, 'paused');
    await page.click('#resume');
    assert.equal(await page.isVisible('#cover'), false);
    await page.click('#theme');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    await page.check('#show-cands');
    await cell(page, 40).click();
    await shot(page, 'dark');
    await page.click('#theme');
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    await page.close();
  });
});
