// What the page keeps in localStorage besides the game in progress: the
// player's settings, the colour theme and the history of finished puzzles
// with personal bests.
// Storage may be full or disabled: then nothing is kept and play goes on.

const SETTINGS_KEY = 'nonet.settings.v1';
const HISTORY_KEY = 'nonet.history.v1';
const THEME_KEY = 'nonet.theme';
const HISTORY_LIMIT = 200;

export const DEFAULT_SETTINGS = {
  showCands: false,      // automatic candidates in empty cells
  showSingles: false,    // naked singles in red
  showArea: true,        // shade the selection's row, column and box
  showSame: true,        // highlight the selection's digit everywhere
  checkMistakes: false,  // mark entries that differ from the solution
  autoClean: true,       // a placed digit leaves its peers' marks
  hideTimer: false,
  shareProgress: true,   // share links carry entries, marks and colours
  printEntries: true,    // Print puts the player's entries on paper (print.js)
  printMarks: false,     // and their pencil marks
  keypadOrder: 'row',    // KEYPAD_ORDERS: the 9x9 digits in a row, or 3x3 as a phone or a calculator (keypad.js)
};
const KEYPAD_ORDERS = ['row', 'phone', 'calculator'];

function read(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || 'null');
    return v === null ? fallback : v;
  } catch { return fallback; }
}
function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* not kept */ }
}

export function loadSettings() {
  const saved = read(SETTINGS_KEY, {});
  const out = { ...DEFAULT_SETTINGS };
  for (const k of Object.keys(out)) if (typeof saved[k] === 'boolean') out[k] = saved[k];
  // The size and level of the last new puzzle asked for.
  if (Number.isInteger(saved.newSize)) out.newSize = saved.newSize;
  if (typeof saved.newLevel === 'string') out.newLevel = saved.newLevel;
  if (KEYPAD_ORDERS.includes(saved.keypadOrder)) out.keypadOrder = saved.keypadOrder;
  return out;
}
export function saveSettings(settings) { write(SETTINGS_KEY, settings); }

// The theme the player chose ('light' or 'dark'), else the system's.
export function loadTheme(systemDark) {
  let theme = null;
  try { theme = localStorage.getItem(THEME_KEY); } catch { /* the default */ }
  return theme || (systemDark ? 'dark' : 'light');
}
export function saveTheme(theme) {
  try { localStorage.setItem(THEME_KEY, theme); } catch { /* not kept */ }
}

// One finished puzzle: {when, size, level, er, ms, hints, mistakes, assisted,
// solver, puzzle}. `assisted`: a step, walk, applied hint, Accept, revealed cell or a
// Solve since undone was used; `solver`: Solve finished it. Only unassisted
// finishes count as bests.
export function history() {
  const h = read(HISTORY_KEY, []);
  return Array.isArray(h) ? h.filter((r) => r && typeof r.ms === 'number' && typeof r.size === 'number') : [];
}

// Adds a record; returns the best time before it for the same size and level
// (null if none), so the finish screen can tell a new best.
export function record(entry) {
  const h = history();
  const before = best(h, entry.size, entry.level);
  h.unshift(entry);
  write(HISTORY_KEY, h.slice(0, HISTORY_LIMIT));
  return before;
}

// Takes back the record of the finish at `when` (a finish undone).
export function forget(when) {
  write(HISTORY_KEY, history().filter((r) => r.when !== when));
}

export function best(h, size, level) {
  let out = null;
  for (const r of h) {
    if (r.size === size && r.level === level && !r.assisted && !r.solver && (out === null || r.ms < out)) out = r.ms;
  }
  return out;
}

// Bests per size and level, in board order then level order.
export function bests(h = history()) {
  const order = ['easy', 'medium', 'hard', 'expert', 'extreme', 'unrated'];
  const map = new Map();
  for (const r of h) {
    if (r.assisted || r.solver) continue;
    const key = `${r.size}:${r.level}`;
    const cur = map.get(key);
    if (!cur || r.ms < cur.ms) map.set(key, { size: r.size, level: r.level, ms: r.ms, count: 0 });
  }
  for (const r of h) {
    const key = `${r.size}:${r.level}`;
    if (map.has(key)) map.get(key).count++;
  }
  return [...map.values()].sort((a, b) => a.size - b.size || order.indexOf(a.level) - order.indexOf(b.level));
}
