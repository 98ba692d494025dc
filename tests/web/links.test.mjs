// Links and the kept game as data (web/js/links.js), without a browser: share
// links, the game saved and read back, and what the page starts with.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, decodeProgress, freshMeta, parseSerial } from '../../web/js/model.js';
import { fromSaved, linkSaid, readSaved, savedText, shareLink, shareSaid, startPlan } from '../../web/js/links.js';
import { EASY, HARD } from './lib.mjs';

const loaded = (line, meta = freshMeta()) => {
  const g = new Game(9);
  const p = parseSerial(line);
  g.load(p.n, p.digits, meta);
  g.undoStack.length = 0;
  return g;
};

describe('links', () => {
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

  test('what is said of a link\'s puzzle until its check ends', () => {
    assert.deepEqual(linkSaid(null, null), { note: 'Puzzle from the link loaded:', text: 'Puzzle from the link loaded.', kind: '', checkKind: 'ok' });
    assert.equal(linkSaid('abc', null).text, 'Puzzle and progress from the link loaded.');
    assert.deepEqual(linkSaid('abc', 'bad part'), {
      note: 'Puzzle from the link loaded, but its progress cannot be read (bad part);',
      text: 'Puzzle from the link loaded, but its progress cannot be read (bad part).',
      kind: 'bad', checkKind: 'bad',
    });
  });
});
