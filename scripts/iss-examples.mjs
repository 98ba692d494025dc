#!/usr/bin/env node
// Writes the example puzzles of the Interactive Sudoku Solver (ISS, MIT; a
// source tree of it is needed, e.g. ../shared/anchors/iss) as f-puzzles JSON,
// one JSON object a line, for nonet's side-by-side checks and benchmarks:
//
//   {"name": ..., "fpuzzles": {...}, "solution": [digits], "iss": "<ISS text>"}
//   {"name": ..., "skipped": "why"}            (a kind f-puzzles cannot say)
//
//   node scripts/iss-examples.mjs ../shared/anchors/iss > examples.jsonl
//   node scripts/iss-examples.mjs ISS --changed > changed.jsonl
//
// --changed writes each convertible puzzle twice more, changed so that it has
// no solution (in its first empty cell, a digit other than the solution's) and,
// when it has givens, with every other given dropped (most then have several
// solutions; the line says only what was changed), so that those answers are
// tried too: {"name", "fpuzzles", "changed": "contradiction" | "half the givens"}.
//
// ISS is run only to read its own puzzle texts into its canonical form
// (SudokuParser.parseText, then toString); the mapping from that form to
// f-puzzles is this file's.

import { pathToFileURL } from 'node:url';
import path from 'node:path';

const args = process.argv.slice(2);
const changed = args.includes('--changed');
const issDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? '../shared/anchors/iss');
const from = (rel) => pathToFileURL(path.join(issDir, rel)).href;

const { ensureGlobalEnvironment } = await import(from('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const { SudokuParser } = await import(from('js/sudoku_parser.js') + self.VERSION_PARAM);
const examples = await import(from('data/example_puzzles.js') + self.VERSION_PARAM);

class Unsupported extends Error {}

// ISS cell ids: R<row>C<col>, each one base-17 digit (a = 10 ... g = 16).
function cellOf(id) {
  const m = /^R([0-9a-g])C([0-9a-g])$/i.exec(id);
  if (!m) throw new Unsupported(`cell id ${id}`);
  return [parseInt(m[1], 17) - 1, parseInt(m[2], 17) - 1];
}
const name = ([r, c]) => `R${r + 1}C${c + 1}`;

// The ISS canonical text: ".Type~arg~arg" items; "." alone starts givens.
function items(text) {
  return text.split('.').filter((s) => s.length > 0).map((s) => s.split('~'));
}

function convert(text) {
  const parts = items(text);
  let size = 9;
  for (const [type, shape, values] of parts) {
    if (type !== 'Shape') continue;
    const m = /^(\d+)x(\d+)$/.exec(shape);
    if (!m || m[1] !== m[2]) throw new Unsupported(`shape ${shape} (f-puzzles boards are square)`);
    if (values !== undefined && values !== '' && +values !== +m[1]) throw new Unsupported(`shape ${shape}~${values} (digits other than 1 to N)`);
    size = +m[1];
  }
  const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => ({})));
  const o = { size, grid };
  const push = (key, entry) => (o[key] ??= []).push(entry);
  const names = (ids) => ids.map((id) => name(cellOf(id)));
  let noBoxes = false, jigsaw = null;
  const types = new Set(parts.map((p) => p[0]));
  for (const [type, ...a] of parts) {
    switch (type) {
      case 'Shape': break;
      case '':  // givens: R1C1_5, or several values: candidates
        for (const g of a) {
          if (!g) continue;
          const [id, ...vals] = g.split('_');
          const [r, c] = cellOf(id);
          if (vals.length === 1) grid[r][c] = { value: +vals[0], given: true };
          else grid[r][c].givenPencilMarks = vals.map(Number);
        }
        break;
      case 'NoBoxes': noBoxes = true; break;
      case 'Jigsaw': jigsaw = a.join('~'); break;
      case 'Diagonal': o[+a[0] > 0 ? 'diagonal+' : 'diagonal-'] = true; break;
      case 'AntiKnight': o.antiknight = true; break;
      case 'AntiKing': o.antiking = true; break;
      case 'DisjointSets': o.disjointgroups = true; break;
      case 'AntiConsecutive':
        if (types.has('WhiteDot')) throw new Unsupported('AntiConsecutive beside white dots');
        if (types.has('StrictKropki')) break;
        o.nonconsecutive = true;
        break;
      case 'StrictKropki': o.nonconsecutive = true; (o.negative ??= []).push('ratio'); break;
      case 'StrictXV': (o.negative ??= []).push('xv'); break;
      case 'Windoku':
        if (size !== 9) throw new Unsupported('windoku off 9x9');
        for (const [r0, c0] of [[1, 1], [1, 5], [5, 1], [5, 5]]) {
          const cells = [];
          for (let r = r0; r < r0 + 3; ++r) for (let c = c0; c < c0 + 3; ++c) cells.push(name([r, c]));
          push('extraregion', { cells });
        }
        break;
      case 'Thermo': push('thermometer', { lines: [names(a)] }); break;
      case 'Palindrome': push('palindrome', { lines: [names(a)] }); break;
      case 'Between': push('betweenline', { lines: [names(a)] }); break;
      case 'Renban': push('renban', { lines: [names(a)] }); break;
      case 'RegionSumLine': push('regionsumline', { lines: [names(a)] }); break;
      case 'Whisper': {
        const [gap, ...ids] = a;
        const entry = { lines: [names(ids)] };
        if (gap !== '' && +gap !== Math.ceil(size / 2)) entry.value = gap;  // a difference of its own
        push('whispers', entry);
        break;
      }
      case 'Cage': {
        const [sum, ...ids] = a;
        const entry = { cells: names(ids) };
        if (sum !== '' && +sum !== 0) entry.value = sum;
        push('killercage', entry);
        break;
      }
      case 'Arrow': push('arrow', { cells: names([a[0]]), lines: [names(a)] }); break;
      case 'PillArrow': {
        const k = +a[0];
        const pill = a.slice(1, 1 + k), arrow = a.slice(1 + k);
        // The line leaves from the pill cell next to the arrow's first cell.
        const [ar, ac] = cellOf(arrow[0]);
        const start = pill.find((id) => { const [r, c] = cellOf(id); return Math.abs(r - ar) <= 1 && Math.abs(c - ac) <= 1; }) ?? pill[pill.length - 1];
        push('arrow', { cells: names(pill), lines: [names([start, ...arrow])] });
        break;
      }
      case 'X': case 'V': push('xv', { cells: names(a), value: type }); break;
      case 'WhiteDot': push('difference', { cells: names(a) }); break;
      case 'BlackDot': push('ratio', { cells: names(a) }); break;
      case 'Quad': {
        const [r, c] = cellOf(a[0]);
        push('quadruple', { cells: [name([r, c]), name([r, c + 1]), name([r + 1, c]), name([r + 1, c + 1])], values: a.slice(1).map(Number) });
        break;
      }
      case 'LittleKiller': {
        const [sum, id] = a;
        const [r, c] = cellOf(id);
        // ISS names each diagonal by its first cell; the edge it starts on gives the direction.
        let dr, dc;
        if (c === 0 && r < size - 1) [dr, dc] = [1, 1];
        else if (c === size - 1 && r >= 1 && r <= size - 2) [dr, dc] = [-1, -1];
        else if (r === 0 && c >= 1) [dr, dc] = [1, -1];
        else if (r === size - 1 && c >= 1 && c <= size - 2) [dr, dc] = [-1, 1];
        else throw new Unsupported(`little killer at ${id}`);
        push('littlekillersum', { cell: name([r - dr, c - dc]), direction: (dr > 0 ? 'D' : 'U') + (dc > 0 ? 'R' : 'L'), value: sum });
        break;
      }
      case 'Sandwich': {
        const [sum, line] = a;
        const i = +line.slice(1) - 1;
        push('sandwichsum', { cell: line[0] === 'C' ? name([-1, i]) : name([i, -1]), value: sum });
        break;
      }
      case 'XSum': case 'Skyscraper': {
        const [line, first, last] = a;
        const key = type === 'XSum' ? 'xsum' : 'skyscraper';
        const i = parseInt(line.slice(1), 17) - 1;
        const column = line[0] === 'C';
        if (first) push(key, { cell: column ? name([-1, i]) : name([i, -1]), value: first });
        if (last) push(key, { cell: column ? name([size, i]) : name([i, size]), value: last });
        break;
      }
      case 'SameValues': {
        // k groups of equal size holding the same digits: when each group is
        // one cell, all are equal, a clone of the first in every other.
        const [k, ...ids] = a;
        if (ids.length !== +k) throw new Unsupported('SameValues with groups of several cells');
        for (let i = 1; i < ids.length; ++i) push('clone', { cells: names([ids[0]]), cloneCells: names([ids[i]]) });
        break;
      }
      default:
        throw new Unsupported(type);
    }
  }
  if (jigsaw !== null) {
    if (jigsaw.length !== size * size) throw new Unsupported('jigsaw layout');
    const order = [];
    for (let i = 0; i < jigsaw.length; ++i) {
      if (!order.includes(jigsaw[i])) order.push(jigsaw[i]);
      grid[Math.floor(i / size)][i % size].region = order.indexOf(jigsaw[i]);
    }
  } else if (noBoxes) {
    for (const row of grid) for (const cell of row) cell.region = null;
  }
  return o;
}

// An ISS solution: one character a cell; on 16x16 the letters A (1) to P (16).
function digits(solution, size) {
  const chars = [...solution];
  if (chars.length !== size * size) throw new Unsupported('solution length');
  return chars.map((ch) => (/[A-Z]/.test(ch) && size > 9 ? ch.charCodeAt(0) - 64 : parseInt(ch, 36)));
}

const out = [];
for (const p of examples.DISPLAYED_EXAMPLES) {
  try {
    const iss = SudokuParser.parseText(p.input).toString();
    const fpuzzles = convert(iss);
    const solution = digits(p.solution, fpuzzles.size);
    out.push({ name: p.name, fpuzzles, solution, iss });
    if (changed) {
      // No solution: a given where the solution has another digit.
      const bad = structuredClone(fpuzzles);
      let placed = false;
      for (let i = 0; i < solution.length && !placed; ++i) {
        const cell = bad.grid[Math.floor(i / bad.size)][i % bad.size];
        if (cell.given || cell.givenPencilMarks) continue;
        cell.value = solution[i] % bad.size + 1;
        cell.given = true;
        placed = true;
      }
      out.push({ name: p.name, fpuzzles: bad, changed: 'contradiction' });
      // Fewer clues: every other given dropped (most puzzles then have several solutions).
      const open = structuredClone(fpuzzles);
      let seen = 0;
      for (const row of open.grid) for (const cell of row) if (cell.given && seen++ % 2 === 0) { delete cell.value; delete cell.given; }
      if (seen > 0) out.push({ name: p.name, fpuzzles: open, changed: 'half the givens' });
    }
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    out.push({ name: p.name, skipped: `no f-puzzles form: ${e.message}` });
  }
}
process.stdout.write(out.map((o) => JSON.stringify(o)).join('\n') + '\n');
