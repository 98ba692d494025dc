// The clock as data (web/js/clock.js), without a browser: when it runs, what
// pausing and a hidden page do to it, and how time is written.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  elapsedMs, formatTime, pauseChange, pausesOnHide, resumedFrom, running, shouldRun, started, stopped, stoppedAt, synced,
} from '../../web/js/clock.js';

const playing = { paused: false, solved: false, hasGivens: true, hidden: false };

describe('clock', () => {
  test('time adds up over runs, and stopping twice changes nothing', () => {
    let c = stoppedAt(0);
    assert.equal(running(c), false);
    c = started(c, 1000);
    assert.equal(elapsedMs(c, 4000), 3000);
    assert.equal(started(c, 9000), c, 'starting a running clock keeps its start');
    c = stopped(c, 4500);
    assert.deepEqual(c, { elapsed: 3500, since: null });
    assert.equal(elapsedMs(c, 99999), 3500, 'a stopped clock stands still');
    assert.equal(stopped(c, 8000), c);
    c = stopped(started(c, 10000), 10250);
    assert.equal(c.elapsed, 3750);
  });

  test('it runs only while a puzzle with givens is played in view', () => {
    assert.equal(shouldRun(playing), true);
    assert.equal(shouldRun({ ...playing, paused: true }), false);
    assert.equal(shouldRun({ ...playing, solved: true }), false);
    assert.equal(shouldRun({ ...playing, hasGivens: false }), false, 'an empty board is not timed');
    assert.equal(shouldRun({ ...playing, hidden: true }), false);
  });

  test('a hidden page pauses a running clock, and it stays stopped until resumed', () => {
    let c = synced(stoppedAt(0), playing, 1000);
    assert.equal(running(c), true);
    assert.equal(pausesOnHide(true, c), true);
    assert.equal(pausesOnHide(false, c), false, 'in view: no pause');
    assert.equal(pausesOnHide(true, stoppedAt(5)), false, 'nothing to pause');
    // The page pauses: the clock stops at the time it went out of view.
    const pause = pauseChange(true, { solved: false });
    assert.deepEqual(pause, { paused: true, closePanels: true, text: 'Paused. Press Resume (or P) to play on.' });
    c = synced(c, { ...playing, paused: pause.paused, hidden: true }, 5000);
    assert.deepEqual(c, { elapsed: 4000, since: null });
    // Back in view but still paused: no time passes.
    c = synced(c, { ...playing, paused: true }, 60000);
    assert.equal(elapsedMs(c, 70000), 4000);
    // Resumed: it runs on from there.
    const resume = pauseChange(false, { solved: false });
    assert.deepEqual(resume, { paused: false, closePanels: false, text: 'Playing.' });
    c = synced(c, { ...playing, paused: resume.paused }, 70000);
    assert.equal(elapsedMs(c, 71000), 5000);
  });

  test('a solved board is not paused, but resuming always works', () => {
    assert.equal(pauseChange(true, { solved: true }), null);
    assert.equal(pauseChange(false, { solved: true }).text, 'Playing.');
  });

  test('a game brought back by undo has its own time, stopped', () => {
    assert.deepEqual(resumedFrom({ elapsed: 65000 }), { elapsed: 65000, since: null });
    assert.deepEqual(resumedFrom({ elapsed: 'junk' }), { elapsed: 0, since: null });
    assert.deepEqual(resumedFrom({}), { elapsed: 0, since: null });
  });

  test('time is written m:ss, and h:mm:ss from an hour on', () => {
    assert.equal(formatTime(0), '0:00');
    assert.equal(formatTime(999), '0:00');
    assert.equal(formatTime(65999), '1:05');
    assert.equal(formatTime(59 * 60000 + 59999), '59:59');
    assert.equal(formatTime(3600000 + 61000), '1:01:01');
  });
});
