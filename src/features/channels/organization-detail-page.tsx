import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '../../../schemas/api/channels.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { ClubCard } from '../clubs/club-list-page.tsx';
import { ClubFormDialog } from '../clubs/club-form.tsx';
import { useIdParam } from '../clubs/club-detail-page.tsx';
import { useDiscoverClubs } from '../clubs/use-clubs.ts';
import { Avatar, CachedView, isUnreachable, RichText, safeHref, TabPanel, Tabs } from '../feed/community-ui.tsx';
import { PostComposer } from '../feed/post-composer.tsx';
import { PostListView } from '../feed/post-list.tsx';
import { usePostList } from '../feed/use-feed.ts';
import { useTimeFormat } from '../feed/use-time-format.ts';
import { ChannelCard } from './organizations-page.tsx';
import { useBoards, useChannel, useChannelAbout, useChannelActions, useChannelFiles, useChannelTwins, useChapterMembers, useSenators } from './use-channels.ts';

type Tab = 'posts' | 'about' | 'boards' | 'members' | 'senate' | 'twins' | 'files' | 'groups';

const Pager = ({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (p: number) => void }) => {
  const { t } = useTranslation();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="row cm-pager" aria-label={t('community.pages')}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('community.previous')}
      </Button>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('community.next')}
      </Button>
    </nav>
  );
};

const Posts = ({ channel, online }: { channel: ChannelView; online: boolean }) => {
  const { t } = useTranslation();
  const params = useMemo(() => ({ channel_id: channel.channel_id }), [channel.channel_id]);
  const scope = useMemo(() => ({ channelId: channel.channel_id }), [channel.channel_id]);
  const list = usePostList('getChannelPost', params, scope);
  return (
    <>
      {channel.is_board && <PostComposer online={online} target={{ kind: 'channel', channelId: channel.channel_id }} />}
      <PostListView list={list} label={t('channels.postsOf', { name: channel.name })} empty={t('channels.noPosts')} />
    </>
  );
};

const About = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const about = useChannelAbout(id);
  return (
    <CachedView result={about}>
      {(a) => {
        const website = safeHref(a.website);
        return (
          <div className="stack">
            {a.about ? <RichText text={a.about} /> : <p className="muted">{t('channels.noAbout')}</p>}
            <dl className="cm-facts">
              {a.founded !== null && (
                <>
                  <dt>{t('channels.founded')}</dt>
                  <dd>{a.founded}</dd>
                </>
              )}
              {website && (
                <>
                  <dt>{t('channels.website')}</dt>
                  <dd>
                    <a href={website} target="_blank" rel="noopener noreferrer nofollow">
                      {a.website}
                    </a>
                  </dd>
                </>
              )}
              {a.email && (
                <>
                  <dt>{t('channels.email')}</dt>
                  <dd>
                    <a href={`mailto:${a.email}`}>{a.email}</a>
                  </dd>
                </>
              )}
            </dl>
            <h2 className="h3">{a.board_year ? t('channels.boardOfYear', { year: a.board_year }) : t('channels.board')}</h2>
            {a.board.length === 0 ? (
              <p className="muted">{t('channels.noBoardYet')}</p>
            ) : (
              <ul className="cm-plain-list stack">
                {a.board.map((s, i) => (
                  <li key={`${s.user_id ?? s.nick_name}-${i}`} className="cm-person">
                    <Avatar name={s.nick_name} src={s.avatar} />
                    <div className="cm-person-body">
                      <strong dir="auto">{s.nick_name}</strong>
                      <span className="muted" dir="auto">
                        {s.title}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      }}
    </CachedView>
  );
};

const Boards = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const boards = useBoards(id);
  return (
    <CachedView result={boards}>
      {(years) =>
        years.length === 0 ? (
          <p className="empty">{t('channels.noBoardYet')}</p>
        ) : (
          <div className="stack">
            {years.map((y) => (
              <section key={y.year} className="card stack" aria-label={t('channels.boardOfYear', { year: y.year })}>
                <h2 className="h3">
                  {t('channels.boardOfYear', { year: y.year })}
                  {y.current && ` · ${t('channels.current')}`}
                </h2>
                <ul className="cm-plain-list">
                  {y.board.map((s, i) => (
                    <li key={i}>
                      <strong dir="auto">{s.nick_name}</strong> — <span dir="auto">{s.title}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )
      }
    </CachedView>
  );
};

const Members = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const members = useChapterMembers(id, keyword, page);
  const formatTime = useTimeFormat();
  const searchId = useId();
  return (
    <>
      <form
        role="search"
        className="row cm-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed);
          setPage(1);
        }}
      >
        <div className="field cm-grow">
          <label htmlFor={searchId}>{t('channels.searchMembers')}</label>
          <input id={searchId} type="search" dir="auto" maxLength={60} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          {t('clubs.searchButton')}
        </Button>
      </form>
      <CachedView result={members}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="empty">{keyword ? t('channels.noMatch') : t('channels.noMembers')}</p>
          ) : (
            <>
              <ul className="cm-plain-list stack">
                {data.list.map((m) => (
                  <li key={m.user_id} className="cm-person">
                    <Avatar name={m.nick_name} src={m.avatar} />
                    <div className="cm-person-body">
                      <strong dir="auto">{m.nick_name}</strong>
                      <span className="muted">
                        {t('channels.memberSince', { time: formatTime(m.since) })}
                        {m.is_senator && ` · ${t('channels.senator')}`}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
              <Pager page={page} hasMore={data.has_more} onPage={setPage} />
            </>
          )
        }
      </CachedView>
    </>
  );
};

const Senate = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const senators = useSenators(id, page);
  return (
    <CachedView result={senators}>
      {(data) =>
        data.list.length === 0 ? (
          <p className="empty">{t('channels.noSenators')}</p>
        ) : (
          <>
            <ul className="cm-plain-list stack">
              {data.list.map((s) => (
                <li key={s.user_id} className="cm-person">
                  <Avatar name={s.nick_name} src={s.avatar} />
                  <div className="cm-person-body">
                    <strong dir="auto">{s.nick_name}</strong>
                    <span className="muted">{t('channels.senateNumber', { number: s.senate_number })}</span>
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} hasMore={data.has_more} onPage={setPage} />
          </>
        )
      }
    </CachedView>
  );
};

const Twins = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const twins = useChannelTwins(id);
  return (
    <CachedView result={twins}>
      {(list) =>
        list.length === 0 ? (
          <p className="empty">{t('channels.noTwins')}</p>
        ) : (
          <ul className="cm-plain-list stack">
            {list.map((tw) => (
              <li key={tw.channel.channel_id} className="stack cm-gap-small">
                <span className="muted">{t('channels.twinnedSince', { year: tw.since })}</span>
                <ul className="cm-plain-list">
                  <ChannelCard channel={tw.channel} />
                </ul>
              </li>
            ))}
          </ul>
        )
      }
    </CachedView>
  );
};

const Files = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  const [page, setPage] = useState(1);
  const files = useChannelFiles(id, page);
  return (
    <CachedView result={files}>
      {(data) =>
        data.list.length === 0 ? (
          <p className="empty">{t('channels.noFiles')}</p>
        ) : (
          <>
            <ul className="cm-plain-list stack">
              {data.list.map((f) => {
                const href = safeHref(f.url);
                return (
                  <li key={f.file_id} className="card cm-file">
                    {href ? (
                      <a href={href} target="_blank" rel="noopener noreferrer">
                        <span dir="auto">{f.title}</span>
                      </a>
                    ) : (
                      <span dir="auto">{f.title}</span>
                    )}
                    <span className="muted">
                      {f.kind.toUpperCase()} · <time dateTime={f.created_at}>{formatTime(f.created_at)}</time>
                    </span>
                  </li>
                );
              })}
            </ul>
            <Pager page={page} hasMore={data.has_more} onPage={setPage} />
          </>
        )
      }
    </CachedView>
  );
};

const Groups = ({ channel, online }: { channel: ChannelView; online: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useChannelActions();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const groups = useDiscoverClubs({ keyword: '', category: '', kind: 'organisation', channelId: channel.channel_id, page });
  return (
    <div className="stack">
      {channel.is_board && (
        <Button disabled={!online} onClick={() => setCreating(true)}>
          {t('channels.createGroup')}
        </Button>
      )}
      <CachedView result={groups}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="empty">{t('channels.noGroups')}</p>
          ) : (
            <>
              <ul className="stack cm-plain-list">
                {data.list.map((g) => (
                  <ClubCard key={g.club_id} club={g} detail="/group-detail" />
                ))}
              </ul>
              <Pager page={page} hasMore={data.has_more} onPage={setPage} />
            </>
          )
        }
      </CachedView>
      {creating && (
        <ClubFormDialog
          open
          online={online}
          onOpenChange={setCreating}
          title={t('channels.createGroupTitle', { name: channel.name })}
          submitLabel={t('channels.createGroup')}
          onSubmit={async (values) => {
            const result = await actions.createGroup({ channel_id: channel.channel_id, ...values });
            if (result.ok) void navigate({ to: '/group-detail', search: { id: result.club.club_id } });
            return result.ok ? { ok: true } : result;
          }}
        />
      )}
    </div>
  );
};

const Channel = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const channel = useChannel(id);
  const actions = useChannelActions();
  const [tab, setTab] = useState<Tab>('posts');
  const [confirmUnfollow, setConfirmUnfollow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const follow = async (on: boolean) => {
    setError(null);
    const result = on ? await actions.follow(id, true) : await actions.unfollow(id);
    if (!result.ok) return setError(isUnreachable(result.error) ? t('community.unreachableRetry') : result.error.message);
    await channel.refresh();
  };
  if (channel.state === 'error' && channel.error.status === 4002) return <p className="empty">{t('channels.notFound')}</p>;
  return (
    <CachedView result={channel} what={t('channels.thisChannel')}>
      {(c) => (
        <div className="stack">
          <nav aria-label={t('channels.trail')} className="cm-trail">
            <ol>
              <li>
                <Link to="/jci-organizations" search={{}}>
                  {t('channels.top')}
                </Link>
              </li>
              {c.ancestors.map((a) => (
                <li key={a.channel_id}>
                  <Link to="/organization-detail" search={{ id: a.channel_id }}>
                    <span dir="auto">{a.name}</span>
                  </Link>
                </li>
              ))}
              <li>
                <span aria-current="page" dir="auto">
                  {c.name}
                </span>
              </li>
            </ol>
          </nav>
          <header className="card cm-club-head">
            {c.cover && <img className="cm-cover" src={c.cover} alt="" />}
            <div className="row">
              <Avatar name={c.name} src={c.avatar} size={4} />
              <div className="stack cm-gap-small">
                <h1 dir="auto">{c.name}</h1>
                <p className="muted">
                  {t(`channels.levels.${c.level}`)}
                  {c.country && ` · ${c.country}`} · {t('channels.followers', { count: c.follower_count })} · {t('channels.memberCount', { count: c.member_count })}
                </p>
                {c.is_board && <span className="status-badge" data-on="true">{t('channels.youAreBoard')}</span>}
              </div>
            </div>
            <div className="row">
              {c.is_following ? (
                <Button variant="secondary" disabled={!online} onClick={() => setConfirmUnfollow(true)}>
                  {t('channels.unfollow')}
                </Button>
              ) : (
                <Button disabled={!online} onClick={() => follow(true)}>
                  {t('channels.follow')}
                </Button>
              )}
              {c.child_count > 0 && (
                <Link to="/jci-organizations" search={{ parent: c.channel_id }} className="btn" data-variant="secondary">
                  {t('channels.showBelow', { count: c.child_count })}
                </Link>
              )}
            </div>
            {error && (
              <p className="alert" role="alert">
                {error}
              </p>
            )}
          </header>
          <Tabs
            label={t('channels.sections')}
            current={tab}
            onChange={setTab}
            tabs={(['posts', 'about', 'boards', 'members', 'senate', 'twins', 'files', 'groups'] as Tab[]).map((k) => ({ key: k, label: t(`channels.tabs.${k}`) }))}
          />
          <TabPanel id={tab}>
            {tab === 'posts' ? (
              <Posts channel={c} online={online} />
            ) : tab === 'about' ? (
              <About id={id} />
            ) : tab === 'boards' ? (
              <Boards id={id} />
            ) : tab === 'members' ? (
              <Members id={id} />
            ) : tab === 'senate' ? (
              <Senate id={id} />
            ) : tab === 'twins' ? (
              <Twins id={id} />
            ) : tab === 'files' ? (
              <Files id={id} />
            ) : (
              <Groups channel={c} online={online} />
            )}
          </TabPanel>
          <ConfirmDialog
            open={confirmUnfollow}
            onOpenChange={setConfirmUnfollow}
            title={t('channels.unfollowTitle', { name: c.name })}
            description={t('channels.unfollowBody')}
            confirmLabel={t('channels.unfollow')}
            danger={false}
            onConfirm={() => follow(false)}
          />
        </div>
      )}
    </CachedView>
  );
};

/** /organization-detail: one chapter's channel — posts, about, boards by year, members, senate, twins, files, groups. */
export const OrganizationDetailPage = () => {
  const { t } = useTranslation();
  const id = useIdParam();
  return id ? <Channel id={id} /> : <p className="empty">{t('channels.notFound')}</p>;
};
