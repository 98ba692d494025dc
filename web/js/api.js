// Calls to the server's JSON API. Every call resolves to {ok, status, body, ms,
// aborted}: errors are values the page shows, never exceptions. A call takes
// an AbortSignal so the player can cancel long work.

export async function call(route, request, { signal } = {}) {
  const start = performance.now();
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
    return {
      ok: false, status: 0, aborted, ms: performance.now() - start,
      body: { error: { code: aborted ? 'cancelled' : 'unreachable', message: aborted ? 'cancelled' : 'the server cannot be reached' } },
    };
  }
}

// The levels the generator offers at each size: a Map from side to level
// names, or null when the server does not say (then every level is offered).
export async function levels() {
  try {
    const res = await fetch('/api/levels');
    if (!res.ok) return null;
    const body = await res.json();
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

// The message of a failed call, for the status line.
export function errorText(reply) {
  const e = reply.body && reply.body.error;
  return e ? e.message : `request failed (${reply.status})`;
}
