import { api } from '../../api/instance.ts';
import { onSessionEnd } from '../../api/session.ts';
import { isIos, isStandalone } from './install.ts';

/**
 * This device's push subscription: made only when the member turns notifications on in settings
 * (the permission is asked on that click, never before), sent to the server for their session,
 * and dropped at sign-out so the next member on the device gets none of theirs.
 */
export type PushSupport = 'supported' | 'unsupported' | 'needs-install';

export const pushSupport = (): PushSupport => {
  // iOS and iPadOS give web push to apps on the Home Screen only.
  if (isIos() && !isStandalone()) return 'needs-install';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return 'supported';
};

const registration = async () => (await navigator.serviceWorker.getRegistration()) ?? null;

export const currentSubscription = async (): Promise<PushSubscription | null> => (await registration())?.pushManager.getSubscription() ?? null;

const keyBytes = (b64url: string) => {
  const raw = atob(b64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

/** Subscribes (again, if the server's key changed) and tells the server; permission must be granted. */
const subscribe = async (): Promise<void> => {
  const reg = await registration();
  if (!reg) throw new Error('no service worker');
  const key = keyBytes((await api.call('getPushKey', {}, { quiet: true })).public_key);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = sub.toJSON();
  await api.call('pushSubscribe', { endpoint: endpoint!, keys: { p256dh: keys!.p256dh!, auth: keys!.auth! } }, { quiet: true });
};

export type TurnOn = 'on' | 'blocked' | 'dismissed';

/** Asks for the permission (this is the member's click) and subscribes. */
export const turnPushOn = async (): Promise<TurnOn> => {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  await subscribe();
  return 'on';
};

/** Stops notifications here: the server forgets the device, and the browser the subscription. */
export const turnPushOff = async (): Promise<void> => {
  const sub = await currentSubscription();
  if (!sub) return;
  // Offline, the server learns it from the push service instead (410 on the next push).
  await api.call('pushUnsubscribe', { endpoint: sub.endpoint }, { quiet: true }).catch(() => undefined);
  await sub.unsubscribe();
};

/** A device that is on makes sure the server has it for this session and the current key. */
export const refreshPush = async (): Promise<boolean> => {
  if (Notification.permission !== 'granted' || !(await currentSubscription())) return false;
  await subscribe();
  return true;
};

/** Call once at start-up: a sign-out ends this device's notifications for the member. */
export const stopPushAtSignOut = () =>
  onSessionEnd(async () => {
    if (pushSupport() !== 'supported') return;
    await (await currentSubscription())?.unsubscribe();
  });
