import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_CATEGORIES, type NotificationCategory, type NotificationView } from '../../../schemas/api/notifications.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Avatar, CachedView, isUnreachable, TabPanel, Tabs } from '../feed/community-ui.tsx';
import { useTimeFormat } from '../feed/use-time-format.ts';
import { useNotificationActions, useNotificationList, useUnreadCounts } from './use-notifications.ts';
import { CallError } from '../../api/client.ts';

type Tab = 'all' | NotificationCategory;

/** The sentence of a notification, in the reader's language, from its facts. */
const useSentence = () => {
  const { t } = useTranslation();
  return (n: NotificationView): string => {
    const name = n.actor?.nick_name ?? '';
    switch (n.kind) {
      case 'club':
        return t(`notifications.club.${n.topic as 'join_request'}`, { name, club: n.club_name, defaultValue: t('notifications.club.other', { club: n.club_name }) });
      case 'system':
        return t(`notifications.system.${n.topic as 'welcome'}.title`, { defaultValue: t('notifications.system.other') });
      default:
        return t(`notifications.text.${n.kind}`, { name });
    }
  };
};

/** Where a notification leads: the post, the club, or the friend requests. */
const targetOf = (n: NotificationView): { to: string; params?: Record<string, string>; search?: Record<string, number> } | null => {
  if (n.post_id !== null) return { to: '/newsfeeds/$id', params: { id: String(n.post_id) } };
  if (n.kind === 'club' && n.club_id !== null && n.topic !== 'dissolved') return { to: '/clubDet', search: { id: n.club_id } };
  if (n.kind === 'friend_request' || n.kind === 'friend_accepted') return { to: '/friend-request' };
  return null;
};

const Row = ({ n, online, onOpen, onRead, onDelete }: { n: NotificationView; online: boolean; onOpen: () => void; onRead: () => void; onDelete: () => void }) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  const sentence = useSentence()(n);
  const target = targetOf(n);
  return (
    <li className="cm-notification" data-unread={!n.is_read} data-testid="notification">
      <Avatar name={n.actor?.nick_name ?? t('app.name')} src={n.actor?.avatar} />
      <div className="cm-notification-body">
        {target ? (
          <button type="button" className="link-button cm-link-button cm-notification-text" onClick={onOpen}>
            <span dir="auto">{sentence}</span>
          </button>
        ) : (
          <p className="cm-notification-text" dir="auto">
            {sentence}
          </p>
        )}
        {n.kind === 'system' && <p className="muted">{t(`notifications.system.${n.topic as 'welcome'}.body`, { defaultValue: '' })}</p>}
        {n.excerpt && (
          <p className="muted cm-excerpt" dir="auto">
            “{n.excerpt}”
          </p>
        )}
        <p className="muted">
          {!n.is_read && <span className="visually-hidden">{t('notifications.unreadMark')} </span>}
          <time dateTime={n.created_at}>{formatTime(n.created_at)}</time>
        </p>
      </div>
      <div className="cm-notification-actions">
        {!n.is_read && (
          <Button variant="ghost" disabled={!online} onClick={onRead} aria-label={t('notifications.markReadOne', { text: sentence })}>
            {t('notifications.markRead')}
          </Button>
        )}
        <Button variant="ghost" disabled={!online} onClick={onDelete} aria-label={t('notifications.deleteOne', { text: sentence })}>
          {t('actions.delete')}
        </Button>
      </div>
    </li>
  );
};

/** /notification: friend requests, comments and likes, club decisions and system notices; read, open, delete. */
export const NotificationPage = () => {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('all');
  const category = tab === 'all' ? undefined : tab;
  const list = useNotificationList(category);
  const counts = useUnreadCounts();
  const { markRead, remove } = useNotificationActions();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<{ kind: 'one'; id: number } | { kind: 'read' } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gone, setGone] = useState<Set<number>>(new Set());
  const [read, setRead] = useState<Set<number>>(new Set());

  const run = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
      await list.first.refresh();
    } catch (e) {
      const err = e instanceof CallError ? e : new CallError(0, String(e), null, 'network');
      setError(isUnreachable(err) ? t('community.unreachableRetry') : err.message);
    }
  };
  const shown = list.list.filter((n) => !gone.has(n.id)).map((n) => (read.has(n.id) ? { ...n, is_read: true } : n));
  const open = (n: NotificationView) => {
    const target = targetOf(n);
    if (!n.is_read && list.online) {
      setRead((s) => new Set(s).add(n.id));
      void markRead({ ids: [n.id] }).catch(() => undefined);
    }
    if (target) void navigate({ to: target.to, params: target.params, search: target.search } as never);
  };

  return (
    <div className="stack">
      <h1>{t('notifications.title')}</h1>
      <Tabs
        label={t('notifications.categories')}
        current={tab}
        onChange={setTab}
        tabs={[
          { key: 'all', label: t('notifications.tabs.all'), badge: counts?.total },
          ...NOTIFICATION_CATEGORIES.map((c) => ({ key: c, label: t(`notifications.tabs.${c}`), badge: counts?.[c] })),
        ]}
      />
      <TabPanel id={tab}>
        <div className="row cm-toolbar">
          <Button variant="secondary" disabled={!list.online || !(category ? counts?.[category] : counts?.total)} onClick={() => run(() => markRead(category ? { category } : {}))}>
            {t('notifications.markAllRead')}
          </Button>
          <Button variant="ghost" disabled={!list.online} onClick={() => setConfirm({ kind: 'read' })}>
            {t('notifications.deleteRead')}
          </Button>
        </div>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        <CachedView result={list.first} what={t('notifications.title')}>
          {() =>
            shown.length === 0 ? (
              <p className="empty">{t('notifications.empty')}</p>
            ) : (
              <ul className="cm-notification-list" aria-label={t('notifications.listLabel')}>
                {shown.map((n) => (
                  <Row
                    key={n.id}
                    n={n}
                    online={list.online}
                    onOpen={() => open(n)}
                    onRead={() =>
                      void run(async () => {
                        await markRead({ ids: [n.id] });
                        setRead((s) => new Set(s).add(n.id));
                      })
                    }
                    onDelete={() => setConfirm({ kind: 'one', id: n.id })}
                  />
                ))}
              </ul>
            )
          }
        </CachedView>
        {list.hasMore && (
          <Button variant="secondary" disabled={!list.online || list.loadingMore} onClick={() => list.loadMore()}>
            {t('notifications.more')}
          </Button>
        )}
        {list.moreError && <p className="field-error">{t('notifications.moreFailed')}</p>}
      </TabPanel>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm?.kind === 'read' ? t('notifications.deleteReadTitle') : t('notifications.deleteTitle')}
        description={confirm?.kind === 'read' ? t('notifications.deleteReadBody') : t('notifications.deleteBody')}
        confirmLabel={t('actions.delete')}
        onConfirm={() => {
          const c = confirm;
          if (!c) return;
          return run(async () => {
            if (c.kind === 'one') {
              await remove({ ids: [c.id] });
              setGone((s) => new Set(s).add(c.id));
            } else {
              await remove({ read: true });
              setGone((s) => new Set([...s, ...shown.filter((n) => n.is_read).map((n) => n.id)]));
            }
          });
        }}
      />
    </div>
  );
};
