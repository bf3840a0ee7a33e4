import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX } from '../../../schemas/api/chat.ts';
import { NICK_NAME_MAX } from '../../../schemas/rules.ts';
import { meAtom } from '../../api/session.ts';
import { showToast } from '../../app/toasts.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { Avatar } from './avatar.tsx';
import { FriendPicker } from './friend-picker.tsx';
import { useFriends, useGroup } from './use-chat.ts';
import { useGroupActions, useGroupMembers } from './use-group.ts';

/** Group details and management: owners and admins edit and remove; everyone sets an alias, invites and can leave. */
export const GroupDetails = ({ open, onOpenChange, chatKey, groupId }: { open: boolean; onOpenChange: (o: boolean) => void; chatKey: string; groupId: number }) => {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const group = useGroup(chatKey);
  const friends = useFriends() ?? [];
  const { members, error, reload } = useGroupMembers(groupId, open);
  const actions = useGroupActions(groupId);
  const navigate = useNavigate();
  const [form, setForm] = useState<{ name: string; notice: string; intro: string; alias: string } | null>(null);
  const [inviting, setInviting] = useState<number[]>([]);
  const [confirm, setConfirm] = useState<{ kind: 'exit' } | { kind: 'remove'; id: number; name: string } | null>(null);
  if (!group) return null;
  const values = form ?? { name: group.name, notice: group.notice, intro: group.intro, alias: group.my_alias };
  const manager = group.my_role === 'owner' || group.my_role === 'admin';
  const memberIds = new Set(members?.map((m) => m.user_id) ?? []);
  const invitable = friends.filter((f) => !memberIds.has(f.user_id));
  const done = () => showToast('success', t('chat.saved'));

  const save = async () => {
    if (manager && values.name.trim() !== group.name) await actions.rename(values.name.trim());
    if (manager && values.notice.trim() !== group.notice) await actions.setNotice(values.notice.trim());
    if (manager && values.intro.trim() !== group.intro) await actions.setIntro(values.intro.trim());
    if (values.alias.trim() !== group.my_alias) await actions.setAlias(values.alias.trim());
    setForm(null);
    done();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('chat.details')}>
      <div className="stack">
        <Field label={t('chat.groupName')} value={values.name} maxLength={GROUP_NAME_MAX} disabled={!manager} onChange={(e) => setForm({ ...values, name: e.target.value })} dir="auto" />
        <Field label={t('chat.notice')} value={values.notice} maxLength={1000} disabled={!manager} onChange={(e) => setForm({ ...values, notice: e.target.value })} dir="auto" />
        <Field label={t('chat.intro')} value={values.intro} maxLength={1000} disabled={!manager} onChange={(e) => setForm({ ...values, intro: e.target.value })} dir="auto" />
        <Field label={t('chat.alias')} value={values.alias} maxLength={NICK_NAME_MAX} onChange={(e) => setForm({ ...values, alias: e.target.value })} dir="auto" />
        <div>
          <Button onClick={() => save().catch(() => undefined)} disabled={!form || !values.name.trim()}>
            {t('chat.save')}
          </Button>
        </div>
        <h3>{t('chat.members', { count: members?.length ?? group.member_count })}</h3>
        {error && <p className="alert" role="alert">{error}</p>}
        <ul className="chat-members">
          {members?.map((m) => (
            <li key={m.user_id} className="row">
              <Avatar name={m.nick_name} src={m.avatar || undefined} size={2} />
              <span dir="auto">{m.alias || m.nick_name}</span>
              <span className="muted">{t(`chat.roles.${m.role as 'owner' | 'admin' | 'member'}`)}</span>
              {manager && m.user_id !== me?.user_id && m.role !== 'owner' && (group.my_role === 'owner' || m.role === 'member') && (
                <Button variant="ghost" onClick={() => setConfirm({ kind: 'remove', id: m.user_id, name: m.alias || m.nick_name })}>
                  {t('chat.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        <h3>{t('chat.invite')}</h3>
        {invitable.length === 0 ? (
          <p className="muted">{t('chat.inviteNone')}</p>
        ) : (
          <>
            <FriendPicker friends={invitable} selected={inviting} onChange={setInviting} />
            <div>
              <Button
                variant="secondary"
                disabled={inviting.length === 0}
                onClick={() =>
                  actions.invite(inviting).then(
                    async () => {
                      setInviting([]);
                      await reload();
                    },
                    () => undefined,
                  )
                }
              >
                {t('chat.invite')}
              </Button>
            </div>
          </>
        )}
        <div>
          <Button variant="danger" onClick={() => setConfirm({ kind: 'exit' })}>
            {t('chat.exit')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm?.kind === 'remove' ? t('chat.removeTitle', { name: confirm.name }) : t('chat.exitTitle')}
        description={confirm?.kind === 'remove' ? t('chat.removeBody') : t('chat.exitBody')}
        confirmLabel={confirm?.kind === 'remove' ? t('chat.remove') : t('chat.exit')}
        onConfirm={async () => {
          if (confirm?.kind === 'remove') await actions.remove(confirm.id).then(reload, () => undefined);
          else {
            await actions.exit().catch(() => undefined);
            onOpenChange(false);
            await navigate({ to: '/chat', search: {} });
          }
          setConfirm(null);
        }}
      />
    </Dialog>
  );
};
