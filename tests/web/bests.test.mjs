// Finishing as data (web/js/bests.js), without a browser: the record of a
// finished game, personal bests and how they are said, and the history tables.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, freshMeta, parseSerial } from '../../web/js/model.js';
import { bestSaid, finishEntry, finishRows, finishedText, historyTables } from '../../web/js/bests.js';
import { EASY_SOLUTION, NEARLY } from './lib.mjs';

const finished = (meta) => {
  const g = new Game(9);
  const p = parseSerial(NEARLY);
  g.load(p.n, p.digits, freshMeta(meta));
  g.fillSolution(EASY_SOLUTION);
  return g;
};
const entry = (extra) => ({ when: 0, size: 9, level: 'easy', er: 1.2, ms: 90000, hints: 0, mistakes: 0, assisted: false, solver: false, puzzle: NEARLY, ...extra });

describe('bests', () => {
  test('a finished game is recorded with its rating, help and time', () => {
    const e = finishEntry(finished({ rating: { level: 'easy', er: 1.2 }, hints: 2, mistakes: 1, assisted: true }), 61234.6, 1700000000000);
    assert.deepEqual(e, {
      when: 1700000000000, size: 9, level: 'easy', er: 1.2, ms: 61235, hints: 2, mistakes: 1, assisted: true, solver: false, puzzle: NEARLY,
    });
    const unrated = finishEntry(finished({ rating: 'pending', solver: true }), 1000, 0);
    assert.deepEqual([unrated.level, unrated.er, unrated.solver, unrated.assisted], ['unrated', null, true, false]);
    assert.equal(finishedText(e), 'Solved in 1:01. Well done!');
  });

  test('the first finish, a new best, a slower time, and a helped one', () => {
    assert.deepEqual(bestSaid(entry(), null), { text: 'Your first finish of an easy 9×9: the time to beat.', plain: false });
    assert.equal(bestSaid(entry({ level: 'medium' }), null).text, 'Your first finish of a medium 9×9: the time to beat.');
    assert.deepEqual(bestSaid(entry(), 95000), { text: 'A new personal best for easy 9×9! (It was 1:35.)', plain: false });
    assert.deepEqual(bestSaid(entry(), 80000), { text: 'Your best for easy 9×9: 1:20.', plain: true });
    assert.deepEqual(bestSaid(entry(), 90000).plain, true, 'a tie is no new best');
    assert.deepEqual(bestSaid(entry({ assisted: true }), 95000),
      { text: 'Help was used (steps, applied hints, Accept, revealed cells or Solve), so this time is not a personal best.', plain: true });
  });

  test('the finish screen counts mistakes only where the solution is known', () => {
    assert.deepEqual(finishRows(entry({ mistakes: 2 }), freshMeta({ rating: { level: 'easy', er: 1.2 }, solution: EASY_SOLUTION })), [
      ['Time', '1:30'], ['Hints', '0'], ['Mistakes', '2'], ['Rating', 'Easy · ER 1.2'], ['Board', '9×9'],
    ]);
    const rows = new Map(finishRows(entry(), freshMeta()));
    assert.equal(rows.get('Mistakes'), '–');
    assert.equal(rows.get('Rating'), 'Unrated');
  });

  test('history: bests of unhelped games only, then the last ten games', () => {
    assert.deepEqual(historyTables([]), []);
    const h = [
      entry({ ms: 70000, assisted: true }),
      entry({ ms: 80000, solver: true }),
      entry({ ms: 100000 }),
      entry({ ms: 90000 }),
      entry({ size: 4, level: 'unrated', ms: 5000 }),
      ...Array.from({ length: 10 }, () => entry({ ms: 200000 })),
    ];
    const [best, last] = historyTables(h);
    assert.equal(best.caption, 'Personal bests');
    assert.deepEqual(best.rows, [['4×4', 'Unrated', '0:05', '1'], ['9×9', 'Easy', '1:30', '14']]);
    assert.equal(last.caption, 'Last games');
    assert.equal(last.rows.length, 10);
    assert.deepEqual(last.rows.slice(0, 3).map((r) => r[3]), ['1:10 (helped)', '1:20 (Solve)', '1:40']);
    const helpedOnly = historyTables([entry({ assisted: true })]);
    assert.deepEqual(helpedOnly.map((t) => t.caption), ['Last games']);
  });
});
