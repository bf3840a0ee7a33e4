import { PUSH_KINDS, type PushPayload } from '../schemas/api/push.ts';
import { setBadge } from '../src/features/app-update/badge.ts';

declare const self: ServiceWorkerGlobalScope;

/** What a shown notification keeps, for a click and for the next push of the same conversation. */
interface NotificationData {
  url: string;
  /** The latest lines of this conversation, newest last: one notification per conversation. */
  lines: string[];
}

const LINES_KEPT = 5;
const APP_ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

/** The payload as schemas/api/push.ts defines it, or null for anything else. */
const parse = (event: PushEvent): PushPayload | null => {
  let value: Partial<Record<keyof PushPayload, unknown>>;
  try {
    value = (event.data?.json() ?? {}) as typeof value;
  } catch {
    return null;
  }
  const texts = [value.title, value.body, value.icon, value.tag, value.url].every((v) => typeof v === 'string');
  const kind = (PUSH_KINDS as readonly unknown[]).includes(value.kind);
  const unread = value.unread === undefined || (Number.isInteger(value.unread) && (value.unread as number) >= 0);
  return texts && kind && unread && (value.url as string).startsWith('/') ? (value as PushPayload) : null;
};

let queue = Promise.resolve();

/**
 * The lines this worker last showed per conversation. `getNotifications` can miss a notification
 * shown a moment before (Chromium stores it asynchronously), which would drop the earlier line of
 * two pushes in a row; a closed or clicked notification is forgotten here too.
 */
const shownLines = new Map<string, string[]>();

/**
 * A push: shows the notification (sender, text, avatar), one per conversation — a new message
 * replaces the conversation's notification and adds its line — and puts the unread total on the
 * app's icon. Every push shows something: browsers require it of a push subscription.
 */
export const showPush = (event: PushEvent): Promise<void> => {
  // One at a time: pushes arriving together (a device coming back online) each see the
  // notification the previous one left, so no line of a conversation is lost.
  const shown = queue.then(() => show(parse(event)));
  queue = shown.catch(() => undefined);
  return shown;
};

const show = async (payload: PushPayload | null): Promise<void> => {
  if (!payload) {
    // Not one of ours (or from an older server): browsers insist a push shows something.
    await self.registration.showNotification("Members' network", { icon: APP_ICON, badge: BADGE, tag: 'mn-unknown', data: { url: '/', lines: [] } });
    return;
  }
  if (payload.unread !== undefined) await setBadge(payload.unread);
  const [previous] = await self.registration.getNotifications({ tag: payload.tag });
  const earlier = payload.kind === 'message' ? ((previous?.data as NotificationData | undefined)?.lines ?? shownLines.get(payload.tag) ?? []) : [];
  const lines = [...earlier, payload.body].slice(-LINES_KEPT);
  shownLines.set(payload.tag, lines);
  const data: NotificationData = { url: payload.url, lines };
  await self.registration.showNotification(payload.title, {
    body: lines.join('\n'),
    icon: payload.icon || APP_ICON,
    badge: BADGE,
    tag: payload.tag,
    // Replacing a notification alerts again: it is a new message.
    renotify: true,
    dir: 'auto',
    data,
  } as NotificationOptions);
};

/**
 * A click: focuses a tab of the app and opens the notification's route in it, or opens a window
 * on that route when no tab is open.
 */
export const openFromNotification = async (notification: Notification): Promise<void> => {
  forgetNotification(notification);
  notification.close();
  const url = new URL((notification.data as NotificationData | null)?.url ?? '/', self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window' });
  const tab = tabs.find((c) => c.focused) ?? tabs[0];
  if (!tab) {
    await self.clients.openWindow(url);
    return;
  }
  // Focus first, while the click still counts as the member's gesture; then go to the route.
  await tab.focus().catch(() => undefined);
  await tab.navigate(url);
};

/** A notification the member closed (or clicked): the next message starts a new one. */
export const forgetNotification = (notification: Notification) => void shownLines.delete(notification.tag);
