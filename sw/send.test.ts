import { expect, test } from 'vitest';
import { createSend } from './send.ts';

const answering = (status: number, body: unknown) => (() => Promise.resolve(new Response(JSON.stringify(body), { status }))) as unknown as typeof fetch;
const session = { token: 'tok_0123456789abcdef', lang: 'en' };

test('The service worker keeps an item pending when the answer is not ours (the server shutting down)', async () => {
  const send = createSend(session, answering(503, { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 }));
  expect(await send('sendChat', {})).toEqual({ ok: false, refused: false });
});

test('The service worker reports a real refusal as one', async () => {
  const send = createSend(session, answering(200, { status: 10001, msg: 'You can only message friends.', data: null, is_popup: false }));
  expect(await send('sendChat', {})).toEqual({ ok: false, refused: true, status: 10001, message: 'You can only message friends.' });
});
