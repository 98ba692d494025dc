// The static site's own tests (scripts/build-site.sh; scripts/test-web.sh runs
// them with NONET_BACKEND=engine): no request to any server, the engine's
// answers the same as `nonet serve`'s for the same requests, long work
// cancelled and cut by its deadline, offline play through the service worker,
// and what makes the page installable. Skipped against the served board.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHAIN, DESKTOP, EASY, HARD, ON_SITE, PHONE, SIX, URL_BASE, chromiumFor, freshPage, launchProfile, serial, shot,
  solveBoard, status, waitFor, watch,
} from './lib.mjs';

const SERVER = process.env.NONET_SERVER_URL;
const SITE_DIR = process.env.NONET_SITE_DIR;
// The Golden Nugget: ER 11.9, among the hardest puzzles known; its first step
// is a dynamic forcing chain (11.3).
const NUGGET = '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....';

const session = ON_SITE ? chromiumFor({ desktop: DESKTOP, phone: PHONE }) : null;
const statusIs = (page, re, timeout = 20000) => waitFor(page, (s) => new RegExp(s).test(document.getElementById('status').textContent), re.source, { timeout });

// Every request a page makes to an API path, wherever it would go.
function apiRequests(page) {
  const seen = [];
  page.on('request', (r) => { if (/\/api(\/|$)/.test(new URL(r.url()).pathname)) seen.push(r.url()); });
  return seen;
}

// A raw request to the engine in the page: method, path and body text as
// given, the answer's status and body text back.
function engine(page, method, path, body = '') {
  return page.evaluate(async ([m, p, b]) => {
    const { engineRequest } = await import(new URL('js/engine.js', location.href).href);
    return engineRequest(m, p, b);
  }, [method, path, body]);
}

// The same request to `nonet serve`.
async function server(method, path, body = '') {
  const res = await fetch(new URL(path.slice(1), SERVER), { method, body: method === 'POST' ? body : undefined });
  return { status: res.status, body: await res.text() };
}

// An answer without what differs from run to run: times.
function comparable(text) {
  const drop = (v) => {
    if (Array.isArray(v)) return v.map(drop);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'elapsed_ms').map(([k, x]) => [k, drop(x)]));
    }
    return v;
  };
  return drop(JSON.parse(text));
}

// A plain static file server of our own on the site's folder, which a test can
// stop to take the network away.
async function staticServer() {
  const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', SITE_DIR], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the static file server stopped (${code})`)));
  });
  // Stopping twice, or a server that already stopped, resolves at once.
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
    child.once('exit', resolve);
    child.kill();
  });
  return { url: `http://127.0.0.1:${port}/`, stop };
}

describe('the static site', { skip: ON_SITE ? false : 'runs against the static site (scripts/test-web.sh BIN SITE)' }, () => {
  test('a new puzzle, a hint that names its technique and Solve, with no request to any server', async () => {
    const page = watch(await session.desktop.newPage());
    const requests = apiRequests(page);
    await page.goto(URL_BASE);
    assert.equal(await page.getAttribute('html', 'data-backend'), 'engine');
    // No saved game: a new 9x9 puzzle of the chosen level appears, rated.
    await waitFor(page, () => /ER/.test(document.getElementById('rating').textContent), null, { timeout: 30000 });
    assert.equal(await page.locator('.cell').count(), 81);
    assert.ok((await page.locator('.cell.given').count()) >= 17);
    await page.click('#hint');
    await waitFor(page, () => !document.getElementById('hint-panel').hidden, null, { timeout: 30000 });
    assert.match(await page.textContent('#hint-vague'), /^Look for an? [A-Z]/);
    await page.click('#hint-more');
    assert.match(await page.textContent('#hint-text'), /^[A-Z][\w -]+: /);
    await solveBoard(page);
    await statusIs(page, /Solved in \d+ ms \(the search itself: .* ms in the engine\)/);
    // The browser's clock steps by 0.1 ms: a quicker solve is never "0.000 ms".
    assert.match(await status(page), /the search itself: (under 0\.1|\d+\.\d+) ms in the engine/);
    assert.doesNotMatch(await status(page), /in 0\.0+ ms/);
    assert.ok(!(await serial(page)).includes('.'));
    await shot(page, 'site-solved');
    assert.deepEqual(requests, []);
    await page.close();
  });

  test('the engine answers as nonet serve does: same fields, steps, ratings and errors', { skip: SERVER ? false : 'needs NONET_SERVER_URL' }, async () => {
    const page = await freshPage(session.desktop);
    const post = (route, body) => ['POST', `/api/${route}`, typeof body === 'string' ? body : JSON.stringify(body)];
    const requests = [
      post('solve', { puzzle: EASY }), post('solve', { puzzle: HARD }), post('solve', { puzzle: '.'.repeat(80) + '1' }),
      post('solve', { puzzle: '11' + '.'.repeat(79) }), post('count', { puzzle: '.'.repeat(81), limit: 3 }),
      post('validate', { puzzle: SIX }), post('candidates', { puzzle: EASY }), post('candidates', { puzzle: SIX, box: '2x3' }),
      post('hint', { puzzle: EASY, cell: 'r1c1' }), post('hint', { puzzle: EASY, level: 'vague' }),
      post('hint', { puzzle: CHAIN, level: 'placement' }), post('hint', { puzzle: '4' + EASY.slice(1), givens: EASY }),
      post('explain', { puzzle: CHAIN }), post('explain', { puzzle: EASY, profile: 'modern' }),
      post('rate', { puzzle: HARD }), post('rate', { puzzle: CHAIN }), post('rate', { puzzle: SIX }),
      post('generate', { size: 4, seed: 7 }), post('generate', { size: 9, level: 'hard', seed: 11 }),
      post('generate', { size: 6, level: 'medium', seed: 3, symmetry: 'mirror' }),
      post('transform', { puzzle: EASY, seed: 5 }), post('transform', { puzzle: EASY, ops: 'transpose,rows:1:213' }),
      post('transform', { puzzle: EASY, canonical: true }),
      // Bad requests: the same status, code, message and place.
      post('solve', '{"puzzle":'), post('solve', '[1, 2]'), post('solve', { puzzle: 5 }), post('solve', {}),
      post('solve', { puzzle: '4.....8.5\n.3......?' }), post('count', { puzzle: EASY, limit: 0 }),
      post('hint', { puzzle: EASY, level: 'loud' }), post('generate', { size: 5 }), post('transform', { puzzle: EASY, ops: 'spin' }),
      post('solve', `{"puzzle": "${'.'.repeat(20000)}"}`), post('solve', '['.repeat(40) + ']'.repeat(40)),
      post('solve', `{"puzzle": "${'.'.repeat(70000)}"}`), post('nothing', {}), ['GET', '/api/solve', ''],
    ];
    for (const [method, path, body] of requests) {
      const [ours, theirs] = [await engine(page, method, path, body), await server(method, path, body)];
      const what = `${method} ${path} ${body.slice(0, 80)}`;
      assert.equal(ours.status, theirs.status, what);
      assert.deepEqual(comparable(ours.body), comparable(theirs.body), what);
    }
    // The routes listed by health are the server's, and the levels route besides.
    const health = JSON.parse((await engine(page, 'GET', '/api/health')).body);
    const served = JSON.parse((await server('GET', '/api/health')).body);
    for (const r of served.routes) assert.ok(health.routes.some((x) => x.path === r.path), r.path);
    await page.close();
  });

  test('levels per size in the shape of GET /api/levels, and each offered level made', async () => {
    const page = await freshPage(session.desktop);
    const levels = JSON.parse((await engine(page, 'GET', '/api/levels')).body);
    assert.ok(Array.isArray(levels.sizes) && levels.sizes.length >= 5);
    for (const s of levels.sizes) {
      assert.match(s.box, /^\d+x\d+$/);
      const [r, c] = s.box.split('x').map(Number);
      assert.equal(r * c, s.size);
      assert.ok(s.levels.every((l) => ['easy', 'medium', 'hard', 'expert', 'extreme'].includes(l)), s.levels.join());
    }
    // The page offers exactly those levels.
    const nine = levels.sizes.find((s) => s.size === 9);
    await page.selectOption('#size', '9');
    assert.deepEqual(await page.$$eval('#level option', (o) => o.map((x) => x.value)), nine.levels);
    // Every level offered up to 9x9 is made, with that rating (by seed, so a
    // failure replays).
    for (const s of levels.sizes.filter((x) => x.size <= 9)) {
      for (const level of s.levels) {
        const reply = await engine(page, 'POST', '/api/generate', JSON.stringify({ size: s.size, level, seed: 1 }));
        const b = JSON.parse(reply.body);
        assert.equal(b.status, 'ok', `${s.size} ${level}: ${reply.body.slice(0, 200)}`);
        assert.equal(b.rating.level, level, `${s.size} ${level}`);
      }
    }
    await page.close();
  });

  test('a hint on the hardest puzzles: shown, cancelled at once, or cut by the deadline with what the search knew', async () => {
    const page = await freshPage(session.desktop, `?s=${NUGGET}`);
    await statusIs(page, /exactly one solution/);
    // While the puzzle is rated in the background, the hint goes first.
    await page.click('#hint');
    await waitFor(page, () => !document.getElementById('hint-panel').hidden, null, { timeout: 120000 });
    assert.match(await page.textContent('#hint-vague'), /Look for Dynamic .*Forcing Chains/);
    await shot(page, 'site-nugget-hint');
    // Cancel: the worker stops mid-search and the board plays on at once.
    await page.click('#hint-close');
    // The step takes a few hundred ms here, about as long as the cover waits
    // before it shows: so Esc (which cancels whatever the board is busy with)
    // is pressed from inside the page 20 ms after Step, mid-search every time.
    await page.evaluate(async () => {
      document.getElementById('step').click();
      await new Promise((r) => setTimeout(r, 20));
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await statusIs(page, /No step: cancelled/, 3000);
    assert.equal(await page.isHidden('#busy'), true);
    await solveBoard(page);
    await statusIs(page, /Solved in/, 10000);
    await page.click('#undo');
    // The deadline: a search cut short says how far it got.
    await page.evaluate(async () => (await import(new URL('js/engine.js', location.href).href)).setBudget(300));
    await page.click('#hint');
    await waitFor(page, () => !document.getElementById('hint-panel').hidden || /No hint/.test(document.getElementById('status').textContent), null, { timeout: 20000 });
    const said = `${await page.textContent('#hint-vague')} ${await page.textContent('#status')}`;
    assert.match(said, /time budget of 300 ms ran out/);
    await page.close();
  });

  test('offline: after the first visit the site plays with no network at all', { skip: SITE_DIR ? false : 'needs NONET_SITE_DIR' }, async () => {
    const host = await staticServer();
    const context = await session.browser.newContext(PHONE);
    try {
      const page = watch(await context.newPage());
      await page.goto(host.url + `?s=${EASY}`);
      await waitFor(page, () => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
      // Every file of the build is kept before the site counts as offline-ready.
      await waitFor(page, async () => {
        const names = await caches.keys();
        return names.length === 1 && (await (await caches.open(names[0])).keys()).length >= 15;
      }, null, { timeout: 20000 });
      await host.stop();
      const requests = apiRequests(page);
      await page.reload();
      await page.waitForSelector('.cell');
      assert.equal(await serial(page), EASY);
      await page.selectOption('#level', 'hard');
      await page.click('#new');
      await waitFor(page, (s) => document.getElementById('serial').value !== s && /ER/.test(document.getElementById('rating').textContent), EASY, { timeout: 30000 });
      await page.click('#hint');
      await waitFor(page, () => !document.getElementById('hint-panel').hidden, null, { timeout: 30000 });
      await page.click('#walk');
      await waitFor(page, () => !document.getElementById('path-panel').hidden, null, { timeout: 30000 });
      await shot(page, 'site-offline-phone');
      await page.click('#path-close');
      await solveBoard(page);
      await statusIs(page, /Solved in/);
      // A shared link opens offline too.
      await page.goto(host.url + `?s=${HARD}`);
      await statusIs(page, /exactly one solution/);
      assert.deepEqual(requests, []);
      await page.close();
    } finally {
      await context.close();
      await host.stop().catch(() => {});
    }
  });

  test('installable: a web app manifest with icons, and a service worker', async () => {
    const page = await freshPage(session.desktop);
    const href = await page.getAttribute('link[rel=manifest]', 'href');
    const manifestUrl = new URL(href, URL_BASE);
    const manifest = await (await fetch(manifestUrl)).json();
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.name && manifest.short_name && manifest.start_url);
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      assert.ok(icon, size);
      const res = await fetch(new URL(icon.src, manifestUrl));
      assert.equal(res.status, 200, icon.src);
    }
    assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
    await waitFor(page, () => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    await page.close();
    // Chromium's own verdict on installing the page, in a profile on disk as a
    // player's (it never installs from an off-the-record one).
    const dir = mkdtempSync(join(tmpdir(), 'nonet-profile-'));
    const context = await launchProfile(dir, DESKTOP);
    try {
      const installed = watch(await context.newPage());
      await installed.goto(URL_BASE);
      await waitFor(installed, () => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
      const cdp = await context.newCDPSession(installed);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, []);
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
