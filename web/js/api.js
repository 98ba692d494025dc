// Calls to the JSON API. Every call resolves to {ok, status, body, ms,
// aborted}: errors are values the page shows, never exceptions. A call takes
// an AbortSignal so the player can cancel long work.
//
// Two back ends answer alike: `nonet serve` over HTTP, or, on the static site
// (scripts/build-site.sh), the engine built to WebAssembly running in this
// browser (engine.js). backend.js says which; `?backend=server` or
// `?backend=engine` overrides it.

import { BACKEND } from './backend.js';
import { engineRequest, warmUp } from './engine.js';

const asked = new URLSearchParams(location.search).get('backend');
export const backend = asked === 'server' || asked === 'engine' ? asked : BACKEND === 'engine' ? 'engine' : 'server';
// What does the work, for the page's sentences: "the server", "the engine".
export const source = backend === 'engine' ? 'the engine' : 'the server';

function failed(code, message, ms, aborted = false) {
  return { ok: false, status: 0, aborted, ms, body: { error: { code, message } } };
}

async function engineCall(method, path, body, signal, background, start) {
  try {
    const reply = await engineRequest(method, path, body, { signal, background });
    let parsed = null;
    try { parsed = JSON.parse(reply.body); } catch { parsed = { error: { message: `the engine answered ${reply.status}` } }; }
    return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, body: parsed, ms: performance.now() - start, aborted: false };
  } catch (e) {
    if (e && e.name === 'AbortError') return failed('cancelled', 'cancelled', performance.now() - start, true);
    return failed('unreachable', `the engine cannot start in this browser (${e && e.message || e})`, performance.now() - start);
  }
}

// `background` marks work the player is not waiting for (checking and rating a
// loaded puzzle): the engine in the browser lets the player's work go first.
export async function call(route, request, { signal, background = false } = {}) {
  const start = performance.now();
  if (backend === 'engine') return engineCall('POST', `/api/${route}`, JSON.stringify(request), signal, background, start);
  try {
    const res = await fetch(`/api/${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    });
    let body = null;
    try { body = await res.json(); } catch { body = { error: { message: `the server answered ${res.status}` } }; }
    return { ok: res.ok, status: res.status, body, ms: performance.now() - start, aborted: false };
  } catch (e) {
    const aborted = e && e.name === 'AbortError';
    return failed(aborted ? 'cancelled' : 'unreachable', aborted ? 'cancelled' : 'the server cannot be reached', performance.now() - start, aborted);
  }
}

// Readies the back end: the engine compiled and one worker started, so the
// first request does not wait for them, and the page marked with which back
// end answers it (data-backend). Resolves to null, or to why the engine
// cannot start.
export function prepare() {
  document.documentElement.dataset.backend = backend;
  return backend === 'engine' ? warmUp() : Promise.resolve(null);
}

// The levels the generator offers at each size: a Map from side to level
// names, or null when the back end does not say (then every level is offered).
export async function levels() {
  try {
    let body;
    if (backend === 'engine') {
      const reply = await engineRequest('GET', '/api/levels');
      if (reply.status !== 200) return null;
      body = JSON.parse(reply.body);
    } else {
      const res = await fetch('/api/levels');
      if (!res.ok) return null;
      body = await res.json();
    }
    if (!body || !Array.isArray(body.sizes)) return null;
    const out = new Map();
    for (const s of body.sizes) {
      if (Number.isInteger(s.size) && Array.isArray(s.levels)) out.set(s.size, s.levels.filter((l) => typeof l === 'string'));
    }
    return out.size ? out : null;
  } catch {
    return null;
  }
}
