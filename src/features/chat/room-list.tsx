import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.tsx';
import { Avatar } from './avatar.tsx';
import { systemText } from './system-text.ts';
import { useTimeLabel } from './time-label.ts';
import type { ModelRoomDoc } from '../../../schemas/collections/chat.ts';
import { ActivityRooms } from './activity-rooms.tsx';
import type { Room } from './use-chat.ts';

export interface RoomListProps {
  rooms: Room[] | undefined;
  /** The rooms of this member's activities (events, courses, meetings, projects). */
  activities: ModelRoomDoc[];
  active: string | null;
  onNewGroup: () => void;
}

/**
 * The conversation list: friends, groups and activity rooms, newest first, with the last
 * message and unread badges; below it, the activity rooms this member may join.
 */
export const RoomList = ({ rooms, activities, active, onNewGroup }: RoomListProps) => {
  const { t } = useTranslation();
  const label = useTimeLabel();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const shown = rooms?.filter((r) => r.name.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase()));
  return (
    <section className="chat-rooms" aria-label={t('chat.title')}>
      <div className="chat-rooms-tools">
        <label htmlFor={searchId} className="visually-hidden">
          {t('chat.search')}
        </label>
        <input id={searchId} type="search" className="input" placeholder={t('chat.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
        <Button variant="secondary" onClick={onNewGroup}>
          {t('chat.newGroup')}
        </Button>
      </div>
      {rooms === undefined ? (
        <div className="spinner" role="status" aria-label={t('app.loading')} />
      ) : rooms.length === 0 ? (
        <p className="empty">{t('chat.noRooms')}</p>
      ) : shown!.length === 0 ? (
        <p className="empty">{t('chat.noMatch', { query })}</p>
      ) : (
        <ul className="chat-room-items">
          {shown!.map((room) => (
            <li key={room.chat_key}>
              <Link to="/chat" search={{ c: room.chat_key }} className="chat-room" data-active={room.chat_key === active} data-testid={`room-${room.chat_key}`}>
                <Avatar name={room.name} src={room.avatar || undefined} />
                <span className="chat-room-text">
                  <span className="chat-room-name" dir="auto">
                    {room.name}
                    {room.kind === 'group' && <span className="chat-tag">{t('chat.groupBadge')}</span>}
                    {room.model && <span className="chat-tag">{t(`chat.modelTypes.${room.model.model_type as 1 | 2 | 3 | 4}`)}</span>}
                  </span>
                  <span className="chat-room-last muted" dir="auto">
                    {room.last ? (room.last.msg_type === 8 ? systemText(t, room.last.content) : room.last.content) : ''}
                  </span>
                </span>
                <span className="chat-room-meta">
                  {room.last && <time dateTime={room.last.send_time}>{label(room.last.send_time)}</time>}
                  {room.unread > 0 && (
                    <span className="badge" data-testid="unread-badge" aria-label={t('chat.unread', { count: room.unread })}>
                      {room.unread > 99 ? '99+' : room.unread}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ActivityRooms rooms={activities} />
    </section>
  );
};
