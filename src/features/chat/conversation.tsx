import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VList, type CacheSnapshot, type VListHandle } from 'virtua';
import { meAtom } from '../../api/session.ts';
import { Avatar } from './avatar.tsx';
import { Composer } from './composer.tsx';
import { ActivityRoomDetails } from './activity-room-details.tsx';
import { GroupDetails } from './group-details.tsx';
import { PendingMessage, StoredMessage } from './message-item.tsx';
import { useTimeLabel } from './time-label.ts';
import { useConversation, useMarkRead, useSendMessage, type ChatTarget } from './use-chat.ts';

/** A message row's usual height (px): the first jump to the newest message lands where it ends up. */
const ROW_ESTIMATE = 64;

/**
 * The measured row heights of the conversations opened last (virtua's cache), so coming back to
 * one lays it out at once instead of measuring every row again. Kept for the same rows only.
 */
const measured = new Map<string, { first: string; count: number; cache: CacheSnapshot }>();
const MEASURED_MAX = 20;

/**
 * One conversation. The list is virtualised (virtua): it opens at the newest message, loads
 * older ones from the replica when scrolled to the top (keeping the view still), and follows new
 * messages only while the member is at the bottom.
 */
export const Conversation = ({ target, name, avatar }: { target: ChatTarget; name: string; avatar: string }) => {
  const { t } = useTranslation();
  const label = useTimeLabel();
  const me = useAtomValue(meAtom);
  const { loading, messages, pending, mayHaveOlder, loadOlder } = useConversation(target.chatKey);
  const send = useSendMessage(target);
  const list = useRef<VListHandle>(null);
  const atBottom = useRef(true);
  const [shift, setShift] = useState(false);
  const [details, setDetails] = useState(false);
  const count = messages.length + pending.length;
  useMarkRead(target, messages.at(-1)?.order);
  // What the list shows, and its handle, as of the last render: kept for when it goes away.
  const shown = useRef<{ first: string; count: number; handle: VListHandle | null }>({ first: '', count: 0, handle: null });
  useLayoutEffect(() => {
    const key = target.chatKey;
    const last = shown;
    return () => {
      const { first, count, handle } = last.current;
      if (!handle || count === 0) return;
      measured.delete(key);
      measured.set(key, { first, count, cache: handle.cache });
      if (measured.size > MEASURED_MAX) measured.delete(measured.keys().next().value!);
    };
  }, [target.chatKey]);

  // Stay at the newest message when something arrives while at the bottom (or on opening).
  useLayoutEffect(() => {
    if (count > 0 && atBottom.current && !shift) list.current?.scrollToIndex(count - 1, { align: 'end' });
  }, [count, shift]);
  // Each conversation mounts afresh (ChatPage keys it by chat_key), so its scroll state starts clean.

  const rows = [
    ...messages.map((m) => ({ key: m.id, node: <StoredMessage message={m} mine={m.send_user_id === me?.user_id} showName={target.kind !== 'direct'} t={t} label={label} /> })),
    ...pending.map((p) => ({ key: p.id, node: <PendingMessage item={p} /> })),
  ];
  const first = rows[0]?.key ?? '';
  useLayoutEffect(() => {
    shown.current = { first, count: rows.length, handle: list.current };
  });
  const saved = measured.get(target.chatKey);
  const cache = saved && saved.first === first && saved.count === rows.length ? saved.cache : undefined;

  return (
    <section className="chat-conversation" aria-label={name}>
      <header className="chat-conversation-header">
        <Link to="/chat" search={{}} className="btn chat-back" data-variant="ghost" aria-label={t('chat.back')}>
          <span aria-hidden="true" className="flip-rtl">
            ‹
          </span>
        </Link>
        <Avatar name={name} src={avatar || undefined} size={2.25} />
        <h2 dir="auto">{name}</h2>
        {target.kind !== 'direct' && (
          <button type="button" className="btn" data-variant="secondary" aria-label={t(target.kind === 'group' ? 'chat.details' : 'chat.roomDetails')} onClick={() => setDetails(true)}>
            {/* Drawn, not a character: the circled i is missing from many phones' fonts. */}
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 11v6M12 7.5v.01" />
            </svg>
            <span className="chat-details-label" aria-hidden="true">
              {t(target.kind === 'group' ? 'chat.details' : 'chat.roomDetails')}
            </span>
          </button>
        )}
      </header>
      <div className="chat-messages" data-testid="messages">
        {loading ? (
          <p className="empty">{t('chat.loadingHistory')}</p>
        ) : rows.length === 0 ? (
          <p className="empty">{t('chat.empty')}</p>
        ) : (
          <VList
            ref={list}
            shift={shift}
            itemSize={ROW_ESTIMATE}
            cache={cache}
            style={{ blockSize: '100%' }}
            onScroll={(offset) => {
              const handle = list.current;
              if (!handle) return;
              atBottom.current = offset + handle.viewportSize >= handle.scrollSize - 24;
              if (offset < 80 && mayHaveOlder && !shift) {
                setShift(true);
                loadOlder();
              }
            }}
            onScrollEnd={() => setShift(false)}
          >
            {rows.map((r) => (
              <div key={r.key} className="chat-row">
                {r.node}
              </div>
            ))}
          </VList>
        )}
      </div>
      <Composer onSend={send} />
      {target.kind === 'group' && <GroupDetails open={details} onOpenChange={setDetails} chatKey={target.chatKey} groupId={target.id} />}
      {target.kind === 'model' && <ActivityRoomDetails open={details} onOpenChange={setDetails} chatKey={target.chatKey} groupId={target.id} />}
    </section>
  );
};
