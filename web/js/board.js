// The board on screen: an ARIA grid of cells drawn from a Game and what the
// page shows over it (selection, highlights, a step's marks, mistakes, chains).
// It only draws; page.js decides what to show.

import { COLOUR_COUNT, digitsOf, symbol } from './model.js';

// The Okabe-Ito palette, which stays distinct under the common kinds of colour
// blindness; style.css holds the tints (--paint-1 ... --paint-8).
export const COLOURS = ['orange', 'sky blue', 'bluish green', 'yellow', 'blue', 'vermillion', 'reddish purple', 'black'];

const SVG = 'http://www.w3.org/2000/svg';

// Where corner marks sit in a cell of a side x side layout: the four corners
// first, then the rest of the rim, then the inside.
function cornerSlots(side) {
  const last = side - 1, slots = [0, last, side * last, side * side - 1];
  for (let i = 0; i < side * side; i++) {
    const r = Math.floor(i / side), c = i % side;
    if ((r === 0 || r === last || c === 0 || c === last) && !slots.includes(i)) slots.push(i);
  }
  for (let i = 0; i < side * side; i++) if (!slots.includes(i)) slots.push(i);
  return slots;
}

// The highlights of a logical step: its pattern, placements and eliminations.
// A vague step shows only its area: the house its vague text names ("Look for
// an X-Wing in row 3"), so what is shaded is what is said.
export function stepMarks(geo, step, grade, vague = '') {
  const m = { area: new Set(), pattern: new Set(), pattern2: new Set(), place: new Map(), elim: new Map(), wrong: new Set(), links: [], nodes: new Set() };
  if (!step) return m;
  const at = (x) => (x.row - 1) * geo.n + (x.col - 1);
  if (grade === 'vague') {
    const named = [...(vague || '').matchAll(/\bin (row|column|box) (\d+)\b/g)].pop();
    if (named) geo.house(named[1], Number(named[2])).forEach((i) => m.area.add(i));
    else if (step.houses && step.houses[0]) geo.house(step.houses[0].kind, step.houses[0].index).forEach((i) => m.area.add(i));
    else if (step.cells && step.cells[0]) geo.house('box', geo.box(at(step.cells[0])) + 1).forEach((i) => m.area.add(i));
    return m;
  }
  (step.houses || []).forEach((h) => geo.house(h.kind, h.index).forEach((i) => m.area.add(i)));
  (step.cells || []).forEach((x) => m.pattern.add(at(x)));
  (step.secondary_cells || []).forEach((x) => m.pattern2.add(at(x)));
  (step.placements || []).forEach((x) => m.place.set(at(x), x.digit));
  (step.eliminations || []).forEach((x) => {
    const i = at(x);
    m.elim.set(i, (m.elim.get(i) || 0) | (1 << (x.digit - 1)));
  });
  m.links = step.links || [];
  for (const l of m.links) { m.nodes.add(at(l.from)); m.nodes.add(at(l.to)); }
  return m;
}

export const noMarks = () => stepMarks(null, null);

export class BoardView {
  constructor(board) {
    this.board = board;
    this.cells = [];
    this.geo = null;
  }

  build(geo) {
    const board = this.board;
    this.geo = geo;
    board.replaceChildren();
    board.style.setProperty('--n', geo.n);
    board.style.setProperty('--br', geo.boxRows);
    board.style.setProperty('--bc', geo.boxCols);
    board.setAttribute('aria-label', `Sudoku board, ${geo.n} by ${geo.n}`);
    board.setAttribute('aria-rowcount', geo.n);
    board.setAttribute('aria-colcount', geo.n);
    this.cells = [];
    for (let r = 0; r < geo.n; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'grid-row';
      for (let c = 0; c < geo.n; c++) {
        const el = document.createElement('div');
        el.className = 'cell';
        el.setAttribute('role', 'gridcell');
        el.dataset.index = r * geo.n + c;
        el.style.setProperty('--wave', r + c);
        el.tabIndex = -1;
        row.append(el);
        this.cells.push(el);
      }
      board.append(row);
    }
    const layer = document.createElementNS(SVG, 'svg');
    layer.id = 'chains';
    layer.setAttribute('aria-hidden', 'true');
    board.append(layer);
    this.slotSide = geo.n <= 9 ? 3 : geo.n <= 16 ? 4 : 5;
    this.slots = cornerSlots(this.slotSide);
    // The classes of a cell's place on the board (box and board edges), and
    // what each cell was last drawn with.
    this.frame = this.cells.map((_, i) => {
      const r = geo.row(i), c = geo.col(i);
      let cls = 'cell';
      if (c === geo.n - 1) cls += ' edge-r'; else if ((c + 1) % geo.boxCols === 0) cls += ' box-r';
      if (r === geo.n - 1) cls += ' edge-b'; else if ((r + 1) % geo.boxRows === 0) cls += ' box-b';
      return cls;
    });
    this.drawn = this.cells.map(() => ({ cls: null, tab: null, selected: null, mistake: null, key: null }));
    this.chainsDrawn = undefined;
    this.candBoxes = [];
  }

  // view: {sel, cur, settings, marks, mistakes, hintShown}
  // Only what changed is written: each cell keeps the class, label and
  // content it was last drawn with, and its small digits are built again
  // only when what they show changes (a tap on a 25x25 board with candidates
  // redraws a few cells, not 15,000 digits).
  render(game, view) {
    const g = game, { geo } = g;
    if (this.cells.length !== geo.cells || this.geo !== geo) this.build(geo);
    const cands = g.candidates();
    const conflicts = g.conflicts();
    const { sel, cur, settings, marks: m, mistakes, hintShown } = view;
    const curDigit = g.values[cur];
    const showArea = settings.showArea && !hintShown && sel.size === 1;
    const sameDigit = settings.showSame && !hintShown ? curDigit : 0;
    const sameBit = sameDigit ? 1 << (sameDigit - 1) : 0;
    const curRow = geo.row(cur), curCol = geo.col(cur), curBox = geo.box(cur);

    for (let i = 0; i < geo.cells; i++) {
      const el = this.cells[i];
      const v = g.values[i];
      let cls = this.frame[i];
      if (g.isGiven(i)) cls += ' given'; else if (v) cls += ' entry';
      if (showArea && i !== cur && (geo.row(i) === curRow || geo.col(i) === curCol || geo.box(i) === curBox)) cls += ' area';
      if (sameDigit && v === sameDigit && i !== cur) cls += ' same';
      if (m.area.has(i)) cls += ' hint-area';
      if (m.pattern.has(i)) cls += ' pattern';
      if (m.pattern2.has(i)) cls += ' pattern-2';
      if (m.place.has(i)) cls += ' place';
      if (m.wrong.has(i)) cls += ' wrong';
      const conflict = conflicts.has(i), mistake = mistakes.has(i), selected = sel.has(i);
      if (conflict) cls += ' conflict';
      if (mistake) cls += ' mistake';
      if (selected) cls += ' selected';
      if (i === cur) cls += ' current';
      const was = this.drawn[i];
      if (was.cls !== cls) { el.className = cls; was.cls = cls; }
      const tab = i === cur ? 0 : -1;
      if (was.tab !== tab) { el.tabIndex = tab; was.tab = tab; }
      if (was.selected !== selected) { el.setAttribute('aria-selected', String(selected)); was.selected = selected; }
      if (was.mistake !== mistake) {
        if (mistake) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
        was.mistake = mistake;
      }

      // What the cell's content depends on, as one key.
      const single = cands[i] && (cands[i] & (cands[i] - 1)) === 0 ? Math.log2(cands[i]) + 1 : 0;
      const elim = m.elim.get(i) || 0, node = m.nodes.has(i), place = m.place.get(i) || 0;
      const shows = g.corner[i] | g.centre[i] | (settings.showCands || node ? cands[i] : 0);
      const key = `${g.colours[i]}/${v}/${g.isGiven(i) ? 1 : 0}/${conflict ? 1 : 0}/${mistake ? 1 : 0}/${place}/${g.corner[i]}/${g.centre[i]}/`
        + `${elim}/${cands[i]}/${node ? 1 : 0}/${settings.showCands ? 1 : 0}/${settings.showSingles ? single : 0}/${shows & sameBit ? sameDigit : 0}`;
      if (was.key === key) continue;
      was.key = key;
      const { parts, label } = this.content(g, i, { cands, single, elim, node, place, conflict, mistake, sameDigit, settings });
      const kids = el.children;
      if (kids.length !== parts.length || parts.some((p, k) => kids[k] !== p)) el.replaceChildren(...parts);
      el.setAttribute('aria-label', label);
    }
    const links = m.links.length ? m.links : null;  // no chain: nothing to draw again
    if (this.chainsDrawn !== links) {
      this.chainsDrawn = links;
      this.drawChains(m.links);
    }
  }

  // A cell's children and its label, which says it all: small digits and
  // paint are hidden from assistive tech.
  content(g, i, { cands, single, elim, node, place, conflict, mistake, sameDigit, settings }) {
    const geo = g.geo, v = g.values[i], slots = this.slots, side = this.slotSide;
    const parts = [];
    let label = `${geo.name(i)}, `;
    const colours = g.colours[i];
    if (colours) {
      const list = [];
      for (let k = 1; k <= COLOUR_COUNT; k++) if (colours & (1 << (k - 1))) list.push(k);
      const paint = document.createElement('span');
      paint.className = 'paint';
      paint.style.background = list.length === 1 ? `var(--paint-${list[0]})`
        : `conic-gradient(${list.map((k, j) => `var(--paint-${k}) ${(j * 100) / list.length}% ${((j + 1) * 100) / list.length}%`).join(', ')})`;
      parts.push(paint);
    }
    if (v) {
      const span = document.createElement('span');
      span.className = 'value';
      span.textContent = symbol(v);
      parts.push(span);
      label += `${g.isGiven(i) ? 'given' : 'entry'} ${symbol(v)}${conflict ? ', conflict' : ''}${mistake ? ', mistake' : ''}`;
    } else if (place) {
      const span = document.createElement('span');
      span.className = 'value preview';
      span.textContent = symbol(place);
      parts.push(span);
      label += `empty, the hint places ${symbol(place)}`;
    } else {
      label += 'empty';
      if (g.corner[i] || g.centre[i]) {
        if (g.corner[i]) {
          const box = document.createElement('div');
          box.className = 'corner';
          digitsOf(g.corner[i], geo.n).forEach((d, k) => {
            const s = document.createElement('span');
            s.textContent = symbol(d);
            const slot = slots[k % slots.length];
            const x = (slot % side) / (side - 1), y = Math.floor(slot / side) / (side - 1);
            s.style.left = `${x * 100}%`;
            s.style.top = `${y * 100}%`;
            s.style.transform = `translate(${-x * 100}%, ${-y * 100}%)`;
            if (d === sameDigit) s.className = 'hl';
            if (elim & (1 << (d - 1))) s.className = 'elim';
            box.append(s, ' ');
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
            if (d === sameDigit) t.className = 'hl';
            if (elim & (1 << (d - 1))) t.className = 'elim';
            s.append(t, ' ');
          }
          parts.push(s);
          label += `, centre marks ${digitsOf(g.centre[i], geo.n).map(symbol).join(' ')}`;
        }
      } else if (settings.showCands || elim || node) {
        const showAll = settings.showCands || node;
        // The cell's candidate box is kept and its digits changed in place,
        // so that a tap lays out only the digits that changed.
        let box = this.candBoxes[i];
        if (!box) {
          box = document.createElement('div');
          box.className = 'cands';
          // (whitespace between the digits keeps them apart as text; the grid ignores it)
          for (let d = 1; d <= geo.n; d++) box.append(document.createElement('span'), ' ');
          this.candBoxes[i] = box;
        }
        const shown = [];
        for (let d = 1; d <= geo.n; d++) {
          const has = cands[i] & (1 << (d - 1));
          const isElim = elim & (1 << (d - 1));
          const s = box.children[d - 1];
          let text = '';
          if ((showAll && has) || isElim) { text = symbol(d); shown.push(text); }
          let cls = isElim ? 'elim' : settings.showSingles && single === d ? 'single' : '';
          if (has && d === sameDigit) cls = cls ? `${cls} hl` : 'hl';
          if (s.textContent !== text) s.textContent = text;
          if (s.className !== cls) s.className = cls;
        }
        parts.push(box);
        // The label names what shows, in the same order.
        if (shown.length) label += `, candidates ${shown.join(' ')}`;
        else if (settings.showCands) label += ', no candidates';
        if (elim) label += `, the hint removes ${digitsOf(elim, geo.n).map(symbol).join(' ')}`;
      } else if (settings.showSingles && single) {
        const s = document.createElement('span');
        s.className = 'lone';
        s.textContent = symbol(single);
        parts.push(s);
      }
      if (settings.showSingles && single) label += `, naked single ${symbol(single)}`;
    }
    if (colours) label += `, coloured ${COLOURS.filter((_, k) => colours & (1 << k)).join(' and ')}`;
    for (const p of parts) if (!p.classList.contains('value')) p.setAttribute('aria-hidden', 'true');
    return { parts, label };
  }

  // The finished board's wave (style.css): ms until it has crossed the board,
  // 0 where the player asked for less motion.
  celebrate() {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) return 0;
    const board = this.board;
    board.classList.remove('won');
    void board.offsetWidth;  // the animation starts again on a second finish
    board.classList.add('won');
    const ms = (2 * this.geo.n - 2) * 45 + 520;
    setTimeout(() => board.classList.remove('won'), ms);
    return Math.min(ms, 1200);
  }

  // The links of a chain step drawn over the board, candidate to candidate:
  // strong links solid, weak links dashed, each with an arrowhead. Coordinates
  // are in cells (the layer's viewBox is n x n) and follow the candidates'
  // layout of .cands (box-shaped, inset 4 % of the cell).
  drawChains(links) {
    const layer = this.board.querySelector('#chains');
    if (!layer) return;
    const geo = this.geo;
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
      const k = x.digit - 1;
      return [x.col - 1 + 0.04 + (0.92 * ((k % geo.boxCols) + 0.5)) / geo.boxCols,
        x.row - 1 + 0.04 + (0.92 * (Math.floor(k / geo.boxCols) + 0.5)) / geo.boxRows];
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
}
