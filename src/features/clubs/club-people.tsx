import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CLUB_LISTS, ClubPersonView, ClubView } from '../../../schemas/api/clubs.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Avatar, CachedView, isUnreachable } from '../feed/community-ui.tsx';
import { useMe, type ActionResult } from '../feed/use-feed.ts';
import { useClubActions, useClubPeople } from './use-clubs.ts';

type List = (typeof CLUB_LISTS)[number];
type Act = { label: string; title: string; body: string; danger: boolean; run: () => Promise<ActionResult> };

/**
 * A club's people. Everyone sees the members (leader and administrators first); administrators
 * and the leader also see applications and banned members, and act on them: approve or decline,
 * make administrator, remove, ban or lift a ban; the leader also withdraws administrator rights
 * and hands on the leadership. Every change asks first.
 */
export const ClubPeople = ({ club, online, onChanged, initial = 'members' }: { club: ClubView; online: boolean; onChanged: () => void; initial?: List }) => {
  const { t } = useTranslation();
  const me = useMe();
  const manager = club.my_role === 'leader' || club.my_role === 'admin';
  const [list, setList] = useState<List>(initial);
  const [page, setPage] = useState(1);
  const people = useClubPeople(club.club_id, list, page);
  const actions = useClubActions();
  const [pending, setPending] = useState<Act | null>(null);
  const [error, setError] = useState<string | null>(null);

  const lists: List[] = manager ? ['members', 'admins', 'applications', 'banned'] : ['members', 'admins'];

  const actsFor = (p: ClubPersonView): Act[] => {
    if (!manager || p.user_id === me?.user_id) return [];
    const name = p.nick_name;
    const id = club.club_id;
    if (p.application_id !== null) {
      const appId = p.application_id;
      const kind = p.application_kind === 'admin' ? 'admin' : 'join';
      return [
        { label: t('clubs.people.approve'), title: t(`clubs.people.approveTitle.${kind}`, { name }), body: t(`clubs.people.approveBody.${kind}`, { name }), danger: false, run: () => actions.decide(appId, true) },
        { label: t('clubs.people.decline'), title: t(`clubs.people.declineTitle.${kind}`, { name }), body: t('clubs.people.declineBody', { name }), danger: true, run: () => actions.decide(appId, false) },
      ];
    }
    if (p.status === 'banned') {
      return [{ label: t('clubs.people.unban'), title: t('clubs.people.unbanTitle', { name }), body: t('clubs.people.unbanBody', { name }), danger: false, run: () => actions.kick(id, p.user_id, 'unban') }];
    }
    if (p.role === 'leader') return [];
    const out: Act[] = [];
    if (p.role === 'member') {
      out.push({ label: t('clubs.people.makeAdmin'), title: t('clubs.people.makeAdminTitle', { name }), body: t('clubs.people.makeAdminBody', { name }), danger: false, run: () => actions.setAdmin(id, p.user_id, true) });
    }
    const leader = club.my_role === 'leader';
    if (p.role === 'admin' && leader) {
      out.push({ label: t('clubs.people.removeAdmin'), title: t('clubs.people.removeAdminTitle', { name }), body: t('clubs.people.removeAdminBody', { name }), danger: true, run: () => actions.setAdmin(id, p.user_id, false) });
    }
    if (p.role === 'member' || leader) {
      out.push({ label: t('clubs.people.remove'), title: t('clubs.people.removeTitle', { name }), body: t('clubs.people.removeBody', { name }), danger: true, run: () => actions.kick(id, p.user_id, 'remove') });
      out.push({ label: t('clubs.people.ban'), title: t('clubs.people.banTitle', { name }), body: t('clubs.people.banBody', { name }), danger: true, run: () => actions.kick(id, p.user_id, 'ban') });
    }
    if (leader) {
      out.push({ label: t('clubs.people.transfer'), title: t('clubs.people.transferTitle', { name }), body: t('clubs.people.transferBody', { name }), danger: true, run: () => actions.transfer(id, p.user_id) });
    }
    return out;
  };

  const confirm = async () => {
    if (!pending) return;
    setError(null);
    const result = await pending.run();
    if (!result.ok) setError(isUnreachable(result.error) ? t('community.unreachableRetry') : result.error.message);
    await people.refresh();
    onChanged();
  };

  return (
    <div className="stack">
      <div className="cm-segmented" role="radiogroup" aria-label={t('clubs.people.which')}>
        {lists.map((l) => (
          <label key={l} className="cm-segment">
            <input
              type="radio"
              name="club-people"
              checked={list === l}
              onChange={() => {
                setList(l);
                setPage(1);
              }}
            />
            <span>{t(`clubs.people.lists.${l}`)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <CachedView result={people}>
        {(data) =>
          data.list.length === 0 ? (
            <p className="empty">{t(`clubs.people.empty.${list}`)}</p>
          ) : (
            <>
              <ul className="stack cm-plain-list">
                {data.list.map((p) => (
                  <li key={`${p.user_id}-${p.application_id ?? 0}`} className="cm-person" data-testid="club-person">
                    <Avatar name={p.nick_name} src={p.avatar} />
                    <div className="cm-person-body">
                      <strong dir="auto">{p.nick_name}</strong>
                      <span className="muted">
                        {p.application_id !== null ? t(`clubs.people.applied.${p.application_kind === 'admin' ? 'admin' : 'join'}`) : t(`clubs.roles.${p.role}`)}
                        {p.status === 'banned' && ` · ${t('clubs.people.banned')}`}
                      </span>
                      {p.message && (
                        <span className="muted" dir="auto">
                          “{p.message}”
                        </span>
                      )}
                    </div>
                    <div className="row cm-person-actions">
                      {actsFor(p).map((a) => (
                        <Button key={a.label} variant={a.danger ? 'ghost' : 'secondary'} disabled={!online} onClick={() => setPending(a)} aria-label={`${a.label}: ${p.nick_name}`}>
                          {a.label}
                        </Button>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
              {(page > 1 || data.has_more) && (
                <nav className="row cm-pager" aria-label={t('community.pages')}>
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    {t('community.previous')}
                  </Button>
                  <Button variant="secondary" disabled={!data.has_more} onClick={() => setPage(page + 1)}>
                    {t('community.next')}
                  </Button>
                </nav>
              )}
            </>
          )
        }
      </CachedView>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title={pending?.title ?? ''}
        description={pending?.body ?? ''}
        confirmLabel={pending?.label ?? ''}
        danger={pending?.danger ?? true}
        onConfirm={confirm}
      />
    </div>
  );
};
