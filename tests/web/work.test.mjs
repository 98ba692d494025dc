// Work with the back end as data (web/js/work.js), without a browser: when
// input is refused, and what the status line says of each answer and failure.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  LEVELS, blockedText, busyText, counted, failure, failureSaid, generated, generatedSaid, levelChoice, levelsAt, newTitle,
  UNCHECKED, noPuzzlesText, rated, ratedSaid, ratingBadge, ratingText, ratingUnfinished, solvedSaid, unratedBy,
} from '../../web/js/work.js';
import { EASY, EASY_SOLUTION, SIX } from './lib.mjs';

const failed = (code, message, extra = {}) => ({ ok: false, status: 400, body: { error: { code, message } }, ms: 5, aborted: false, ...extra });
const ok = (body, ms = 12.4) => ({ ok: true, status: 200, body, ms, aborted: false });
const SERVER = { backend: 'server', budgetMs: 60000 };
const ENGINE = { backend: 'engine', budgetMs: 60000 };

describe('work', () => {
  test('input is refused while paused or busy, with a word why', () => {
    assert.equal(blockedText({ paused: false, busy: null }), null);
    assert.equal(blockedText({ paused: true, busy: null }), 'Paused: press Resume (or P) to play on.');
    assert.equal(blockedText({ paused: false, busy: { label: 'Solving' } }), 'Please wait: solving, or press Cancel.');
    assert.equal(busyText('Solving', 1000, 3999), 'Solving… 2 s');
  });

  test('failures: cancelled, out of time (on either back end), busy, refused', () => {
    assert.equal(failure('No hint', failed('cancelled', 'cancelled', { aborted: true }), SERVER), 'No hint: cancelled. The board is as it was.');
    assert.equal(failure('Cannot solve', failed('timeout', 'x'), ENGINE),
      'Cannot solve: it takes longer than the 60 s allowed for one request, so it stopped. The board is as it was.');
    assert.equal(failure('Cannot solve', failed('timeout', 'x'), SERVER),
      'Cannot solve: it takes longer than the server allows for one request, so it stopped. The board is as it was.');
    assert.equal(failure('No path', failed('busy', 'x'), SERVER), 'No path: the server is busy with other work; try again in a moment.');
    assert.equal(failure('No path', failed('unsupported', 'no logic for 25x25 boards'), SERVER), 'No path: no logic for 25x25 boards.');
    assert.equal(failure('No path', { ok: false, status: 502, body: null }, SERVER), 'No path: request failed (502)');
    assert.deepEqual(failureSaid('No hint', failed('cancelled', 'c', { aborted: true }), SERVER).kind, '', 'cancelling is no fault');
    assert.deepEqual(failureSaid('No hint', failed('bad_request', 'c'), SERVER).kind, 'bad');
  });

  test('ratings: the badge and its words', () => {
    assert.equal(ratingText({ level: 'hard', er: 2.6 }), 'Hard · ER 2.6');
    assert.equal(ratingText({ level: 'extreme', er_min: 9 }), 'Extreme · ER ≥9.0');
    assert.equal(ratingText({ level: 'easy' }), 'Easy · ER ?');
    assert.deepEqual(ratingBadge({ level: 'hard', er: 2.6 }, true), { text: 'Hard · ER 2.6', level: 'hard' });
    assert.deepEqual(ratingBadge('pending', true), { text: 'Rating…', level: null });
    assert.deepEqual(ratingBadge(null, true), { text: 'Unrated', level: null });
    assert.deepEqual(ratingBadge(null, false), { text: 'Empty board', level: null });
    assert.equal(ratingUnfinished({ level: 'hard', er: 2.6 }), false);
    assert.equal(ratingUnfinished({ level: 'hard', steps: 3 }), false);
    assert.equal(ratingUnfinished({ level: 'hard' }), true, 'stopped before its first step');
    assert.equal(ratingUnfinished(null), true);
  });

  test('levels: those offered at a size, the last chosen or the nearest below', () => {
    const offered = new Map([[9, ['easy', 'medium', 'hard']], [25, []]]);
    assert.deepEqual(levelsAt(null, 16), LEVELS, 'all when the back end does not say');
    assert.deepEqual(levelsAt(offered, 9), ['easy', 'medium', 'hard']);
    assert.deepEqual(levelsAt(offered, 16), []);
    assert.equal(levelChoice(['easy', 'medium', 'hard'], 'medium'), 'medium');
    assert.equal(levelChoice(['easy', 'medium'], 'extreme'), 'medium');
    assert.equal(levelChoice(['hard', 'expert'], 'easy'), 'hard', 'none below: the first');
    assert.equal(levelChoice([], 'easy'), '');
    assert.equal(newTitle([], 25, 'the engine'), 'The engine makes no 25×25 puzzles; type or paste one instead');
    assert.match(newTitle(['easy'], 9, 'the server'), /^Make a new puzzle/);
    assert.equal(noPuzzlesText(25, 'the server'), 'The server makes no 25×25 puzzles: type or paste one, then Load.');
  });

  test('a new puzzle: read, with its rating and solution, and said as it rates', () => {
    const body = { puzzle: EASY, solution: EASY_SOLUTION, clues: 36, status: 'ok', rating: { level: 'easy', er: 1.2 } };
    const p = generated(body, 'easy', 'the server');
    assert.equal(p.n, 9);
    assert.equal(p.digits[2], 3);
    assert.equal(p.meta.solution, EASY_SOLUTION);
    assert.equal(p.meta.asked, 'easy');
    assert.equal(generated({ ...body, solution: '123' }, 'easy', 'the server').meta.solution, null, 'a solution that does not fit is dropped');
    assert.match(generated({ puzzle: '12' }, 'easy', 'the engine').error, /^The engine sent a puzzle the page cannot read: expected/);
    assert.deepEqual(generatedSaid(body, 'easy', 9, 'the server'), { text: 'New puzzle, Easy · ER 1.2: 36 clues, one solution.', kind: 'ok' });
    assert.deepEqual(generatedSaid(body, 'hard', 9, 'the server'), { text: 'You asked for hard; this puzzle rates Easy · ER 1.2.', kind: 'warn' });
    assert.equal(generatedSaid({ ...body, status: 'closest' }, 'hard', 9, 'the server').text,
      'No hard 9×9 puzzle turned up in time, so this is the closest found: Easy · ER 1.2.');
    assert.deepEqual(generatedSaid({ ...body, rating: null }, 'easy', 9, 'the engine'),
      { text: 'New 9×9 puzzle: 36 clues, one solution. The engine gave no rating for it.', kind: 'warn' });
    const unfinished = generatedSaid({ ...body, rating: { level: 'hard' } }, 'hard', 9, 'the server');
    assert.equal(unfinished.rerate, true, 'a rating that ran out of time is asked again');
    assert.match(unfinished.text, /rating it again…$/);
    assert.deepEqual(generated({ puzzle: SIX, rating: null }, 'easy', 'the server').meta.rating, null);
  });

  test('a background rating: said when it is missing or off, quietly fine otherwise', () => {
    const r = { level: 'hard', er: 2.6 };
    assert.deepEqual(rated(ok(r)), r);
    assert.equal(rated(ok({ status: 'stopped' })), null);
    assert.equal(rated(failed('timeout', 'x')), null);
    assert.deepEqual(ratedSaid(null, ok({}), null, true), { text: 'The puzzle is not rated: no level came back.', kind: '' });
    assert.deepEqual(ratedSaid(null, failed('busy', 'the server is busy'), null, true).text, 'The puzzle is not rated: the server is busy.');
    assert.deepEqual(ratedSaid(r, ok(r), 'easy', false), { text: 'You asked for easy; this puzzle rates Hard · ER 2.6.', kind: 'warn' });
    assert.deepEqual(ratedSaid(r, ok(r), 'hard', true), { text: 'New puzzle, Hard · ER 2.6.', kind: 'ok' });
    assert.equal(ratedSaid(r, ok(r), 'hard', false), null, 'something newer was said meanwhile');
    assert.equal(ratedSaid(r, ok(r), null, true), null, 'a loaded puzzle: the badge says it');
  });

  test('a rating the back end could not give is asked again later; one it refused is not', () => {
    assert.equal(unratedBy(failed('unreachable', 'the server cannot be reached', { status: 0 })), UNCHECKED);
    assert.equal(unratedBy(failed('busy', 'the server is busy', { status: 503 })), UNCHECKED);
    assert.equal(unratedBy(failed('not_unique', 'several solutions', { status: 422 })), null);
    assert.equal(unratedBy(ok({ status: 'stopped' })), null);
    assert.deepEqual(ratingBadge(UNCHECKED, true), { text: 'Unrated', level: null });
  });

  test('the uniqueness check of a loaded puzzle', () => {
    assert.deepEqual(counted(ok({ count: 1, status: 'solved', solution: EASY_SOLUTION })), { solution: EASY_SOLUTION });
    assert.deepEqual(counted(ok({ count: 2, status: 'limit' })), { problem: 'This puzzle has more than one solution: hints and ratings need exactly one.' });
    assert.deepEqual(counted(ok({ status: 'no_solution', count: 0 })), { problem: 'This puzzle has no solution.' });
    assert.deepEqual(counted(ok({ status: 'invalid', message: 'r1c1 repeats' })), { problem: 'The givens break the rules: r1c1 repeats' });
    assert.deepEqual(counted(ok({ status: 'timeout' })), { problem: 'The uniqueness check ran out of time.' });
    assert.deepEqual(counted(failed('busy', 'busy now')), { problem: 'Cannot check the puzzle: busy now' });
  });

  test('Solve says where the time went, never 0 ms', () => {
    const solved = (ms) => ok({ status: 'solved', solution: EASY_SOLUTION, elapsed_ms: ms });
    assert.deepEqual(solvedSaid(solved(0.0123), 'server'),
      { solved: true, solution: EASY_SOLUTION, text: 'Solved in 12 ms (the search itself: 0.012 ms on the server).', kind: 'ok' });
    assert.equal(solvedSaid(solved(0.05), 'engine').text, 'Solved in 12 ms (the search itself: under 0.1 ms in the engine).');
    assert.equal(solvedSaid(solved(3.456), 'engine').text, 'Solved in 12 ms (the search itself: 3.5 ms in the engine).');
    assert.equal(solvedSaid(ok({ status: 'solved', solution: EASY_SOLUTION }), 'server').text, 'Solved in 12 ms.');
    assert.deepEqual(solvedSaid(ok({ status: 'invalid', message: 'r1c1 repeats' }), 'server'), { text: 'No solution: r1c1 repeats.', kind: 'bad' });
    assert.equal(solvedSaid(ok({ status: 'no_solution', elapsed_ms: 2 }), 'server').text,
      'No solution from here, searched in 12 ms (the search itself: 2.0 ms on the server): an entry is wrong, or the puzzle is broken.');
    assert.equal(solvedSaid(ok({ status: 'multiple', elapsed_ms: 2 }), 'server').text, 'More than one solution from here, searched in 12 ms (the search itself: 2.0 ms on the server).');
    assert.equal(solvedSaid(ok({ status: 'timeout' }), 'server').text, 'The search stopped: timeout.');
    assert.equal(solvedSaid(ok({ status: 'no_solution' }), 'server').solved, undefined);
  });
});
