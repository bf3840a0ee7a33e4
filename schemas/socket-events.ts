import type { ChatGroup, ChatMessage, ChatModelRoom } from './api/chat.ts';
import type { NotificationView, UnreadCountsView } from './api/notifications.ts';

/**
 * Every socket.io event, in one typed map (server → client). Clients send nothing over the
 * socket but the connection itself: they act through calls (`bind`, `sendChat`…), so every
 * write goes through the same validation, auth and idempotency as HTTP.
 */
export interface ServerToClient {
  /** First thing after connecting: the id to pass to `bind` / `bindGroup`. */
  client_id: (payload: { client_id: string }) => void;
  'chat:message': (message: ChatMessage) => void;
  'chat:deleted': (payload: { id: string; chat_key: string; rev: number }) => void;
  /** Unread counts changed (a message arrived, or another device read a conversation). */
  'chat:unread': (payload: { chat_key: string }) => void;
  'chat:group': (group: ChatGroup) => void;
  /** This member left or was removed: drop the group locally. */
  'chat:group-removed': (payload: { group_id: number; chat_key: string }) => void;
  /** This member joined or left an activity's room (on another device, too). */
  'chat:model': (room: ChatModelRoom) => void;
  /** The friend list changed (a request accepted, a friend removed, a block). */
  'friends:changed': (payload: Record<string, never>) => void;
  /** A new notification for this member (a like, a comment, a club decision…). */
  'notification:new': (notification: NotificationView) => void;
  /** This member's unread notification counts changed (a new one, or read or deleted on a device). */
  'notification:unread': (counts: UnreadCountsView) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServer {}

export const userRoom = (userId: number) => `user:${userId}`;
export const conversationRoom = (conversationId: number) => `conv:${conversationId}`;
