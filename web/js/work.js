// Work with the back end as data: when input is refused, and what the status
// line says of each answer (a new puzzle, a rating, a uniqueness check, a
// solution, a failure). No DOM and no requests: the work panel
// (work-panel.js) makes the calls and says what these functions return.
//
// A reply is what api.js's call() resolves to: {ok, status, body, ms, aborted}.
// A said text is {text, kind}, kind '' | 'ok' | 'warn' | 'bad' (the status
// line's colour).

import { freshMeta, parseSerial } from './model.js';

export const LEVELS = ['easy', 'medium', 'hard', 'expert', 'extreme'];

export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// ---------------------------------------------------------------- refusing input

export const busyWaitText = (busy) => `Please wait: ${busy.label.toLowerCase()}, or press Cancel.`;

// Why input is refused now (paused, or waiting for the back end), or null.
export function blockedText({ paused, busy, replay = null }) {
  if (paused) return 'Paused: press Resume (or P) to play on.';
  if (replay) return 'A replay is showing: Stop (or Esc) goes back to the game.';
  if (busy) return busyWaitText(busy);
  return null;
}

// The spinner's words: the work and the whole seconds it has taken.
export const busyText = (label, startedMs, now) => `${label}… ${Math.floor((now - startedMs) / 1000)} s`;

// A failed call as a sentence for the player. `backend` is 'server' or
// 'engine'; `budgetMs` the engine's time allowed for one request.
export function failure(what, reply, { backend, budgetMs }) {
  const e = reply.body && reply.body.error;
  const code = e && e.code;
  if (reply.aborted) return `${what}: cancelled. The board is as it was.`;
  if (code === 'timeout') {
    const allowed = backend === 'engine' ? `the ${Math.round(budgetMs / 1000)} s allowed for one request` : 'the server allows for one request';
    return `${what}: it takes longer than ${allowed}, so it stopped. The board is as it was.`;
  }
  if (code === 'busy') return `${what}: the server is busy with other work; try again in a moment.`;
  if (code === 'unsupported') return `${what}: ${errorText(reply)}.`;
  return `${what}: ${errorText(reply)}`;
}

// The message of a failed call.
export function errorText(reply) {
  const e = reply.body && reply.body.error;
  return e ? e.message : `request failed (${reply.status})`;
}

// A failure said: cancelling is no fault, so it is said plainly.
export const failureSaid = (what, reply, where) => ({ text: failure(what, reply, where), kind: reply.aborted ? '' : 'bad' });

// ---------------------------------------------------------------- ratings and levels

export function ratingText(r) {
  const er = typeof r.er === 'number' ? r.er.toFixed(1) : typeof r.er_min === 'number' ? `≥${r.er_min.toFixed(1)}` : '?';
  return `${cap(r.level)} · ER ${er}`;
}

// A rating whose search stopped before its first step says nothing of the puzzle.
export const ratingUnfinished = (r) => !r || !r.level || (typeof r.er !== 'number' && !r.steps);

// The badge over the board: {text, level} (level null: no rating to colour).
export function ratingBadge(rating, hasGivens) {
  if (!rating || !rating.level) {
    return { text: rating === 'pending' ? 'Rating…' : hasGivens ? 'Unrated' : 'Empty board', level: null };
  }
  return { text: ratingText(rating), level: rating.level };
}

// The levels offered for side n: those the back end names (`levels`, a Map
// from side to names), or all when it names none.
export const levelsAt = (levels, n) => (levels ? levels.get(n) || [] : LEVELS);

// The level chosen among `offered`: the one the player last chose, or the
// nearest offered below it.
export function levelChoice(offered, prev) {
  if (offered.includes(prev)) return prev;
  const below = offered.filter((l) => LEVELS.indexOf(l) <= LEVELS.indexOf(prev));
  return below.length ? below[below.length - 1] : offered[0] || '';
}

export function newTitle(offered, n, source) {
  return offered.length ? 'Make a new puzzle of this size and level, with exactly one solution (N)'
    : `${cap(source)} makes no ${n}×${n} puzzles; type or paste one instead`;
}

export const noPuzzlesText = (n, source) => `${cap(source)} makes no ${n}×${n} puzzles: type or paste one, then Load.`;

// ---------------------------------------------------------------- answers

// A new puzzle from /api/generate's body, asked for at `level`: {error} when
// the page cannot read it, else {n, digits, meta} to load.
export function generated(body, level, source) {
  const parsed = parseSerial(body.puzzle || '');
  if (parsed.error) return { error: `${cap(source)} sent a puzzle the page cannot read: ${parsed.error}` };
  const rating = body.rating && body.rating.level ? body.rating : null;
  const solution = typeof body.solution === 'string' && body.solution.length === parsed.digits.length ? body.solution : null;
  return { n: parsed.n, digits: parsed.digits, meta: freshMeta({ rating, solution, asked: level }) };
}

// What is said of a new puzzle, and whether it is to be rated again (its
// rating ran out of time).
export function generatedSaid(body, level, n, source) {
  const rating = body.rating && body.rating.level ? body.rating : null;
  const what = `${n}×${n}`;
  if (rating && ratingUnfinished(rating)) {
    return { text: `New ${what} puzzle: ${body.clues} clues, one solution. Its rating ran out of time; rating it again…`, kind: '', rerate: true };
  }
  if (body.status === 'closest') {
    return { text: `No ${level} ${what} puzzle turned up in time, so this is the closest found: ${rating ? ratingText(rating) : 'unrated'}.`, kind: 'warn' };
  }
  if (!rating) return { text: `New ${what} puzzle: ${body.clues} clues, one solution. ${cap(source)} gave no rating for it.`, kind: 'warn' };
  if (rating.level !== level) return { text: `You asked for ${level}; this puzzle rates ${ratingText(rating)}.`, kind: 'warn' };
  return { text: `New puzzle, ${ratingText(rating)}: ${body.clues} clues, one solution.`, kind: 'ok' };
}

// The rating /api/rate gave (null: none), and what is said of it: always a
// missing rating or one off the level asked for (`asked`); that the new puzzle
// rates as asked, only while nothing newer was said (`quiet`).
export const rated = (reply) => (reply.ok && reply.body.level ? reply.body : null);
// A game's rating when none came: UNCHECKED when the back end could not give
// one (unreachable, or failing on its side: the page going away in the middle
// of a check looks the same), to be asked again when the game comes back;
// null when it answered that there is none.
export const UNCHECKED = 'unchecked';
export const unratedBy = (reply) => (!reply.ok && (reply.status === 0 || reply.status >= 500) ? UNCHECKED : null);
export function ratedSaid(rating, reply, asked, quiet) {
  if (!rating) return { text: `The puzzle is not rated: ${reply.ok ? 'no level came back' : errorText(reply)}.`, kind: '' };
  if (asked && rating.level !== asked) return { text: `You asked for ${asked}; this puzzle rates ${ratingText(rating)}.`, kind: 'warn' };
  if (asked && quiet) return { text: `New puzzle, ${ratingText(rating)}.`, kind: 'ok' };
  return null;
}

// What /api/count (limit 2) says of a loaded puzzle: {problem} when it cannot
// be played with hints and ratings, else {solution} (a line, or null).
export function counted(reply) {
  if (!reply.ok) return { problem: `Cannot check the puzzle: ${errorText(reply)}` };
  const b = reply.body;
  if (b.status === 'invalid') return { problem: `The givens break the rules: ${b.message}` };
  if (b.status === 'no_solution') return { problem: 'This puzzle has no solution.' };
  if (b.status === 'timeout') return { problem: 'The uniqueness check ran out of time.' };
  if (b.count > 1) return { problem: 'This puzzle has more than one solution: hints and ratings need exactly one.' };
  return { solution: typeof b.solution === 'string' ? b.solution : null };
}

// What Solve says of /api/solve's answer, and the solution to fill in when it
// solved. On the engine in a browser the clock moves in steps of 0.1 ms
// (finer only in a cross-origin isolated page): a time under one step is said
// so, not as 0.
export function solvedSaid(reply, backend) {
  const b = reply.body;
  const where = backend === 'engine' ? 'in the engine' : 'on the server';
  const tiny = backend === 'engine' && typeof b.elapsed_ms === 'number' && b.elapsed_ms < 0.1;
  const ms = typeof b.elapsed_ms !== 'number' ? '' : tiny ? 'under 0.1' : b.elapsed_ms < 1 ? b.elapsed_ms.toFixed(3) : b.elapsed_ms.toFixed(1);
  // What the player waited first; the search's own time after it.
  const took = `${Math.round(reply.ms)} ms${ms ? ` (the search itself: ${ms} ms ${where})` : ''}`;
  // (an answer about broken givens comes before any search, with no time)
  if (b.status === 'solved') return { solved: true, solution: b.solution, text: `Solved in ${took}.`, kind: 'ok' };
  if (b.status === 'invalid') return { text: `No solution: ${b.message}.`, kind: 'bad' };
  if (b.status === 'no_solution') return { text: `No solution from here, searched in ${took}: an entry is wrong, or the puzzle is broken.`, kind: 'bad' };
  if (b.status === 'multiple') return { text: `More than one solution from here, searched in ${took}.`, kind: 'bad' };
  return { text: `The search stopped: ${b.message || b.status}.`, kind: 'bad' };
}
