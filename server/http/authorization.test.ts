import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Access, CallDef } from '../../schemas/call.ts';
import { Status } from '../../schemas/status.ts';
import { implementations } from '../modules/index.ts';
import { validValue } from '../test/bad-bodies.ts';
import { digest } from '../test/digest.ts';
import { engineName, startTestServer, type TestServer } from '../test/harness.ts';
import { buildWorld, hasFactory, scopeOf, type Get, type Made, type Member, type World } from '../test/resources.ts';

/*
 * Authorization, driven by the call registry: every id a call takes has an access rule
 * (schemas/call.ts `Access`), and for every rule but `any` member B tries member A's thing and
 * is refused, changing nothing, while those the rule allows succeed with the same body.
 */

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
}

const isIdName = (name: string) => name === 'id' || name.endsWith('_id') || name.endsWith('_ids');
const isNested = (path: string) => /[.[]/.test(path);

/** Id fields of a body schema: top-level names, and nested ones as paths (`photos[].photo_id`). */
const idFields = (schema: SchemaNode, path = ''): string[] => [
  ...Object.entries(schema.properties ?? {}).flatMap(([name, prop]) => [...(isIdName(name) ? [`${path}${name}`] : []), ...idFields(prop, `${path}${name}.`)]),
  ...(schema.items ? idFields(schema.items, `${path.replace(/\.$/, '')}[].`) : []),
  ...(schema.anyOf ?? []).flatMap((s) => idFields(s, path)),
];

/** Whether an answer holds the text only those allowed may read. */
const holdsSecret = (data: unknown, made: Made) => {
  if (!made.secret) throw new Error('its resource factory gives no secret to look for');
  return JSON.stringify(data).includes(made.secret);
};

/**
 * Reads that answer every member, each with what they may see: the intruder gets 200 with an
 * answer that does not show A's thing (`shows` false), where the allowed member's does (so the
 * check can fail). Keyed by call and field; `why` is the product rule.
 */
const ANSWERS_TO_ALL: Record<string, { why: string; shows: (data: unknown, made: Made) => boolean }> = {
  'userPostList.user_id': { why: "a profile's posts tab lists the posts the viewer may see", shows: holdsSecret },
  'getUserPostList.user_id': { why: "a profile's posts tab lists the posts the viewer may see", shows: holdsSecret },
  'getUserInfo.user_id': { why: 'a profile shows its public part to every member; guarded fields are null for others', shows: holdsSecret },
  'getNewUserInfo.user_id': { why: 'a profile shows its public part to every member; guarded fields are null for others', shows: holdsSecret },
  'sharedContentExist.content_id': {
    why: 'a post shared into a chat shows as gone to a reader who may not open it',
    shows: (data) => (data as { exists: boolean }).exists,
  },
};

/** Body fields a call needs beyond the schema's minimal valid body, made in the caller's own things. */
type Tweak = (get: Get) => Record<string, unknown> | Promise<Record<string, unknown>>;
const BODY_TWEAKS: Record<string, Tweak> = {
  addPhoto: async (get) => ({ photos: [{ url: (await get('upload')).value }] }),
  operationChannelPost: () => ({ content: 'A word from the board' }),
  'operationChannelPost.post_id': () => ({ action: 'delete' }),
};

/** Rules the matrix tries: `any` fields are open to everyone by definition (and the only rule nested fields may have). */
const triedRules = (def: CallDef) => Object.entries(def.access ?? {}).filter((entry): entry is [string, Exclude<Access, 'any'>] => entry[1] !== 'any' && !isNested(entry[0]));

const tally = { calls: 0, attempts: 0 };

describe(`Authorization, for every call that takes an id (${engineName})`, () => {
  let server: TestServer;
  let w: World;
  beforeAll(async () => {
    server = await startTestServer();
    w = await buildWorld(server);
  });
  afterAll(async () => {
    console.info(`authorization: ${tally.calls} calls, ${tally.attempts} attempts`);
    w.close();
    await server.close();
  });

  test('Every id field of every served call has an access rule, and every rule names a field', () => {
    const missing: string[] = [];
    const nested: string[] = [];
    const unknown: string[] = [];
    for (const { def } of implementations) {
      const fields = idFields(def.body as SchemaNode);
      for (const field of fields) {
        const rule = def.access?.[field];
        if (!rule) missing.push(`${def.name}.${field}`);
        else if (isNested(field) && rule !== 'any') nested.push(`${def.name}.${field}`);
      }
      for (const field of Object.keys(def.access ?? {})) if (!fields.includes(field)) unknown.push(`${def.name}.${field}`);
    }
    expect(missing, 'id fields without an access rule: add `access` to the call in schemas/api (rules: schemas/call.ts Access)').toEqual([]);
    expect(nested, 'nested id fields with a rule the matrix cannot try (it sets top-level fields only)').toEqual([]);
    expect(unknown, 'access rules for fields the body does not have').toEqual([]);
  });

  test('Every rule the matrix tries has a resource factory in server/test/resources.ts', () => {
    const without = implementations.flatMap(({ def }) => triedRules(def).filter(([field]) => !hasFactory(def.name, field)).map(([field]) => `${def.name}.${field}`));
    expect(without).toEqual([]);
  });

  /** A body with `field` set to A's thing and the other id fields to the caller's own things (`get`), new keys for keys. */
  const bodyFor = async (def: CallDef, field: string, made: Made, get: Get) => {
    const body: Record<string, unknown> = {
      ...(validValue(def.body) as object),
      ...(await BODY_TWEAKS[def.name]?.(get)),
      ...(await BODY_TWEAKS[`${def.name}.${field}`]?.(get)),
    };
    for (const [other, level] of Object.entries(def.access ?? {})) {
      if (other === field || !(other in body) || (made.with && other in made.with)) continue;
      body[other] = level === 'key' ? uuidv7() : (await get(other)).value;
    }
    return { ...body, ...made.with, [field]: made.value };
  };

  /** Who the rule lets use A's thing: A for `owner` and `key`; the members or friends it was made with otherwise. */
  const allowed = (level: Access, made: Made): Member[] => (level === 'owner' || level === 'key' ? [w.a] : (made.others ?? [w.a]));

  const attempt = async (def: CallDef, field: string, level: Access) => {
    const label = `${def.name}.${field} (${level})`;
    const ownerThings = scopeOf(w, w.a, def);
    const made = await ownerThings(field, level);
    const toAll = ANSWERS_TO_ALL[`${def.name}.${field}`];

    const intruderBody = await bodyFor(def, field, made, scopeOf(w, w.b, def));
    const before = await digest(server);
    const res = await w.as(w.b, def.name, intruderBody);
    tally.attempts += 1;
    const shown = `${label} ${JSON.stringify(intruderBody)} answered ${res.status} ${res.msg} ${JSON.stringify(res.data)?.slice(0, 300)}`;
    expect(res.http, shown).toBeLessThan(500);
    if (made.secret) expect(JSON.stringify(res.data ?? null), `${shown}: holds the owner's secret`).not.toContain(made.secret);
    if (toAll && res.status === Status.ok) {
      expect(toAll.shows(res.data, made), `${shown}: shows the owner's thing, yet ${toAll.why}`).toBe(false);
    } else {
      expect(res.status, shown).not.toBe(Status.ok);
      expect(res.msg, shown).not.toBe('');
    }
    expect(await digest(server), `${label}: the refused call changed data`).toEqual(before);

    // The same call by those the rule allows succeeds: the refusal was about who asked, not the body.
    for (const who of allowed(level, made)) {
      const body = await bodyFor(def, field, made, who === w.a ? ownerThings : scopeOf(w, who, def));
      const ok = await w.as(who, def.name, body);
      const whom = who === w.a ? 'the owner' : 'a member or friend';
      expect(ok.status, `${label}: ${whom} was refused: ${ok.status} ${ok.msg} ${JSON.stringify(body)}`).toBe(Status.ok);
      if (toAll) expect(toAll.shows(ok.data, made), `${label}: ${whom} is not shown the thing`).toBe(true);
    }
  };

  for (const { def } of implementations) {
    const rules = triedRules(def);
    if (rules.length === 0) continue;
    test(`${def.name}: another member's ${rules.map(([f, l]) => `${f} (${l})`).join(', ')} is refused or not shown, and nothing changes`, async () => {
      tally.calls += 1;
      for (const [field, level] of rules) await attempt(def, field, level);
    });
  }
});
