// Zooming a big board inside its frame (12x12 and up), never the page. The
// zoom levels are plain functions; the rest reads and moves the board's frame,
// and only when called. The zoom chosen for each side is kept in the page's
// state (a Map from side to factor).

export const ZOOMS = [1, 1.5, 2, 2.5, 3];

// Until the player zooms, a big board starts at a zoom that makes cells big
// enough to hit: a 25x25 one about 28 px for a finger (`coarse`), 20 px for a
// mouse, so 1 on a desktop and 2 on a phone; a 16x16 one 20 px for a finger
// (zoomed on a 320 px phone upright and on a phone on its side).
// `width`: the frame's width in px.
export function defaultZoom(n, width, coarse) {
  if (n < 16 || (n < 25 && !coarse)) return 1;
  const target = coarse && n >= 25 ? 28 : 20;
  return ZOOMS.find((z) => (width * z) / n >= target) || ZOOMS[ZOOMS.length - 1];
}

// The zoom `step` levels in or out of z, within the levels.
export function zoomStep(z, step) {
  return ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(z) + step))];
}

const $ = (id) => document.getElementById(id);

// The zoom of side n: the player's choice, or the default for this frame.
export function zoomOf(zooms, n) {
  if (zooms.has(n)) return zooms.get(n);
  if (n < 16) return 1;
  // (the board bar's width: the frame's own is narrower while the board is fitted)
  const width = document.querySelector('.board-bar').clientWidth || 600;
  return defaultZoom(n, width, matchMedia('(pointer: coarse)').matches);
}

export function renderZoom(zooms, n) {
  const z = zoomOf(zooms, n);
  $('zoom').hidden = n < 12;
  $('zoom-in').disabled = z >= ZOOMS[ZOOMS.length - 1];
  $('zoom-out').disabled = z <= ZOOMS[0];
  $('board-wrap').classList.toggle('zoomed', z > 1);
  $('board').style.width = `${z * 100}%`;
}

// Zooms `step` levels, keeping the point `around` (x, y in the frame), or the
// centre of the element `cell`, where it was.
export function zoom(zooms, n, step, cell, around = null) {
  const z = zoomOf(zooms, n), next = zoomStep(z, step);
  if (next === z || n < 12) return;
  const wrap = $('board-wrap');
  const rect = wrap.getBoundingClientRect();
  const cellRect = cell.getBoundingClientRect();
  const [px, py] = around || [cellRect.left + cellRect.width / 2 - rect.left, cellRect.top + cellRect.height / 2 - rect.top];
  const fx = (wrap.scrollLeft + px) / wrap.scrollWidth, fy = (wrap.scrollTop + py) / wrap.scrollHeight;
  zooms.set(n, next);
  renderZoom(zooms, n);
  wrap.scrollLeft = fx * wrap.scrollWidth - px;
  wrap.scrollTop = fy * wrap.scrollHeight - py;
}

// The element `cell` in view inside a zoomed board, without scrolling the page.
export function revealCell(cell) {
  const wrap = $('board-wrap');
  if (!wrap.classList.contains('zoomed')) return;
  const c = cell.getBoundingClientRect(), w = wrap.getBoundingClientRect();
  if (c.left < w.left) wrap.scrollLeft -= w.left - c.left + 4;
  else if (c.right > w.right) wrap.scrollLeft += c.right - w.right + 4;
  if (c.top < w.top) wrap.scrollTop -= w.top - c.top + 4;
  else if (c.bottom > w.bottom) wrap.scrollTop += c.bottom - w.bottom + 4;
}
