// The static site's figures in Chromium (docs/web.md): how soon the engine is
// ready after the first paint, how long a 9x9 solve takes in the engine and
// through the page's worker, and how long a hint takes on puzzles rated 11 and
// up. Serve build/site with any static file server first:
//
//   python3 -m http.server -d build/site -b 127.0.0.1 8000 &
//   node tests/web/site-figures.mjs http://127.0.0.1:8000/ [solves] [hints]
//
// Solves use the first puzzles of puzzles/17_clue.txt, hints the first of
// puzzles/forum_hardest_1905_11plus.txt, in the shared data folder
// ($NONET_DATA_DIR, by default ../shared/data next to the checkout) when those
// files are there; built-in puzzles otherwise. Times are wall clock in a shared machine's
// Chromium: medians and maxima, never a pass or fail. A hint's CPU time is
// that of this process and Chromium below it while it runs (from /proc), which on a
// shared machine says more than its wall clock.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './lib.mjs';

const url = process.argv[2] || 'http://127.0.0.1:8000/';
const solves = Number(process.argv[3] || 200);
const hints = Number(process.argv[4] || 5);
const data = join(process.env.NONET_DATA_DIR || join(dirname(fileURLToPath(import.meta.url)), '../../../shared/data'), 'puzzles');

function puzzles(file, count, fallback) {
  const path = join(data, file);
  if (!existsSync(path)) {
    console.log(`(no ${path}: built-in puzzles)`);
    return fallback;
  }
  return readFileSync(path, 'utf8').split('\n').map((l) => l.trim()).filter((l) => /^[.0-9]{81}$/.test(l)).slice(0, count);
}
const GOLDEN_NUGGET = '.......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....';
const seventeen = puzzles('17_clue.txt', solves, ['...............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9']);
const hardest = [GOLDEN_NUGGET, ...puzzles('forum_hardest_1905_11plus.txt', hints, [])];

// CPU seconds used so far by the process `root` and its descendants (Linux).
function cpuSeconds(root) {
  const stats = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.push({ pid: Number(name), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch { /* gone */ }
  }
  const mine = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) if (!mine.has(s.pid) && mine.has(s.ppid)) { mine.add(s.pid); grew = true; }
  }
  return stats.filter((s) => mine.has(s.pid)).reduce((a, s) => a + s.ticks, 0) / 100;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => x.toFixed(x < 0.1 ? 4 : x < 10 ? 2 : 0);

const browser = await launch();
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  // Ready after first paint: five first visits, each in a fresh context.
  const ready = [];
  for (let i = 0; i < 5; ++i) {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(`${url}?s=${seventeen[0]}`);
    const t = await p.waitForFunction(() => {
      const mark = performance.getEntriesByName('nonet-engine-ready')[0];
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return mark && paint ? { ready: mark.startTime, paint: paint.startTime } : null;
    }, null, { timeout: 30000 }).then((h) => h.jsonValue());
    ready.push(t.ready - t.paint);
    console.log(`load ${i + 1}: first paint ${fmt(t.paint)} ms, engine ready ${fmt(t.ready)} ms (${fmt(t.ready - t.paint)} ms after first paint)`);
    await context.close();
  }
  console.log(`engine ready after first paint: median ${fmt(median(ready))} ms, max ${fmt(Math.max(...ready))} ms`);

  await page.goto(url);
  const request = (route, body) => page.evaluate(async ([r, b]) => {
    const { engineRequest } = await import(new URL('js/engine.js', location.href).href);
    const start = performance.now();
    const reply = await engineRequest('POST', `/api/${r}`, JSON.stringify(b));
    return { ms: performance.now() - start, status: reply.status, body: JSON.parse(reply.body) };
  }, [route, body]);

  const inEngine = [], roundTrip = [];
  for (const puzzle of seventeen) {
    const r = await request('solve', { puzzle });
    if (r.body.status !== 'solved') throw new Error(`solve ${puzzle}: ${JSON.stringify(r.body)}`);
    inEngine.push(r.body.elapsed_ms);
    roundTrip.push(r.ms);
  }
  console.log(`9x9 solve (${seventeen.length} 17-clue puzzles): in the engine median ${fmt(median(inEngine))} ms, max ${fmt(Math.max(...inEngine))} ms; `
    + `through the worker median ${fmt(median(roundTrip))} ms, max ${fmt(Math.max(...roundTrip))} ms`);

  const hintMs = [], hintCpu = [];
  const pid = process.pid;  // Chromium runs below this process (which waits meanwhile)
  for (const puzzle of hardest) {
    const before = pid ? cpuSeconds(pid) : NaN;
    const r = await request('hint', { puzzle, level: 'vague' });
    const cpu = pid ? cpuSeconds(pid) - before : NaN;
    if (r.status !== 200) throw new Error(`hint ${puzzle}: ${JSON.stringify(r.body)}`);
    hintMs.push(r.ms);
    hintCpu.push(cpu);
    console.log(`hint ${puzzle}: ${(r.ms / 1000).toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU, `
      + `${r.body.step ? `${r.body.step.technique} (${r.body.step.rating})` : r.body.status}`);
  }
  console.log(`hint on 11+ puzzles (${hardest.length}): wall median ${(median(hintMs) / 1000).toFixed(2)} s, max ${(Math.max(...hintMs) / 1000).toFixed(2)} s; `
    + `CPU median ${median(hintCpu).toFixed(2)} s, max ${Math.max(...hintCpu).toFixed(2)} s`);
} finally {
  await browser.close();
}
