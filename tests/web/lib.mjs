// Shared by the browser tests: Debian's Chromium driven by playwright-core
// against the board at NONET_URL, pages opened with no saved game, polling
// helpers, stubs for API answers and the axe-core scan. The board is either
// `nonet serve` (NONET_BACKEND=server, the default) or the static site of
// scripts/build-site.sh on a plain static file server (NONET_BACKEND=engine),
// where the engine answers in the page's Web Workers; the same tests run on
// both.

import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const URL_BASE = process.env.NONET_URL || 'http://127.0.0.1:8080/';
export const BACKEND = process.env.NONET_BACKEND === 'engine' ? 'engine' : 'server';
export const ON_SITE = BACKEND === 'engine';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Screenshots are for people to look at, never checked in; the static site's
// in a folder of their own.
const SHOTS_ROOT = process.env.NONET_SHOTS || join(tmpdir(), 'nonet-web-shots');
export const SHOTS = ON_SITE ? join(SHOTS_ROOT, 'site') : SHOTS_ROOT;

export const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
export const EASY_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
export const HARD = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
// Rated 6.6 (Sudoku Explainer): its path meets a Forcing X-Chain after 16 steps.
export const CHAIN = '.8452.........7...3.69.8...2..6..8...65...74...8..5..2...1.65.8...2.........8923.';
export const SIX = '2.1..5.5......6.2..1.4......4.3..1.6';
export const SIX_SOLUTION = '241635653214436521512463165342324156';
// The solution of EASY less three cells: a puzzle three entries from done.
export const NEARLY = [...EASY_SOLUTION].map((c, i) => ([0, 40, 80].includes(i) ? '.' : c)).join('');
// A 16x16 puzzle (made by `nonet generate --box 4x4 --seed 3`) and its solution.
export const P16 = '2....BG.D5F..4......84.2.........F.9.5.6.817....5..G.........F.E......6514C....G1.9....3...8E......C..B..F.2..316E...7.9G....D4.G1....DE....F..68...A25.....7.....2.G..C8.73B........6.....C.9.5..17C...2.B..E.3.6..1....3.A.2.F..A2.9......C..4ED......F..6G..9';
export const P16_SOLUTION = '27619BGAD5FE34C83CEB84F269AG15D74FD9E5C638172GAB5A8G317DCB246F9EB238FE6514CD9A7G1G9D4CA35768EBF2A47CDGB8EF9256316E5F2719GA3B8D4CG1BA73DE4259FC8689C6A254B1EF73GDD524GF9C8673B1EA73FEB681ADGC49259817CD4F2GB5AE63C6G518E7934AD2BFFBA2693G7ED1C854ED435A2BFC86G719';
// A 25x25 puzzle with one solution (symbols 1-9 and A-P), and that solution.
export { P25, P25_SOLUTION } from './p25.mjs';

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const LAUNCH = {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-proxy-server'],
};

export async function launch() {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch(LAUNCH);
}

// A browser context with a profile on disk (in `dir`), as a player's browser
// has, where launch()'s contexts are off the record: Chromium installs pages
// only from such a profile.
export function launchProfile(dir, options = {}) {
  return chromium.launchPersistentContext(dir, { ...LAUNCH, ...options });
}

// Page errors and console errors of every page a test opens, checked at the end
// of each file. A refused API call (a 4xx the page handles) is not an error.
export const errors = [];
export function watch(page) {
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`${page.url()}: console: ${m.text()}`);
  });
  return page;
}
export function noErrors() { assert.deepEqual(errors, [], 'the page raised errors'); }

// Registers a test file's hooks: one Chromium and the named browser contexts
// before the tests, and after them a check that no page raised an error. The
// object returned is filled in when the tests run: {browser, ...contexts}.
export function chromiumFor(contexts = {}) {
  const s = { browser: null };
  before(async () => {
    s.browser = await launch();
    for (const [name, options] of Object.entries(contexts)) s[name] = await s.browser.newContext(options);
  });
  after(async () => {
    await s.browser?.close();
    noErrors();
  });
  return s;
}

// A page with no saved game, opened at `query`. `before(page)` runs before the
// page loads (to route API calls).
export async function freshPage(context, query = `?s=${EASY}`, { before = null, settings = null } = {}) {
  const page = watch(await context.newPage());
  if (ON_SITE) await stubbable(page);
  if (before) await before(page);
  await page.goto(URL_BASE + 'favicon.svg');
  await page.evaluate((s) => {
    localStorage.clear();
    if (s) localStorage.setItem('nonet.settings.v1', JSON.stringify(s));
  }, settings);
  await page.goto(URL_BASE + query);
  await page.waitForSelector('.cell');
  await waitFor(page, () => document.querySelectorAll('.cell').length > 0);
  return page;
}

// Chooses size n in the Size menu and, where a game in progress makes the
// page ask first, answers for the empty board.
export async function pickSize(page, n) {
  await page.selectOption('#size', String(n));
  if (await page.evaluate(() => document.getElementById('size-ask').open)) await page.click('#size-yes');
}

// Polls a condition in the page. (Playwright's waitForFunction evaluates a
// string, which the page's Content-Security-Policy rightly forbids.)
export async function waitFor(page, predicate, arg = null, options = {}) {
  const deadline = Date.now() + (options.timeout || 10000);
  for (;;) {
    if (await page.evaluate(predicate, arg)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${predicate}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const serial = (page) => page.inputValue('#serial');
export const cell = (page, i) => page.locator(`.cell[data-index="${i}"]`);
export const cellText = (page, i) => page.locator(`.cell[data-index="${i}"] .value`).textContent().catch(() => '');
export const classes = (page, i) => cell(page, i).getAttribute('class');
export const status = (page) => page.textContent('#status');
export const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
// Solve, which asks first, asked and answered yes.
export async function solveBoard(page) {
  await page.click('#solve');
  await page.click('#solve-yes');
}

// The answer of the board's back end to a request: the server's over HTTP, or
// the engine's in the page (through the page's own API module).
export async function api(page, route, body) {
  if (ON_SITE) {
    return page.evaluate(async ([r, b]) => {
      const { call } = await import(new URL('js/api.js', location.href).href);
      return (await call(r, b)).body;
    }, [route, body]);
  }
  const res = await page.request.post(new URL(`api/${route}`, URL_BASE).href, { data: body });
  return res.json();
}

// The answer of the board's back end to GET /api/<route>.
export async function apiGet(page, route) {
  if (ON_SITE) {
    return page.evaluate(async (r) => {
      const { engineRequest } = await import(new URL('js/engine.js', location.href).href);
      return JSON.parse((await engineRequest('GET', `/api/${r}`)).body);
    }, route);
  }
  return (await page.request.get(new URL(`api/${route}`, URL_BASE).href)).json();
}

// On the static site the engine answers in Web Workers, which no network
// route sees: the page's Worker is wrapped (before the page loads) so that a
// request a test stubs is answered by the test, and any other goes on to the
// engine. A stopped worker delivers nothing, as a real one.
const stubs = new WeakMap();  // page -> Map route -> answer
async function stubbable(page) {
  stubs.set(page, new Map());
  await page.exposeFunction('nonetTestStub', async (route, text) => {
    const answer = stubs.get(page).get(route);
    if (!answer) return null;
    let request = null;
    try { request = JSON.parse(text); } catch { /* GET */ }
    const a = await answer(request);
    return a ? { status: a.status || 200, body: JSON.stringify(a.body), delay: a.delay || 0 } : null;
  });
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.Worker = class extends Real {
      postMessage(message, transfer) {
        if (!message || message.type !== 'request') { super.postMessage(message, transfer); return; }
        const route = message.path.replace(/^\/api\//, '');
        window.nonetTestStub(route, message.body).then((a) => {
          if (!a) { if (!this.stopped) super.postMessage(message, transfer); return; }
          setTimeout(() => {
            if (this.stopped) return;
            this.dispatchEvent(new MessageEvent('message', { data: { type: 'reply', id: message.id, status: a.status, body: a.body } }));
          }, a.delay);
        });
      }
      terminate() { this.stopped = true; super.terminate(); }
    };
  });
}

// Answers /api/<route> with `answer(request)`: {status, body, delay}; an
// answer of null lets the back end answer.
export async function stub(page, route, answer) {
  if (ON_SITE) {
    stubs.get(page).set(route, answer);
    return;
  }
  await page.route(`**/api/${route}`, async (r) => {
    let request = null;
    try { request = r.request().postDataJSON(); } catch { /* GET */ }
    const a = await answer(request, r);
    if (!a) return r.continue();
    if (a.delay) await new Promise((res) => setTimeout(res, a.delay));
    await r.fulfill({ status: a.status || 200, contentType: 'application/json', body: JSON.stringify(a.body) }).catch(() => {});
  });
}
export async function unstub(page, route) {
  if (ON_SITE) stubs.get(page).delete(route);
  else await page.unroute(`**/api/${route}`);
}

// The answer /api/levels gives once the generator says which levels exist.
export const LEVELS = {
  sizes: [
    { size: 4, box: '2x2', levels: ['easy'] },
    { size: 6, box: '2x3', levels: ['easy', 'medium'] },
    { size: 8, box: '2x4', levels: ['easy', 'medium', 'hard'] },
    { size: 9, box: '3x3', levels: ['easy', 'medium', 'hard', 'expert', 'extreme'] },
    { size: 12, box: '3x4', levels: ['easy', 'medium', 'hard'] },
    { size: 16, box: '4x4', levels: ['easy', 'medium'] },
    { size: 25, box: '5x5', levels: ['easy'] },
  ],
};

// A generate answer for `puzzle` (a serial line) with a rating.
export function generated(puzzle, solution, rating, status = 'ok', extra = {}) {
  const n = Math.round(Math.sqrt(puzzle.length));
  return {
    status, puzzle, solution, clues: [...puzzle].filter((c) => c !== '.').length,
    size: `${n}x${n}`, seed: 1, attempts: 1, symmetry: 'none', elapsed_ms: 5, rating, ...extra,
  };
}

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// Runs axe-core in the page (evaluated through the debugging protocol, which
// the page's CSP does not govern) and returns the serious and critical violations.
export async function axe(page) {
  if (!await page.evaluate(() => typeof window.axe === 'object')) await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, {
    resultTypes: ['violations'],
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

// Scrolls nothing: is the element's box wholly inside the viewport now?
export async function inViewport(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 &&
      r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  }, selector);
}

// Colours as getComputedStyle gives them ('rgb(r, g, b)'), compared as a
// person sees them: the WCAG contrast ratio, and the CIEDE2000 colour
// difference (about 1 is just noticeable; 5 and up is plainly another shade).
export function rgbOf(text) {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(text);
  if (!m) throw new Error(`not an rgb() colour: ${text}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}
const linear = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
export function luminance(text) {
  const [r, g, b] = rgbOf(text).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
function lab(text) {
  const [r, g, b] = rgbOf(text).map(linear);
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
export function deltaE(c1, c2) {
  const rad = Math.PI / 180;
  const [L1, a1, b1] = lab(c1), [L2, a2, b2] = lab(c2);
  const Cbar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1, a2p = (1 + G) * a2;
  const C1 = Math.hypot(a1p, b1), C2 = Math.hypot(a2p, b2);
  const hue = (b, a) => ((Math.atan2(b, a) / rad) + 360) % 360;
  const h1 = hue(b1, a1p), h2 = hue(b2, a2p);
  let dh = 0;
  if (C1 * C2 !== 0) dh = h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 < -180 ? h2 - h1 + 360 : h2 - h1;
  const dL = L2 - L1, dC = C2 - C1, dH = 2 * Math.sqrt(C1 * C2) * Math.sin((dh / 2) * rad);
  const Lb = (L1 + L2) / 2, Cb = (C1 + C2) / 2;
  let hb = h1 + h2;
  if (C1 * C2 !== 0) hb = Math.abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  const T = 1 - 0.17 * Math.cos((hb - 30) * rad) + 0.24 * Math.cos(2 * hb * rad)
    + 0.32 * Math.cos((3 * hb + 6) * rad) - 0.2 * Math.cos((4 * hb - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hb - 275) / 25) ** 2));
  const Rc = 2 * Math.sqrt(Cb ** 7 / (Cb ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lb - 50) ** 2) / Math.sqrt(20 + (Lb - 50) ** 2);
  const SC = 1 + 0.045 * Cb, SH = 1 + 0.015 * Cb * T;
  const RT = -Math.sin(2 * dTheta * rad) * Rc;
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}
