import { useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meAtom } from '../../api/session.ts';
import { Conversation } from './conversation.tsx';
import { NewGroupDialog } from './new-group-dialog.tsx';
import { RoomList } from './room-list.tsx';
import { useChatRooms, useModelRooms, type ChatTarget } from './use-chat.ts';

/** The other member of a direct conversation key `d<low>_<high>`, or the room of `g<id>` (a group, until the list says it is an activity's). */
export const targetOf = (chatKey: string, me: number): ChatTarget | null => {
  const direct = /^d(\d+)_(\d+)$/.exec(chatKey);
  if (direct) {
    const [low, high] = [Number(direct[1]), Number(direct[2])];
    return { kind: 'direct', id: low === me ? high : low, chatKey };
  }
  const group = /^g(\d+)$/.exec(chatKey);
  return group ? { kind: 'group', id: Number(group[1]), chatKey } : null;
};

/** /chat: the conversation list beside the open conversation (one at a time on phones). */
export const ChatPage = () => {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const search: { c?: string } = useSearch({ strict: false });
  const rooms = useChatRooms();
  const activities = useModelRooms();
  const [creating, setCreating] = useState(false);
  const active = search.c ?? null;
  const room = rooms?.find((r) => r.chat_key === active);
  const parsed = active && me ? targetOf(active, me.user_id) : null;
  const target: ChatTarget | null = parsed && room?.kind === 'model' && room.model ? { kind: 'model', id: parsed.id, chatKey: parsed.chatKey, model: room.model } : parsed;
  return (
    <div className="chat-page" data-open={target ? 'conversation' : 'list'}>
      <h1 className="visually-hidden">{t('chat.title')}</h1>
      <RoomList rooms={rooms} activities={activities ?? []} active={active} onNewGroup={() => setCreating(true)} />
      {target && room ? (
        <Conversation key={target.chatKey} target={target} name={room.name} avatar={room.avatar} />
      ) : (
        <p className="chat-pick empty">{rooms === undefined ? t('app.loading') : t('chat.pick')}</p>
      )}
      <NewGroupDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
};
