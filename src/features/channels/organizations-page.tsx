import { Link, useSearch } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '../../../schemas/api/channels.ts';
import { Button } from '../../ui/button.tsx';
import { Avatar, CachedView, TabPanel, Tabs } from '../feed/community-ui.tsx';
import { useChannel, useChannelList, useMyChannels, useMyPlaces } from './use-channels.ts';

/** A chapter's channel in a list: its page, and the chapters below it. */
export const ChannelCard = ({ channel }: { channel: ChannelView }) => {
  const { t } = useTranslation();
  return (
    <li className="card cm-club-card" data-testid="channel-card">
      <Avatar name={channel.name} src={channel.avatar} size={3} />
      <div className="cm-club-card-body">
        <Link to="/organization-detail" search={{ id: channel.channel_id }} className="cm-club-name">
          <span dir="auto">{channel.name}</span>
        </Link>
        <p className="muted">
          {t(`channels.levels.${channel.level}`)}
          {channel.country && ` · ${channel.country}`} · {t('channels.followers', { count: channel.follower_count })}
          {channel.is_following && ` · ${t('channels.following')}`}
        </p>
      </div>
      {channel.child_count > 0 && (
        <Link to="/jci-organizations" search={{ parent: channel.channel_id }} className="btn" data-variant="secondary" aria-label={t('channels.showBelowOf', { name: channel.name })}>
          {t('channels.showBelow', { count: channel.child_count })}
        </Link>
      )}
    </li>
  );
};

const ChannelPages = ({ result, page, onPage, empty }: { result: ReturnType<typeof useChannelList>; page: number; onPage: (p: number) => void; empty: string }) => {
  const { t } = useTranslation();
  return (
    <CachedView result={result}>
      {(data) => (
        <>
          {data.list.length === 0 ? (
            <p className="empty">{empty}</p>
          ) : (
            <ul className="stack cm-plain-list" aria-label={t('channels.listLabel')}>
              {data.list.map((c) => (
                <ChannelCard key={c.channel_id} channel={c} />
              ))}
            </ul>
          )}
          {(page > 1 || data.has_more) && (
            <nav className="row cm-pager" aria-label={t('community.pages')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {t('community.previous')}
              </Button>
              <Button variant="secondary" disabled={!data.has_more} onClick={() => onPage(page + 1)}>
                {t('community.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </CachedView>
  );
};

/** Where we are in the hierarchy: each level up is a link back. */
const Trail = ({ parentId }: { parentId: number }) => {
  const { t } = useTranslation();
  const parent = useChannel(parentId);
  if (parent.state !== 'ready') return null;
  const steps = [...parent.data.ancestors, { channel_id: parent.data.channel_id, name: parent.data.name, level: parent.data.level }];
  return (
    <nav aria-label={t('channels.trail')} className="cm-trail">
      <ol>
        <li>
          <Link to="/jci-organizations" search={{}}>
            {t('channels.top')}
          </Link>
        </li>
        {steps.map((s, i) => (
          <li key={s.channel_id}>
            {i === steps.length - 1 ? (
              <span aria-current="page" dir="auto">
                {s.name}
              </span>
            ) : (
              <Link to="/jci-organizations" search={{ parent: s.channel_id }}>
                <span dir="auto">{s.name}</span>
              </Link>
            )}
          </li>
        ))}
      </ol>
      <Link to="/organization-detail" search={{ id: parentId }}>
        {t('channels.openPage', { name: parent.data.name })}
      </Link>
    </nav>
  );
};

const Browse = ({ parentId }: { parentId?: number }) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [forParent, setForParent] = useState(parentId);
  if (forParent !== parentId) {
    setForParent(parentId);
    setPage(1);
  }
  const result = useChannelList({ parentId: keyword ? undefined : parentId, keyword, page });
  const id = useId();
  return (
    <>
      <form
        role="search"
        className="row cm-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed.trim());
          setPage(1);
        }}
      >
        <div className="field cm-grow">
          <label htmlFor={id}>{t('channels.search')}</label>
          <input id={id} type="search" dir="auto" maxLength={60} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          {t('clubs.searchButton')}
        </Button>
        {keyword && (
          <Button
            variant="ghost"
            onClick={() => {
              setTyped('');
              setKeyword('');
            }}
          >
            {t('channels.clearSearch')}
          </Button>
        )}
      </form>
      {!keyword && parentId && <Trail parentId={parentId} />}
      <ChannelPages result={result} page={page} onPage={setPage} empty={keyword ? t('channels.noMatch') : t('channels.noChildren')} />
    </>
  );
};

const Following = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return <ChannelPages result={useMyChannels(page)} page={page} onPage={setPage} empty={t('channels.noneFollowed')} />;
};

const MyPlaces = () => {
  const { t } = useTranslation();
  const places = useMyPlaces();
  return (
    <CachedView result={places}>
      {(data) => (
        <div className="stack">
          <section className="stack" aria-label={t('channels.memberOf')}>
            <h2 className="h3">{t('channels.memberOf')}</h2>
            {data.member_of.length === 0 ? (
              <p className="muted">{t('channels.noChapter')}</p>
            ) : (
              <ul className="cm-plain-list stack">
                {data.member_of.map((c) => (
                  <li key={c.channel_id}>
                    <Link to="/organization-detail" search={{ id: c.channel_id }}>
                      <span dir="auto">{c.name}</span>
                    </Link>{' '}
                    <span className="muted">
                      {t(`channels.levels.${c.level}`)}
                      {c.is_senator && ` · ${t('channels.senator')}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="stack" aria-label={t('channels.boardOf')}>
            <h2 className="h3">{t('channels.boardOf')}</h2>
            {data.board_of.length === 0 ? (
              <p className="muted">{t('channels.noBoard')}</p>
            ) : (
              <ul className="cm-plain-list stack">
                {data.board_of.map((c) => (
                  <li key={c.channel_id}>
                    <Link to="/organization-detail" search={{ id: c.channel_id }}>
                      <span dir="auto">{c.name}</span>
                    </Link>{' '}
                    <span className="muted" dir="auto">
                      {c.title}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </CachedView>
  );
};

/** /jci-organizations: the organisation's chapters from the global one down to the local ones; following; my places. */
export const OrganizationsPage = () => {
  const { t } = useTranslation();
  const search: { parent?: unknown } = useSearch({ strict: false });
  const parent = Number(search.parent);
  const parentId = Number.isInteger(parent) && parent > 0 ? parent : undefined;
  const [tab, setTab] = useState<'browse' | 'following' | 'mine'>('browse');
  return (
    <div className="stack">
      <h1>{t('channels.title')}</h1>
      <Tabs
        label={t('channels.title')}
        current={tab}
        onChange={setTab}
        tabs={[
          { key: 'browse', label: t('channels.tabs.browse') },
          { key: 'following', label: t('channels.tabs.following') },
          { key: 'mine', label: t('channels.tabs.mine') },
        ]}
      />
      <TabPanel id={tab}>{tab === 'browse' ? <Browse parentId={parentId} /> : tab === 'following' ? <Following /> : <MyPlaces />}</TabPanel>
    </div>
  );
};
