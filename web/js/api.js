// Calls to the server's JSON API. Every call resolves to {ok, status, body, ms}:
// errors are values the page shows, never exceptions.

export async function call(route, request) {
  const start = performance.now();
  try {
    const res = await fetch(`/api/${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    let body = null;
    try { body = await res.json(); } catch { body = { error: { message: `the server answered ${res.status}` } }; }
    return { ok: res.ok, status: res.status, body, ms: performance.now() - start };
  } catch (e) {
    return { ok: false, status: 0, body: { error: { message: 'the server cannot be reached' } }, ms: performance.now() - start };
  }
}

// The message of a failed call, for the status line.
export function errorText(reply) {
  const e = reply.body && reply.body.error;
  return e ? e.message : `request failed (${reply.status})`;
}
