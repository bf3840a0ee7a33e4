import { createInstance } from 'i18next';
import { expect, test } from 'vitest';
import enCommon from '../../../locales/en/common.json';
import { systemText } from './system-text.ts';

const i18n = createInstance();
await i18n.init({ lng: 'en', ns: ['common'], defaultNS: 'common', resources: { en: { common: enCommon } }, interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n);

const FSI = '\u2068';
const PDI = '\u2069';

test('A system line names its members, each isolated so their text direction cannot reorder the sentence', () => {
  const line = systemText(t, JSON.stringify({ tag: 'joined', actor: 'Amal Haddad', names: ['كريم', 'Mei\u202e'] }));
  expect(line).toContain(`${FSI}Amal Haddad${PDI}`);
  expect(line).toContain(`${FSI}كريم${PDI}, ${FSI}Mei\u202e${PDI}`);
  // Nothing of a name leaks outside its isolate: an unclosed override ends with it.
  expect(line.split(PDI).at(-1)).not.toContain('\u202e');
});

test('A system line the app does not know, or content that is not JSON, reads as an unknown event', () => {
  expect(systemText(t, JSON.stringify({ tag: 'somethingNew', actor: 'Amal' }))).toBe(t('chat.system.unknown'));
  expect(systemText(t, 'not json')).toBe(t('chat.system.unknown'));
  expect(t('chat.system.unknown')).not.toBe('chat.system.unknown');
});
