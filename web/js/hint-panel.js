// The hint panel and the path panel: Hint in two stages (where to look and
// for what, then the step itself, with Apply), Reveal this cell, Step, and
// Walk through the whole logical path. The stages, the panel's content and
// the path are hints.js's; this asks the back end and draws them.

import { digitOf, symbol } from './model.js';
import { call } from './api.js';
import { stepMarks } from './board.js';
import {
  freshHint, hintPanel, hintPress, hintRequest, hintSaid, pathDone, pathItemClass, pathNext, pathSummary, positionKey,
  stepSaid, stepShownSaid, walkPath,
} from './hints.js';
import { $, closeHint, closePath, render, say, state, syncControls } from './page.js';
import { blocked, changed } from './play.js';
import { sayFailure, solution, work } from './work-panel.js';

// The first press shows what to look for and where (the area shaded); the
// second the step itself. No cell's answer shows unless the player asks.
export function hint() {
  if (blocked()) return;
  const press = hintPress(state.hint, positionKey(state.game));
  if (press.show) {
    showHint(press.show);
    if (press.show.grade === 'concrete' && press.show.data.status === 'step') say(stepShownSaid(press.show.data));
    return;
  }
  return work('Looking for the next step', async (signal) => {
    const key = positionKey(state.game);
    const reply = await call('hint', hintRequest(state.game), { signal });
    if (!reply.ok) { closeHint(); state.marks = null; sayFailure('No hint', reply); return; }
    state.game.meta.hints++;
    showHint(freshHint(reply.body, key));
    const told = hintSaid(reply.body);
    say(told.text, told.kind);
  });
}

// “Show step”: the open hint at its concrete stage.
export function showStep() {
  if (!state.hint || blocked()) return;
  showHint({ ...state.hint, grade: 'concrete' });
  if (state.hint.data.status === 'step') say(stepShownSaid(state.hint.data));
}

// Opens the hint panel on `hint`, its marks on the board.
function showHint(hint) {
  closePath();
  state.hint = hint;
  const panel = hintPanel(hint, state.game, state.cur);
  $('hint-panel').hidden = false;
  $('hint-reveal-text').hidden = true;
  $('hint-reveal').hidden = panel.revealHidden;
  $('hint-reveal').title = panel.revealTitle;
  $('hint-vague').textContent = panel.vague;
  $('hint-text').textContent = panel.text;
  $('hint-text').hidden = panel.textHidden;
  $('hint-more').hidden = panel.moreHidden;
  $('hint-apply').hidden = panel.applyHidden;
  state.marks = panel.marks;
  render();
  const el = $('hint-panel');
  if (getComputedStyle(el).position !== 'fixed') el.scrollIntoView({ block: 'nearest' });
}

// The hint panel's close button: the hint and its marks go.
export function dismissHint() {
  closeHint();
  state.marks = null;
  render();
}

// Apply: the open hint's step goes onto the board.
export function applyHint() {
  if (blocked() || !state.hint || !state.hint.data.step) return;
  const step = state.hint.data.step;
  closeHint();
  applyStep(step);
  say(`Applied: ${step.explanation}`);
}

// Reveal this cell: the answer of the selected cell written into it.
export function reveal() {
  if (blocked()) return;
  const i = state.cur, g = state.game;
  if (g.isGiven(i)) { say(`${g.geo.name(i)} is a given.`); return; }
  return work('Finding the answer', async (signal) => {
    const line = await solution(signal);
    if (signal.aborted) { say('Cancelled.'); return; }
    if (!line) { say('This puzzle has no single solution, so no cell can be revealed.', 'bad'); return; }
    const d = digitOf(line[i], g.n);
    g.meta.hints++;
    g.meta.assisted = true;
    g.place([i], d, state.settings.autoClean);
    changed();
    say(`Revealed: ${g.geo.name(i)} is ${symbol(d)}.`);
  });
}

// A step of the logic applied to the board, its marks left showing.
function applyStep(step) {
  const g = state.game;
  if (g.applyStep(step, state.settings.autoClean)) {
    g.meta.assisted = true;
    state.marks = stepMarks(g.geo, step, 'concrete');
    changed({ keepMarks: true });
    return true;
  }
  return false;
}

// Step: the next logical step, applied and explained.
export function stepOnce() {
  if (blocked()) return;
  return work('Looking for the next step', async (signal) => {
    closeHint();
    const reply = await call('hint', hintRequest(state.game), { signal });
    if (!reply.ok) { sayFailure('No step', reply); return; }
    if (reply.body.status !== 'step') { say(reply.body.message, reply.body.status === 'solved' ? 'ok' : 'bad'); return; }
    applyStep(reply.body.step);
    say(stepSaid(reply.body.step));
  });
}

// ---------------------------------------------------------------- Walk

export function walk() {
  if (blocked()) return;
  return work('Finding the logical path', async (signal) => {
    closeHint();
    const g = state.game;
    const reply = await call('explain', { puzzle: g.line(), candidates: g.candidatesForApi() }, { signal });
    if (!reply.ok) { sayFailure('No path', reply); return; }
    state.path = walkPath(reply.body);
    $('path-list').replaceChildren(...state.path.steps.map((s) => {
      const li = document.createElement('li');
      li.textContent = s.explanation;
      return li;
    }));
    $('path-summary').textContent = pathSummary(reply.body);
    $('path-panel').hidden = false;
    say('The logical path is listed: “Next step” applies one step at a time.');
  });
}

// Next step: the path's next step applied, and marked in the list.
export function walkNext() {
  if (!state.path || pathDone(state.path) || blocked()) return;
  const next = pathNext(state.path);
  applyStep(next.step);
  state.path = next.path;
  const items = $('path-list').children, at = state.path.next - 1;
  if (at > 0) items[at - 1].className = pathItemClass(state.path, at - 1);
  items[at].className = pathItemClass(state.path, at);
  items[at].scrollIntoView({ block: 'nearest' });
  say(next.step.explanation);
  syncControls();
}

// The path panel's close button.
export function dismissPath() {
  closePath();
  state.marks = null;
  render();
}
