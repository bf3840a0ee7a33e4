import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_MESSAGE_MAX, type ClubView } from '../../../schemas/api/clubs.ts';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { Avatar, CachedView, isUnreachable, RichText, TabPanel, Tabs } from '../feed/community-ui.tsx';
import { ImagePicker } from '../feed/image-picker.tsx';
import { PostComposer } from '../feed/post-composer.tsx';
import { PostListView } from '../feed/post-list.tsx';
import { usePostList, type ActionResult } from '../feed/use-feed.ts';
import { useImageUploads } from '../feed/use-image-upload.ts';
import { useTimeFormat } from '../feed/use-time-format.ts';
import { ClubFormDialog } from './club-form.tsx';
import { ClubPhotos, ClubVideos } from './club-media.tsx';
import { ClubPeople } from './club-people.tsx';
import { useClub, useClubActions, useClubTotals } from './use-clubs.ts';

type Tab = 'posts' | 'members' | 'photos' | 'videos' | 'about';

/** The club id of `?id=`, when it is one. */
export const useIdParam = (): number | null => {
  const search: { id?: unknown } = useSearch({ strict: false });
  const id = Number(search.id);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

const ClubPosts = ({ club, online }: { club: ClubView; online: boolean }) => {
  const { t } = useTranslation();
  const params = useMemo(() => ({ club_id: club.club_id }), [club.club_id]);
  const scope = useMemo(() => ({ clubId: club.club_id }), [club.club_id]);
  const list = usePostList('getGroupPostList', params, scope);
  return (
    <>
      <PostComposer online={online} target={{ kind: 'club', clubId: club.club_id }} />
      <PostListView list={list} label={t('clubs.postsLabel', { name: club.name })} empty={t('clubs.noPosts')} />
    </>
  );
};

const ClubAbout = ({ club }: { club: ClubView }) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  const totals = useClubTotals(club.club_id);
  return (
    <div className="stack">
      {club.intro ? <RichText text={club.intro} /> : <p className="muted">{t('clubs.noIntro')}</p>}
      <dl className="cm-facts">
        <dt>{t('clubs.about.leader')}</dt>
        <dd dir="auto">{club.leader?.nick_name ?? '—'}</dd>
        <dt>{t('clubs.form.category')}</dt>
        <dd>{t(`clubs.categories.${club.category}`)}</dd>
        <dt>{t('clubs.form.joinMode')}</dt>
        <dd>{t(`clubs.joinModes.${club.join_mode}`)}</dd>
        <dt>{t('clubs.about.since')}</dt>
        <dd>
          <time dateTime={club.created_at}>{formatTime(club.created_at)}</time>
        </dd>
      </dl>
      <CachedView result={totals}>
        {(n) => (
          <dl className="cm-facts" aria-label={t('clubs.about.totals')}>
            <dt>{t('clubs.about.members')}</dt>
            <dd>{n.members}</dd>
            <dt>{t('clubs.about.admins')}</dt>
            <dd>{n.admins}</dd>
            <dt>{t('clubs.about.posts')}</dt>
            <dd>{n.posts}</dd>
            <dt>{t('clubs.about.photos')}</dt>
            <dd>{n.photos}</dd>
            <dt>{t('clubs.about.videos')}</dt>
            <dd>{n.videos}</dd>
            {(club.my_role === 'leader' || club.my_role === 'admin') && (
              <>
                <dt>{t('clubs.about.applications')}</dt>
                <dd>{n.applications}</dd>
                <dt>{t('clubs.about.banned')}</dt>
                <dd>{n.banned}</dd>
              </>
            )}
          </dl>
        )}
      </CachedView>
      <Link to="/contactClub" search={{ id: club.club_id }}>
        {t('clubs.contactLink')}
      </Link>
    </div>
  );
};

/** Asks for an optional message, then joins or applies (or asks to become administrator). */
const MessageDialog = ({ open, onOpenChange, title, body, label, onSend }: { open: boolean; onOpenChange: (o: boolean) => void; title: string; body: string; label: string; onSend: (message: string) => Promise<void> }) => {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={body}>
      <form className="stack" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={id}>{t('clubs.message')}</label>
          <textarea id={id} dir="auto" rows={3} maxLength={APPLICATION_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <div className="row cm-dialog-actions">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            onClick={async () => {
              await onSend(message);
              onOpenChange(false);
            }}
          >
            {label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
};

/** The member's place in the club and what they can do about it. */
const ClubActionsBar = ({ club, online, onChanged }: { club: ClubView; online: boolean; onChanged: () => Promise<void> }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useClubActions();
  const cover = useImageUploads(1);
  const [dialog, setDialog] = useState<'join' | 'admin' | 'leave' | 'dissolve' | 'edit' | 'cover' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const manager = club.my_role === 'leader' || club.my_role === 'admin';
  const run = async (fn: () => Promise<ActionResult>, after?: () => void) => {
    setError(null);
    const result = await fn();
    if (!result.ok) {
      setError(isUnreachable(result.error) ? t('community.unreachableRetry') : result.error.message);
      return result;
    }
    after?.();
    await onChanged();
    return result;
  };
  return (
    <div className="stack">
      <div className="row cm-club-actions">
        {club.my_state === 'none' && (
          <Button disabled={!online} onClick={() => (club.join_mode === 'open' ? run(() => actions.join(club.club_id, '')) : setDialog('join'))}>
            {club.join_mode === 'open' ? t('clubs.join') : t('clubs.apply')}
          </Button>
        )}
        {club.my_state === 'pending' && <span className="status-badge">{t('clubs.state.pending')}</span>}
        {club.my_state === 'banned' && <span className="status-badge">{t('clubs.state.banned')}</span>}
        {club.my_role === 'member' &&
          (club.admin_pending ? (
            <span className="status-badge">{t('clubs.adminPending')}</span>
          ) : (
            <Button variant="secondary" disabled={!online} onClick={() => setDialog('admin')}>
              {t('clubs.askAdmin')}
            </Button>
          ))}
        {manager && (
          <>
            <Button variant="secondary" disabled={!online} onClick={() => setDialog('edit')}>
              {t('clubs.edit')}
            </Button>
            <Button variant="secondary" disabled={!online} onClick={() => setDialog('cover')}>
              {t('clubs.changeCover')}
            </Button>
          </>
        )}
        {club.my_state === 'member' && club.my_role !== 'leader' && (
          <Button variant="ghost" disabled={!online} onClick={() => setDialog('leave')}>
            {t('clubs.leave')}
          </Button>
        )}
        {club.is_creator && (
          <Button variant="danger" disabled={!online} onClick={() => setDialog('dissolve')}>
            {t('clubs.dissolve')}
          </Button>
        )}
      </div>
      {club.my_role === 'leader' && <p className="muted">{t('clubs.leaderCannotLeave')}</p>}
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <MessageDialog
        open={dialog === 'join'}
        onOpenChange={(o) => setDialog(o ? 'join' : null)}
        title={t('clubs.applyTitle', { name: club.name })}
        body={t('clubs.applyBody')}
        label={t('clubs.apply')}
        onSend={async (m) => void (await run(() => actions.join(club.club_id, m)))}
      />
      <MessageDialog
        open={dialog === 'admin'}
        onOpenChange={(o) => setDialog(o ? 'admin' : null)}
        title={t('clubs.askAdminTitle')}
        body={t('clubs.askAdminBody')}
        label={t('clubs.askAdmin')}
        onSend={async (m) => void (await run(() => actions.applyAdmin(club.club_id, m)))}
      />
      <ConfirmDialog
        open={dialog === 'leave'}
        onOpenChange={(o) => setDialog(o ? 'leave' : null)}
        title={t('clubs.leaveTitle', { name: club.name })}
        description={t('clubs.leaveBody')}
        confirmLabel={t('clubs.leave')}
        onConfirm={() => run(() => actions.leave(club.club_id))}
      />
      <ConfirmDialog
        open={dialog === 'dissolve'}
        onOpenChange={(o) => setDialog(o ? 'dissolve' : null)}
        title={t('clubs.dissolveTitle', { name: club.name })}
        description={t('clubs.dissolveBody')}
        confirmLabel={t('clubs.dissolve')}
        onConfirm={() => run(() => actions.dissolve(club.club_id), () => void navigate({ to: club.channel_id ? '/group' : '/club' }))}
      />
      {dialog === 'edit' && (
        <ClubFormDialog
          open
          online={online}
          club={club}
          onOpenChange={(o) => setDialog(o ? 'edit' : null)}
          title={t('clubs.editTitle')}
          submitLabel={t('actions.save')}
          onSubmit={async (v) => run(() => actions.edit({ club_id: club.club_id, ...v }))}
        />
      )}
      <Dialog open={dialog === 'cover'} onOpenChange={(o) => setDialog(o ? 'cover' : null)} title={t('clubs.changeCover')}>
        <div className="stack">
          <ImagePicker uploads={cover} max={1} disabled={!online} />
          <div className="row cm-dialog-actions">
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {t('actions.cancel')}
            </Button>
            <Button
              disabled={!cover.urls[0] || cover.busy}
              onClick={() =>
                run(
                  () => actions.cover({ club_id: club.club_id, cover: cover.urls[0]! }),
                  () => {
                    cover.clear();
                    setDialog(null);
                  },
                )
              }
            >
              {t('actions.save')}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
};

/** A club's page (/clubDet, and /group-detail for a chapter's working group). */
export const ClubDetail = ({ clubId }: { clubId: number }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const club = useClub(clubId);
  const [tab, setTab] = useState<Tab>('posts');
  if (club.state === 'error' && club.error.status === 4002) return <p className="empty">{t('clubs.notFound')}</p>;
  return (
    <CachedView result={club} what={t('clubs.thisClub')}>
      {(c) => {
        const member = c.my_state === 'member';
        return (
          <div className="stack">
            <header className="card cm-club-head">
              {c.cover && <img className="cm-cover" src={c.cover} alt="" />}
              <div className="row">
                <Avatar name={c.name} src={c.avatar} size={4} />
                <div className="stack cm-gap-small">
                  <h1 dir="auto">{c.name}</h1>
                  <p className="muted">
                    {t(`clubs.categories.${c.category}`)} · {t('clubs.memberCount', { count: c.member_count })} · {t(`clubs.joinModes.${c.join_mode}`)}
                  </p>
                  {c.channel_id !== null && (
                    <p>
                      {t('clubs.groupOf')}{' '}
                      <Link to="/organization-detail" search={{ id: c.channel_id }}>
                        <span dir="auto">{c.channel_name}</span>
                      </Link>
                    </p>
                  )}
                  {c.my_role !== 'none' && <span className="status-badge" data-on="true">{t(`clubs.state.${c.my_role}`)}</span>}
                </div>
              </div>
              <ClubActionsBar club={c} online={online} onChanged={club.refresh} />
            </header>
            <Tabs
              label={t('clubs.sections')}
              current={tab}
              onChange={setTab}
              tabs={(['posts', 'members', 'photos', 'videos', 'about'] as Tab[]).map((k) => ({ key: k, label: t(`clubs.tabs.${k}`) }))}
            />
            <TabPanel id={tab}>
              {tab === 'members' ? (
                <ClubPeople club={c} online={online} onChanged={() => void club.refresh()} />
              ) : tab === 'about' ? (
                <ClubAbout club={c} />
              ) : !member ? (
                <p className="empty">{c.my_state === 'banned' ? t('clubs.bannedContent') : t('clubs.membersOnly')}</p>
              ) : tab === 'posts' ? (
                <ClubPosts club={c} online={online} />
              ) : tab === 'photos' ? (
                <ClubPhotos club={c} online={online} />
              ) : (
                <ClubVideos club={c} online={online} />
              )}
            </TabPanel>
          </div>
        );
      }}
    </CachedView>
  );
};

export const ClubDetailPage = () => {
  const { t } = useTranslation();
  const id = useIdParam();
  return (
    <div className="stack">
      <Link to="/club" className="cm-back">
        {t('clubs.back')}
      </Link>
      {id ? <ClubDetail clubId={id} /> : <p className="empty">{t('clubs.notFound')}</p>}
    </div>
  );
};

export const GroupDetailPage = () => {
  const { t } = useTranslation();
  const id = useIdParam();
  return (
    <div className="stack">
      <Link to="/group" className="cm-back">
        {t('clubs.backGroups')}
      </Link>
      {id ? <ClubDetail clubId={id} /> : <p className="empty">{t('clubs.notFound')}</p>}
    </div>
  );
};

/** /contactClub: who runs a club and how to reach them. */
export const ContactClubPage = () => {
  const { t } = useTranslation();
  const id = useIdParam();
  return (
    <div className="stack">
      {id ? <ContactClub clubId={id} /> : <p className="empty">{t('clubs.notFound')}</p>}
    </div>
  );
};

const ContactClub = ({ clubId }: { clubId: number }) => {
  const { t } = useTranslation();
  const club = useClub(clubId);
  return (
    <>
      <Link to="/clubDet" search={{ id: clubId }} className="cm-back">
        {t('clubs.backToClub')}
      </Link>
      <CachedView result={club} what={t('clubs.thisClub')}>
        {(c) => (
          <div className="stack">
            <h1 dir="auto">{t('clubs.contactTitle', { name: c.name })}</h1>
            {c.contact ? (
              <section className="card stack" aria-label={t('clubs.contactHow')}>
                <h2 className="h3">{t('clubs.contactHow')}</h2>
                <RichText text={c.contact} />
              </section>
            ) : (
              <p className="muted">{t('clubs.noContact')}</p>
            )}
            <section className="card stack" aria-label={t('clubs.contactPeople')}>
              <h2 className="h3">{t('clubs.contactPeople')}</h2>
              <ClubPeopleReadOnly club={c} />
            </section>
          </div>
        )}
      </CachedView>
    </>
  );
};

const ClubPeopleReadOnly = ({ club }: { club: ClubView }) => {
  const online = useAtomValue(onlineAtom);
  // The administrators' list, without actions: those who answer for the club.
  return <ClubPeople club={{ ...club, my_role: 'none' }} online={online} onChanged={() => undefined} initial="admins" />;
};
