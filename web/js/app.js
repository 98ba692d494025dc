// The page: renders the game of model.js, turns keys, clicks and taps into
// changes, and asks the server for solutions, hints, paths, ratings and new
// puzzles. Everything is re-rendered from the state after each change.

import { Game, SHAPES, digitOf, digitsOf, parseSerial, symbol } from './model.js';
import { call, errorText } from './api.js';

const $ = (id) => document.getElementById(id);
const SAVE_KEY = 'nonet.game.v1';
const THEME_KEY = 'nonet.theme';
const MODES = ['normal', 'corner', 'centre'];
// Where corner marks sit in a cell: corners first, then edges (cells of a 3x3 or 4x4 layout).
const CORNER_SLOTS = {
  3: [0, 2, 6, 8, 1, 7, 3, 5, 4],
  4: [0, 3, 12, 15, 1, 2, 13, 14, 4, 8, 7, 11, 5, 6, 9, 10],
};

const state = {
  game: new Game(9),
  cur: 0,
  mode: 'normal',
  showCands: false,
  showSingles: false,
  showArea: true,
  rating: null,          // {level, er, ...} of the current puzzle
  hint: null,            // {data, grade: 'vague' | 'concrete'} of the open hint
  marks: null,           // highlights of a step shown on the board
  path: null,            // {steps, next} of the open logical path
  elapsed: 0,            // ms played before `since`
  since: null,           // performance.now() when the clock last started; null = stopped
  paused: false,
  solvedShown: false,
  busy: false,
};
let cells = [];          // the board's cell elements, by index

// ---------------------------------------------------------------- status

function say(text, kind = '') {
  const el = $('status');
  el.textContent = text;
  el.className = `status ${kind}`;
}

// ---------------------------------------------------------------- timer

function elapsedMs() { return state.elapsed + (state.since === null ? 0 : performance.now() - state.since); }
function clockRunning() { return state.since !== null; }
function startClock() { if (!clockRunning() && !state.paused) state.since = performance.now(); }
function stopClock() { if (clockRunning()) { state.elapsed = elapsedMs(); state.since = null; } }
function resetClock() { state.elapsed = 0; state.since = null; state.solvedShown = false; setPaused(false); startClock(); }
function formatTime(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
function renderClock() { $('timer').textContent = formatTime(elapsedMs()); }
function setPaused(p) {
  state.paused = p;
  if (p) stopClock(); else if (!state.game.solved()) startClock();
  $('board').classList.toggle('paused', p);
  $('cover').hidden = !p;
  $('pause').setAttribute('aria-pressed', String(p));
  $('pause').setAttribute('aria-label', p ? 'Resume' : 'Pause');
  if (p) $('resume').focus();
}

// ---------------------------------------------------------------- board

function buildBoard() {
  const { geo } = state.game;
  const board = $('board');
  board.replaceChildren();
  board.style.setProperty('--n', geo.n);
  board.style.setProperty('--br', geo.boxRows);
  board.style.setProperty('--bc', geo.boxCols);
  board.setAttribute('aria-label', `Sudoku board, ${geo.n} by ${geo.n}`);
  board.setAttribute('aria-rowcount', geo.n);
  board.setAttribute('aria-colcount', geo.n);
  cells = [];
  for (let r = 0; r < geo.n; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'grid-row';
    row.style.display = 'contents';
    for (let c = 0; c < geo.n; c++) {
      const i = r * geo.n + c;
      const el = document.createElement('div');
      el.className = 'cell';
      el.setAttribute('role', 'gridcell');
      el.dataset.index = i;
      el.tabIndex = -1;
      row.append(el);
      cells.push(el);
    }
    board.append(row);
  }
  const layer = document.createElementNS(SVG, 'svg');
  layer.id = 'chains';
  layer.setAttribute('aria-hidden', 'true');
  board.append(layer);
  const keypad = $('keypad');
  keypad.replaceChildren();
  keypad.style.setProperty('--kc', geo.n <= 9 ? geo.n + 1 : 9);
  for (let d = 1; d <= geo.n; d++) {
    const b = document.createElement('button');
    b.dataset.digit = d;
    b.title = `Enter ${symbol(d)} (key ${symbol(d)})`;
    b.setAttribute('aria-label', `Digit ${symbol(d)}`);
    const face = document.createElement('span');
    face.textContent = symbol(d);
    const left = document.createElement('span');
    left.className = 'left';
    b.append(face, left);
    keypad.append(b);
  }
  const erase = document.createElement('button');
  erase.dataset.digit = 0;
  erase.className = 'erase';
  erase.textContent = 'Erase';
  erase.title = 'Clear the current cell (0, Delete or Backspace)';
  keypad.append(erase);
  $('size').value = String(geo.n);
}

const cellOf = (geo, x) => (x.row - 1) * geo.n + (x.col - 1);

// The highlights of a logical step: its pattern, placements and eliminations.
function stepMarks(step, grade) {
  const { geo } = state.game;
  const m = { area: new Set(), pattern: new Set(), pattern2: new Set(), place: new Map(), elim: new Map(), wrong: new Set(), links: [], nodes: new Set() };
  if (!step) return m;
  const houseCells = (h) => {
    const out = [];
    for (let i = 0; i < geo.cells; i++) {
      const k = h.kind === 'row' ? geo.row(i) : h.kind === 'column' ? geo.col(i) : geo.box(i);
      if (k === h.index - 1) out.push(i);
    }
    return out;
  };
  if (grade === 'vague') {
    if (step.houses && step.houses[0]) houseCells(step.houses[0]).forEach((i) => m.area.add(i));
    return m;
  }
  (step.houses || []).forEach((h) => houseCells(h).forEach((i) => m.area.add(i)));
  (step.cells || []).forEach((x) => m.pattern.add(cellOf(geo, x)));
  (step.secondary_cells || []).forEach((x) => m.pattern2.add(cellOf(geo, x)));
  (step.placements || []).forEach((x) => m.place.set(cellOf(geo, x), x.digit));
  (step.eliminations || []).forEach((x) => {
    const i = cellOf(geo, x);
    m.elim.set(i, (m.elim.get(i) || 0) | (1 << (x.digit - 1)));
  });
  m.links = step.links || [];
  for (const l of m.links) { m.nodes.add(cellOf(geo, l.from)); m.nodes.add(cellOf(geo, l.to)); }
  return m;
}

// The links of a chain step drawn over the board, candidate to candidate:
// strong links solid, weak links dashed, each with an arrowhead. Coordinates
// are in cells (the layer's viewBox is n x n) and follow the candidates'
// layout of .cands (box-shaped, inset 4 % of the cell).
const SVG = 'http://www.w3.org/2000/svg';
function drawChains(links) {
  const layer = $('chains');
  if (!layer) return;
  const { geo } = state.game;
  layer.replaceChildren();
  layer.setAttribute('viewBox', `0 0 ${geo.n} ${geo.n}`);
  if (!links.length) return;
  const el = (name, attrs) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };
  const defs = el('defs', {});
  const marker = el('marker', { id: 'chain-arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' });
  marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'chain-head' }));
  defs.append(marker);
  layer.append(defs);
  const centre = (x) => {
    const i = cellOf(geo, x), k = x.digit - 1;
    return [geo.col(i) + 0.04 + 0.92 * ((k % geo.boxCols) + 0.5) / geo.boxCols,
      geo.row(i) + 0.04 + 0.92 * (Math.floor(k / geo.boxCols) + 0.5) / geo.boxRows];
  };
  const radius = 0.46 / Math.max(geo.boxCols, geo.boxRows);
  const seen = new Set();
  for (const l of links) {
    const [x1, y1] = centre(l.from), [x2, y2] = centre(l.to);
    for (const [x, y] of [[x1, y1], [x2, y2]]) {
      const key = `${x},${y}`;
      if (seen.has(key)) continue;
      seen.add(key);
      layer.append(el('circle', { cx: x, cy: y, r: radius, class: 'chain-node' }));
    }
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy);
    if (len < 1e-6) continue;
    // Bend each link a little so that it does not run over the candidates
    // between its ends, and stop it at the rings.
    const ux = dx / len, uy = dy / len, bend = Math.min(0.25, len * 0.15);
    const ax = x1 + ux * radius, ay = y1 + uy * radius, bx = x2 - ux * radius, by = y2 - uy * radius;
    const cx = (ax + bx) / 2 - uy * bend, cy = (ay + by) / 2 + ux * bend;
    layer.append(el('path', { d: `M${ax},${ay} Q${cx},${cy} ${bx},${by}`, class: l.strong ? 'chain-link strong' : 'chain-link weak', 'marker-end': 'url(#chain-arrow)' }));
  }
}

function smallDigits(className, layoutDigits, n, mark) {
  const box = document.createElement('div');
  box.className = className;
  for (const [d, cls] of layoutDigits) {
    const s = document.createElement('span');
    if (d) s.textContent = symbol(d);
    if (cls) s.className = cls;
    if (mark && d === mark) s.classList.add('hl');
    box.append(s);
  }
  return box;
}

function render() {
  const g = state.game, { geo } = g;
  const cands = g.candidates();
  const conflicts = g.conflicts();
  const cur = state.cur;
  const curDigit = g.values[cur];
  const m = state.marks || stepMarks(null);
  const slotSide = geo.n === 16 ? 4 : 3;
  const slots = CORNER_SLOTS[slotSide];

  for (let i = 0; i < geo.cells; i++) {
    const el = cells[i];
    const v = g.values[i];
    const cls = ['cell'];
    const r = geo.row(i), c = geo.col(i);
    if (c === geo.n - 1) cls.push('edge-r'); else if ((c + 1) % geo.boxCols === 0) cls.push('box-r');
    if (r === geo.n - 1) cls.push('edge-b'); else if ((r + 1) % geo.boxRows === 0) cls.push('box-b');
    if (g.isGiven(i)) cls.push('given'); else if (v) cls.push('entry');
    const stepShown = m.area.size || m.pattern.size || m.place.size || m.elim.size || m.wrong.size;
    if (state.showArea && !stepShown && i !== cur && (geo.row(i) === geo.row(cur) || geo.col(i) === geo.col(cur) || geo.box(i) === geo.box(cur))) cls.push('area');
    if (state.showArea && curDigit && v === curDigit && i !== cur) cls.push('same');
    if (m.area.has(i)) cls.push('hint-area');
    if (m.pattern.has(i)) cls.push('pattern');
    if (m.pattern2.has(i)) cls.push('pattern-2');
    if (m.place.has(i)) cls.push('place');
    if (m.wrong.has(i)) cls.push('wrong');
    if (conflicts.has(i)) cls.push('conflict');
    if (i === cur) cls.push('current');
    el.className = cls.join(' ');
    el.tabIndex = i === cur ? 0 : -1;
    el.setAttribute('aria-selected', String(i === cur));

    const parts = [];
    const highlightDigit = state.showArea ? curDigit : 0;
    const single = cands[i] && (cands[i] & (cands[i] - 1)) === 0 ? Math.log2(cands[i]) + 1 : 0;
    let label = `${geo.name(i)}, `;
    if (v) {
      const span = document.createElement('span');
      span.className = 'value';
      span.textContent = symbol(v);
      parts.push(span);
      label += `${g.isGiven(i) ? 'given' : 'entry'} ${symbol(v)}${conflicts.has(i) ? ', conflict' : ''}`;
    } else if (m.place.has(i)) {
      const span = document.createElement('span');
      span.className = 'value';
      span.textContent = symbol(m.place.get(i));
      parts.push(span);
      label += `empty, the hint places ${symbol(m.place.get(i))}`;
    } else {
      label += 'empty';
      const elim = m.elim.get(i) || 0;
      if (g.corner[i] || g.centre[i]) {
        if (g.corner[i]) {
          const box = document.createElement('div');
          box.className = 'corner';
          digitsOf(g.corner[i], geo.n).forEach((d, k) => {
            const s = document.createElement('span');
            s.textContent = symbol(d);
            const slot = slots[k % slots.length];
            s.style.left = `${((slot % slotSide) / (slotSide - 1)) * 100}%`;
            s.style.top = `${(Math.floor(slot / slotSide) / (slotSide - 1)) * 100}%`;
            s.style.transform = `translate(${-((slot % slotSide) / (slotSide - 1)) * 100}%, ${-(Math.floor(slot / slotSide) / (slotSide - 1)) * 100}%)`;
            if (d === highlightDigit) s.className = 'hl';
            if (elim & (1 << (d - 1))) s.className = 'elim';
            box.append(s);
          });
          parts.push(box);
          label += `, corner marks ${digitsOf(g.corner[i], geo.n).map(symbol).join(' ')}`;
        }
        if (g.centre[i]) {
          const s = document.createElement('span');
          s.className = 'centre';
          for (const d of digitsOf(g.centre[i], geo.n)) {
            const t = document.createElement('span');
            t.textContent = symbol(d);
            if (d === highlightDigit) t.className = 'hl';
            if (elim & (1 << (d - 1))) t.className = 'elim';
            s.append(t);
          }
          parts.push(s);
          label += `, centre marks ${digitsOf(g.centre[i], geo.n).map(symbol).join(' ')}`;
        }
      } else if (state.showCands || elim || m.nodes.has(i)) {
        const showAll = state.showCands || m.nodes.has(i);
        const layout = [];
        for (let d = 1; d <= geo.n; d++) {
          const has = cands[i] & (1 << (d - 1));
          const isElim = elim & (1 << (d - 1));
          const show = (showAll && has) || isElim;
          layout.push([show ? d : 0, isElim ? 'elim' : state.showSingles && single === d ? 'single' : '']);
        }
        parts.push(smallDigits('cands', layout, geo.n, highlightDigit));
        if (state.showCands) label += `, candidates ${digitsOf(cands[i], geo.n).map(symbol).join(' ') || 'none'}`;
      } else if (state.showSingles && single) {
        const s = document.createElement('span');
        s.className = 'lone';
        s.textContent = symbol(single);
        parts.push(s);
      }
      if (state.showSingles && single) label += `, naked single ${symbol(single)}`;
    }
    el.replaceChildren(...parts);
    el.setAttribute('aria-label', label);
  }

  // Keypad: how many of each digit are still to place.
  const counts = new Array(geo.n + 1).fill(0);
  g.values.forEach((v) => counts[v]++);
  for (const b of $('keypad').querySelectorAll('button[data-digit]')) {
    const d = Number(b.dataset.digit);
    if (!d) continue;
    const left = geo.n - counts[d];
    b.querySelector('.left').textContent = left > 0 ? left : '';
    b.classList.toggle('done', left <= 0);
  }
  for (const b of document.querySelectorAll('.modes button')) b.setAttribute('aria-pressed', String(b.dataset.mode === state.mode));
  $('undo').disabled = !g.undoStack.length;
  $('redo').disabled = !g.redoStack.length;
  if (document.activeElement !== $('serial')) $('serial').value = g.line();
  drawChains(m.links);
  renderRating();
  renderClock();
  save();
}

function renderRating() {
  const badge = $('rating');
  const r = state.rating;
  if (!r) {
    badge.textContent = state.game.givens.some((v) => v) ? 'Unrated' : 'Empty board';
    delete badge.dataset.level;
    return;
  }
  const er = r.er !== null && r.er !== undefined ? r.er.toFixed(1) : `≥${(r.er_min || 6.5).toFixed(1)}`;
  badge.textContent = `${r.level[0].toUpperCase()}${r.level.slice(1)} · ER ${er}`;
  badge.dataset.level = r.level;
}

function focusCurrent() {
  const active = document.activeElement;
  if (!active || active === document.body || $('board').contains(active) || $('keypad').contains(active)) {
    cells[state.cur].focus({ preventScroll: true });
  }
}

function select(i) {
  state.cur = i;
  render();
  focusCurrent();
}

// ---------------------------------------------------------------- changes

// After any change by the player: close step highlights, note a solved board.
function changed(keepMarks = false) {
  if (!keepMarks) {
    state.marks = null;
    closeHint();
  }
  render();
  const g = state.game;
  if (g.solved() && !state.solvedShown) {
    state.solvedShown = true;
    stopClock();
    say(`Solved in ${formatTime(elapsedMs())}. Well done!`, 'ok');
  } else if (!g.solved()) {
    state.solvedShown = false;
    if (!state.paused && g.values.some((v, i) => v && !g.isGiven(i))) startClock();
    const conflicts = g.conflicts();
    if (conflicts.size) say(`Conflict: ${[...conflicts].map((i) => g.geo.name(i)).join(', ')} repeat a digit.`, 'bad');
  }
}

function enter(d, kindOverride = null) {
  const g = state.game, i = state.cur;
  if (state.paused) return;
  const kind = kindOverride || state.mode;
  if (g.isGiven(i)) { say(`${g.geo.name(i)} is a given.`); return; }
  let did;
  if (d === 0 || kind === 'normal') did = g.place(i, d);
  else did = g.toggleMark(kind === 'corner' ? 'corner' : 'centre', i, d);
  if (did) {
    if (kind === 'normal' || d === 0) say(d ? `${g.geo.name(i)} = ${symbol(d)}` : `${g.geo.name(i)} cleared`);
    changed();
  }
}

function setMode(mode) {
  state.mode = mode;
  render();
  say(`${mode[0].toUpperCase()}${mode.slice(1)} mode${mode === 'normal' ? '' : ': digits toggle marks'}.`);
}

function loadPuzzle(n, digits, rating = null) {
  state.game.load(n, digits);
  if (cells.length !== n * n) buildBoard();
  state.cur = Math.min(state.cur, n * n - 1);
  state.rating = rating;
  state.path = null;
  $('path-panel').hidden = true;
  resetClock();
  changed();
}

// ---------------------------------------------------------------- server calls

async function busy(button, work) {
  if (state.busy) return;
  state.busy = true;
  button.disabled = true;
  try { await work(); } finally { state.busy = false; button.disabled = false; render(); }
}

function newPuzzle() {
  const size = Number($('size').value), level = $('level').value;
  return busy($('new'), async () => {
    say(`Making a new ${level} ${size}×${size} puzzle…`);
    const reply = await call('generate', { size, level });
    if (!reply.ok) { say(`No new puzzle: ${errorText(reply)}`, 'bad'); return; }
    const parsed = parseSerial(reply.body.puzzle);
    if (parsed.error) { say(`The server sent a puzzle the page cannot read: ${parsed.error}`, 'bad'); return; }
    loadPuzzle(parsed.n, parsed.digits, reply.body.rating || null);
    say(reply.body.status === 'closest' ? reply.body.message
      : `New ${level} puzzle: ${reply.body.clues} clues, one solution.`, reply.body.status === 'closest' ? '' : 'ok');
  });
}

// Checks that the loaded puzzle has one solution, then rates it.
async function checkPuzzle() {
  const g = state.game;
  const puzzle = g.line(g.givens);
  const count = await call('count', { puzzle, limit: 2 });
  if (g.line(g.givens) !== puzzle) return;  // another puzzle was loaded meanwhile
  if (!count.ok) { say(`Cannot check the puzzle: ${errorText(count)}`, 'bad'); return; }
  const b = count.body;
  if (b.status === 'invalid') { say(`The givens break the rules: ${b.message}`, 'bad'); return; }
  if (b.status === 'no_solution') { say('This puzzle has no solution.', 'bad'); return; }
  if (b.status === 'timeout') { say('The uniqueness check ran out of time.', 'bad'); return; }
  if (b.count > 1) { say('This puzzle has more than one solution: hints and ratings need exactly one.', 'bad'); return; }
  say('Loaded: the puzzle has exactly one solution.', 'ok');
  const rate = await call('rate', { puzzle });
  if (g.line(g.givens) !== puzzle) return;
  if (rate.ok) { state.rating = rate.body; renderRating(); save(); }
}

async function loadFromBox() {
  const text = $('serial').value;
  let parsed = parseSerial(text.replace(/\s+/g, ''));
  if (parsed.error) {
    // Any other text form: the server's parser reads it and says where it fails.
    const reply = await call('validate', { puzzle: text });
    if (!reply.ok) { say(`Cannot load: ${errorText(reply)}`, 'bad'); return; }
    parsed = parseSerial(reply.body.puzzle);
    if (parsed.error) { say(`Cannot load a ${reply.body.size} board here: sizes 4×4, 6×6, 9×9 and 16×16 are offered.`, 'bad'); return; }
  }
  if (!parsed.digits.some((d) => d)) { say('The box holds no digits to load.', 'bad'); return; }
  loadPuzzle(parsed.n, parsed.digits);
  $('serial').blur();
  await checkPuzzle();
}

function solve() {
  return busy($('solve'), async () => {
    const g = state.game;
    const reply = await call('solve', { puzzle: g.line() });
    if (!reply.ok) { say(`Cannot solve: ${errorText(reply)}`, 'bad'); return; }
    const b = reply.body;
    const took = `${b.elapsed_ms < 1 ? b.elapsed_ms.toFixed(3) : b.elapsed_ms.toFixed(1)} ms on the server, ${Math.round(reply.ms)} ms in all`;
    if (b.status === 'solved') {
      g.fillSolution(b.solution);
      changed();
      stopClock();
      say(`Solved in ${took}.`, 'ok');
    } else if (b.status === 'invalid') {
      say(`No solution: ${b.message}.`, 'bad');
    } else if (b.status === 'no_solution') {
      say(`No solution from here (${took}): an entry is wrong, or the puzzle is broken.`, 'bad');
    } else if (b.status === 'multiple') {
      say(`More than one solution from here (${took}).`, 'bad');
    } else {
      say(`The search stopped: ${b.message || b.status}.`, 'bad');
    }
  });
}

function hintRequest(level = 'concrete') {
  const g = state.game;
  return {
    puzzle: g.line(), givens: g.line(g.givens), candidates: g.candidatesForApi(),
    cell: state.cur, level,
  };
}

function closeHint() {
  state.hint = null;
  $('hint-panel').hidden = true;
}

function showHint(data, grade) {
  state.hint = { data, grade };
  const g = state.game, { geo } = g;
  $('hint-panel').hidden = false;
  const answer = data.answer;
  $('hint-answer').textContent = answer
    ? (g.values[answer.index] === answer.digit ? `${answer.cell} is right: ${symbol(answer.digit)}.`
      : `Answer for ${answer.cell}: ${symbol(answer.digit)}.`)
    : '';
  $('hint-place').hidden = !answer || g.values[answer.index] !== 0;
  if (data.status !== 'step') {
    $('hint-vague').textContent = data.message;
    $('hint-text').hidden = true;
    $('hint-more').hidden = true;
    $('hint-apply').hidden = true;
    const marks = stepMarks(null);
    (data.wrong_cells || []).forEach((x) => marks.wrong.add(cellOf(geo, x)));
    state.marks = marks;
  } else {
    $('hint-vague').textContent = data.vague || data.step.technique;
    $('hint-text').textContent = data.step.explanation;
    $('hint-text').hidden = grade !== 'concrete';
    $('hint-more').hidden = grade === 'concrete';
    $('hint-apply').hidden = grade !== 'concrete';
    state.marks = stepMarks(data.step, grade);
  }
  render();
}

function hint() {
  return busy($('hint'), async () => {
    const reply = await call('hint', hintRequest());
    if (!reply.ok) { say(`No hint: ${errorText(reply)}`, 'bad'); return; }
    showHint(reply.body, 'vague');
    say(reply.body.status === 'step' ? 'Hint: the area to look at is shaded. “Show step” tells more.' : reply.body.message,
      reply.body.status === 'step' || reply.body.status === 'solved' ? '' : 'bad');
  });
}

function applyStep(step) {
  const g = state.game;
  if (g.applyStep(step)) {
    state.marks = stepMarks(step, 'concrete');
    render();
    changed(true);
    return true;
  }
  return false;
}

function stepOnce() {
  return busy($('step'), async () => {
    closeHint();
    const reply = await call('hint', hintRequest());
    if (!reply.ok) { say(`No step: ${errorText(reply)}`, 'bad'); return; }
    if (reply.body.status !== 'step') { say(reply.body.message, reply.body.status === 'solved' ? 'ok' : 'bad'); return; }
    applyStep(reply.body.step);
    say(`${reply.body.step.explanation} (rating ${reply.body.step.rating.toFixed(1)})`);
  });
}

function walk() {
  return busy($('walk'), async () => {
    closeHint();
    const g = state.game;
    const reply = await call('explain', { puzzle: g.line(), candidates: g.candidatesForApi() });
    if (!reply.ok) { say(`No path: ${errorText(reply)}`, 'bad'); return; }
    const b = reply.body;
    state.path = { steps: b.steps, next: 0 };
    const list = $('path-list');
    list.replaceChildren(...b.steps.map((s) => {
      const li = document.createElement('li');
      li.textContent = s.explanation;
      return li;
    }));
    const r = b.rating;
    $('path-summary').textContent = `${b.steps.length} steps${b.status === 'solved' ? ' to the end' : ', then chains are needed'}; hardest ${r.er !== null ? r.er.toFixed(1) : `≥${r.er_min.toFixed(1)}`} (${r.level}).`;
    $('path-panel').hidden = false;
    $('path-next').disabled = !b.steps.length;
    say('The logical path is listed: “Next step” applies one step at a time.');
  });
}

function pathNext() {
  const p = state.path;
  if (!p || p.next >= p.steps.length) return;
  const step = p.steps[p.next];
  applyStep(step);
  const items = $('path-list').children;
  if (p.next > 0) { items[p.next - 1].className = 'done'; }
  items[p.next].className = 'current';
  items[p.next].scrollIntoView({ block: 'nearest' });
  say(step.explanation);
  p.next++;
  $('path-next').disabled = p.next >= p.steps.length;
}

async function share() {
  const g = state.game;
  const url = `${location.origin}${location.pathname}?s=${g.line(g.givens)}`;
  history.replaceState(null, '', `?s=${g.line(g.givens)}`);
  const box = $('share-url');
  box.value = url;
  box.hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    say('Link copied: it opens this puzzle.', 'ok');
  } catch {
    box.select();
    say('Copy the link below to share this puzzle.');
  }
}

// ---------------------------------------------------------------- saving

function save() {
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify({
      game: state.game.toJSON(), cur: state.cur, mode: state.mode, elapsed: elapsedMs(),
      rating: state.rating, showCands: state.showCands, showSingles: state.showSingles, showArea: state.showArea,
    }));
  } catch { /* storage full or disabled: the game goes on unsaved */ }
}

function restore() {
  try {
    const saved = JSON.parse(localStorage.getItem(SAVE_KEY) || 'null');
    if (!saved) return null;
    const game = Game.fromJSON(saved.game);
    return { ...saved, game };
  } catch { return null; }
}

// ---------------------------------------------------------------- input

function move(dr, dc) {
  const { n } = state.game;
  const r = (Math.floor(state.cur / n) + dr + n) % n, c = (state.cur % n + dc + n) % n;
  select(r * n + c);
}

function onKey(e) {
  const t = e.target;
  if (e.key === 'Escape') { closeHint(); $('path-panel').hidden = true; state.marks = null; render(); return; }
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement) return;
  if (t instanceof HTMLButtonElement && (e.key === 'Enter' || e.key === ' ')) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const k = e.key;
  if (ctrl && (k === 'z' || k === 'Z')) { e.preventDefault(); (e.shiftKey ? doRedo : doUndo)(); return; }
  if (ctrl && (k === 'y' || k === 'Y')) { e.preventDefault(); doRedo(); return; }
  if (ctrl || e.altKey) return;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[k]) { e.preventDefault(); move(...arrows[k]); return; }
  if (k === 'Delete' || k === 'Backspace' || k === '0') { e.preventDefault(); enter(0); return; }
  const n = state.game.n;
  // Shift changes what a digit key types, so digits are read from the key's code.
  const code = /^(Digit|Numpad)([1-9])$/.exec(e.code || '');
  let d = code ? Number(code[2]) : digitOf(k, n);
  if (d > n) d = -1;
  if (d > 0) { e.preventDefault(); enter(d, e.shiftKey ? 'corner' : null); return; }
  const lower = k.toLowerCase();
  if (lower === 'z') setMode('normal');
  else if (lower === 'x') setMode('corner');
  else if (lower === 'v' || (lower === 'c' && n <= 9)) setMode('centre');
  else if (k === ' ') { e.preventDefault(); setMode(MODES[(MODES.indexOf(state.mode) + 1) % MODES.length]); }
  else if (lower === 'h') hint();
  else if (lower === 'p') setPaused(!state.paused);
  else if (lower === 'n') newPuzzle();
}

function doUndo() { if (state.game.undo()) { say('Undone.'); changed(); } }
function doRedo() { if (state.game.redo()) { say('Redone.'); changed(); } }

function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  $('theme').setAttribute('aria-pressed', String(theme === 'dark'));
}

function wire() {
  $('board').addEventListener('pointerdown', (e) => {
    const el = e.target.closest('.cell');
    if (el) { e.preventDefault(); select(Number(el.dataset.index)); cells[state.cur].focus({ preventScroll: true }); }
  });
  document.addEventListener('keydown', onKey);
  $('keypad').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-digit]');
    if (b) enter(Number(b.dataset.digit));
  });
  for (const b of document.querySelectorAll('.modes button')) b.addEventListener('click', () => setMode(b.dataset.mode));
  $('undo').addEventListener('click', doUndo);
  $('redo').addEventListener('click', doRedo);
  $('hint').addEventListener('click', hint);
  $('step').addEventListener('click', stepOnce);
  $('walk').addEventListener('click', walk);
  $('solve').addEventListener('click', solve);
  $('accept').addEventListener('click', () => {
    const count = state.game.singles().length;
    if (state.game.acceptSingles()) { say(`Accepted ${count} single${count === 1 ? '' : 's'}.`); changed(); }
    else say('There are no naked singles to accept.');
  });
  $('reset').addEventListener('click', () => { if (state.game.resetToGivens()) { say('Reset to the givens.'); changed(); } });
  $('clear').addEventListener('click', () => {
    if (state.game.clearAll()) { state.rating = null; resetClock(); stopClock(); say('Cleared: type or paste a puzzle, or make a new one.'); changed(); }
  });
  $('hint-more').addEventListener('click', () => { if (state.hint) showHint(state.hint.data, 'concrete'); });
  $('hint-apply').addEventListener('click', () => {
    if (state.hint && state.hint.data.step) { const step = state.hint.data.step; closeHint(); applyStep(step); say(`Applied: ${step.explanation}`); }
  });
  $('hint-place').addEventListener('click', () => {
    const a = state.hint && state.hint.data.answer;
    if (a) { state.cur = a.index; closeHint(); enter(a.digit, 'normal'); }
  });
  $('hint-close').addEventListener('click', () => { closeHint(); state.marks = null; render(); });
  $('path-next').addEventListener('click', pathNext);
  $('path-close').addEventListener('click', () => { $('path-panel').hidden = true; state.path = null; state.marks = null; render(); });
  $('load').addEventListener('click', loadFromBox);
  $('share').addEventListener('click', share);
  $('new').addEventListener('click', newPuzzle);
  $('size').addEventListener('change', () => {
    const n = Number($('size').value);
    if (n === state.game.n) return;
    loadPuzzle(n, new Uint8Array(n * n));
    stopClock();
    say(`Empty ${n}×${n} board: type a puzzle, paste one, or press New puzzle.`);
  });
  $('show-cands').addEventListener('change', (e) => { state.showCands = e.target.checked; render(); });
  $('show-singles').addEventListener('change', (e) => { state.showSingles = e.target.checked; render(); });
  $('show-area').addEventListener('change', (e) => { state.showArea = e.target.checked; render(); });
  $('pause').addEventListener('click', () => setPaused(!state.paused));
  $('resume').addEventListener('click', () => { setPaused(false); focusCurrent(); });
  $('theme').addEventListener('click', () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    try { localStorage.setItem(THEME_KEY, next); } catch { /* not saved */ }
  });
  document.addEventListener('visibilitychange', () => { if (document.hidden && clockRunning()) setPaused(true); });
  setInterval(() => { renderClock(); if (clockRunning()) save(); }, 1000);
}

// ---------------------------------------------------------------- start

async function start() {
  let theme = null;
  try { theme = localStorage.getItem(THEME_KEY); } catch { /* default */ }
  setTheme(theme || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  wire();
  const saved = restore();
  const shared = new URLSearchParams(location.search).get('s');
  const apply = (s) => {
    state.game = s.game;
    state.cur = Math.min(s.cur || 0, s.game.geo.cells - 1);
    state.mode = MODES.includes(s.mode) ? s.mode : 'normal';
    state.rating = s.rating || null;
    state.elapsed = Number(s.elapsed) || 0;
    state.showCands = !!s.showCands; state.showSingles = !!s.showSingles; state.showArea = s.showArea !== false;
    $('show-cands').checked = state.showCands; $('show-singles').checked = state.showSingles; $('show-area').checked = state.showArea;
  };
  if (shared) {
    const parsed = parseSerial(shared);
    if (parsed.error) {
      say(`The link's puzzle cannot be read: ${parsed.error}`, 'bad');
      if (saved) apply(saved);
      buildBoard(); render();
    } else if (saved && saved.game.line(saved.game.givens) === parsed.digits.reduce((s, d) => s + symbol(d), '')) {
      apply(saved);
      buildBoard(); changed();
      startClock();
      say('Welcome back: your game of this puzzle is restored.');
    } else {
      if (saved) apply(saved);
      state.game = new Game(parsed.n);
      buildBoard();
      loadPuzzle(parsed.n, parsed.digits);
      state.game.undoStack.length = 0;
      render();
      say('Puzzle from the link loaded.');
      checkPuzzle();
    }
  } else if (saved) {
    apply(saved);
    buildBoard(); changed();
    if (!state.game.solved() && state.game.values.some((v) => v)) startClock();
    say('Welcome back: your game is restored.');
  } else {
    buildBoard(); render();
    await newPuzzle();
    state.game.undoStack.length = 0;
    render();
  }
  focusCurrent();
}

start();
