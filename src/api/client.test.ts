import { Type } from '@sinclair/typebox';
import { describe, expect, test, vi } from 'vitest';
import { defineCall } from '../../schemas/call.ts';
import { CALLS } from '../../schemas/api/index.ts';
import { Status } from '../../schemas/status.ts';
import { CallError, createApiClient, type ApiEnv } from './client.ts';

const chatCall = defineCall({
  name: 'sendChatTest',
  group: 'Chat',
  method: 'POST',
  base: 'chat',
  enc: null,
  summary: 'test',
  body: Type.Object({}),
  data: Type.Null(),
});

type Reply = { status: number; msg?: string; data?: unknown; is_popup?: boolean } | 'timeout' | 'network';

/** A client over a scripted server: each request takes the next reply. */
const setup = (replies: Reply[], over: Partial<ApiEnv> = {}) => {
  const requests: { url: string; init: RequestInit }[] = [];
  const env = {
    fetch: vi.fn((url: string, init: RequestInit) => {
      requests.push({ url, init });
      const next = replies.shift() ?? { status: 200 };
      if (next === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      if (next === 'timeout') {
        return new Promise<Response>((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return Promise.resolve(new Response(JSON.stringify({ msg: '', data: null, is_popup: false, ...next })));
    }) as unknown as typeof fetch,
    calls: { ...CALLS, sendChatTest: chatCall },
    baseUrl: '/api',
    chatBaseUrl: '/chat/api',
    version: '1.2.3',
    lang: () => 'fr',
    getToken: vi.fn((): string | null => 'tok_0123456789abcdef'),
    signOut: vi.fn(),
    warn: vi.fn(),
    popup: vi.fn(),
    timeoutMs: 20,
    backoffMs: 1,
    ...over,
  } satisfies ApiEnv;
  return { client: createApiClient(env), env, requests };
};

describe('The HTTP client and the statuses of spec section 8', () => {
  test('200 resolves with the data and shows no popup without is_popup', async () => {
    const { client, env } = setup([{ status: 200, data: { token: 't', user_id: 1 }, msg: 'Done' }]);
    await expect(client.call('verifyToken', {})).resolves.toEqual({ token: 't', user_id: 1 });
    expect(env.popup).not.toHaveBeenCalled();
  });

  test('200 with is_popup shows its message, unless it is a standard success message', async () => {
    const { client, env } = setup([
      { status: 200, msg: 'Your profile was saved', is_popup: true },
      { status: 200, msg: 'Success', is_popup: true },
    ]);
    await client.call('signOut', {});
    await client.call('signOut', {});
    expect(env.popup).toHaveBeenCalledTimes(1);
    expect(env.popup).toHaveBeenCalledWith('Your profile was saved');
  });

  test('952798 removes the token and goes to sign-in', async () => {
    const { client, env } = setup([{ status: Status.tokenInvalid, msg: 'ended' }]);
    await expect(client.call('signOut', {})).rejects.toMatchObject({ status: Status.tokenInvalid });
    expect(env.signOut).toHaveBeenCalledTimes(1);
    expect(env.warn).not.toHaveBeenCalled();
  });

  test('6027 is swallowed: nothing is shown', async () => {
    const { client, env } = setup([{ status: Status.silent, msg: 'nothing to do' }]);
    await expect(client.call('signOut', {})).rejects.toBeInstanceOf(CallError);
    expect(env.warn).not.toHaveBeenCalled();
    expect(env.popup).not.toHaveBeenCalled();
    expect(env.signOut).not.toHaveBeenCalled();
  });

  test('9999 shows a warning with the message', async () => {
    const { client, env } = setup([{ status: Status.refused, msg: 'Insufficient current account balance!' }]);
    await expect(client.call('signOut', {})).rejects.toMatchObject({ status: 9999 });
    expect(env.warn).toHaveBeenCalledWith('Insufficient current account balance!');
  });

  test.each([9988, 4101, 10088, 10087, 10089, 999, 4001, 4002])('%i rejects with no extra warning', async (status) => {
    const { client, env } = setup([{ status, msg: 'quiet' }]);
    await expect(client.call('signOut', {})).rejects.toMatchObject({ status });
    expect(env.warn).not.toHaveBeenCalled();
    expect(env.signOut).not.toHaveBeenCalled();
  });

  test('Any other non-200 status warns with the server message', async () => {
    const { client, env } = setup([{ status: 5005, msg: 'Something else went wrong' }]);
    await expect(client.call('signOut', {})).rejects.toMatchObject({ status: 5005 });
    expect(env.warn).toHaveBeenCalledWith('Something else went wrong');
  });

  test('A quiet call shows nothing even for a warning status', async () => {
    const { client, env } = setup([{ status: Status.refused, msg: 'no' }]);
    await expect(client.call('signOut', {}, { quiet: true })).rejects.toBeInstanceOf(CallError);
    expect(env.warn).not.toHaveBeenCalled();
  });

  test('A timeout retries the request, with backoff, and succeeds', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const { client, requests } = setup(['timeout', 'timeout', { status: 200, data: null }], { sleep });
    await expect(client.call('signOut', {})).resolves.toBeNull();
    expect(requests).toHaveLength(3);
    expect(sleep.mock.calls).toEqual([[1], [2]]);
  });

  test('Timeouts are retried a bounded number of times, then reject', async () => {
    const { client, requests } = setup(['timeout', 'timeout', 'timeout', 'timeout']);
    await expect(client.call('signOut', {})).rejects.toMatchObject({ cause_: 'timeout' });
    expect(requests).toHaveLength(3);
  });

  test('A network error rejects at once, without a retry or a warning', async () => {
    const { client, requests, env } = setup(['network', { status: 200 }]);
    await expect(client.call('signOut', {})).rejects.toMatchObject({ cause_: 'network' });
    expect(requests).toHaveLength(1);
    expect(env.warn).not.toHaveBeenCalled();
  });

  test('An answer that is not an envelope (the server’s own 503 while it shuts down) counts as no answer, never a refusal', async () => {
    const { client, env } = setup([], {
      fetch: vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify({ error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 }), { status: 503 })),
      ) as unknown as typeof fetch,
    });
    // 'network', not 'answer': the outbox keeps the item in line for the next attempt (outcomeOfError).
    await expect(client.call('signOut', {})).rejects.toMatchObject({ cause_: 'network', status: 503 });
    expect(env.warn).not.toHaveBeenCalled();
  });

  test('Without a token a protected call is not sent: the session is cleared and sign-in opens', async () => {
    const { client, env, requests } = setup([], { getToken: vi.fn(() => null) });
    await expect(client.call('signOut', {})).rejects.toMatchObject({ status: Status.tokenInvalid, cause_: 'signedOut' });
    expect(requests).toHaveLength(0);
    expect(env.signOut).toHaveBeenCalledTimes(1);
  });

  test('Without a token a call on the public list is sent', async () => {
    const { client, requests } = setup([{ status: 200, data: [] }], { getToken: vi.fn(() => null) });
    await client.call('getWebLanguageList', {});
    expect(requests).toHaveLength(1);
    expect((requests[0]!.init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  test('Main calls carry authorization, lang and version; chat calls go to the chat base without version', async () => {
    const { client, requests } = setup([{ status: 200 }, { status: 200 }]);
    await client.call('signOut', {});
    await client.call('sendChatTest' as 'signOut', {});
    const [main, chat] = requests;
    expect(main!.url).toBe('/api/signOut');
    expect(main!.init.headers).toMatchObject({ authorization: 'tok_0123456789abcdef', lang: 'fr', version: '1.2.3' });
    expect(chat!.url).toBe('/chat/api/sendChatTest');
    expect(chat!.init.headers).toMatchObject({ authorization: 'tok_0123456789abcdef', lang: 'fr' });
    expect((chat!.init.headers as Record<string, string>).version).toBeUndefined();
  });

  test('GET calls send their parameters in the query string', async () => {
    const { client, requests } = setup([{ status: 200, data: { token: 'n', user_id: 1 } }]);
    await client.call('verifyToken', {});
    expect(requests[0]!.url).toBe('/api/verifyToken');
    expect(requests[0]!.init.method).toBe('GET');
    expect(requests[0]!.init.body).toBeUndefined();
  });
});
