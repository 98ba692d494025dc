// The engine in the browser, for the static site: the JSON API answered by the
// engine built to WebAssembly, in Web Workers (worker.js) so the board never
// freezes. The module is compiled once and shared by every worker.
//
// Each request runs in a worker of its own, up to one fewer than the device
// has cores; work the player waits for goes first, and work in the background
// (checking and rating a loaded puzzle) gives way to it: stopped, and started
// again once there is room. Cancelling stops the worker (a search in
// WebAssembly cannot be interrupted from outside) and a fresh one takes its
// place; every request also carries a time budget, as the server's do.
//
//   const reply = await engineRequest('POST', '/api/solve', '{"puzzle": "..."}', { signal });
//   // {status: 200, body: '{"status":"solved",...}'}

const WASM_URL = new URL('../engine/nonet-engine.wasm', import.meta.url);
const WORKER_URL = new URL('./worker.js', import.meta.url);
// Work allowed for one request: generous, since the player's own device does
// it and Cancel is always there.
export const DEFAULT_BUDGET_MS = 60000;
const SLOTS = Math.max(1, (navigator.hardwareConcurrency || 2) - 1);
const IDLE_KEPT = 2;

let budgetMs = DEFAULT_BUDGET_MS;
let compiled = null;      // Promise of the WebAssembly.Module
const idle = [];          // started workers with nothing to do
const queue = [];         // requests waiting for room
const running = new Set();
let sequence = 0;

// The time budget of the requests that follow (ms).
export function setBudget(ms) { budgetMs = Math.max(1, Number(ms) || DEFAULT_BUDGET_MS); }
export function budget() { return budgetMs; }

function compile() {
  if (!compiled) {
    compiled = (async () => {
      const res = await fetch(WASM_URL);
      if (!res.ok) throw new Error(`${WASM_URL.pathname} answered ${res.status}`);
      // Streaming needs the wasm type; a host that sends another still works.
      if ((res.headers.get('Content-Type') || '').startsWith('application/wasm')) return WebAssembly.compileStreaming(res);
      return WebAssembly.compile(await res.arrayBuffer());
    })();
    compiled.catch(() => { compiled = null; });  // tried again on the next request
  }
  return compiled;
}

async function spawn() {
  const module = await compile();
  const worker = new Worker(WORKER_URL, { type: 'module', name: 'nonet engine' });
  try {
    await new Promise((resolve, reject) => {
      worker.onmessage = (e) => (e.data.type === 'ready' ? resolve() : reject(new Error(e.data.message)));
      worker.onerror = (e) => { e.preventDefault(); reject(new Error(e.message || 'its worker did not start')); };
      worker.postMessage({ type: 'start', module });
    });
  } catch (e) {
    worker.terminate();
    throw e;
  }
  worker.onmessage = null;
  worker.onerror = null;
  return worker;
}

function keep(worker) {
  if (idle.length < IDLE_KEPT) idle.push(worker);
  else worker.terminate();
}

// Starts what waits, while there is room: the player's work first, and room
// made for it by stopping background work when there is none.
function pump() {
  for (;;) {
    const fore = queue.findIndex((j) => !j.background);
    const at = fore >= 0 ? fore : queue.length ? 0 : -1;
    if (at < 0) return;
    const job = queue[at];
    if (running.size >= SLOTS) {
      const victim = job.background ? null : [...running].find((j) => j.background);
      if (!victim) return;
      stop(victim);
      queue.unshift(victim);  // first of the background work when room comes
      continue;
    }
    queue.splice(queue.indexOf(job), 1);
    run(job);
  }
}

// Stops a running request: its worker is thrown away mid-search.
function stop(job) {
  running.delete(job);
  job.run = null;
  if (job.worker) job.worker.terminate();
  job.worker = null;
}

async function run(job) {
  running.add(job);
  const mine = {};
  job.run = mine;
  let worker;
  try {
    worker = idle.pop() || await spawn();
  } catch (e) {
    if (job.run === mine) {
      running.delete(job);
      job.fail(e);
      pump();
    }
    return;
  }
  if (job.run !== mine) { keep(worker); return; }  // stopped while its worker started
  job.worker = worker;
  const finish = (reply, reusable) => {
    worker.onmessage = null;
    worker.onerror = null;
    running.delete(job);
    job.run = null;
    job.worker = null;
    if (reusable) keep(worker);
    else worker.terminate();
    job.done(reply);
    pump();
  };
  const broken = (message) => finish({
    status: 500, body: JSON.stringify({ error: { code: 'engine_failed', message: `the engine stopped: ${message}` } }),
  }, false);
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.id !== job.id) return;
    if (m.type === 'reply') finish({ status: m.status, body: m.body }, true);
    else broken(m.message);  // the engine aborted: this worker is done for
  };
  worker.onerror = (e) => { e.preventDefault(); broken(e.message || 'its worker failed'); };
  worker.postMessage({ type: 'request', id: job.id, method: job.method, path: job.path, body: job.body, budget: budgetMs, seed: job.seed });
}

function abortError() { return new DOMException('cancelled', 'AbortError'); }

// Starts one worker ahead of the first request; resolves to null when the
// engine is ready, or to the reason it cannot start.
export async function warmUp() {
  try {
    if (!idle.length) keep(await spawn());
    performance.mark('nonet-engine-ready');
    return null;
  } catch (e) {
    return e.message || String(e);
  }
}

// One API request answered by the engine: {status, body} with the body as
// JSON text, exactly as `nonet serve` would send it. `background` marks work
// the player is not waiting for. Rejects with an AbortError when `signal`
// aborts, and with an Error when the engine cannot start.
export function engineRequest(method, path, body = '', { signal, background = false } = {}) {
  if (signal?.aborted) return Promise.reject(abortError());
  const seeds = crypto.getRandomValues(new Uint32Array(2));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      const waiting = queue.indexOf(job);
      if (waiting >= 0) queue.splice(waiting, 1);
      if (running.has(job)) stop(job);
      reject(abortError());
      pump();
    };
    const job = {
      id: ++sequence, method, path, body, background,
      // Below 2^53, as the server's, so that a seed sent back is read exactly.
      seed: (seeds[0] & 0x1fffff) * 2 ** 32 + seeds[1],
      run: null, worker: null,
      done: (reply) => { signal?.removeEventListener('abort', onAbort); resolve(reply); },
      fail: (e) => { signal?.removeEventListener('abort', onAbort); reject(e); },
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    queue.push(job);
    pump();
  });
}
