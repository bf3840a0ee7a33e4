import { useCallback, useEffect, useState } from 'react';
import { CallError } from '../../api/client.ts';
import { pushSupport, refreshPush, turnPushOff, turnPushOn } from './push-subscription.ts';

/** Notifications on this device, as the settings row shows them. */
export type PushStatus =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  /** iPhone/iPad in Safari: add to the Home Screen first. */
  | { kind: 'needs-install' }
  /** The browser blocks notifications for the site; only its site settings can change that. */
  | { kind: 'blocked' }
  | { kind: 'off'; dismissed?: boolean }
  | { kind: 'on' };

export type PushFailure = { kind: 'network' } | { kind: 'failed'; message: string };

const failureOf = (e: unknown): PushFailure =>
  e instanceof CallError && e.cause_ !== 'answer' ? { kind: 'network' } : { kind: 'failed', message: e instanceof Error ? e.message : String(e) };

const initial = (): PushStatus => {
  const support = pushSupport();
  if (support !== 'supported') return { kind: support };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  return { kind: 'checking' };
};

export const usePush = () => {
  const [status, setStatus] = useState<PushStatus>(initial);
  const [failure, setFailure] = useState<PushFailure | null>(null);

  useEffect(() => {
    if (status.kind !== 'checking') return;
    let live = true;
    refreshPush().then(
      (on) => live && setStatus({ kind: on ? 'on' : 'off' }),
      // The device is subscribed but the server could not be told now: it still counts as on.
      () => live && setStatus({ kind: 'on' }),
    );
    return () => {
      live = false;
    };
  }, [status.kind]);

  const turnOn = useCallback(async () => {
    setFailure(null);
    try {
      const result = await turnPushOn();
      setStatus(result === 'on' ? { kind: 'on' } : result === 'blocked' ? { kind: 'blocked' } : { kind: 'off', dismissed: true });
    } catch (e) {
      setFailure(failureOf(e));
    }
  }, []);

  const turnOff = useCallback(async () => {
    setFailure(null);
    try {
      await turnPushOff();
      setStatus({ kind: 'off' });
    } catch (e) {
      setFailure(failureOf(e));
    }
  }, []);

  return { status, failure, turnOn, turnOff };
};
