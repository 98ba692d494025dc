// The engine's Web Worker, for the static site: answers the page's API
// requests with the engine built to WebAssembly (apps/wasm), off the page's
// thread so the board never freezes. The page (engine.js) hands over the
// compiled module, so a worker that was stopped to cancel its work is replaced
// at once.
//
//   page -> worker  {type: 'start', module}                 -> {type: 'ready'} or {type: 'failed', message}
//   page -> worker  {type: 'request', id, method, path, body, budget, seed}
//   worker -> page  {type: 'reply', id, status, body}       (status: HTTP's; body: the answer's JSON text)

import createEngine from '../engine/nonet-engine.js';

let engine = null;
let request = null;
let status = null;
const encoder = new TextEncoder();

async function start(module) {
  engine = await createEngine({
    // The module is compiled once by the page; each worker only instantiates it.
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(module, imports).then((instance) => done(instance, module),
        (e) => postMessage({ type: 'failed', message: String(e && e.message || e) }));
      return {};
    },
    print: () => {},
    printErr: (text) => console.warn(`engine: ${text}`),
  });
  request = engine.cwrap('nonet_request', 'number', ['string', 'string', 'number', 'number', 'number', 'number']);
  status = engine.cwrap('nonet_status', 'number', []);
}

// The body goes through the engine's heap, not its stack, whatever its size.
function answer({ method, path, body, budget, seed }) {
  const bytes = encoder.encode(body || '');
  const at = engine._malloc(Math.max(1, bytes.length));
  try {
    engine.HEAPU8.set(bytes, at);
    const text = engine.UTF8ToString(request(method, path, at, bytes.length, budget, seed));
    return { status: status(), body: text };
  } finally {
    engine._free(at);
  }
}

self.onmessage = async (e) => {
  const m = e.data;
  if (m.type === 'start') {
    try {
      await start(m.module);
      postMessage({ type: 'ready' });
    } catch (err) {
      postMessage({ type: 'failed', message: String(err && err.message || err) });
    }
  } else if (m.type === 'request') {
    try {
      postMessage({ type: 'reply', id: m.id, ...answer(m) });
    } catch (err) {
      // The engine stopped (out of memory, most likely): this worker is done for.
      postMessage({ type: 'failed', id: m.id, message: String(err && err.message || err) });
    }
  }
};
