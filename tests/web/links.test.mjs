// Links and the kept game as data (web/js/links.js), without a browser: share
// links, the game saved and read back, and what the page starts with.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, decodeProgress, freshMeta, parseSerial } from '../../web/js/model.js';
import {
  addressFor, fromSaved, linkSaid, positionOfIpuz, loadedPlan, readSaved, savedText, shareLink, shareSaid, startPlan, variantKinds,
} from '../../web/js/links.js';
import { EASY, HARD } from './lib.mjs';

const loaded = (line, meta = freshMeta()) => {
  const g = new Game(9);
  const p = parseSerial(line);
  g.load(p.n, p.digits, meta);
  g.undoStack.length = 0;
  return g;
};

describe('links', () => {
  test('a position read as ipuz: givens, entries and marks, numbers or charset symbols', () => {
    const ipuz = { charset: '123456789ABCDEFG', puzzle: Array.from({ length: 16 }, (_, r) => Array.from({ length: 16 }, (_, c) => (r === 0 && c === 0 ? 'G' : 0))),
      saved: Array.from({ length: 16 }, (_, r) => Array.from({ length: 16 }, (_, c) => (r === 0 && c === 1 ? 'A' : r === 0 && c === 2 ? [1, 'B'] : r === 0 && c === 0 ? 5 : 0))) };
    const p = positionOfIpuz(ipuz);
    assert.equal(p.n, 16);
    assert.deepEqual([p.givens[0], p.values[0], p.values[1], p.marks[2]], [16, 0, 10, 1 | (1 << 10)]);
    assert.deepEqual(positionOfIpuz({ puzzle: [[1, 2], [3]] }), { error: 'row 2 does not hold 2 cells' });
    assert.deepEqual(positionOfIpuz(null), { error: 'no puzzle came back' });
  });

  test('the address keeps a board link while its puzzle is on the board, and drops its progress once read', () => {
    const g = new Game(9), p = parseSerial(EASY);
    g.load(p.n, p.digits);
    assert.equal(addressFor(`?s=${EASY}`, g), null);
    assert.equal(addressFor(`?s=${EASY}&p=abc`, g), `?s=${EASY}`);
    assert.equal(addressFor(`?s=${HARD}`, g), '', 'another puzzle on the board: the link goes');
    assert.equal(addressFor(`?backend=engine&s=${HARD}&p=x`, g), '?backend=engine');
    assert.equal(addressFor('?s=12', g), '', 'a link that cannot be read goes too');
    assert.equal(addressFor('', g), null);
    assert.equal(addressFor('?load=abc', g), null, 'an f-puzzles link is left to its own start');
  });

  test('a share link carries the puzzle, and the progress when asked and there is some', () => {
    const g = loaded(EASY);
    const plain = shareLink(g, true, 'https://x.org', '/nonet/');
    assert.deepEqual(plain, { query: `?s=${EASY}`, url: `https://x.org/nonet/?s=${EASY}`, progress: false }, 'nothing done yet');
    g.place([0], 4);
    g.toggleColour([1], 2);
    const link = shareLink(g, true, 'https://x.org', '/');
    assert.equal(link.progress, true);
    assert.equal(shareSaid(link).text, 'Link copied: it opens this puzzle with your progress.');
    const params = new URLSearchParams(link.query);
    const back = loaded(params.get('s'));
    assert.equal(decodeProgress(back, params.get('p')), null);
    assert.equal(back.line(), g.line());
    assert.equal(back.colours[1], 2);
    assert.equal(shareLink(g, false, 'https://x.org', '/').progress, false, 'unticked: the puzzle alone');
    assert.equal(shareSaid({ progress: false }).text, 'Link copied: it opens this puzzle.');
  });

  test('the kept game reads back with its place, mode and time; junk reads as none', () => {
    const g = loaded(EASY, freshMeta({ hints: 2 }));
    g.clock = () => 65000;
    g.place([0], 4);
    const saved = readSaved(savedText(g, 40, 'centre'), null);
    assert.equal(saved.game.line(), g.line());
    const s = fromSaved(saved);
    assert.deepEqual([s.cur, [...s.sel], s.mode], [40, [40], 'centre']);
    assert.deepEqual(s.clock, { elapsed: 65000, since: null });
    assert.equal(s.game.meta.hints, 2);
    assert.equal(readSaved(null, null), null);
    assert.equal(readSaved('{not json', null), null);
    assert.equal(readSaved(JSON.stringify({ game: { n: 9, values: [1] } }), null), null);
    // A place off the board and an unknown mode are put right.
    const odd = fromSaved({ game: loaded(EASY), cur: 500, mode: 'ink' });
    assert.deepEqual([odd.cur, odd.mode], [80, 'normal']);
  });

  test('a game kept before its meta travelled with it reads back too', () => {
    const g = loaded(EASY);
    const old = { game: { ...g.toJSON(), meta: undefined }, cur: 3, mode: 'corner', rating: { level: 'easy', er: 1.2 }, elapsed: 5000 };
    const saved = readSaved(null, JSON.stringify(old));
    assert.equal(saved.game.meta.rating.level, 'easy');
    assert.equal(saved.game.meta.elapsed, 5000);
    assert.deepEqual([saved.cur, saved.mode], [3, 'corner']);
  });

  test('the page starts with the link\'s puzzle, the kept game, or a new puzzle', () => {
    const kept = { game: loaded(EASY), cur: 0, mode: 'normal' };
    assert.deepEqual(startPlan('', null), { start: 'new' });
    assert.deepEqual(startPlan('', kept), { start: 'saved' });
    assert.deepEqual(startPlan('?s=', kept), { start: 'saved' });
    assert.deepEqual(startPlan('?s=12345', kept), { start: 'bad-link', error: 'expected 16, 36, 64, 81, 144, 256, 625 symbols, got 5' });
    assert.deepEqual(startPlan(`?s=${EASY}`, kept), { start: 'same-link' }, 'the kept game of the same puzzle goes on');
    const withProgress = startPlan(`?s=${EASY}&p=abc`, kept);
    assert.deepEqual([withProgress.start, withProgress.progress, withProgress.kept], ['link', 'abc', false]);
    const other = startPlan(`?s=${HARD}`, kept);
    assert.deepEqual([other.start, other.parsed.n, other.progress, other.kept], ['link', 9, null, false]);
    kept.game.place([0], 4);
    assert.equal(startPlan(`?s=${HARD}`, kept).kept, true, 'a game in progress stays one Undo away');
    assert.equal(startPlan(`?s=${HARD}`, null).kept, false);
  });

  test('an f-puzzles link is handed on as f-puzzles wrote its payload', () => {
    const kept = { game: loaded(EASY), cur: 0, mode: 'normal' };
    const payload = 'N4Ig5gTglgJiBcB+tmZ/Ox=';
    assert.deepEqual(startPlan(`?load=${payload}`, null), { start: 'load', payload });
    assert.deepEqual(startPlan(`?load=${payload}`, kept), { start: 'load', payload }, 'the kept game waits for the answer');
    assert.deepEqual(startPlan(`?load=${encodeURIComponent(payload)}`, null), { start: 'load', payload }, 'percent-encoded');
    assert.deepEqual(startPlan('?load=N4Ig%2Bab+cd', null), { start: 'load', payload: 'N4Ig+ab+cd' }, 'a raw \'+\' stays one');
    assert.deepEqual(startPlan(`?backend=engine&load=${payload}`, null), { start: 'load', payload });
    assert.deepEqual(startPlan('?load=', kept), { start: 'saved' }, 'an empty payload is no link');
    assert.equal(startPlan(`?s=${HARD}&load=${payload}`, null).start, 'link', 'the board\'s own link comes first');
  });

  test('what the engine\'s reading of an f-puzzles link starts', () => {
    const kept = { game: loaded(EASY), cur: 0, mode: 'normal' };
    const answer = (puzzle) => ({ ok: true, status: 200, body: { to: 'nonet', puzzle } });
    const classic = (givens, extra = {}) => answer({ size: 9, givens, regions: 'boxes', constraints: [], ...extra });
    // A classic puzzle: as the board's own link of it.
    const other = loadedPlan(classic(HARD), kept);
    assert.deepEqual([other.start, other.parsed.n, other.progress, other.kept], ['link', 9, null, false]);
    assert.deepEqual(loadedPlan(classic(EASY), kept), { start: 'same-link' });
    assert.equal(loadedPlan(classic(EASY), null).start, 'link');
    const six = loadedPlan(answer({ size: 6, givens: '2.1..5.5......6.2..1.4......4.3..1.6', regions: 'boxes', constraints: [] }), null);
    assert.deepEqual([six.start, six.parsed.n], ['link', 6]);
    // A variant: its kinds, each once, in words.
    const killer = loadedPlan(classic('.'.repeat(81), {
      constraints: [
        { kind: 'killer_cage', cells: ['r1c1', 'r1c2'], value: 3 },
        { kind: 'thermometer', cells: ['r5c5', 'r5c6'] },
        { kind: 'killer_cage', cells: ['r9c1', 'r9c2'], value: 4 },
      ],
    }), kept);
    assert.deepEqual(killer, {
      start: 'variant',
      text: 'A variant from f-puzzles (killer cage, thermometer): the board plays classic Sudoku only, for now.',
    });
    assert.deepEqual(variantKinds({ regions: [0, 0, 1, 1], constraints: [{ kind: 'diagonal_up' }] }), ['jigsaw regions', 'diagonal up']);
    assert.deepEqual(variantKinds({ regions: 'none', constraints: [] }), ['no boxes']);
    assert.deepEqual(variantKinds({ regions: 'boxes', constraints: [] }), []);
    assert.deepEqual(variantKinds({ constraints: [] }), [], 'boxes unless it says otherwise');
    assert.equal(loadedPlan(classic('.'.repeat(81), { regions: 'none' }), kept).start, 'variant');
    // A size the board does not play.
    assert.deepEqual(loadedPlan(answer({ size: 10, givens: '.'.repeat(100), regions: 'boxes', constraints: [] }), null), {
      start: 'variant',
      text: 'A 10×10 puzzle from f-puzzles: the board plays 4×4, 6×6, 8×8, 9×9, 12×12, 16×16 and 25×25 only.',
    });
    // A link the engine cannot read, and no answer at all.
    const refused = { ok: false, status: 422, body: { error: { code: 'bad_puzzle', message: 'puzzle: the link\'s puzzle cannot be unpacked: the compressed text is damaged' } } };
    assert.deepEqual(loadedPlan(refused, kept), { start: 'bad-link', error: 'the link\'s puzzle cannot be unpacked: the compressed text is damaged' });
    assert.deepEqual(loadedPlan({ ok: false, status: 0, aborted: true, body: { error: { code: 'cancelled', message: 'cancelled' } } }, kept), { start: 'failed' });
    assert.deepEqual(loadedPlan({ ok: false, status: 503, body: { error: { code: 'busy', message: 'busy' } } }, kept), { start: 'failed' });
    assert.equal(loadedPlan({ ok: true, status: 200, body: {} }, kept).start, 'bad-link');
  });

  test('what is said of a link\'s puzzle until its check ends', () => {
    assert.deepEqual(linkSaid(null, null), { note: 'Puzzle from the link loaded:', text: 'Puzzle from the link loaded.', kind: '', checkKind: 'ok' });
    assert.equal(linkSaid('abc', null).text, 'Puzzle and progress from the link loaded.');
    assert.deepEqual(linkSaid('abc', 'bad part'), {
      note: 'Puzzle from the link loaded, but its progress cannot be read (bad part);',
      text: 'Puzzle from the link loaded, but its progress cannot be read (bad part).',
      kind: 'bad', checkKind: 'bad',
    });
    assert.equal(linkSaid(null, null, 'the f-puzzles link').text, 'Puzzle from the f-puzzles link loaded.');
  });
});
