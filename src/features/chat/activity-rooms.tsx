import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ModelRoomDoc } from '../../../schemas/collections/chat.ts';
import { Button } from '../../ui/button.tsx';
import { enterModelRoom } from './engine/engine.ts';
import { useTimeLabel } from './time-label.ts';
import { useConnection } from './use-chat.ts';

/** "Event · 5 Dec 2026, 09:00": what kind of activity a room belongs to, and when it starts. */
export const ActivityLine = ({ room }: { room: Pick<ModelRoomDoc, 'model_type' | 'starts_at'> }) => {
  const { t } = useTranslation();
  const label = useTimeLabel();
  const kind = t(`chat.modelTypes.${room.model_type as 1 | 2 | 3 | 4}`);
  return <>{room.starts_at ? t('chat.activityWhen', { kind, when: label(room.starts_at, true) }) : kind}</>;
};

/**
 * The rooms of this member's activities they have not entered: each with a button to join it.
 * Joined rooms are in the conversation list like any other.
 */
export const ActivityRooms = ({ rooms }: { rooms: ModelRoomDoc[] }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { connection } = useConnection();
  const offline = connection.state === 'offline';
  const open = rooms.filter((r) => !r.joined);
  if (open.length === 0) return null;
  return (
    <section className="chat-activities" aria-labelledby="chat-activities-title">
      <h2 id="chat-activities-title" className="chat-activities-title">
        {t('chat.activities')}
      </h2>
      {offline && <p className="muted chat-activities-hint">{t('chat.joinOffline')}</p>}
      <ul className="chat-room-items">
        {open.map((room) => (
          <li key={room.key} className="chat-activity" data-testid={`activity-${room.key}`}>
            <span className="chat-room-text">
              <span className="chat-room-name" dir="auto">
                {room.title}
              </span>
              <span className="muted chat-activity-line">
                <ActivityLine room={room} />
              </span>
              <span className="muted chat-activity-line">{room.chat_key === null ? t('chat.roomNotOpened') : t('chat.roomMembers', { count: room.member_count })}</span>
            </span>
            <Button
              variant="secondary"
              disabled={offline}
              aria-label={t('chat.joinRoom', { title: room.title })}
              onClick={async () => {
                const entered = await enterModelRoom(room).catch(() => null);
                if (entered?.chat_key) await navigate({ to: '/chat', search: { c: entered.chat_key } });
              }}
            >
              {t('chat.join')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
