import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChatGroup, ChatMessage } from '../../../schemas/api/chat.ts';
import type { PushPayload } from '../../../schemas/api/push.ts';
import { Status } from '../../../schemas/status.ts';
import { blocks, pushSubscriptions, sessions } from '../../db/schema/index.ts';
import type { Deps } from '../../http/context.ts';
import { attachRealtime, type Realtime } from '../../realtime/gateway.ts';
import { engineName, startTestServer, type TestServer } from '../../test/harness.ts';
import { createMember, makeFriends } from '../../test/members.ts';
import { notifyMember } from './notify.ts';
import { checkEndpoint } from './routes.ts';
import { DEVICES_MAX } from './subscriptions.ts';
import { browserKeys, decryptPush, startPushService, verifyVapid, type BrowserKeys, type PushServiceStandIn } from './push-service-stand-in.ts';
import { ephemeralVapidKeys } from './vapid.ts';

type M = Awaited<ReturnType<typeof createMember>>;
interface Device {
  keys: BrowserKeys;
  path: string;
  endpoint: string;
}

describe(`Web push (${engineName})`, () => {
  let server: TestServer;
  let service: PushServiceStandIn;
  let publicKey: string;
  let a: M, b: M, c: M;
  let n = 0;
  const chat = <T = unknown>(name: string, body: unknown, who: M) => server.call<T>(name, body, { token: who.token, chat: true });
  const send = (from: M, to: M, content: string, id = uuidv7()) => chat<ChatMessage>('sendChat', { id, friend_id: to.userId, content }, from);

  /** Subscribes a member's device as a browser would: its own key pair and auth secret. */
  const subscribe = async (who: M): Promise<Device> => {
    const keys = browserKeys();
    const path = `/push/${++n}`;
    const endpoint = `${service.origin}${path}`;
    const res = await server.call('pushSubscribe', { endpoint, expirationTime: null, keys: keys.json }, { token: who.token });
    expect(res.status, res.msg).toBe(Status.ok);
    return { keys, path, endpoint };
  };

  /** What the device shows: the push decrypted with its keys, after checking the envelope. */
  const opened = (device: Device, index: number, signedWith = publicKey): PushPayload => {
    const push = service.received[index]!;
    expect(push.path).toBe(device.path);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(String(push.headers.authorization), signedWith);
    expect(claims.aud).toBe(service.origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    return JSON.parse(decryptPush(push.body, device.keys)) as PushPayload;
  };

  beforeAll(async () => {
    service = await startPushService();
    server = await startTestServer();
    [a, b, c] = [await createMember(server, { nick_name: 'Amal' }), await createMember(server, { nick_name: 'Bilal' }), await createMember(server, { nick_name: 'Chen' })];
    await makeFriends(server, a.userId, b.userId);
    await makeFriends(server, a.userId, c.userId);
    const key = await server.call<{ public_key: string }>('getPushKey', {}, { token: b.token });
    publicKey = key.data!.public_key;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });
  afterAll(async () => {
    await server.close();
    await service.close();
  });

  test('A new message to an offline friend arrives on their device encrypted (RFC 8291) and signed with our published VAPID key', async () => {
    const device = await subscribe(b);
    const start = service.received.length;
    const sent = (await send(a, b, '  Are we still on for   the board meeting?  ')).data!;
    await service.waitFor(start + 1);
    expect(service.received[start]!.headers.topic).toBe(sent.chat_key);
    expect(opened(device, start)).toEqual({
      kind: 'message',
      title: 'Amal',
      body: 'Are we still on for the board meeting?',
      icon: '',
      tag: sent.chat_key,
      url: `/chat?c=${sent.chat_key}`,
      unread: 1,
    });

    // The same message again (a resend after a lost answer) tells nobody twice; the next one does,
    // with the new unread total for the badge.
    await send(a, b, 'Are we still on for the board meeting?', sent.id);
    await send(a, b, 'Reply when you can');
    await service.waitFor(start + 2);
    expect(service.received).toHaveLength(start + 2);
    expect(opened(device, start + 1)).toMatchObject({ body: 'Reply when you can', unread: 2 });
    await server.call('pushUnsubscribe', { endpoint: device.endpoint }, { token: b.token });
  });

  test('A group message notifies every other member with a device, under the group’s name', async () => {
    const group = (await chat<ChatGroup>('createGroup', { name: 'Board 2026', member_ids: [b.userId, c.userId] }, a)).data!;
    const [bDevice, cDevice] = [await subscribe(b), await subscribe(c)];
    const start = service.received.length;
    const res = await chat<ChatMessage>('sendGroup', { id: uuidv7(), group_id: group.group_id, content: 'Agenda is out' }, a);
    expect(res.status).toBe(Status.ok);
    await service.waitFor(start + 2);
    const byPath = new Map(service.received.slice(start).map((p, i) => [p.path, start + i]));
    for (const device of [bDevice, cDevice]) {
      expect(opened(device, byPath.get(device.path)!)).toMatchObject({ kind: 'message', title: 'Board 2026', body: 'Amal: Agenda is out', tag: group.chat_key });
    }
    for (const device of [bDevice, cDevice]) await server.call('pushUnsubscribe', { endpoint: device.endpoint }, { token: device === bDevice ? b.token : c.token });
  });

  test('A push service answering 410 Gone makes the server forget that subscription', async () => {
    const device = await subscribe(b);
    service.answer(device.path, 410);
    const start = service.received.length;
    await send(a, b, 'Anyone there?');
    await service.waitFor(start + 1);
    await expect
      .poll(async () => (await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).length)
      .toBe(0);
  });

  describe('Who is not notified', () => {
    let realtime: Realtime;
    let io: http.Server;
    let deps: Deps;
    const payload = { kind: 'message', title: 'Amal', body: 'ping', icon: '', tag: 'd1_2', url: '/chat?c=d1_2' } as const;

    beforeAll(async () => {
      // The same notify the routes use, awaited, with a real socket server to be connected to.
      io = http.createServer();
      realtime = attachRealtime(io);
      await new Promise<void>((resolve) => io.listen(0, '127.0.0.1', resolve));
      const push = ephemeralVapidKeys(server.config.mailFrom, true);
      deps = { db: server.database.db, config: server.config, keys: server.keys, log: server.app.log, realtime, push };
    });
    afterAll(async () => {
      await realtime.close();
      await new Promise((resolve) => io.close(resolve));
    });

    test('Connected, blocked, not wanting message notifications, or signed out: no push; otherwise one', async () => {
      const device = await subscribe(c);
      const start = service.received.length;

      // Connected: the open tab hears it over the socket.
      const socket = connect(`http://127.0.0.1:${(io.address() as AddressInfo).port}`, { transports: ['websocket'] });
      const clientId = await new Promise<string>((resolve) => socket.on('client_id', ({ client_id }: { client_id: string }) => resolve(client_id)));
      expect(await realtime.bindSocket(clientId, c.userId)).toBe(true);
      expect(await notifyMember(deps, c.userId, payload, { from: a.userId })).toBe(0);
      socket.close();
      await expect.poll(() => realtime.isOnline(c.userId)).toBe(false);

      // Blocked either way.
      await server.database.db.insert(blocks).values({ blockerId: c.userId, blockedId: a.userId });
      expect(await notifyMember(deps, c.userId, payload, { from: a.userId })).toBe(0);
      await server.database.db.delete(blocks).where(eq(blocks.blockerId, c.userId));

      // Message notifications turned off in the member's settings.
      expect((await server.call('notificationSet', { messages: false }, { token: c.token })).status).toBe(Status.ok);
      expect(await notifyMember(deps, c.userId, payload, { from: a.userId })).toBe(0);
      expect((await server.call('notificationSet', { messages: true }, { token: c.token })).status).toBe(Status.ok);

      // The sender's own devices.
      expect(await notifyMember(deps, c.userId, payload, { from: c.userId })).toBe(0);
      expect(service.received).toHaveLength(start);

      // Otherwise it arrives.
      expect(await notifyMember(deps, c.userId, payload, { from: a.userId })).toBe(1);
      expect(opened(device, start, deps.push.publicKey)).toMatchObject({ title: 'Amal', body: 'ping', unread: expect.any(Number) });

      // Signed out on that device: its session ends, and with it the member's notifications there.
      await server.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, c.userId));
      expect(await notifyMember(deps, c.userId, payload, { from: a.userId })).toBe(0);
      expect(service.received).toHaveLength(start + 1);
    });
  });

  test('A member keeps at most 10 devices; an eleventh replaces the one subscribed longest ago', async () => {
    const devices = [];
    for (let i = 0; i <= DEVICES_MAX; i++) devices.push(await subscribe(a));
    const rows = await server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.userId));
    expect(rows.map((r) => r.endpoint).sort()).toEqual(devices.slice(1).map((d) => d.endpoint).sort());
    for (const device of devices) await server.call('pushUnsubscribe', { endpoint: device.endpoint }, { token: a.token });
  });

  test('Subscribing names the field of a key that is not a browser’s', async () => {
    const keys = browserKeys().json;
    const endpoint = `${service.origin}/push/bad`;
    const badKey = await server.call('pushSubscribe', { endpoint, keys: { ...keys, p256dh: Buffer.alloc(65, 1).toString('base64url') } }, { token: a.token });
    expect(badKey.status).toBe(Status.validation);
    expect(badKey.msg).toMatch(/^keys\.p256dh: /);
    const badAuth = await server.call('pushSubscribe', { endpoint, keys: { ...keys, auth: 'x'.repeat(23) } }, { token: a.token });
    expect(badAuth.status).toBe(Status.validation);
    expect(badAuth.msg).toMatch(/auth/);
    expect((await server.call('pushSubscribe', { endpoint, keys })).status).toBe(Status.tokenInvalid);
  });
});

describe('Push endpoints', () => {
  test('In production a subscription must name an https push service; plain http is for local stand-ins only', () => {
    const production = { allowHttpEndpoints: false };
    expect(() => checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', production)).not.toThrow();
    expect(() => checkEndpoint('http://127.0.0.1:9/push/1', production)).toThrow(expect.objectContaining({ status: Status.validation, params: expect.objectContaining({ field: 'endpoint' }) }));
    expect(() => checkEndpoint('ftp://push.example.org/1', { allowHttpEndpoints: true })).toThrow();
    expect(() => checkEndpoint('http://127.0.0.1:9/push/1', { allowHttpEndpoints: true })).not.toThrow();
  });
});
