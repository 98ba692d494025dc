// The clock of a game as data: when it runs, when it stops, what Pause says.
// No DOM and no clock of its own: every function is handed the time (`now`,
// in ms, performance.now() on the page), so it can be tested apart from it.
//
// A clock is {elapsed, since}: the ms played before `since`, and when it last
// started (null: stopped). Functions return a new clock; none changes one.

export const stoppedAt = (elapsed = 0) => ({ elapsed, since: null });

export const running = (clock) => clock.since !== null;

export function elapsedMs(clock, now) {
  return clock.elapsed + (running(clock) ? now - clock.since : 0);
}

export function started(clock, now) {
  return running(clock) ? clock : { elapsed: clock.elapsed, since: now };
}

export function stopped(clock, now) {
  return running(clock) ? stoppedAt(elapsedMs(clock, now)) : clock;
}

// The clock runs while a puzzle with givens is played: not paused, not yet
// solved, and the page in view.
export function shouldRun({ paused, solved, hasGivens, hidden }) {
  return !paused && !solved && hasGivens && !hidden;
}

// The clock as it should be in this situation.
export function synced(clock, situation, now) {
  return shouldRun(situation) ? started(clock, now) : stopped(clock, now);
}

// The clock of a game that comes back by undo or redo: stopped at the time it
// had when it was left.
export const resumedFrom = (meta) => stoppedAt(Number(meta.elapsed) || 0);

// Pausing (p = true) or resuming: null when nothing changes (a solved board is
// not paused), else the new `paused`, whether the panels that show the board
// close (paused means nothing of the board shows), and what the status says.
export function pauseChange(p, { solved }) {
  if (p && solved) return null;
  return {
    paused: p,
    closePanels: p,
    text: p ? 'Paused. Press Resume (or P) to play on.' : 'Playing.',
  };
}

// A page that goes out of view pauses a running clock.
export const pausesOnHide = (hidden, clock) => hidden && running(clock);

export function formatTime(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}
