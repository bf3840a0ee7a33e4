import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Status } from '../../schemas/status.ts';
import { implementations } from '../modules/index.ts';
import { badBodies, HOSTILE_STRINGS, validValue } from '../test/bad-bodies.ts';
import { digest } from '../test/digest.ts';
import { engineName, startTestServer, type TestServer } from '../test/harness.ts';
import { createMember } from '../test/members.ts';
import { memberOfToken } from '../modules/auth/tokens.ts';

const tally = { calls: 0, payloads: 0 };
/** The sweeps below send every call many bodies in one test; they grow with the catalogue. */
const SWEEP_TIMEOUT_MS = 300_000;

describe(`Bad input, for every registered call (${engineName})`, () => {
  let server: TestServer;
  let token: string;
  /** Some random bodies are valid (signOut, deleteAccount…) and end the session: start a new one then. */
  const freshToken = async () => {
    if (!(await memberOfToken(server.database.db, token))) token = (await createMember(server)).token;
    return token;
  };
  beforeAll(async () => {
    server = await startTestServer();
    token = (await createMember(server)).token;
  });
  afterAll(async () => {
    console.info(`bad-input: ${tally.calls} calls, ${tally.payloads} payloads tried`);
    await server.close();
  });

  /** Sends one body; the answer must be a refusal with a message, never a 5xx. */
  const refused = async (name: string, body: unknown, field?: string) => {
    const impl = implementations.find((i) => i.def.name === name)!;
    const { def } = impl;
    const res = await server.call(name, body, {
      token: await freshToken(),
      method: def.method,
      chat: def.base === 'chat',
      enc: def.enc ?? undefined,
    });
    tally.payloads += 1;
    expect(res.http, `${name} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
    expect(res.status, `${name} accepted ${JSON.stringify(body).slice(0, 80)}`).not.toBe(Status.ok);
    expect(res.msg.length).toBeGreaterThan(0);
    if (field && res.status === Status.validation) expect(res.msg, name).toContain(field);
    return res;
  };

  for (const { def } of implementations) {
    test(`${def.name}: schema-derived bad bodies are refused with a message naming the field, and change nothing`, async () => {
      tally.calls += 1;
      const before = await digest(server);
      for (const bad of badBodies(def.body, { isQuery: def.method === 'GET' })) {
        // Stripped unknown fields can make a body with no fields valid; those calls only check no 5xx.
        const props = Object.keys((def.body as { properties?: object }).properties ?? {});
        if (props.length === 0 && bad.label === 'deep nesting') continue;
        await refused(def.name, bad.body, bad.field);
      }
      expect(await digest(server)).toEqual(before);
    });
  }

  test('Random JSON bodies never crash a call', async () => {
    for (const { def } of implementations) {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(...HOSTILE_STRINGS), async (value, hostile) => {
          const base = validValue(def.body);
          const body = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base, [hostile]: value } : value;
          const res = await server.call(def.name, def.method === 'GET' ? {} : body, {
            token: await freshToken(),
            method: def.method,
            chat: def.base === 'chat',
            enc: def.enc ?? undefined,
          });
          tally.payloads += 1;
          expect(res.http).toBeLessThan(500);
          expect(typeof res.status).toBe('number');
          expect(typeof res.msg).toBe('string');
        }),
        { numRuns: 12 },
      );
    }
  }, SWEEP_TIMEOUT_MS);

  test('Hostile strings in every string field are refused or stored as data, never a 5xx', async () => {
    for (const { def } of implementations) {
      const props = Object.entries((def.body as { properties?: Record<string, { type?: string }> }).properties ?? {});
      for (const [name] of props.filter(([, p]) => p.type === 'string')) {
        for (const hostile of HOSTILE_STRINGS) {
          const body = { ...(validValue(def.body) as object), [name]: hostile };
          const res = await server.call(def.name, body, { token: await freshToken(), method: def.method, chat: def.base === 'chat', enc: def.enc ?? undefined });
          tally.payloads += 1;
          expect(res.http, `${def.name}.${name} = ${JSON.stringify(hostile)}`).toBeLessThan(500);
        }
      }
    }
  }, SWEEP_TIMEOUT_MS);

  test('Malformed JSON to every POST call is refused clearly', async () => {
    for (const { def } of implementations.filter((i) => i.def.method === 'POST' && i.def.enc !== 1)) {
      const res = await server.app.inject({
        method: 'POST',
        url: `${def.base === 'chat' ? server.config.chatBasePath : '/api'}/${def.name}`,
        headers: { 'content-type': 'application/json', authorization: await freshToken() },
        payload: '{"broken": ',
      });
      tally.payloads += 1;
      expect(res.statusCode, def.name).toBe(400);
      expect(res.json()).toMatchObject({ status: Status.validation, msg: 'The request body is not valid JSON.' });
    }
  });

  test('Every call off the public list answers 952798 without a token or with a false one', async () => {
    for (const { def } of implementations.filter((i) => !i.def.public)) {
      for (const bad of [undefined, 'not-a-real-token-but-long-enough']) {
        const res = await server.call(def.name, {}, { token: bad, method: def.method, chat: def.base === 'chat' });
        tally.payloads += 1;
        expect(res.status, def.name).toBe(Status.tokenInvalid);
      }
    }
  });
});
