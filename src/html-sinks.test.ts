import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * A cheap guard against XSS (issue 8): member text reaches the page only as React text. These
 * are the ways to hand the browser a string as markup or code; none may appear in the client
 * unless ALLOWED says why that use is safe. tests/e2e/xss.spec.ts checks the rendering itself.
 */
const SINKS: readonly [name: string, pattern: RegExp][] = [
  ['dangerouslySetInnerHTML', /dangerouslySetInnerHTML/],
  ['innerHTML or outerHTML', /\.(inner|outer)HTML\b/],
  ['insertAdjacentHTML', /insertAdjacentHTML/],
  ['document.write', /document\.write(ln)?\s*\(/],
  ['createContextualFragment', /createContextualFragment/],
  ['DOMParser', /\bDOMParser\b/],
  ['srcdoc', /\bsrcdoc\b/i],
  ['eval', /\beval\s*\(/],
  ['new Function', /\bnew\s+Function\s*\(/],
  ['timer with code in a string', /\bset(Timeout|Interval)\s*\(\s*['"`]/],
  ['javascript: URL', /javascript:/i],
];

/** `file: sink name` → why that use is safe. Empty: the client has none. */
const ALLOWED: Readonly<Record<string, string>> = {};

const ROOTS = ['src', 'sw', 'index.html'];
const isSource = (file: string) => /\.(tsx?|html)$/.test(file) && !/\.test\.tsx?$/.test(file);

const filesUnder = (entry: string): string[] => {
  if (!existsSync(entry)) return [];
  if (statSync(entry).isDirectory()) return readdirSync(entry).flatMap((name) => filesUnder(path.join(entry, name)));
  return isSource(entry) ? [entry] : [];
};

const sinksIn = (text: string): string[] => SINKS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);

describe('HTML and code sinks in the client', () => {
  const found = ROOTS.flatMap(filesUnder).flatMap((file) => sinksIn(readFileSync(file, 'utf8')).map((sink) => `${file.split(path.sep).join('/')}: ${sink}`));

  test('the scanner sees each kind of sink', () => {
    expect(sinksIn('el.innerHTML = text')).toEqual(['innerHTML or outerHTML']);
    expect(sinksIn('<div dangerouslySetInnerHTML={{ __html: x }} />')).toEqual(['dangerouslySetInnerHTML']);
    expect(sinksIn("<iframe srcDoc={html} /> setTimeout('go()', 1)")).toEqual(['srcdoc', 'timer with code in a string']);
    expect(sinksIn('<a href={`javascript:${code}`}>')).toEqual(['javascript: URL']);
    expect(sinksIn('<p>{member.text}</p>')).toEqual([]);
    expect(ROOTS.flatMap(filesUnder).length, 'client files scanned').toBeGreaterThan(50);
  });

  test('none appears in the client outside the allow-list', () => {
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  test('every allowed use still exists (the list stays honest)', () => {
    expect(Object.keys(ALLOWED).filter((f) => !found.includes(f))).toEqual([]);
  });
});
