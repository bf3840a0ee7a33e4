import { Link, useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLUB_CATEGORIES, type ClubView } from '../../../schemas/api/clubs.ts';
import type { Cached } from '../../store/cache.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { Avatar, CachedView, RichText, TabPanel, Tabs } from '../feed/community-ui.tsx';
import { ClubFormDialog } from './club-form.tsx';
import { useClubActions, useCreatedClubs, useDiscoverClubs, useMyClubs } from './use-clubs.ts';

type Category = (typeof CLUB_CATEGORIES)[number];
type Page = { list: ClubView[]; page: number; has_more: boolean };

/** A club in a list: picture, name, category, members, and the member's place in it. */
export const ClubCard = ({ club, detail }: { club: ClubView; detail: '/clubDet' | '/group-detail' }) => {
  const { t } = useTranslation();
  return (
    <li className="card cm-club-card" data-testid="club-card">
      <Avatar name={club.name} src={club.avatar} size={3} />
      <div className="cm-club-card-body">
        <Link to={detail} search={{ id: club.club_id }} className="cm-club-name">
          <span dir="auto">{club.name}</span>
        </Link>
        <p className="muted">
          {t(`clubs.categories.${club.category}`)} · {t('clubs.memberCount', { count: club.member_count })}
          {club.channel_name && (
            <>
              {' · '}
              <span dir="auto">{club.channel_name}</span>
            </>
          )}
        </p>
        {club.intro && <RichText text={club.intro.length > 160 ? `${[...club.intro].slice(0, 159).join('')}…` : club.intro} className="muted" />}
      </div>
      {club.my_state !== 'none' && <span className="status-badge" data-on={club.my_state === 'member'}>{t(`clubs.state.${club.my_role !== 'none' ? club.my_role : club.my_state}`)}</span>}
    </li>
  );
};

/** Pages of clubs with every state: loading, offline, error, empty, and previous/next. */
const ClubPages = ({ result, page, onPage, empty, detail }: { result: Cached<Page> & { refresh: () => Promise<void> }; page: number; onPage: (p: number) => void; empty: string; detail: '/clubDet' | '/group-detail' }) => {
  const { t } = useTranslation();
  return (
    <CachedView result={result}>
      {(data) => (
        <>
          {data.list.length === 0 ? (
            <p className="empty">{empty}</p>
          ) : (
            <ul className="stack cm-plain-list">
              {data.list.map((club) => (
                <ClubCard key={club.club_id} club={club} detail={detail} />
              ))}
            </ul>
          )}
          {(page > 1 || data.has_more) && (
            <nav className="row cm-pager" aria-label={t('community.pages')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {t('community.previous')}
              </Button>
              <span className="muted">{t('community.page', { page })}</span>
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

const Discover = ({ kind, detail }: { kind: 'interest' | 'organisation'; detail: '/clubDet' | '/group-detail' }) => {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [category, setCategory] = useState<Category | ''>('');
  const [page, setPage] = useState(1);
  const result = useDiscoverClubs({ keyword, category, kind, page });
  const searchId = useId();
  const categoryId = useId();
  return (
    <>
      <form
        className="row cm-toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setKeyword(typed);
          setPage(1);
        }}
      >
        <div className="field cm-grow">
          <label htmlFor={searchId}>{t('clubs.search')}</label>
          <input id={searchId} type="search" dir="auto" maxLength={60} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        {kind === 'interest' && (
          <div className="field">
            <label htmlFor={categoryId}>{t('clubs.form.category')}</label>
            <select
              id={categoryId}
              value={category}
              onChange={(e) => {
                setCategory(e.target.value as Category | '');
                setPage(1);
              }}
            >
              <option value="">{t('clubs.allCategories')}</option>
              {CLUB_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`clubs.categories.${c}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button type="submit" variant="secondary">
          {t('clubs.searchButton')}
        </Button>
      </form>
      <ClubPages result={result} page={page} onPage={setPage} empty={keyword || category ? t('clubs.noMatch') : t(kind === 'interest' ? 'clubs.emptyDiscover' : 'clubs.emptyGroups')} detail={detail} />
    </>
  );
};

const Mine = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return <ClubPages result={useMyClubs(page)} page={page} onPage={setPage} empty={t('clubs.emptyMine')} detail="/clubDet" />;
};

const Created = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return <ClubPages result={useCreatedClubs(page)} page={page} onPage={setPage} empty={t('clubs.emptyCreated')} detail="/clubDet" />;
};

/** /club: discover interest clubs, the member's clubs, those they created; create one. */
export const ClubListPage = () => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const navigate = useNavigate();
  const actions = useClubActions();
  const [tab, setTab] = useState<'discover' | 'mine' | 'created'>('discover');
  const [creating, setCreating] = useState(false);
  return (
    <div className="stack">
      <div className="row cm-title-row">
        <h1>{t('clubs.title')}</h1>
        <Button disabled={!online} onClick={() => setCreating(true)}>
          {t('clubs.create')}
        </Button>
      </div>
      <Tabs
        label={t('clubs.title')}
        current={tab}
        onChange={setTab}
        tabs={[
          { key: 'discover', label: t('clubs.tabs.discover') },
          { key: 'mine', label: t('clubs.tabs.mine') },
          { key: 'created', label: t('clubs.tabs.created') },
        ]}
      />
      <TabPanel id={tab}>{tab === 'discover' ? <Discover kind="interest" detail="/clubDet" /> : tab === 'mine' ? <Mine /> : <Created />}</TabPanel>
      {creating && (
        <ClubFormDialog
          open
          online={online}
          onOpenChange={setCreating}
          title={t('clubs.createTitle')}
          submitLabel={t('clubs.create')}
          onSubmit={async (values) => {
            const result = await actions.create({ ...values, contact: values.contact });
            if (result.ok) void navigate({ to: '/clubDet', search: { id: result.club.club_id } });
            return result.ok ? { ok: true } : result;
          }}
        />
      )}
    </div>
  );
};

/** /group: the working groups of the organisation's chapters (created from a chapter's page by its board). */
export const GroupListPage = () => {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t('clubs.groupsTitle')}</h1>
      <p className="muted">{t('clubs.groupsIntro')}</p>
      <Discover kind="organisation" detail="/group-detail" />
    </div>
  );
};
