// Hints, Step and Walk as data: the two stages of a hint (first where to look
// and for what, then the step itself), what the hint panel shows at each, and
// the logical path that Walk goes through a step at a time. No DOM: the hint
// panel (hint-panel.js) asks the back end and draws what these functions say.
//
// A hint is {data, grade, key}: the API's answer, 'vague' or 'concrete', and
// the position it was asked for. A path is {steps, next}: the steps of the
// whole path and the index of the next one to apply.

import { noMarks, stepMarks } from './board.js';
import { ratingText } from './work.js';

// The position a hint belongs to: the entries and the candidates removed.
export const positionKey = (game) => `${game.line()}|${game.elim.join(',')}`;

// What /api/hint is asked.
export function hintRequest(game) {
  const r = { puzzle: game.line(), givens: game.line(game.givens), candidates: game.candidatesForApi(), level: 'concrete' };
  // The solution the puzzle's check found: the hint is checked against it
  // instead of solving again (0.2-0.6 s on a minimal 25x25 board).
  if (game.meta.solution) r.solution = game.meta.solution;
  return r;
}

// What pressing Hint does: show the step of the vague hint already open, if
// it is still about this position ({show: hint}), or ask for a new one
// ({ask: true}).
export function hintPress(hint, key) {
  if (hint && hint.grade === 'vague' && hint.key === key && hint.data.status === 'step') {
    return { show: { ...hint, grade: 'concrete' } };
  }
  return { ask: true };
}

// A new hint from the API's answer: always vague first.
export const freshHint = (data, key) => ({ data, grade: 'vague', key });

// What is said of an answer that is not a step: wrong entries named in a
// sentence of their own, one or several; any other message as a sentence.
export function answerText(data) {
  const cells = (data.wrong_cells || []).map((x) => `r${x.row}c${x.col}`);
  if (data.status === 'wrong_entries' && cells.length && /^these entries contradict the solution/.test(data.message || '')) {
    return cells.length === 1 ? `This entry contradicts the solution: ${cells[0]}.`
      : `These entries contradict the solution: ${cells.join(', ')}.`;
  }
  const m = data.message || data.status || '';
  return m && `${m[0].toUpperCase()}${m.slice(1)}${/[.!?]$/.test(m) ? '' : '.'}`;
}

// What the status line says when a hint comes: {text, kind}.
export function hintSaid(data) {
  return {
    text: data.status === 'step' ? 'Hint: look in the shaded area. Hint again (or “Show step”) for the step itself.' : answerText(data),
    kind: data.status === 'step' || data.status === 'solved' ? '' : 'bad',
  };
}

// What the status line says once the step itself shows.
export const stepShownSaid = (data) => `The step is on the board: ${data.step.technique}. Apply makes it, or make it yourself.`;

// What the hint panel shows of `hint` with cell `cur` selected, and the marks
// on the board. The step's text is there only at the concrete stage: it names
// cells and digits. Answers that are not a step (a wrong entry, a solved
// board) show their message, and the wrong cells they name.
export function hintPanel(hint, game, cur) {
  const { data, grade } = hint, { geo } = game;
  const panel = {
    revealHidden: game.isGiven(cur) || data.status === 'solved',
    revealTitle: `Write the answer of the selected cell (${geo.name(cur)}) into it`,
  };
  if (data.status !== 'step') {
    const marks = noMarks();
    (data.wrong_cells || []).forEach((x) => marks.wrong.add((x.row - 1) * geo.n + (x.col - 1)));
    return { ...panel, vague: answerText(data), text: '', textHidden: true, moreHidden: true, applyHidden: true, marks };
  }
  const vague = data.vague || `Look for a ${data.step.technique}`;
  const concrete = grade === 'concrete';
  return {
    ...panel,
    vague,
    text: concrete ? data.step.explanation : '',
    textHidden: !concrete,
    moreHidden: concrete,
    applyHidden: !concrete,
    marks: stepMarks(geo, data.step, grade, vague),
  };
}

// What the status line says after Step applies one step.
export function stepSaid(step) {
  const rating = step.rating;
  return `${step.explanation}${typeof rating === 'number' ? ` (rating ${rating.toFixed(1)})` : ''}`;
}

// ---------------------------------------------------------------- Walk

// The path of /api/explain's answer, none of it applied yet.
export const walkPath = (body) => ({ steps: body.steps, next: 0 });

// The line over the path: its length, how it ends, its hardest step.
export function pathSummary(body) {
  const r = body.rating;
  const end = body.status === 'solved' ? ' to the end' : body.status === 'timeout' ? ', then the time allowed for one request ran out' : ', then chains are needed';
  return `${body.steps.length} steps${end}; hardest ${r && r.level ? ratingText(r) : 'unrated'}.`;
}

export const pathDone = (path) => path.next >= path.steps.length;

// “Next step”: the step to apply and the path after it, or null at the end.
export function pathNext(path) {
  if (!path || pathDone(path)) return null;
  return { step: path.steps[path.next], path: { ...path, next: path.next + 1 } };
}

// The class of the i-th step in the list: those applied are 'done', the one
// just applied 'current'.
export function pathItemClass(path, i) {
  return i < path.next - 1 ? 'done' : i === path.next - 1 ? 'current' : '';
}
