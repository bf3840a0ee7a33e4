import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/dialog.tsx';
import { ActivityLine } from './activity-rooms.tsx';
import { Avatar } from './avatar.tsx';
import { useModelRoom } from './use-chat.ts';
import { useGroupActions, useGroupMembers } from './use-group.ts';

/**
 * An activity room's details: the activity, who is in the room, and leaving it. The room is the
 * activity's, so it has no name, notice or invitations of its own (organisers are its admins).
 */
export const ActivityRoomDetails = ({ open, onOpenChange, chatKey, groupId }: { open: boolean; onOpenChange: (o: boolean) => void; chatKey: string; groupId: number }) => {
  const { t } = useTranslation();
  const room = useModelRoom(chatKey);
  const { members, error } = useGroupMembers(groupId, open);
  const actions = useGroupActions(groupId);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  if (!room) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={room.title} description={<ActivityLine room={room} />}>
      <div className="stack">
        <p className="muted">{t(room.my_part === 'organizer' ? 'chat.youOrganize' : 'chat.youAttend')}</p>
        <h3>{t('chat.members', { count: members?.length ?? room.member_count })}</h3>
        {error && (
          <p className="alert" role="alert">
            {error}
          </p>
        )}
        {members === null && !error && <div className="spinner" role="status" aria-label={t('app.loading')} />}
        <ul className="chat-members">
          {members?.map((m) => (
            <li key={m.user_id} className="row">
              <Avatar name={m.nick_name} src={m.avatar || undefined} size={2} />
              <span dir="auto">{m.alias || m.nick_name}</span>
              <span className="muted">{t(m.role === 'admin' ? 'chat.organizer' : 'chat.participant')}</span>
            </li>
          ))}
        </ul>
        <div>
          <Button variant="danger" onClick={() => setLeaving(true)}>
            {t('chat.leaveRoom')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={t('chat.leaveRoomTitle')}
        description={t('chat.leaveRoomBody')}
        confirmLabel={t('chat.leaveRoom')}
        onConfirm={async () => {
          await actions.exit().catch(() => undefined);
          setLeaving(false);
          onOpenChange(false);
          await navigate({ to: '/chat', search: {} });
        }}
      />
    </Dialog>
  );
};
