import crypto from 'node:crypto';
import { getPubKey, getPublicKey } from '../../../schemas/api/account.ts';
import { getWebLanguageData, getWebLanguageList } from '../../../schemas/api/shared.ts';
import { LANGUAGES, LANG_CODES, type LangCode } from '../../../schemas/languages.ts';
import { implementPublic } from '../../http/context.ts';
import { readLocale, type LocaleBundle } from '../../http/messages.ts';

/** Locale files are read once per process; their hash tells clients when a cached copy is stale. */
const bundles = new Map<LangCode, { resources: LocaleBundle; version: string }>();
const bundleOf = (lang: LangCode) => {
  let bundle = bundles.get(lang);
  if (!bundle) {
    const resources = readLocale(lang);
    const version = crypto.createHash('sha256').update(JSON.stringify(resources)).digest('hex').slice(0, 16);
    bundle = { resources, version };
    bundles.set(lang, bundle);
  }
  return bundle;
};

export const systemCalls = [
  implementPublic(getWebLanguageList, async () => LANGUAGES.map(({ code, name, dir }) => ({ code, name, dir }))),
  implementPublic(getWebLanguageData, async ({ lang }) => {
    const code = LANG_CODES.find((c) => c === lang)!;
    const { resources, version } = bundleOf(code);
    return { lang: code, dir: LANGUAGES.find((l) => l.code === code)!.dir, version, resources };
  }),
  implementPublic(getPublicKey, async (_body, { deps }) => ({ public_key: deps.keys.publicKey })),
  implementPublic(getPubKey, async (_body, { deps }) => ({ public_key: deps.keys.publicKey })),
];
