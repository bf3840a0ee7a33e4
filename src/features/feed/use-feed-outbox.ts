/**
 * The community's offline writes — posts, likes, comments — go through the shared outbox
 * (src/store/outbox-runner.ts, docs/decisions/005-outbox.md). Each carries the id the server
 * stores it under (a post's or comment's client_id; a like is one per member and post anyway),
 * so a resend is a no-op. This module registers what to do with the server's answers (update the
 * saved lists, exactly once) and lists what still waits, for the screens to show.
 */
import { useAtomValue } from 'jotai';
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { CommentView, PostView } from '../../../schemas/api/feed.ts';
import type { BodyOf } from '../../api/client.ts';
import { meAtom } from '../../api/session.ts';
import { discard, retry } from '../../store/outbox.ts';
import { kickOutbox, onOutboxSent, outboxDb, queue, startOutboxRunner, type OutboxItem } from '../../store/outbox-runner.ts';
import { addComment, addPost, patchCommentLike, patchPost } from './feed-cache.ts';

/** The calls this area sends through the outbox. */
export const FEED_OUTBOX_CALLS = ['createPost', 'addGroupPost', 'operationChannelPost', 'likePost', 'postComment', 'groupPostComment', 'likePostComment'] as const;
type FeedCall = (typeof FEED_OUTBOX_CALLS)[number];

const storePost = async (data: unknown) => {
  if (data) await addPost(data as PostView);
};
const storeComment = async (data: unknown) => addComment(data as CommentView);

let registered = false;
const register = () => {
  if (registered) return;
  registered = true;
  onOutboxSent('createPost', storePost);
  onOutboxSent('addGroupPost', storePost);
  onOutboxSent('operationChannelPost', storePost);
  onOutboxSent('postComment', storeComment);
  onOutboxSent('groupPostComment', storeComment);
  onOutboxSent('likePost', async (data) => {
    const { post_id, like_count, liked } = data as { post_id: number; like_count: number; liked: boolean };
    await patchPost(post_id, (p) => ({ ...p, like_count, liked }));
  });
  onOutboxSent('likePostComment', async (data) => {
    const { comment_id, like_count, liked } = data as { comment_id: number; like_count: number; liked: boolean };
    await patchCommentLike(comment_id, like_count, liked);
  });
};

/**
 * Mounted once in the signed-in shell: registers the answers' handlers and drains what waits, on
 * app start and whenever the connection returns (the runner also drains on `online`).
 */
export const useFeedOutbox = () => {
  const me = useAtomValue(meAtom);
  useEffect(() => {
    if (!me) return;
    register();
    startOutboxRunner(me.user_id);
    void kickOutbox();
    const onOnline = () => void kickOutbox();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [me]);
};

/** Queues one of this area's writes; it is sent now if the server can be reached, else when it can. */
export const queueWrite = async <N extends FeedCall>(call: N, body: BodyOf<N>, opts: { id?: string; lane: string }) => {
  register();
  const id = opts.id ?? uuidv7();
  await queue({ id, call, body, lane: opts.lane });
  return id;
};

export type PendingWrite = OutboxItem & { call: FeedCall };

/** This member's community writes that the server has not taken yet: waiting, or refused with a reason. */
export const usePendingWrites = (): PendingWrite[] => {
  const me = useAtomValue(meAtom);
  const [items, setItems] = useState<{ userId: number; list: PendingWrite[] } | null>(null);
  useEffect(() => {
    if (!me) return;
    const sub = liveQuery(() =>
      outboxDb()
        .items.where('[userId+status]')
        .anyOf([
          [me.user_id, 'pending'],
          [me.user_id, 'failed'],
        ])
        .filter((i) => (FEED_OUTBOX_CALLS as readonly string[]).includes(i.call))
        .sortBy('seq'),
    ).subscribe({
      next: (list) => setItems({ userId: me.user_id, list: list as PendingWrite[] }),
      error: () => setItems({ userId: me.user_id, list: [] }),
    });
    return () => sub.unsubscribe();
  }, [me]);
  return items && me && items.userId === me.user_id ? items.list : [];
};

/** Puts a refused write back in line, or drops it. */
export const retryWrite = async (id: string) => {
  await retry(outboxDb(), id);
  void kickOutbox();
};
export const discardWrite = (id: string) => discard(outboxDb(), id);
