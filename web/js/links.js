// Links and the kept game as data: the share link of a game, the game in
// progress as it is saved in localStorage and read back, and what the page
// starts with (a puzzle from a link of its own or of f-puzzles, the kept
// game, or a new puzzle). No DOM and no storage: app.js reads the address and
// the storage and does what these functions decide.

import { Game, SIZES, digitsOf, encodeProgress, parseSerial, symbol } from './model.js';
import { MODES } from './input.js';

export const SAVE_KEY = 'nonet.game.v2';
export const OLD_SAVE_KEY = 'nonet.game.v1';

// The share link of `game` on the page at origin + pathname: the puzzle, and
// the player's progress with `withProgress` (when there is any).
export function shareLink(game, withProgress, origin, pathname) {
  const params = new URLSearchParams({ s: game.line(game.givens) });
  if (withProgress && game.inProgress()) params.set('p', encodeProgress(game));
  const query = `?${params.toString()}`;
  return { query, url: `${origin}${pathname}${query}`, progress: params.has('p') };
}

export const shareSaid = (link) => ({ text: `Link copied: it opens this puzzle${link.progress ? ' with your progress' : ''}.`, kind: 'ok' });

// The game on the board as it is saved (under SAVE_KEY), with its undo and
// redo history: the `limit` newest undo steps (all by default).
export function savedText(game, cur, mode, limit = Infinity) {
  const o = game.toJSON(limit > 0);
  if (o.history && limit < Infinity) o.history = game.historyJSON(limit);
  return JSON.stringify({ game: o, cur, mode });
}

// The kept game read back: {game, cur, mode}, or null when there is none or it
// cannot be read. `text` is what SAVE_KEY holds; `oldText` what OLD_SAVE_KEY
// holds, a game saved before its rating and time travelled with it.
export function readSaved(text, oldText) {
  try {
    const saved = JSON.parse(text || 'null');
    if (saved) return { ...saved, game: Game.fromJSON(saved.game) };
    const old = JSON.parse(oldText || 'null');
    if (!old) return null;
    const game = Game.fromJSON({ ...old.game, meta: { rating: old.rating || null, elapsed: Number(old.elapsed) || 0 } });
    return { cur: old.cur, mode: old.mode, game };
  } catch { return null; }
}

// The page's state taken from a kept game: its selection, mode and clock.
export function fromSaved(saved) {
  const cur = Math.min(Number(saved.cur) || 0, saved.game.geo.cells - 1);
  return {
    game: saved.game,
    cur,
    sel: new Set([cur]),
    mode: MODES.includes(saved.mode) ? saved.mode : 'normal',
    clock: { elapsed: Number(saved.game.meta.elapsed) || 0, since: null },
  };
}

// What the page starts with, from the address's query (`search`) and the
// kept game (`saved`, or null):
//   {start: 'bad-link', error}       the link's puzzle cannot be read: the kept game, if any
//   {start: 'same-link'}             the link's puzzle is the kept game's: that game goes on
//   {start: 'link', parsed, progress, kept}  the link's puzzle (and progress); the
//                                    kept game, when in progress, one Undo away
//   {start: 'load', payload}         an f-puzzles link (`?load=`): its payload, for
//                                    the engine to read (loadedPlan says what follows)
//   {start: 'saved'}                 the kept game
//   {start: 'new'}                   a new puzzle
export function startPlan(search, saved) {
  const params = new URLSearchParams(search);
  const shared = params.get('s'), payload = fpuzzlesPayload(params);
  if (!shared && payload) return { start: 'load', payload };
  return linkPlan(shared, params.get('p'), saved);
}

// The payload of an f-puzzles link as f-puzzles wrote it, or '' when there is
// none: reading the query turned its '+' into spaces, which are turned back.
function fpuzzlesPayload(params) {
  return (params.get('load') || '').replace(/ /g, '+');
}

// What startPlan says of the board's own link of puzzle line `shared` (and
// progress), beside the kept game.
function linkPlan(shared, progress, saved) {
  if (!shared) return { start: saved ? 'saved' : 'new' };
  const parsed = parseSerial(shared);
  if (parsed.error) return { start: 'bad-link', error: parsed.error };
  if (saved && !progress && saved.game.line(saved.game.givens) === Array.from(parsed.digits, symbol).join('')) {
    return { start: 'same-link' };
  }
  return { start: 'link', parsed, progress, kept: !!(saved && saved.game.inProgress()) };
}

// The address for the board as it now is, or null to leave it: a board
// link (`?s=`, with `p` its progress) stays while its puzzle is on the board,
// without its progress once that is read (a reload then goes on from the game
// kept, not from the link's old progress); once another puzzle takes the
// board the link goes, so that a reload brings back the game on the board.
// Other parameters stay.
export function addressFor(search, game) {
  const params = new URLSearchParams(search);
  const shared = params.get('s');
  if (shared === null && !params.has('p')) return null;
  const parsed = shared === null ? { error: 'none' } : parseSerial(shared);
  const same = !parsed.error && Array.from(parsed.digits, symbol).join('') === game.line(game.givens);
  if (same && !params.has('p')) return null;
  params.delete('p');
  if (!same) params.delete('s');
  const query = params.toString();
  return query ? `?${query}` : '';
}

// The position on the board as an ipuz puzzle, for the engine to write in
// another program's form (/api/convert): the givens, the entries, and for
// every empty cell its pencil marks: the player's (corner and centre) where
// there are any, else (unless `candidates` is false) the candidates the
// board shows (less eliminations).
export function ipuzOf(game, { candidates = true } = {}) {
  const n = game.n, cands = candidates ? game.candidates() : new Uint32Array(n * n);
  const rows = (fn) => Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => fn(r * n + c)));
  return {
    version: 'http://ipuz.org/v2',
    kind: ['http://ipuz.org/sudoku#1'],
    puzzle: rows((i) => game.givens[i]),
    saved: rows((i) => (game.values[i] ? (game.isGiven(i) ? 0 : game.values[i]) : digitsOf(game.corner[i] | game.centre[i] || cands[i], n))),
  };
}

// A position the engine read from another program's form, as an ipuz
// object (/api/convert to 'ipuz'): {n, givens, values, marks} (digits per
// cell, 0 for none; marks as masks, the form's pencil marks or candidates),
// or {error}. Symbols may be numbers or the puzzle's charset's characters.
export function positionOfIpuz(ipuz) {
  const rows = ipuz && Array.isArray(ipuz.puzzle) ? ipuz.puzzle : null;
  if (!rows) return { error: 'no puzzle came back' };
  const n = rows.length, cells = n * n;
  const charset = typeof ipuz.charset === 'string' ? ipuz.charset : '';
  const digit = (v) => {
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= n) return v;
    if (typeof v === 'string' && v.length === 1 && charset.includes(v)) return charset.indexOf(v) + 1;
    return 0;
  };
  const givens = new Uint8Array(cells), values = new Uint8Array(cells), marks = new Uint32Array(cells);
  for (let r = 0; r < n; r++) {
    if (!Array.isArray(rows[r]) || rows[r].length !== n) return { error: `row ${r + 1} does not hold ${n} cells` };
    for (let c = 0; c < n; c++) givens[r * n + c] = digit(rows[r][c]);
  }
  const saved = Array.isArray(ipuz.saved) && ipuz.saved.length === n ? ipuz.saved : null;
  for (let r = 0; saved && r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c, v = Array.isArray(saved[r]) ? saved[r][c] : null;
      if (givens[i]) continue;
      if (Array.isArray(v)) for (const m of v) { const d = digit(m); if (d) marks[i] |= 1 << (d - 1); }
      else values[i] = digit(v);
    }
  }
  return { n, givens, values, marks };
}

// The forms a position can be copied in on a board of side n: [value, words],
// the engine writing all but the first. HoDoKu's and SudokuWiki's know 9x9 alone.
export function copyForms(n) {
  const forms = [['line', `${n * n}-character line`]];
  if (n <= 9) forms.push(['pm', 'pencil-mark grid']);
  if (n === 9) forms.push(['hodoku', 'HoDoKu line'], ['sudokuwiki', 'SudokuWiki']);
  return forms;
}

// The sites a position opens in: the form the engine writes it in, the
// sizes the site takes, the site's words, and its address for the text
// written. SudokuPad opens an f-puzzles link's payload (entries and marks
// ride in f-puzzles' own cell fields), with the player's own marks alone:
// there the computed candidates would be marks the player never made.
export const OPEN_IN = {
  sudokuwiki: { form: 'sudokuwiki', sizes: [9], name: 'SudokuWiki\'s solver', link: (text) => `https://www.sudokuwiki.org/sudoku.htm?bd=${text}` },
  sudokupad: { form: 'url', sizes: [4, 6, 8, 9, 12, 16], name: 'SudokuPad', candidates: false, link: (text) => `https://sudokupad.app/fpuzzles${text.slice(text.indexOf('?load=') + 6)}` },
};

// The ways a puzzle in nonet's JSON form (docs/variants.md) differs from
// classic Sudoku, in words, each once: its regions when they are not the
// boxes, then its constraints' kinds ('killer cage' for killer_cage).
export function variantKinds(puzzle) {
  const words = [];
  if (Array.isArray(puzzle.regions)) words.push('jigsaw regions');
  else if (puzzle.regions !== undefined && puzzle.regions !== 'boxes') words.push('no boxes');
  for (const c of puzzle.constraints || []) words.push(String(c.kind).replace(/_/g, ' '));
  return [...new Set(words)];
}

// What follows the engine's reading of an f-puzzles link (`reply`: api.js's
// answer to /api/convert with `to: 'nonet'`), beside the kept game:
//   {start: 'bad-link', error}   the engine cannot read the link: its message
//   {start: 'failed'}            no answer (cancelled, unreachable, out of time)
//   {start: 'variant', text}     a puzzle the board cannot play: `text` says why
//   {start: 'same-link' | 'link', ...}  a classic puzzle, as startPlan gives
//                                for the board's own link of it
export function loadedPlan(reply, saved) {
  const error = reply.body && reply.body.error;
  if (!reply.ok) {
    if (reply.status >= 400 && reply.status < 500 && error && error.message) {
      return { start: 'bad-link', error: error.message.replace(/^puzzle: /, '') };
    }
    return { start: 'failed' };
  }
  const puzzle = reply.body && reply.body.puzzle;
  if (!puzzle || typeof puzzle.givens !== 'string') return { start: 'bad-link', error: 'no puzzle came back' };
  // Short enough for two lines of a phone's status line.
  const kinds = variantKinds(puzzle);
  if (kinds.length) {
    return { start: 'variant', text: `A variant from f-puzzles (${kinds.join(', ')}): the board plays classic Sudoku only, for now.` };
  }
  if (!SIZES.includes(puzzle.size)) {
    const sizes = SIZES.map((n) => `${n}×${n}`);
    const offered = `${sizes.slice(0, -1).join(', ')} and ${sizes.at(-1)}`;
    return { start: 'variant', text: `A ${puzzle.size}×${puzzle.size} puzzle from f-puzzles: the board plays ${offered} only.` };
  }
  return linkPlan(puzzle.givens, null, saved);
}

// What is said of a puzzle from a link: `note` (which the uniqueness check
// finishes) and the status text until then. `problem`: why the link's
// progress cannot be read, or null; `link`: the link in words.
export function linkSaid(progress, problem, link = 'the link') {
  const note = problem ? `Puzzle from ${link} loaded, but its progress cannot be read (${problem});`
    : progress ? `Puzzle and progress from ${link} loaded:` : `Puzzle from ${link} loaded:`;
  return { note, text: note.replace(/[:;]$/, '.'), kind: problem ? 'bad' : '', checkKind: problem ? 'bad' : 'ok' };
}
