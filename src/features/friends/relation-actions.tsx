import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineAtom } from '../../store/online.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { unreachable } from '../profile/use-people-cache.ts';
import { usePeopleActions, type MemberCard } from './use-friends.ts';

type Target = Pick<MemberCard, 'user_id' | 'nick_name' | 'relation' | 'request_id'>;

/**
 * What the signed-in member can do about another, by how they relate: ask to be friends, cancel
 * the request, accept or decline theirs, remove a friend (after confirming), unblock. `withBlock`
 * adds Block (after confirming), for the profile page.
 */
export const RelationActions = ({ member, withBlock = false }: { member: Target; withBlock?: boolean }) => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const actions = usePeopleActions();
  const [confirm, setConfirm] = useState<'unfriend' | 'block' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = member.nick_name;

  const run = async (action: () => Promise<{ ok: true } | { ok: false; status: number; message: string }>) => {
    setError(null);
    const result = await action();
    if (!result.ok) setError(unreachable(result) ? t('people.network') : result.message);
  };

  if (member.relation === 'self') return null;
  const disabled = !online;
  return (
    <div className="people-actions">
      <div className="row">
        {member.relation === 'none' && (
          <Button disabled={disabled} onClick={() => run(() => actions.ask(member.user_id))} aria-label={t('friends.addNamed', { name })}>
            {t('friends.add')}
          </Button>
        )}
        {member.relation === 'request_sent' && member.request_id && (
          <Button variant="secondary" disabled={disabled} onClick={() => run(() => actions.drop(member.request_id!))} aria-label={t('friends.cancelNamed', { name })}>
            {t('friends.cancelRequest')}
          </Button>
        )}
        {member.relation === 'request_received' && member.request_id && (
          <>
            <Button disabled={disabled} onClick={() => run(() => actions.accept(member.request_id!))} aria-label={t('friends.acceptNamed', { name })}>
              {t('friends.accept')}
            </Button>
            <Button variant="secondary" disabled={disabled} onClick={() => run(() => actions.drop(member.request_id!))} aria-label={t('friends.declineNamed', { name })}>
              {t('friends.decline')}
            </Button>
          </>
        )}
        {member.relation === 'friend' && (
          <Button variant="secondary" disabled={disabled} onClick={() => setConfirm('unfriend')} aria-label={t('friends.removeNamed', { name })}>
            {t('friends.remove')}
          </Button>
        )}
        {member.relation === 'blocked' && (
          <Button variant="secondary" disabled={disabled} onClick={() => run(() => actions.unblock(member.user_id))} aria-label={t('friends.unblockNamed', { name })}>
            {t('friends.unblock')}
          </Button>
        )}
        {withBlock && member.relation !== 'blocked' && (
          <Button variant="ghost" disabled={disabled} onClick={() => setConfirm('block')}>
            {t('friends.block')}
          </Button>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirm === 'unfriend'}
        onOpenChange={(open) => setConfirm(open ? 'unfriend' : null)}
        title={t('friends.removeTitle', { name })}
        description={t('friends.removeBody', { name })}
        confirmLabel={t('friends.remove')}
        onConfirm={() => run(() => actions.unfriend(member.user_id))}
      />
      <ConfirmDialog
        open={confirm === 'block'}
        onOpenChange={(open) => setConfirm(open ? 'block' : null)}
        title={t('friends.blockTitle', { name })}
        description={t('friends.blockBody', { name })}
        confirmLabel={t('friends.block')}
        onConfirm={() => run(() => actions.block(member.user_id))}
      />
    </div>
  );
};
