import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CachedView, MoreButton } from '../profile/cached-states.tsx';
import { FindMembersForm } from './find-members-form.tsx';
import { MemberRow } from './member-row.tsx';
import { RelationActions } from './relation-actions.tsx';
import { useFriendList, useRequests } from './use-friends.ts';
import { useFriendsLive } from './use-friends-live.ts';
import { useTimeFormat } from '../feed/use-time-format.ts';

/** /friend-request: requests to answer, requests sent, and the friend list — all live. */
export const FriendRequestPage = () => {
  const { t } = useTranslation();
  useFriendsLive();
  const received = useRequests('received');
  const waiting = received.first.state === 'ready' ? received.first.data.total : 0;
  return (
    <div className="stack">
      <h1>{t('friends.title')}</h1>
      <FindMembersForm />
      <Tabs.Root defaultValue="received" className="stack">
        <Tabs.List className="people-tabs" aria-label={t('friends.tabsLabel')}>
          <Tabs.Trigger value="received" className="people-tab">
            {t('friends.received')}
            {waiting > 0 && <span className="people-count">{waiting}</span>}
          </Tabs.Trigger>
          <Tabs.Trigger value="sent" className="people-tab">
            {t('friends.sent')}
          </Tabs.Trigger>
          <Tabs.Trigger value="friends" className="people-tab">
            {t('friends.myFriends')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="received">
          <RequestList direction="received" paged={received} />
        </Tabs.Content>
        <Tabs.Content value="sent">
          <SentList />
        </Tabs.Content>
        <Tabs.Content value="friends">
          <FriendList />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
};

const SentList = () => <RequestList direction="sent" paged={useRequests('sent')} />;

const RequestList = ({ direction, paged }: { direction: 'received' | 'sent'; paged: ReturnType<typeof useRequests> }) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  return (
    <CachedView cached={paged.first}>
      {() =>
        paged.items.length === 0 ? (
          <p className="empty">{direction === 'received' ? t('friends.noneReceived') : t('friends.noneSent')}</p>
        ) : (
          <>
            <ul className="people-list" aria-label={direction === 'received' ? t('friends.received') : t('friends.sent')}>
              {paged.items.map((r) => (
                <MemberRow
                  key={r.request_id}
                  member={r.member}
                  note={
                    <>
                      {r.message && (
                        <q className="people-request-message" dir="auto">
                          {r.message}
                        </q>
                      )}
                      <time className="muted people-row-meta" dateTime={r.created_at}>
                        {formatTime(r.created_at)}
                      </time>
                    </>
                  }
                >
                  <RelationActions member={{ ...r.member, relation: direction === 'received' ? 'request_received' : 'request_sent', request_id: r.request_id }} />
                </MemberRow>
              ))}
            </ul>
            <MoreButton hasMore={paged.hasMore} loading={paged.loadingMore} error={paged.moreError} onMore={paged.loadMore} />
          </>
        )
      }
    </CachedView>
  );
};

export const FriendList = ({ userId }: { userId?: number }) => {
  const { t } = useTranslation();
  const paged = useFriendList(userId);
  return (
    <CachedView cached={paged.first} hiddenMessage={t('friends.listHidden')}>
      {(data) =>
        paged.items.length === 0 ? (
          <p className="empty">{userId ? t('friends.noneTheirs') : t('friends.noneMine')}</p>
        ) : (
          <>
            <p className="muted">{t('friends.total', { count: data.total })}</p>
            <ul className="people-list" aria-label={t('friends.myFriends')} data-testid="friend-list">
              {paged.items.map((f) => (
                <MemberRow key={f.user_id} member={f}>
                  <RelationActions member={f} />
                </MemberRow>
              ))}
            </ul>
            <MoreButton hasMore={paged.hasMore} loading={paged.loadingMore} error={paged.moreError} onMore={paged.loadMore} />
          </>
        )
      }
    </CachedView>
  );
};
