// Hints, Step and Walk as data (web/js/hints.js), without a browser: a hint's
// vague stage and then its concrete one, what the hint panel shows at each,
// and the logical path that Walk applies a step at a time.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, freshMeta, geometry, parseSerial } from '../../web/js/model.js';
import {
  answerText, freshHint, hintPanel, hintPress, hintRequest, hintSaid, pathDone, pathItemClass, pathNext, pathSummary, positionKey,
  stepSaid, walkPath,
} from '../../web/js/hints.js';
import { EASY, EASY_SOLUTION } from './lib.mjs';

const loaded = (line) => {
  const g = new Game(9);
  const p = parseSerial(line);
  g.load(p.n, p.digits, freshMeta());
  g.undoStack.length = 0;
  return g;
};

// /api/hint's answers for EASY: its first step, and a wrong entry in r1c1.
const STEP = {
  cells: [{ col: 2, row: 2 }], digits: [6], eliminations: [],
  explanation: 'Hidden Single: r2c2 is the only place for 6 in box 1',
  houses: [{ index: 1, kind: 'box', name: 'box 1' }], placements: [{ col: 2, digit: 6, row: 2 }],
  rating: 1.2, technique: 'Hidden Single', technique_id: 'hidden_single',
};
const HINT = { message: STEP.explanation, status: 'step', step: STEP, vague: 'Look for a Hidden Single in box 1' };
const WRONG = { message: 'these entries contradict the solution: r1c1', status: 'wrong_entries', wrong_cells: [{ col: 1, row: 1 }] };
const sorted = (s) => [...s].sort((a, b) => a - b);

describe('hints', () => {
  test('the first press asks; the second shows the step of the same position', () => {
    const g = loaded(EASY), key = positionKey(g);
    assert.deepEqual(hintPress(null, key), { ask: true });
    const vague = freshHint(HINT, key);
    assert.equal(vague.grade, 'vague');
    const second = hintPress(vague, key);
    assert.deepEqual(second, { show: { data: HINT, grade: 'concrete', key } });
    assert.equal(vague.grade, 'vague', 'the open hint is not changed');
    // Once concrete, Hint asks for the next one.
    assert.deepEqual(hintPress(second.show, key), { ask: true });
    // So does a hint that is not a step, or one of an older position.
    assert.deepEqual(hintPress(freshHint(WRONG, key), key), { ask: true });
    g.place([0], 4);
    assert.notEqual(positionKey(g), key);
    assert.deepEqual(hintPress(vague, positionKey(g)), { ask: true });
  });

  test('the position includes the candidates removed, not only the entries', () => {
    const g = loaded(EASY), key = positionKey(g);
    g.applyStep({ eliminations: [{ row: 1, col: 1, digit: 5 }], placements: [] });
    assert.equal(g.line(), EASY);
    assert.notEqual(positionKey(g), key);
  });

  test('the vague stage shades the area and names the technique, nothing more', () => {
    const g = loaded(EASY);
    const p = hintPanel(freshHint(HINT, positionKey(g)), g, 0);
    assert.equal(p.vague, 'Look for a Hidden Single in box 1');
    assert.equal(p.text, '', 'the step\'s text stays out of the page');
    assert.deepEqual([p.textHidden, p.moreHidden, p.applyHidden], [true, false, true]);
    assert.deepEqual(sorted(p.marks.area), geometry(9).house('box', 1));
    assert.equal(p.marks.place.size + p.marks.pattern.size, 0);
    assert.equal(p.revealHidden, false);
    assert.equal(p.revealTitle, 'Write the answer of the selected cell (r1c1) into it');
  });

  test('the concrete stage shows the step, its placement and Apply', () => {
    const g = loaded(EASY);
    const p = hintPanel({ ...freshHint(HINT, positionKey(g)), grade: 'concrete' }, g, 10);
    assert.equal(p.text, STEP.explanation);
    assert.deepEqual([p.textHidden, p.moreHidden, p.applyHidden], [false, true, false]);
    assert.deepEqual([...p.marks.place], [[10, 6]]);
    assert.deepEqual([...p.marks.pattern], [10]);
  });

  test('a wrong entry is named and marked instead of built on; givens cannot be revealed', () => {
    const g = loaded(EASY);
    const p = hintPanel(freshHint(WRONG, positionKey(g)), g, 2);
    assert.equal(p.vague, 'This entry contradicts the solution: r1c1.');
    assert.deepEqual([p.textHidden, p.moreHidden, p.applyHidden], [true, true, true]);
    assert.deepEqual([...p.marks.wrong], [0]);
    assert.equal(p.revealHidden, true, 'r1c3 is a given');
    assert.equal(hintPanel(freshHint({ status: 'solved', message: 'Solved.' }, ''), g, 0).revealHidden, true);
  });

  test('what the status line says of a hint, and of a step applied', () => {
    assert.deepEqual(hintSaid(HINT), { text: 'Hint: look in the shaded area. Hint again (or “Show step”) for the step itself.', kind: '' });
    assert.deepEqual(hintSaid(WRONG), { text: 'This entry contradicts the solution: r1c1.', kind: 'bad' });
    assert.deepEqual(hintSaid({ status: 'solved', message: 'The puzzle is solved.' }).kind, '');
    assert.equal(stepSaid(STEP), `${STEP.explanation} (rating 1.2)`);
    assert.equal(stepSaid({ explanation: 'X' }), 'X');
  });

  test('answers that are not a step are said as sentences; wrong entries by their number', () => {
    assert.equal(answerText({ ...WRONG, message: 'these entries contradict the solution: r1c1, r2c5',
      wrong_cells: [{ row: 1, col: 1 }, { row: 2, col: 5 }] }), 'These entries contradict the solution: r1c1, r2c5.');
    assert.equal(answerText({ status: 'wrong_entries', message: 'an entry breaks the rules: r1c1 and r1c3 both hold 3',
      wrong_cells: [{ row: 1, col: 1 }, { row: 1, col: 3 }] }), 'An entry breaks the rules: r1c1 and r1c3 both hold 3.');
    assert.equal(answerText({ status: 'wrong_candidates', message: 'a candidate that is needed was removed in r4c4' }),
      'A candidate that is needed was removed in r4c4.');
    assert.equal(answerText({ status: 'solved', message: 'The puzzle is solved.' }), 'The puzzle is solved.');
    assert.equal(answerText({ status: 'stuck' }), 'Stuck.');
  });

  test('the request carries the entries, the givens and the candidates', () => {
    const g = loaded(EASY);
    assert.deepEqual(hintRequest(g).candidates.slice(0, 2), [[4, 5], [4, 5, 7, 8]]);
    g.place([0], 4);
    const r = hintRequest(g);
    assert.equal(r.puzzle, '4' + EASY.slice(1));
    assert.equal(r.givens, EASY);
    assert.equal(r.level, 'concrete');
    assert.deepEqual(r.candidates.slice(0, 2), [[], [5, 7, 8]], 'r1c1 filled; 4 gone from its row');
    assert.equal(r.solution, undefined, 'no solution known yet');
    g.meta.solution = EASY_SOLUTION;
    assert.equal(hintRequest(g).solution, EASY_SOLUTION, 'the solution the check found, so it is not looked for again');
  });
});

describe('walk', () => {
  const steps = [STEP, { ...STEP, explanation: 'two' }, { ...STEP, explanation: 'three' }];

  test('Next step goes through the path in order, then stops', () => {
    let path = walkPath({ steps, status: 'solved' });
    const done = [];
    for (let next; (next = pathNext(path));) {
      done.push(next.step.explanation);
      path = next.path;
    }
    assert.deepEqual(done, [STEP.explanation, 'two', 'three']);
    assert.equal(pathDone(path), true);
    assert.equal(pathNext(path), null);
    assert.equal(pathNext(null), null);
  });

  test('the list marks the steps applied and the one just applied', () => {
    const path = { steps, next: 2 };
    assert.deepEqual([0, 1, 2].map((i) => pathItemClass(path, i)), ['done', 'current', '']);
    assert.deepEqual([0, 1, 2].map((i) => pathItemClass({ steps, next: 0 }, i)), ['', '', '']);
  });

  test('the summary says how the path ends and its hardest step', () => {
    const rating = { level: 'easy', er: 1.2 };
    assert.equal(pathSummary({ steps, status: 'solved', rating }), '3 steps to the end; hardest Easy · ER 1.2.');
    assert.equal(pathSummary({ steps, status: 'timeout', rating: null }), '3 steps, then the time allowed for one request ran out; hardest unrated.');
    assert.equal(pathSummary({ steps: [], status: 'stuck', rating }), '0 steps, then chains are needed; hardest Easy · ER 1.2.');
  });
});
