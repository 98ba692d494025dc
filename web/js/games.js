// Saved games: every game in progress the player left, kept in localStorage
// beside the game on the board, to be resumed from the Saved games list. A
// game is known by its puzzle (its size and givens): playing a puzzle again
// updates its entry. No DOM and no storage: page.js reads and writes the text.

import { Game, symbol } from './model.js';
import { ratingText, ratingUnfinished } from './work.js';
import { formatTime } from './clock.js';

export const GAMES_KEY = 'nonet.games.v1';
export const GAMES_LIMIT = 30;

// The key of the game's puzzle, or '' for a board with no givens (nothing to
// resume: an empty board the player types into is the game on the board).
export const gameKey = (game) => puzzleKey(game.n, game.givens);
export function puzzleKey(n, givens) {
  return givens.some((v) => v) ? `${n}:${Array.from(givens, symbol).join('')}` : '';
}

// The list read back from its stored text: the entries that can be read,
// newest first. Never throws.
export function readGames(text) {
  let list = null;
  try { list = JSON.parse(text || '[]'); } catch { return []; }
  if (!Array.isArray(list)) return [];
  return list.filter((e) => e && typeof e.key === 'string' && e.key && typeof e.when === 'number' && e.game && typeof e.game === 'object')
    .sort((a, b) => b.when - a.when);
}

// The list with the game on the board in it, as it is now (at `now`, ms
// since the epoch): a game in progress is added or updated; a game that is
// finished, or has no progress, leaves it. At most GAMES_LIMIT stay, the
// most recently played.
export function keepGame(list, game, now) {
  const key = gameKey(game);
  if (!key) return list;
  const rest = list.filter((e) => e.key !== key);
  if (!game.inProgress()) return rest.length === list.length ? list : rest;
  let filled = 0;
  for (const v of game.values) if (v) filled++;
  const entry = { key, when: now, n: game.n, filled, cells: game.geo.cells, game: game.toJSON() };
  return [entry, ...rest].slice(0, GAMES_LIMIT);
}

export const forgetGame = (list, key) => list.filter((e) => e.key !== key);

// The saved game of `key` as a Game, or null when it cannot be read.
export function gameOf(list, key) {
  const e = list.find((x) => x.key === key);
  if (!e) return null;
  try { return Game.fromJSON(e.game); } catch { return null; }
}

// How long ago, in words.
export function ago(ms) {
  const min = Math.floor(ms / 60000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.floor(h / 24);
  return d === 1 ? 'yesterday' : `${d} days ago`;
}

// The rows of the Saved games list: the games other than the one on the
// board (`currentKey`), each {key, title, progress, when, detail}: its size
// and level, how far it has gone and its time, when it was last played, and
// the last two together.
export function gameRows(list, currentKey, now) {
  return list.filter((e) => e.key !== currentKey).map((e) => {
    const meta = e.game.meta || {}, rating = meta.rating && typeof meta.rating === 'object' ? meta.rating : null;
    const rated = rating && typeof rating.level === 'string' && !ratingUnfinished(rating);
    const title = `${e.n}×${e.n}${rated ? ` ${ratingText(rating)}` : ''}`;
    const progress = `${e.filled} of ${e.cells} cells · ${formatTime(Number(meta.elapsed) || 0)}`;
    const when = ago(now - e.when);
    return { key: e.key, title, progress, when, detail: `${progress} · ${when}` };
  });
}
