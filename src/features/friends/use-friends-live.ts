/**
 * Friend lists, live: the page's live socket (bound to the member's room after every reconnect)
 * hears `friends:changed` — a request arrived, was accepted, a friendship ended, a block — and
 * refreshes the saved answers of the friend screens, which then update by themselves. Started by
 * the people screens; it keeps listening until the member signs out.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { meAtom, onSessionEnd } from '../../api/session.ts';
import { liveSocket, onBound } from '../../realtime/live.ts';
import { refreshSaved } from '../profile/use-people-cache.ts';
import { FRIEND_CALLS } from './use-friends.ts';

let live: { userId: number; stop: () => void } | null = null;

const stop = () => {
  live?.stop();
  live = null;
};

const start = (userId: number) => {
  if (live?.userId === userId) return;
  stop();
  const socket = liveSocket(userId);
  const refresh = () => void refreshSaved(userId, FRIEND_CALLS);
  // What changed while the socket was away is fetched once it is bound again.
  const untilBound = onBound(refresh);
  socket.on('friends:changed', refresh);
  live = {
    userId,
    stop: () => {
      untilBound();
      socket.off('friends:changed', refresh);
    },
  };
};

onSessionEnd(stop);

export const useFriendsLive = () => {
  const me = useAtomValue(meAtom);
  useEffect(() => {
    if (me) start(me.user_id);
  }, [me]);
};
