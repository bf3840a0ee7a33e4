import { Type } from '@sinclair/typebox';
import { defineCall, StringEnum } from '../call.ts';
import { LANG_CODES } from '../languages.ts';

const LangCodeSchema = StringEnum(LANG_CODES);

export const getWebLanguageList = defineCall({
  name: 'getWebLanguageList',
  group: 'Shared',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: 'The interface languages, with their names and writing direction.',
  body: Type.Object({}),
  data: Type.Array(
    Type.Object({ code: Type.String(), name: Type.String(), dir: Type.Union([Type.Literal('ltr'), Type.Literal('rtl')]) }),
  ),
});

export const getWebLanguageData = defineCall({
  name: 'getWebLanguageData',
  group: 'Shared',
  method: 'POST',
  base: 'main',
  enc: null,
  public: true,
  summary: 'Every interface text of one language, by namespace (locales/<lang>/<namespace>.json).',
  body: Type.Object({ lang: LangCodeSchema }, { additionalProperties: false }),
  data: Type.Object({
    lang: Type.String(),
    dir: Type.Union([Type.Literal('ltr'), Type.Literal('rtl')]),
    /** Changes whenever any text changes, so clients can keep a cached copy. */
    version: Type.String(),
    resources: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown())),
  }),
});

export const verifyToken = defineCall({
  name: 'verifyToken',
  group: 'Shared',
  method: 'GET',
  base: 'main',
  enc: null,
  summary: 'Checks the token and returns a new one; the old one stays valid for a minute.',
  body: Type.Object({}),
  data: Type.Object({ token: Type.String(), user_id: Type.Integer() }),
});
