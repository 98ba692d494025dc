// The game as data: givens, entries, pencil marks, colours and candidate
// eliminations of one board, with unlimited undo and redo. No DOM here, so it
// can be reasoned about (and tested) apart from the page.

// Box shapes by side: rows x columns of a box (6x6 has boxes 2 high, 3 wide),
// the same shapes the server picks for a side.
export const SHAPES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] };
export const SIZES = Object.keys(SHAPES).map(Number);
export const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
export const COLOUR_COUNT = 8;  // the Okabe-Ito palette

export function symbol(d) { return d > 0 ? SYMBOLS[d - 1] : '.'; }

// The digit a key or character stands for on a board of side n, or -1.
export function digitOf(ch, n) {
  if (!ch || ch.length !== 1) return -1;
  const i = SYMBOLS.indexOf(ch.toUpperCase());
  return i >= 0 && i < n ? i + 1 : -1;
}

const bit = (d) => 1 << (d - 1);
export function digitsOf(mask, n) {
  const out = [];
  for (let d = 1; d <= n; d++) if (mask & bit(d)) out.push(d);
  return out;
}
export const popcount = (m) => { let c = 0; for (; m; m &= m - 1) c++; return c; };

export class Geometry {
  constructor(n) {
    if (!SHAPES[n]) throw new Error(`no board of side ${n}`);
    this.n = n;
    [this.boxRows, this.boxCols] = SHAPES[n];
    this.cells = n * n;
    this.all = (1 << n) - 1;  // n <= 25: fits a 32-bit mask
    this.peers = [];
    for (let c = 0; c < this.cells; c++) {
      const set = new Set();
      const r = this.row(c), k = this.col(c), b = this.box(c);
      for (let o = 0; o < this.cells; o++) {
        if (o !== c && (this.row(o) === r || this.col(o) === k || this.box(o) === b)) set.add(o);
      }
      this.peers.push([...set]);
    }
  }
  row(c) { return Math.floor(c / this.n); }
  col(c) { return c % this.n; }
  box(c) {
    const perRow = this.n / this.boxCols;
    return Math.floor(this.row(c) / this.boxRows) * perRow + Math.floor(this.col(c) / this.boxCols);
  }
  name(c) { return `r${this.row(c) + 1}c${this.col(c) + 1}`; }
  // The cells of a house: kind 'row', 'column' or 'box', index 1-based.
  house(kind, index) {
    const out = [];
    for (let c = 0; c < this.cells; c++) {
      const k = kind === 'row' ? this.row(c) : kind === 'column' ? this.col(c) : this.box(c);
      if (k === index - 1) out.push(c);
    }
    return out;
  }
}

const geometries = new Map();
export function geometry(n) {
  if (!geometries.has(n)) geometries.set(n, new Geometry(n));
  return geometries.get(n);
}

// Reads a serial line: exactly n*n symbols, blanks as . or 0. Returns
// {n, digits} or {error} naming the place of the problem.
export function parseSerial(text) {
  const s = text.trim();
  const n = Math.round(Math.sqrt(s.length));
  if (n * n !== s.length || !SHAPES[n]) {
    return { error: `expected ${SIZES.map((k) => k * k).join(', ')} symbols, got ${s.length}` };
  }
  const digits = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '.' || ch === '0' || ch === '_' || ch === '-' || ch === '*') continue;
    const d = digitOf(ch, n);
    if (d < 0) return { error: `column ${i + 1}: unexpected character '${ch}'` };
    digits[i] = d;
  }
  return { n, digits };
}

// What the page knows of a puzzle beyond its cells: its rating, its solution,
// and the player's hints, mistakes and time. It travels with the undo history,
// so undoing a new puzzle brings back the old one's badge and clock.
// `recorded`: when the finish was kept in the history (store.js), so that
// undoing Solve can take its record back.
export function freshMeta(extra = {}) {
  return { rating: null, solution: null, hints: 0, mistakes: 0, assisted: false, solver: false,
    finished: false, recorded: null, elapsed: 0, asked: null, ...extra };
}

// The meta of a game whose finish by Solve is undone: not finished, and not
// by Solve, but helped, since Solve's help stays counted as hints stay counted.
export const unsolved = (meta) => ({ ...meta, finished: false, solver: false, assisted: true });

const LAYERS = ['givens', 'values', 'corner', 'centre', 'elim', 'colours'];
const TYPES = { givens: Uint8Array, values: Uint8Array, corner: Uint32Array, centre: Uint32Array, elim: Uint32Array, colours: Uint16Array };

export class Game {
  constructor(n = 9) {
    this.clock = () => 0;  // the page's time played, kept in snapshots
    this.reset(n);
  }

  reset(n, givens = null) {
    this.geo = geometry(n);
    const size = this.geo.cells;
    for (const k of LAYERS) this[k] = new TYPES[k](size);
    if (givens) this.givens = Uint8Array.from(givens);
    this.values = this.givens.slice();
    this.meta = freshMeta();
    this.undoStack = [];
    this.redoStack = [];
  }

  get n() { return this.geo.n; }

  snapshot() {
    const s = { n: this.n, meta: { ...this.meta, elapsed: this.clock() } };
    for (const k of LAYERS) s[k] = this[k].slice();
    return s;
  }
  // Puts a snapshot back. Across puzzles (another size or other givens) its
  // meta comes back too; within one puzzle hints and mistakes stay counted.
  restore(s) {
    const crossed = s.n !== this.n || !same(s.givens, this.givens);
    this.geo = geometry(s.n);
    for (const k of LAYERS) this[k] = s[k].slice();
    if (crossed) this.meta = { ...s.meta };
    return { crossed };
  }
  // Every change goes through here: one undo step each, redo cleared. `kind`
  // names a change that undo tells apart ('solve': Solve filled the board);
  // it travels with the snapshot the change starts from.
  change(fn, kind = null) {
    const before = this.snapshot();
    fn();
    if (!this.sameAs(before)) {
      before.kind = kind;
      this.undoStack.push(before);
      this.redoStack.length = 0;
      return true;
    }
    return false;
  }
  // The snapshot the next Undo restores, or null: it changes with every
  // change, undo and redo.
  lastChange() { return this.undoStack[this.undoStack.length - 1] || null; }
  sameAs(s) {
    return s.n === this.n && LAYERS.every((k) => same(s[k], this[k]));
  }
  // Undo and redo return {crossed, kind}: whether another puzzle came back,
  // and the kind of change undone or redone. Undoing the Solve that finished
  // the game makes it a game in progress again (unsolved: true); redoing it
  // puts Solve's finish back.
  undo() {
    if (!this.undoStack.length) return null;
    const back = this.undoStack.pop();
    this.redoStack.push({ ...this.snapshot(), kind: back.kind });
    const r = { ...this.restore(back), kind: back.kind || null };
    if (r.kind === 'solve' && !r.crossed && this.meta.solver) {
      Object.assign(this.meta, unsolved(this.meta));
      r.unsolved = true;
    }
    return r;
  }
  redo() {
    if (!this.redoStack.length) return null;
    const next = this.redoStack.pop();
    this.undoStack.push({ ...this.snapshot(), kind: next.kind });
    const r = { ...this.restore(next), kind: next.kind || null };
    if (r.kind === 'solve' && !r.crossed && !this.meta.finished) this.meta.solver = true;
    return r;
  }

  isGiven(c) { return this.givens[c] !== 0; }

  // Places digit d (0 clears) in every cell of `cells` that is not a given.
  // Placing clears the cell's marks and, with `clean`, removes d from the marks
  // of every peer.
  place(cells, d, clean = true) {
    return this.change(() => { for (const c of cells) if (!this.isGiven(c)) this.placeRaw(c, d, clean); });
  }
  placeRaw(c, d, clean = true) {
    if (d === 0 && this.values[c] === 0) {  // clearing an empty cell clears its marks
      this.corner[c] = 0; this.centre[c] = 0;
      return;
    }
    this.values[c] = d;
    if (d) {
      this.corner[c] = 0; this.centre[c] = 0;
      if (clean) for (const p of this.geo.peers[c]) { this.corner[p] &= ~bit(d); this.centre[p] &= ~bit(d); }
    }
  }
  // Toggles mark d in the empty cells of `cells`: removed where every one has
  // it, added to all otherwise.
  toggleMark(kind, cells, d) {
    const empty = [...cells].filter((c) => this.values[c] === 0);
    if (!empty.length) return false;
    const all = empty.every((c) => this[kind][c] & bit(d));
    return this.change(() => { for (const c of empty) this[kind][c] = all ? this[kind][c] & ~bit(d) : this[kind][c] | bit(d); });
  }
  // Toggles colour k (1-based) in `cells`, the same way.
  toggleColour(cells, k) {
    const list = [...cells];
    if (!list.length) return false;
    const all = list.every((c) => this.colours[c] & bit(k));
    return this.change(() => { for (const c of list) this.colours[c] = all ? this.colours[c] & ~bit(k) : this.colours[c] | bit(k); });
  }
  // Clears `cells` a layer at a time: entries if any is there, else marks, else colours.
  erase(cells, coloursOnly = false) {
    const list = [...cells];
    return this.change(() => {
      if (coloursOnly) { for (const c of list) this.colours[c] = 0; return; }
      const entries = list.filter((c) => !this.isGiven(c) && this.values[c]);
      if (entries.length) { for (const c of entries) this.values[c] = 0; return; }
      const marked = list.filter((c) => !this.values[c] && (this.corner[c] || this.centre[c]));
      if (marked.length) { for (const c of marked) { this.corner[c] = 0; this.centre[c] = 0; } return; }
      for (const c of list) this.colours[c] = 0;
    });
  }

  // Empties the board: a new (empty) puzzle, so its meta starts afresh.
  clearAll() {
    const done = this.change(() => { for (const k of LAYERS) this[k].fill(0); });
    if (done) this.meta = freshMeta();
    return done;
  }
  resetToGivens() {
    return this.change(() => {
      this.values = this.givens.slice();
      this.corner.fill(0); this.centre.fill(0); this.elim.fill(0); this.colours.fill(0);
    });
  }

  // Turns a set of digits into the givens of a fresh puzzle (undoable).
  load(n, digits, meta = freshMeta()) {
    this.undoStack.push(this.snapshot());
    this.redoStack.length = 0;
    this.geo = geometry(n);
    for (const k of LAYERS) this[k] = new TYPES[k](digits.length);
    this.givens = Uint8Array.from(digits);
    this.values = this.givens.slice();
    this.meta = meta;
  }

  // Candidates of each empty cell: digits no peer holds, less those removed by
  // logical steps. A filled cell has 0.
  candidates() {
    const out = new Uint32Array(this.geo.cells);
    for (let c = 0; c < this.geo.cells; c++) {
      if (this.values[c]) continue;
      let m = this.geo.all;
      for (const p of this.geo.peers[c]) if (this.values[p]) m &= ~bit(this.values[p]);
      out[c] = m & ~this.elim[c];
    }
    return out;
  }
  singles() {
    const cands = this.candidates();
    const out = [];
    cands.forEach((m, c) => { if (!this.values[c] && popcount(m) === 1) out.push([c, Math.log2(m) + 1]); });
    return out;
  }
  // Turns every naked single into an entry, in one undoable step.
  acceptSingles(clean = true) {
    const singles = this.singles();
    return this.change(() => { for (const [c, d] of singles) this.placeRaw(c, d, clean); });
  }
  // Writes every empty cell's candidates as its centre marks, for the player
  // to prune by hand; corner marks stay.
  fillCentreMarks() {
    const cands = this.candidates();
    return this.change(() => { for (let c = 0; c < this.geo.cells; c++) if (!this.values[c]) this.centre[c] = cands[c]; });
  }

  // Cells whose value a peer repeats.
  conflicts() {
    const bad = new Set();
    for (let c = 0; c < this.geo.cells; c++) {
      const v = this.values[c];
      if (!v) continue;
      for (const p of this.geo.peers[c]) if (this.values[p] === v) { bad.add(c); bad.add(p); }
    }
    return bad;
  }
  // Entries that differ from the solution (a serial line), when it is known.
  mistakes(solution = this.meta.solution) {
    const bad = new Set();
    if (!solution || solution.length !== this.geo.cells) return bad;
    for (let c = 0; c < this.geo.cells; c++) {
      if (this.values[c] && !this.isGiven(c) && this.values[c] !== digitOf(solution[c], this.n)) bad.add(c);
    }
    return bad;
  }

  // A logical step from the API: eliminations and placements, rows and columns 1-based.
  applyStep(step, clean = true) {
    return this.change(() => {
      const at = (x) => (x.row - 1) * this.n + (x.col - 1);
      for (const e of step.eliminations || []) {
        const c = at(e);
        this.elim[c] |= bit(e.digit);
        this.corner[c] &= ~bit(e.digit); this.centre[c] &= ~bit(e.digit);
      }
      for (const p of step.placements || []) this.placeRaw(at(p), p.digit, clean);
    });
  }
  // Solve: the empty cells filled from the solution, one undo step of kind 'solve'.
  fillSolution(line) {
    return this.change(() => {
      for (let c = 0; c < this.geo.cells; c++) if (!this.values[c]) this.placeRaw(c, digitOf(line[c], this.n));
    }, 'solve');
  }

  line(source = this.values) { return Array.from(source, symbol).join(''); }
  solved() { return this.values.every((v) => v) && this.conflicts().size === 0; }
  // Has the player done anything to this board worth keeping?
  inProgress() {
    if (this.meta.finished) return false;
    for (let c = 0; c < this.geo.cells; c++) {
      if ((this.values[c] && !this.isGiven(c)) || this.corner[c] || this.centre[c] || this.colours[c]) return true;
    }
    return false;
  }

  // Candidates as the API reads them: one array of digits per cell.
  candidatesForApi() {
    return Array.from(this.candidates(), (m) => digitsOf(m, this.n));
  }

  // The board and its meta as plain data; with `withHistory`, its undo and
  // redo history too (historyJSON), so that a reload loses nothing.
  toJSON(withHistory = false) {
    const o = { n: this.n, meta: { ...this.meta, elapsed: this.clock() } };
    for (const k of LAYERS) o[k] = Array.from(this[k]);
    if (withHistory && (this.undoStack.length || this.redoStack.length)) o.history = this.historyJSON();
    return o;
  }
  static fromJSON(o) {
    const g = new Game(o.n);
    const size = g.geo.cells;
    for (const k of LAYERS) {
      if (k === 'colours' && o[k] === undefined) continue;  // saved before colours existed
      if (!Array.isArray(o[k]) || o[k].length !== size) throw new Error('saved game does not fit its board');
      g[k] = TYPES[k].from(o[k]);
    }
    g.meta = freshMeta(o.meta && typeof o.meta === 'object' ? o.meta : {});
    // A history that cannot be read is dropped; the game itself is kept.
    if (o.history) { try { g.readHistory(o.history); } catch { /* the game without its history */ } }
    return g;
  }

  // The undo and redo stacks as data: {undo, redo}, each a list of
  // differences, oldest first. A snapshot is written as what differs from
  // its neighbour nearer the board now (the next one up its stack, or the
  // board itself for the top), so a step costs the cells it changed. The
  // `limit` newest undo steps are kept (the oldest go first when storage is
  // short).
  historyJSON(limit = Infinity) {
    const now = this.snapshot();
    const chain = (stack, keep) => {
      const out = [];
      let ref = now;
      for (let i = stack.length - 1; i >= 0 && out.length < keep; i--) {
        out.push(cachedDiff(stack[i], ref));
        ref = stack[i];
      }
      return out.reverse();
    };
    return { undo: chain(this.undoStack, limit), redo: chain(this.redoStack, Infinity) };
  }
  // Puts back historyJSON's stacks: each snapshot rebuilt from its neighbour.
  // Throws on data that does not fit, leaving the stacks empty.
  readHistory(h) {
    const now = this.snapshot();
    const chain = (list) => {
      if (!Array.isArray(list)) throw new Error('saved history is not a list');
      const out = [];
      let ref = now;
      for (let i = list.length - 1; i >= 0; i--) {
        ref = undiff(list[i], ref);
        out.push(ref);
      }
      return out.reverse();
    };
    try {
      this.undoStack = chain(h.undo || []);
      this.redoStack = chain(h.redo || []);
    } catch (e) {
      this.undoStack = [];
      this.redoStack = [];
      throw e;
    }
  }

  // The game on the board move by move, for a replay: the snapshots of this
  // puzzle from the change that brought it (or the oldest kept), oldest
  // first, then the board now.
  moves() {
    const out = [this.snapshot()];
    for (let i = this.undoStack.length - 1; i >= 0; i--) {
      const s = this.undoStack[i];
      if (s.n !== this.n || !same(s.givens, this.givens)) break;
      out.push(s);
    }
    return out.reverse();
  }
  // A game showing snapshot `s`, to draw (a replay's frame).
  static showing(s) {
    const g = new Game(s.n);
    for (const k of LAYERS) g[k] = s[k].slice();
    g.meta = { ...s.meta };
    return g;
  }

  // Another game (a saved one resumed) takes the board, as one undoable step:
  // Undo brings back the game it replaced.
  adopt(other) {
    this.undoStack.push(this.snapshot());
    this.redoStack.length = 0;
    this.geo = other.geo;
    for (const k of LAYERS) this[k] = other[k].slice();
    this.meta = { ...other.meta };
  }
}

// A snapshot as what differs from `ref`: {k: kind, m: the meta's changed
// fields, l: {layer: [cell, value, ...]}}; across sizes every layer whole,
// as its nonzero cells, with n.
function diff(s, ref) {
  const out = {};
  if (s.kind) out.k = s.kind;
  const whole = s.n !== ref.n;
  if (whole) out.n = s.n;
  const m = {};
  for (const key of new Set([...Object.keys(s.meta), ...Object.keys(ref.meta)])) {
    if (whole || JSON.stringify(s.meta[key]) !== JSON.stringify(ref.meta[key])) m[key] = s.meta[key] === undefined ? null : s.meta[key];
  }
  if (Object.keys(m).length) out.m = m;
  const l = {};
  for (const k of LAYERS) {
    const a = s[k], b = whole ? null : ref[k], cells = [];
    for (let c = 0; c < a.length; c++) if (a[c] !== (b ? b[c] : 0)) cells.push(c, a[c]);
    if (cells.length) l[k] = cells;
  }
  out.l = l;
  return out;
}
// diff's result for snapshot s against ref, worked out once per pair: the
// snapshots in a stack stay as they are, so only the top one, written
// against the board now, is worked out at every save.
function cachedDiff(s, ref) {
  if (s.saved && s.saved.ref === ref) return s.saved.diff;
  const d = diff(s, ref);
  s.saved = { ref, diff: d };
  return d;
}
// The snapshot that diff `d` makes of `ref`.
function undiff(d, ref) {
  if (!d || typeof d !== 'object' || typeof d.l !== 'object' || d.l === null) throw new Error('saved history step cannot be read');
  const n = d.n === undefined ? ref.n : d.n;
  const geo = geometry(n);
  const m = d.m && typeof d.m === 'object' ? d.m : {};
  const s = { n, meta: freshMeta({ ...(d.n === undefined ? ref.meta : {}), ...m }) };
  if (d.k) s.kind = d.k;
  for (const k of LAYERS) {
    const arr = d.n === undefined ? ref[k].slice() : new TYPES[k](geo.cells);
    const cells = d.l[k] || [];
    if (!Array.isArray(cells) || cells.length % 2) throw new Error('saved history step cannot be read');
    for (let i = 0; i < cells.length; i += 2) {
      const c = cells[i];
      if (!Number.isInteger(c) || c < 0 || c >= geo.cells) throw new Error('saved history step does not fit its board');
      arr[c] = cells[i + 1];
    }
    s[k] = arr;
  }
  return s;
}

function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// The player's progress as text for a share link: entries as a serial line
// (givens as '.'), then corner marks, centre marks, colours and eliminations,
// each a list of cell_mask pairs in base 36. Only URL-safe characters.
export function encodeProgress(game) {
  const entries = Array.from(game.values, (v, c) => (game.isGiven(c) ? '.' : symbol(v))).join('');
  const sparse = (arr) => {
    const out = [];
    arr.forEach((m, c) => { if (m) out.push(`${c.toString(36)}_${m.toString(36)}`); });
    return out.join('-');
  };
  return [entries, sparse(game.corner), sparse(game.centre), sparse(game.colours), sparse(game.elim)].join('~');
}

// Reads encodeProgress's text onto a game holding the same givens. Returns
// null when done, or the problem found; the game is changed only on success.
export function decodeProgress(game, text) {
  const parts = String(text).split('~');
  if (parts.length !== 5) return `expected 5 parts separated by '~', got ${parts.length}`;
  const [entries, ...lists] = parts;
  const { cells } = game.geo, n = game.n;
  if (entries.length !== cells) return `the entries hold ${entries.length} symbols, not ${cells}`;
  const values = game.givens.slice();
  for (let c = 0; c < cells; c++) {
    if (entries[c] === '.') continue;
    const d = digitOf(entries[c], n);
    if (d < 0) return `entry ${c + 1}: unexpected character '${entries[c]}'`;
    if (game.isGiven(c)) return `entry ${c + 1} overwrites a given`;
    values[c] = d;
  }
  const limits = [game.geo.all, game.geo.all, (1 << COLOUR_COUNT) - 1, game.geo.all];
  const names = ['corner marks', 'centre marks', 'colours', 'eliminations'];
  const layers = [];
  for (let k = 0; k < 4; k++) {
    const arr = new (k === 2 ? Uint16Array : Uint32Array)(cells);
    for (const item of lists[k] ? lists[k].split('-') : []) {
      const m = /^([0-9a-z]{1,3})_([0-9a-z]{1,7})$/.exec(item);
      const c = m ? parseInt(m[1], 36) : -1, mask = m ? parseInt(m[2], 36) : -1;
      if (!m || c >= cells || mask <= 0 || mask > limits[k]) return `${names[k]}: cannot read '${item.slice(0, 20)}'`;
      arr[c] = mask;
    }
    layers.push(arr);
  }
  game.change(() => {
    game.values = values;
    [game.corner, game.centre, game.colours, game.elim] = layers;
  });
  return null;
}
