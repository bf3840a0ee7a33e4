import type { ChatMessage } from '../../../schemas/api/chat.ts';
import type { Deps } from '../../http/context.ts';
import { notifyMembers } from './notify.ts';

const TITLE_MAX = 80;
/** Enough for a preview, and far below the 4 KB a push can carry. */
const PREVIEW_MAX = 200;

const cut = (text: string, max: number) => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
};

/**
 * Tells the recipients of a new message who are not connected: the friend of a direct message,
 * or every other member of a group. One notification per conversation (its chat_key is the tag).
 */
export const pushNewMessage = (deps: Deps, message: ChatMessage, to: { friendId: number } | { conversationId: number; groupName: string }) => {
  const sender = cut(message.nick_name, TITLE_MAX);
  const text = cut(message.content, PREVIEW_MAX);
  const base = { kind: 'message' as const, icon: message.avatar, tag: message.chat_key, url: `/chat?c=${encodeURIComponent(message.chat_key)}` };
  const from = message.send_user_id ?? undefined;
  if ('friendId' in to) return notifyMembers(deps, { userIds: [to.friendId] }, { ...base, title: sender, body: text }, { from });
  return notifyMembers(deps, { conversationId: to.conversationId }, { ...base, title: cut(to.groupName, TITLE_MAX), body: `${sender}: ${text}` }, { from });
};
