// The game as data: givens, entries, pencil marks and candidate eliminations of
// one board, with unlimited undo and redo. No DOM here, so it can be reasoned
// about (and tested) apart from the page.

// Box shapes by side: rows x columns of a box (6x6 has boxes 2 high, 3 wide).
export const SHAPES = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 16: [4, 4] };
export const SYMBOLS = '123456789ABCDEFG';

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
const popcount = (m) => { let c = 0; for (; m; m &= m - 1) c++; return c; };

export class Geometry {
  constructor(n) {
    if (!SHAPES[n]) throw new Error(`no board of side ${n}`);
    this.n = n;
    [this.boxRows, this.boxCols] = SHAPES[n];
    this.cells = n * n;
    this.all = (1 << n) - 1;
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
}

// Reads a serial line: exactly n*n symbols, blanks as . or 0. Returns
// {n, digits} or {error} naming the place of the problem.
export function parseSerial(text) {
  const s = text.trim();
  const n = Math.round(Math.sqrt(s.length));
  if (n * n !== s.length || !SHAPES[n]) return { error: `expected 16, 36, 81 or 256 symbols, got ${s.length}` };
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

export class Game {
  constructor(n = 9) { this.reset(n); }

  reset(n, givens = null) {
    this.geo = new Geometry(n);
    const size = this.geo.cells;
    this.givens = givens ? Uint8Array.from(givens) : new Uint8Array(size);
    this.values = Uint8Array.from(this.givens);
    this.corner = new Uint32Array(size);
    this.centre = new Uint32Array(size);
    this.elim = new Uint32Array(size);  // candidates removed by applied logical steps
    this.undoStack = [];
    this.redoStack = [];
  }

  get n() { return this.geo.n; }

  snapshot() {
    return {
      n: this.n, givens: this.givens.slice(), values: this.values.slice(),
      corner: this.corner.slice(), centre: this.centre.slice(), elim: this.elim.slice(),
    };
  }
  restore(s) {
    if (s.n !== this.n) this.geo = new Geometry(s.n);
    this.givens = s.givens.slice(); this.values = s.values.slice();
    this.corner = s.corner.slice(); this.centre = s.centre.slice(); this.elim = s.elim.slice();
  }
  // Every change goes through here: one undo step each, redo cleared.
  change(fn) {
    const before = this.snapshot();
    fn();
    if (!this.sameAs(before)) {
      this.undoStack.push(before);
      this.redoStack.length = 0;
      return true;
    }
    return false;
  }
  sameAs(s) {
    const eq = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
    return s.n === this.n && eq(s.givens, this.givens) && eq(s.values, this.values) &&
      eq(s.corner, this.corner) && eq(s.centre, this.centre) && eq(s.elim, this.elim);
  }
  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(this.snapshot());
    this.restore(this.undoStack.pop());
    return true;
  }
  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(this.snapshot());
    this.restore(this.redoStack.pop());
    return true;
  }

  isGiven(c) { return this.givens[c] !== 0; }

  // Places digit d (0 clears). Placing also clears the cell's marks and removes d
  // from the marks of every peer.
  place(c, d) {
    if (this.isGiven(c)) return false;
    return this.change(() => this.placeRaw(c, d));
  }
  placeRaw(c, d) {
    if (d === 0 && this.values[c] === 0) {  // clearing an empty cell clears its marks
      this.corner[c] = 0; this.centre[c] = 0;
      return;
    }
    this.values[c] = d;
    if (d) {
      this.corner[c] = 0; this.centre[c] = 0;
      for (const p of this.geo.peers[c]) { this.corner[p] &= ~bit(d); this.centre[p] &= ~bit(d); }
    }
  }
  toggleMark(kind, c, d) {
    if (this.values[c] !== 0) return false;
    return this.change(() => { this[kind][c] ^= bit(d); });
  }

  clearAll() { return this.change(() => { this.givens.fill(0); this.values.fill(0); this.clearMarks(); }); }
  resetToGivens() { return this.change(() => { this.values = this.givens.slice(); this.clearMarks(); }); }
  clearMarks() { this.corner.fill(0); this.centre.fill(0); this.elim.fill(0); }

  // Turns a set of digits into the givens of a fresh puzzle (undoable).
  load(n, digits) {
    const before = this.snapshot();
    this.geo = n === this.n ? this.geo : new Geometry(n);
    this.givens = Uint8Array.from(digits);
    this.values = this.givens.slice();
    this.corner = new Uint32Array(digits.length);
    this.centre = new Uint32Array(digits.length);
    this.elim = new Uint32Array(digits.length);
    this.undoStack.push(before);
    this.redoStack.length = 0;
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
  acceptSingles() {
    const singles = this.singles();
    return this.change(() => { for (const [c, d] of singles) this.placeRaw(c, d); });
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

  // A logical step from the API: eliminations and placements, rows and columns 1-based.
  applyStep(step) {
    return this.change(() => {
      const at = (x) => (x.row - 1) * this.n + (x.col - 1);
      for (const e of step.eliminations || []) {
        const c = at(e);
        this.elim[c] |= bit(e.digit);
        this.corner[c] &= ~bit(e.digit); this.centre[c] &= ~bit(e.digit);
      }
      for (const p of step.placements || []) this.placeRaw(at(p), p.digit);
    });
  }
  fillSolution(line) {
    return this.change(() => {
      for (let c = 0; c < this.geo.cells; c++) if (!this.values[c]) this.placeRaw(c, digitOf(line[c], this.n));
    });
  }

  line(source = this.values) { return Array.from(source, symbol).join(''); }
  solved() { return this.values.every((v) => v) && this.conflicts().size === 0; }
  emptyCount() { return this.values.reduce((a, v) => a + (v ? 0 : 1), 0); }

  // Candidates as the API reads them: one array of digits per cell.
  candidatesForApi() {
    return Array.from(this.candidates(), (m) => digitsOf(m, this.n));
  }

  toJSON() {
    const arr = (a) => Array.from(a);
    return { n: this.n, givens: arr(this.givens), values: arr(this.values), corner: arr(this.corner),
      centre: arr(this.centre), elim: arr(this.elim) };
  }
  static fromJSON(o) {
    const g = new Game(o.n);
    const size = g.geo.cells;
    const ok = ['givens', 'values', 'corner', 'centre', 'elim'].every((k) => Array.isArray(o[k]) && o[k].length === size);
    if (!ok) throw new Error('saved game does not fit its board');
    g.givens = Uint8Array.from(o.givens); g.values = Uint8Array.from(o.values);
    g.corner = Uint32Array.from(o.corner); g.centre = Uint32Array.from(o.centre); g.elim = Uint32Array.from(o.elim);
    return g;
  }
}
