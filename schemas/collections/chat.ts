import type { RxJsonSchema } from 'rxdb';
import type { ChatMessage, ChatModelRoom } from '../api/chat.ts';

/**
 * The chat replica's collections (RxDB). Documents are the calls' answers as they are, so a
 * message in the local store is what the server sent — less `deleted`: a message deleted for
 * everyone leaves the replica, and RxDB reserves that name on its documents (version 1 dropped it).
 */
export type MessageDoc = Omit<ChatMessage, 'deleted'>;

const str = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const int = { type: 'integer', minimum: 0, maximum: 2147483647, multipleOf: 1 } as const;

export const messageSchema: RxJsonSchema<MessageDoc> = {
  title: 'messages',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: str(40),
    chat_key: str(40),
    group_id: { type: ['integer', 'null'] },
    order: int,
    rev: { type: 'integer' },
    send_user_id: { type: ['integer', 'null'] },
    nick_name: { type: 'string' },
    avatar: { type: 'string' },
    msg_type: { type: 'integer' },
    content: { type: 'string' },
    send_time: { type: 'string' },
  },
  required: ['id', 'chat_key', 'order', 'rev', 'msg_type', 'content', 'send_time'],
  indexes: [['chat_key', 'order']],
};
/** From each version to the next (RxDB's migration-schema plugin). */
export const messageMigrations = {
  1: (doc: MessageDoc & { deleted?: boolean }): MessageDoc => {
    const { deleted: _deleted, ...rest } = doc;
    return rest;
  },
};

export interface FriendDoc {
  chat_key: string;
  user_id: number;
  nick_name: string;
  avatar: string;
  remark: string;
}
export const friendSchema: RxJsonSchema<FriendDoc> = {
  title: 'friends',
  version: 0,
  primaryKey: 'chat_key',
  type: 'object',
  properties: { chat_key: str(40), user_id: { type: 'integer' }, nick_name: { type: 'string' }, avatar: { type: 'string' }, remark: { type: 'string' } },
  required: ['chat_key', 'user_id', 'nick_name', 'avatar', 'remark'],
};

export interface GroupDoc {
  chat_key: string;
  group_id: number;
  name: string;
  notice: string;
  intro: string;
  owner_id: number | null;
  member_count: number;
  my_role: string;
  my_alias: string;
}
export const groupSchema: RxJsonSchema<GroupDoc> = {
  title: 'groups',
  version: 0,
  primaryKey: 'chat_key',
  type: 'object',
  properties: {
    chat_key: str(40),
    group_id: { type: 'integer' },
    name: { type: 'string' },
    notice: { type: 'string' },
    intro: { type: 'string' },
    owner_id: { type: ['integer', 'null'] },
    member_count: { type: 'integer' },
    my_role: { type: 'string' },
    my_alias: { type: 'string' },
  },
  required: ['chat_key', 'group_id', 'name', 'notice', 'intro', 'member_count', 'my_role', 'my_alias'],
};

/** Unread counters as the server computed them (friendsInfoNum / groupInfoNum per conversation). */
export interface UnreadDoc {
  chat_key: string;
  kind: 'direct' | 'group';
  count: number;
}
export const unreadSchema: RxJsonSchema<UnreadDoc> = {
  title: 'unread',
  version: 0,
  primaryKey: 'chat_key',
  type: 'object',
  properties: { chat_key: str(40), kind: { type: 'string', enum: ['direct', 'group'] }, count: { type: 'integer' } },
  required: ['chat_key', 'kind', 'count'],
};

/**
 * The newest order the replica holds per conversation. RxDB's Dexie storage walks an index only
 * upwards, so "the newest 50" as a descending query reads the whole conversation; knowing the
 * head turns it into an ascending range of 50 (a 100,000-message conversation opens as fast as
 * a short one). Raised whenever messages are stored; never lowered.
 */
export interface HeadDoc {
  chat_key: string;
  order: number;
}
export const headSchema: RxJsonSchema<HeadDoc> = {
  title: 'heads',
  version: 0,
  primaryKey: 'chat_key',
  type: 'object',
  properties: { chat_key: str(40), order: int },
  required: ['chat_key', 'order'],
};

/**
 * The rooms of the activities (events, courses, meetings, projects) this member takes part in,
 * as getModelChat answers: joined or not, so the list offers the ones to join, also offline.
 * Keyed `<model_type>:<model_id>`, since a room not opened yet has no chat_key.
 */
export type ModelRoomDoc = ChatModelRoom & { key: string };
export const modelRoomKey = (r: Pick<ChatModelRoom, 'model_type' | 'model_id'>) => `${r.model_type}:${r.model_id}`;
export const modelRoomSchema: RxJsonSchema<ModelRoomDoc> = {
  title: 'model rooms',
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: str(24),
    model_type: { type: 'integer' },
    model_id: { type: 'integer' },
    title: { type: 'string' },
    starts_at: { type: ['string', 'null'] },
    ends_at: { type: ['string', 'null'] },
    my_part: { type: 'string', enum: ['organizer', 'attendee'] },
    joined: { type: 'boolean' },
    group_id: { type: ['integer', 'null'] },
    chat_key: { type: ['string', 'null'] },
    member_count: { type: 'integer' },
  },
  required: ['key', 'model_type', 'model_id', 'title', 'my_part', 'joined', 'member_count'],
};
