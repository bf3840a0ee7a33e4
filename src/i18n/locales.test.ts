import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANG_CODES, NAMESPACES } from '../../schemas/languages.ts';

const dir = path.resolve(import.meta.dirname, '../../locales');
const read = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, `${ns}.json`), 'utf8')) as unknown;

/** Every leaf string by its key path. */
const leaves = (value: unknown, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) for (const [p, s] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, s);
  return out;
};
const tokens = (s: string) => [...s.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g)].map((m) => m[0]).sort();

describe('Every language has every text', () => {
  for (const lang of LANG_CODES.filter((l) => l !== 'en')) {
    for (const ns of NAMESPACES) {
      test(`${lang}/${ns}.json has the keys, placeholders and tags of English`, () => {
        const en = leaves(read('en', ns));
        const other = leaves(read(lang, ns));
        // i18next picks a plural form by the language's own rules (Arabic has six): each must exist,
        // or a count of 2 or 11 falls back to English.
        const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        const plural = [...en].flatMap(([key, text]) => (key.endsWith('_other') ? forms.map((f): [string, string] => [`${key.slice(0, -'other'.length)}${f}`, text]) : []));
        const expected = new Map([...en, ...plural]);
        expect([...other.keys()].sort()).toEqual([...new Set([...expected.keys()])].sort());
        for (const [key, text] of expected) {
          expect(tokens(other.get(key) ?? ''), `${lang}/${ns}: ${key}`).toEqual(tokens(text));
          expect((other.get(key) ?? '').trim(), `${lang}/${ns}: ${key} is empty`).not.toBe('');
        }
      });
    }
  }
});
