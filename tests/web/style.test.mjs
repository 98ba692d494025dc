// The style sheet's colours: each is written once as light-dark(light, dark),
// and again, light and dark, for browsers without light-dark(). The copy must
// say what the list says, name for name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('../../web/style.css', import.meta.url), 'utf8');

// The arguments of light-dark(...) calls in a value, split at top-level commas.
function pick(value, which) {
  let out = '';
  for (let k = 0; k < value.length;) {
    if (!value.startsWith('light-dark(', k)) { out += value[k++]; continue; }
    k += 'light-dark('.length;
    const args = [''];
    for (let depth = 0; ; k++) {
      const c = value[k];
      if (c === ')' && depth === 0) break;
      if (c === '(') depth++;
      if (c === ')') depth--;
      if (c === ',' && depth === 0) args.push(''); else args[args.length - 1] += c;
    }
    k++;
    out += args[which].trim();
  }
  return out.replace(/\s+/g, ' ').trim();
}

function declarations(block) {
  const out = new Map();
  for (const m of block.matchAll(/(--[\w-]+):\s*([^;]+);/g)) out.set(m[1], m[2].replace(/\s+/g, ' ').trim());
  return out;
}

function blockAfter(start) {
  const open = css.indexOf('{', start);
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    if (css[i] === '}' && --depth === 0) return css.slice(open + 1, i);
  }
  throw new Error('unclosed block');
}

test('the colours without light-dark() are the light-dark() list, light and dark', () => {
  const list = [...declarations(blockAfter(css.indexOf(':root {'))).entries()]
    .filter(([, v]) => v.includes('light-dark('));
  assert.ok(list.length > 30, `only ${list.length} colours found`);
  const supports = css.indexOf('@supports not (color: light-dark(');
  assert.ok(supports > 0, 'no fallback for browsers without light-dark()');
  const light = declarations(blockAfter(css.indexOf(':root {', supports)));
  const dark = declarations(blockAfter(css.indexOf(':root[data-theme="dark"] {', supports)));
  const system = css.indexOf('@supports not', supports + 1);
  assert.ok(system > 0, 'no fallback for a dark system');
  const systemDark = declarations(blockAfter(css.indexOf(':root:not([data-theme="light"]) {', system)));
  for (const [name, value] of list) {
    assert.equal(light.get(name), pick(value, 0), `${name} light`);
    assert.equal(dark.get(name), pick(value, 1), `${name} dark`);
    assert.equal(systemDark.get(name), pick(value, 1), `${name} dark system`);
  }
  assert.equal(light.size, list.length, 'the fallback names a colour the list lacks');
});
