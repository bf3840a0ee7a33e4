import type { NotificationKind } from '../../../schemas/api/profile.ts';
import type { PushPayload } from '../../../schemas/api/push.ts';
import type { Deps } from '../../http/context.ts';
import { wantsNotification } from '../profile/notification-settings.ts';
import { deliver } from './deliver.ts';
import { devicesOf, forgetDevice, type Device, type Recipients } from './subscriptions.ts';
import { unreadTotals } from './unread.ts';

/** The switch of the member's notification settings that governs each kind of push. */
const SETTING_OF: Record<PushPayload['kind'], NotificationKind> = { message: 'messages', 'friend-request': 'friend_requests' };

/** Pushes sent at once; the rest wait their turn. */
const PARALLEL = 16;

export interface NotifyOptions {
  /** The member the news comes from: never notified, and no one who blocked them (or whom they blocked) is. */
  from?: number;
}

/**
 * Notifies one member on their devices, when they have no live connection (an open tab hears it
 * over the socket instead) and want this kind of notification. Never throws and never slows the call that caused it: run it with
 * `void`. The People area calls it for a friend request; chat for a new message (chat-push.ts).
 */
export const notifyMember = (deps: Deps, userId: number, payload: Omit<PushPayload, 'unread'>, options: NotifyOptions = {}) =>
  notifyMembers(deps, { userIds: [userId] }, payload, options);

/**
 * Notifies several members (or a whole conversation) with one query for their devices; only those
 * with a device, then only those offline, cost anything more. Resolves with the pushes sent.
 */
export const notifyMembers = async (deps: Deps, to: Recipients, payload: Omit<PushPayload, 'unread'>, { from }: NotifyOptions = {}): Promise<number> => {
  try {
    const devices = await devicesOf(deps.db, to, from);
    if (devices.length === 0) return 0;
    const members = [...new Set(devices.map((d) => d.userId))];
    // Only members with a device cost these checks: connected ones hear it over the socket, and
    // a member who turned this kind off in their notification settings is not told at all.
    const wanted = await Promise.all(members.map(async (id) => !(await deps.realtime.isOnline(id)) && (await wantsNotification(deps.db, id, SETTING_OF[payload.kind]))));
    const recipients = new Set(members.filter((_, i) => wanted[i]));
    const targets = devices.filter((d) => recipients.has(d.userId));
    if (targets.length === 0) return 0;
    // A message changes the unread total the app's icon shows.
    const unread = payload.kind === 'message' ? await unreadTotals(deps.db, [...recipients]) : null;
    let sent = 0;
    const send = async (device: Device) => {
      const result = await deliver(deps.push, device, unread ? { ...payload, unread: unread.get(device.userId) ?? 0 } : payload);
      if (result.outcome === 'sent') sent += 1;
      else if (result.outcome === 'gone') await forgetDevice(deps.db, device.id);
      else deps.log.warn({ status: result.status, reason: result.reason, userId: device.userId }, 'push not accepted by the push service');
    };
    for (let i = 0; i < targets.length; i += PARALLEL) await Promise.all(targets.slice(i, i + PARALLEL).map(send));
    return sent;
  } catch (err) {
    deps.log.error({ err }, 'push notification failed');
    return 0;
  }
};
