// Saved games as data (web/js/games.js), without a browser: which games the
// list keeps, how they read back, and what its rows say.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, freshMeta, parseSerial } from '../../web/js/model.js';
import { GAMES_LIMIT, ago, forgetGame, gameKey, gameOf, gameRows, keepGame, readGames } from '../../web/js/games.js';
import { EASY, HARD, SIX } from './lib.mjs';

const loaded = (line, meta = freshMeta()) => {
  const g = new Game(9), p = parseSerial(line);
  g.load(p.n, p.digits, meta);
  g.undoStack.length = 0;
  return g;
};
const blank = (line) => [...line].indexOf('.');

describe('saved games', () => {
  test('a game in progress is kept, updated in place, and leaves once finished or emptied', () => {
    const g = loaded(EASY, freshMeta({ rating: { level: 'easy', er: 1.2 } }));
    assert.deepEqual(keepGame([], g, 1000), [], 'no progress, nothing kept');
    g.place([blank(EASY)], 4);
    let list = keepGame([], g, 1000);
    assert.equal(list.length, 1);
    assert.equal(list[0].key, gameKey(g));
    assert.equal(list[0].filled, [...EASY].filter((c) => c !== '.').length + 1);
    g.toggleMark('corner', [blank(EASY) + 1], 2);
    list = keepGame(list, g, 2000);
    assert.equal(list.length, 1, 'the same puzzle again is the same entry');
    assert.equal(list[0].when, 2000);
    const back = gameOf(readGames(JSON.stringify(list)), gameKey(g));
    assert.equal(back.line(), g.line());
    assert.equal(back.corner[blank(EASY) + 1], 2);
    assert.equal(back.meta.rating.er, 1.2);
    g.resetToGivens();
    assert.deepEqual(keepGame(list, g, 3000), [], 'reset to the givens: nothing to resume');
    g.meta.finished = true;
    assert.deepEqual(keepGame(list, g, 3000), [], 'finished: in the history, not here');
  });

  test('an empty board typed into is no saved game; the newest are kept first, up to the limit', () => {
    const g = new Game(9);
    g.place([0], 5);
    assert.deepEqual(keepGame([], g, 1), []);
    let list = [];
    for (let i = 0; i < GAMES_LIMIT + 3; i++) {
      const p = loaded(HARD);
      p.givens[79] = i % 9 + 1;
      p.givens[78] = Math.floor(i / 9) + 1;
      p.place([2], (i % 9) + 1);
      list = keepGame(list, p, i);
    }
    assert.equal(list.length, GAMES_LIMIT);
    assert.equal(list[0].when, GAMES_LIMIT + 2, 'newest first');
    assert.equal(forgetGame(list, list[0].key).length, GAMES_LIMIT - 1);
  });

  test('the list reads back what it can, and its rows name size, level, progress, time and age', () => {
    assert.deepEqual(readGames('{oops'), []);
    assert.deepEqual(readGames('{"a":1}'), []);
    const g = loaded(SIX);
    g.reset(6, parseSerial(SIX).digits);
    g.meta = freshMeta({ rating: { level: 'medium', er: 2.3 } });
    g.clock = () => 125000;  // the page's time played
    g.place([blank(SIX)], 4);
    const list = [...keepGame([], g, 0), { key: 'x', when: 5 }, null];
    const read = readGames(JSON.stringify(list));
    assert.equal(read.length, 1, 'an entry without its game is dropped');
    const rows = gameRows(read, '', 3 * 3600 * 1000);
    assert.equal(rows[0].title, '6×6 Medium · ER 2.3');
    assert.match(rows[0].detail, /^\d+ of 36 cells · 2:05 · 3 h ago$/);
    assert.deepEqual(gameRows(read, read[0].key, 0), [], 'the game on the board is not offered');
    assert.equal(gameOf([{ key: 'k', when: 1, game: { n: 9, values: [1] } }], 'k'), null, 'a broken entry cannot be resumed');
    assert.equal(ago(30 * 1000), 'just now');
    assert.equal(ago(26 * 3600 * 1000), 'yesterday');
  });
});
