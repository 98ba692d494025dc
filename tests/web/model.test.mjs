// The game as data (web/js/model.js), without a browser: undo across puzzles
// and sizes, selections, marks, colours, mistakes and share-link progress.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Game, SIZES, decodeProgress, digitOf, encodeProgress, freshMeta, geometry, parseSerial, symbol,
} from '../../web/js/model.js';
import { stepMarks } from '../../web/js/board.js';
import { EASY, EASY_SOLUTION } from './lib.mjs';

const loaded = (line, meta = freshMeta()) => {
  const g = new Game(9);
  const p = parseSerial(line);
  g.load(p.n, p.digits, meta);
  g.undoStack.length = 0;
  return g;
};

describe('model', () => {
  test('every offered size has boxes and symbols up to P', () => {
    assert.deepEqual(SIZES, [4, 6, 8, 9, 12, 16, 25]);
    for (const n of SIZES) {
      const geo = geometry(n);
      assert.equal(geo.boxRows * geo.boxCols, n);
      for (let c = 0; c < geo.cells; c++) assert.equal(geo.peers[c].length, 3 * (n - 1) - (geo.boxRows - 1) - (geo.boxCols - 1));
    }
    assert.equal(symbol(25), 'P');
    assert.equal(digitOf('p', 25), 25);
    assert.equal(digitOf('p', 16), -1);
    assert.equal(parseSerial('.'.repeat(625)).n, 25);
    assert.match(parseSerial('.'.repeat(50)).error, /625/);
  });

  test('undo across a size change and a new puzzle brings back the cells, the meta and the time', () => {
    let clock = 0;
    const g = loaded(EASY, freshMeta({ rating: { level: 'easy', er: 1.5 }, hints: 2 }));
    g.clock = () => clock;
    g.place([0], 4);
    clock = 65000;
    g.load(6, new Uint8Array(36));
    assert.equal(g.n, 6);
    assert.equal(g.meta.rating, null);
    clock = 3000;
    const r = g.undo();
    assert.equal(r.crossed, true);
    assert.equal(g.n, 9);
    assert.equal(g.line(), '4' + EASY.slice(1));
    assert.deepEqual(g.meta.rating, { level: 'easy', er: 1.5 });
    assert.equal(g.meta.hints, 2);
    assert.equal(g.meta.elapsed, 65000);
    // Redo goes back to the 6x6 with its own time.
    assert.equal(g.redo().crossed, true);
    assert.equal(g.n, 6);
    assert.equal(g.meta.elapsed, 3000);
    // Within one puzzle, undo keeps the hints counted.
    g.undo();
    g.meta.hints = 5;
    g.undo();
    assert.equal(g.meta.hints, 5);
  });

  test('undoing the Solve that finished a game leaves it in progress, helped; redoing it is Solve\'s finish again', () => {
    const g = loaded(EASY, freshMeta({ hints: 1 }));
    g.place([0], 4);
    g.meta.solver = true;
    assert.equal(g.fillSolution(EASY_SOLUTION), true);
    Object.assign(g.meta, { finished: true, recorded: 1700000000000 });
    const r = g.undo();
    assert.deepEqual(r, { crossed: false, kind: 'solve', unsolved: true });
    assert.equal(g.line(), '4' + EASY.slice(1));
    assert.deepEqual([g.meta.finished, g.meta.solver, g.meta.assisted, g.meta.hints], [false, false, true, 1]);
    assert.equal(g.meta.recorded, 1700000000000, 'kept for the page to take the record back');
    assert.equal(g.inProgress(), true);
    assert.deepEqual(g.redo(), { crossed: false, kind: 'solve' });
    assert.equal(g.line(), EASY_SOLUTION);
    assert.equal(g.meta.solver, true);
    // The digit before Solve is a plain undo step, twice over.
    g.meta.finished = true;
    g.undo();
    assert.equal(g.undo().kind, null);
    assert.equal(g.line(), EASY);
    // Solve on a game finished by hand before finishes nothing: undoing it changes no meta.
    const h = loaded(EASY, freshMeta({ finished: true }));
    h.fillSolution(EASY_SOLUTION);
    assert.equal(h.undo().unsolved, undefined);
    assert.deepEqual([h.meta.finished, h.meta.assisted], [true, false]);
  });

  test('the next Undo is another with every change, undo and redo', () => {
    const g = loaded(EASY);
    assert.equal(g.lastChange(), null);
    g.load(6, new Uint8Array(36));
    const offered = g.lastChange();
    assert.equal(offered.n, 9, 'the game the new board replaced');
    g.place([0], 1);
    assert.notEqual(g.lastChange(), offered);
    g.undo();
    assert.equal(g.lastChange(), offered, 'undone: the same game is the next Undo again');
    g.redo();
    assert.notEqual(g.lastChange(), offered);
    assert.equal(g.place([0], 1), false, 'no change, no new step');
  });

  test('clear is undone with its meta', () => {
    const g = loaded(EASY, freshMeta({ rating: { level: 'easy', er: 1.5 } }));
    assert.equal(g.clearAll(), true);
    assert.equal(g.meta.rating, null);
    assert.equal(g.undo().crossed, true);
    assert.equal(g.meta.rating.level, 'easy');
  });

  test('digits, marks and colours apply to every selected cell, in one undo step', () => {
    const g = loaded(EASY);
    const sel = [0, 1, 2];  // r1c3 is a given
    assert.equal(g.place(sel.filter((c) => !g.isGiven(c)), 4), true);
    assert.equal(g.values[0], 4);
    assert.equal(g.values[1], 4);
    assert.equal(g.values[2], 3);
    g.undo();
    assert.equal(g.toggleMark('centre', [0, 1, 3], 7), true);
    assert.deepEqual([g.centre[0], g.centre[1], g.centre[3]], [64, 64, 64]);
    g.centre[3] = 0;
    g.toggleMark('centre', [0, 1, 3], 7);  // not every cell has it: added to all
    assert.deepEqual([g.centre[0], g.centre[1], g.centre[3]], [64, 64, 64]);
    g.toggleMark('centre', [0, 1, 3], 7);  // every cell has it: removed from all
    assert.deepEqual([g.centre[0], g.centre[1], g.centre[3]], [0, 0, 0]);
    g.toggleColour([0, 2], 1);
    g.toggleColour([0], 5);
    assert.equal(g.colours[0], 0b10001);
    assert.equal(g.colours[2], 0b1);
    const before = g.undoStack.length;
    g.erase([0, 2], true);
    assert.equal(g.colours[0], 0);
    assert.equal(g.undoStack.length, before + 1);
    g.undo();
    assert.equal(g.colours[0], 0b10001);
  });

  test('placing a digit cleans the peers\' marks only when asked', () => {
    const g = loaded(EASY);
    g.toggleMark('corner', [1], 4);
    g.place([0], 4, false);
    assert.equal(g.corner[1], 8);
    g.undo();
    g.place([0], 4, true);
    assert.equal(g.corner[1], 0);
  });

  test('fill marks writes the candidates as centre marks, to prune by hand', () => {
    const g = loaded(EASY);
    g.toggleMark('corner', [0], 9);
    assert.equal(g.fillCentreMarks(), true);
    const cands = g.candidates();
    for (let c = 0; c < 81; c++) assert.equal(g.centre[c], g.values[c] ? 0 : cands[c]);
    assert.equal(g.corner[0], 256, 'corner marks stay');
    assert.equal(g.toggleMark('centre', [0], 4), true);  // pruned
    assert.equal(g.centre[0], cands[0] & ~8);
    assert.equal(g.fillCentreMarks(), true);
    assert.equal(g.fillCentreMarks(), false, 'nothing left to fill');
  });

  test('mistakes are entries that differ from the solution', () => {
    const g = loaded(EASY, freshMeta({ solution: EASY_SOLUTION }));
    g.place([0], 4);
    g.place([1], 1);
    assert.deepEqual([...g.mistakes()], [1]);
    g.meta.solution = null;
    assert.equal(g.mistakes().size, 0);
  });

  test('progress survives a share link, and broken links are refused whole', () => {
    const g = loaded(EASY);
    g.place([0], 4);
    g.toggleMark('corner', [1], 5);
    g.toggleMark('centre', [3], 9);
    g.toggleColour([4, 0], 8);
    g.applyStep({ eliminations: [{ row: 9, col: 9, digit: 2 }], placements: [] });
    const code = encodeProgress(g);
    assert.match(code, /^[0-9A-Za-z._~-]+$/, 'URL-safe');
    const h = loaded(EASY);
    assert.equal(decodeProgress(h, code), null);
    for (const k of ['values', 'corner', 'centre', 'colours', 'elim']) assert.deepEqual([...h[k]], [...g[k]], k);
    assert.equal(h.undoStack.length, 1);
    for (const bad of ['', 'x~~~~', `${'.'.repeat(81)}~zz_1~~~`, `${'.'.repeat(81)}~~~1_zzz~`, `..5${'.'.repeat(78)}~~~~`, `${'.'.repeat(81)}~0_1-junk~~~`]) {
      const fresh = loaded(EASY);
      assert.equal(typeof decodeProgress(fresh, bad), 'string', `refused: ${bad.slice(0, 30)}`);
      assert.equal(fresh.line(), EASY, 'nothing changed');
    }
  });

  test('a saved game reads back, and one saved before colours too', () => {
    const g = loaded(EASY, freshMeta({ rating: { level: 'easy', er: 1.5 }, hints: 3 }));
    g.toggleColour([5], 2);
    const back = Game.fromJSON(JSON.parse(JSON.stringify(g.toJSON())));
    assert.equal(back.colours[5], 2);
    assert.equal(back.meta.hints, 3);
    const old = g.toJSON();
    delete old.colours;
    delete old.meta;
    const fromOld = Game.fromJSON(old);
    assert.equal(fromOld.colours[5], 0);
    assert.equal(fromOld.meta.hints, 0);
    assert.throws(() => Game.fromJSON({ ...g.toJSON(), values: [1, 2] }), /does not fit/);
  });

  test('the undo and redo history survives JSON, across puzzles and sizes, as small differences', () => {
    const g = loaded(EASY, freshMeta({ rating: { level: 'easy', er: 1.2 } }));
    const empties = [...EASY].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
    g.place([empties[0]], 4);
    g.toggleMark('corner', [empties[1]], 7);
    g.toggleColour([empties[2]], 3);
    const six = parseSerial('2.1..5.5......6.2..1.4......4.3..1.6');
    g.load(six.n, six.digits, freshMeta({ hints: 2 }));
    g.place([1], 4);
    g.undo();  // one step to redo
    const text = JSON.stringify(g.toJSON(true)), now = g.line();
    const back = Game.fromJSON(JSON.parse(text));
    assert.equal(back.undoStack.length, g.undoStack.length);
    assert.equal(back.redoStack.length, 1);
    const replay = (game) => {
      const seen = [game.line()];
      assert.ok(game.redo());
      seen.push(game.line());
      game.undo();
      while (game.undo()) seen.push(`${game.n}:${game.line()}:${game.corner.join('')}:${game.colours.join('')}:${game.meta.hints}:${game.meta.rating && game.meta.rating.er}`);
      return seen;
    };
    // A step costs the cells it changed, not the board.
    const one = g.historyJSON().undo.at(-2);  // the colour step (the last is the 9x9 board, whole)
    assert.ok(JSON.stringify(one).length < 200, JSON.stringify(one));
    // The newest steps only, when asked.
    assert.equal(g.historyJSON(2).undo.length, 2);
    assert.deepEqual(replay(back), replay(g));
    // A history that cannot be read leaves the game itself.
    const broken = JSON.parse(text);
    broken.history.undo[0].l = { values: [9999, 1] };
    const kept = Game.fromJSON(broken);
    assert.equal(kept.line(), now);
    assert.equal(kept.undoStack.length, 0);
  });

  test('the moves of the game on the board, for a replay, start where its puzzle came', () => {
    const g = loaded(EASY);
    g.place([0], 4);
    const six = parseSerial('2.1..5.5......6.2..1.4......4.3..1.6');
    g.load(six.n, six.digits);
    g.place([1], 4);
    g.toggleMark('centre', [3], 2);
    const moves = g.moves();
    assert.equal(moves.length, 3, 'the 6x6 puzzle as it came, a digit, a mark');
    assert.deepEqual(moves.map((s) => Game.showing(s).line()), ['2.1..5.5......6.2..1.4......4.3..1.6', '241..5.5......6.2..1.4......4.3..1.6', '241..5.5......6.2..1.4......4.3..1.6']);
    assert.equal(Game.showing(moves[2]).centre[3], 2);
  });

  test('a saved game resumed is one undoable step', () => {
    const a = loaded(EASY), b = loaded(EASY);
    b.place([[...EASY].indexOf('.')], 4);
    a.adopt(b);
    assert.equal(a.line(), b.line());
    a.undo();
    assert.equal(a.line(), EASY);
  });

  test('a vague step shades the house its text names, a chain\'s too; a concrete one shows its parts', () => {
    const geo = geometry(9);
    const chain = { technique: 'Forcing X-Chain', houses: [], cells: [{ row: 2, col: 9 }], eliminations: [{ row: 2, col: 9, digit: 3 }], placements: [],
      links: [{ from: { row: 2, col: 9, digit: 3 }, to: { row: 2, col: 4, digit: 3 }, strong: false }] };
    const vague = stepMarks(geo, chain, 'vague', 'Look for a Forcing X-Chain in box 3');
    assert.deepEqual([...vague.area].sort((a, b) => a - b), geo.house('box', 3));
    assert.equal(vague.elim.size + vague.pattern.size + vague.links.length, 0, 'nothing more than the area');
    // Without the text: the box of its first cell, as the server words it.
    assert.deepEqual([...stepMarks(geo, chain, 'vague').area].sort((a, b) => a - b), geo.house('box', 3));
    const row = stepMarks(geo, { houses: [{ kind: 'row', index: 7 }], cells: [] }, 'vague', 'Look for an X-Wing in row 7.');
    assert.deepEqual([...row.area].sort((a, b) => a - b), geo.house('row', 7));
    const concrete = stepMarks(geo, chain, 'concrete');
    assert.equal(concrete.elim.get(17), 4);
    assert.equal(concrete.links.length, 1);
    assert.deepEqual([...concrete.nodes].sort((a, b) => a - b), [12, 17]);
    assert.deepEqual(geometry(25).house('box', 25).slice(0, 2), [520, 521]);
  });
});
