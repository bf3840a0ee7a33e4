import { Type, type Static } from '@sinclair/typebox';
import { defineCall, type CallDef } from '../call.ts';
import { NICK_NAME_MAX } from '../rules.ts';

/** Message text: 1 to 5000 characters with at least one that is not a space (spec 5: no empty message). */
export const CHAT_TEXT_MAX = 5000;
export const GROUP_NAME_MAX = 40;
export const GROUP_MEMBERS_MAX = 500;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const ClientId = Type.String({ minLength: 1, maxLength: 64, 'x-rule': 'must be the client_id the socket received' });
const MessageId = Type.String({ format: 'uuid', 'x-rule': 'must be a UUID made by the client (v7)' });
const Text = Type.String({ minLength: 1, maxLength: CHAT_TEXT_MAX, pattern: '\\S', 'x-rule': `must be 1 to ${CHAT_TEXT_MAX} characters, not only spaces` });
/** Opaque to clients: what they have seen, per conversation; sent back as received. */
const Checkpoint = Type.Record(Type.String({ pattern: '^[0-9]{1,10}$' }), Type.Integer({ minimum: 0 }), {
  maxProperties: 5000,
  description: 'per-conversation revision already held; {} for everything',
});

/** msg_type: 1 text, 8 system tag message (its content is JSON, rendered in the reader's language). */
export const MSG_TEXT = 1;
export const MSG_SYSTEM = 8;

export const ChatMessage = Type.Object({
  id: Type.String(),
  /** d<low>_<high> for two friends, g<group id> for a group: the same key on both sides. */
  chat_key: Type.String(),
  group_id: Type.Union([Type.Integer(), Type.Null()]),
  order: Type.Integer(),
  rev: Type.Integer(),
  send_user_id: Type.Union([Type.Integer(), Type.Null()]),
  nick_name: Type.String(),
  avatar: Type.String(),
  msg_type: Type.Integer(),
  content: Type.String(),
  send_time: Type.String({ format: 'date-time' }),
  deleted: Type.Boolean(),
});
export type ChatMessage = Static<typeof ChatMessage>;

const Pulled = Type.Object({ list: Type.Array(ChatMessage), checkpoint: Checkpoint, has_more: Type.Boolean() });
const PullBody = Type.Object(
  { checkpoint: Checkpoint, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 200 })) },
  { additionalProperties: false },
);

export const ChatFriend = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  remark: Type.String(),
  chat_key: Type.String(),
});
export const ChatGroup = Type.Object({
  group_id: Type.Integer(),
  chat_key: Type.String(),
  name: Type.String(),
  notice: Type.String(),
  intro: Type.String(),
  owner_id: Type.Union([Type.Integer(), Type.Null()]),
  member_count: Type.Integer(),
  my_role: Type.String(),
  my_alias: Type.String(),
});
export type ChatGroup = Static<typeof ChatGroup>;
export const GroupMember = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  role: Type.String(),
  alias: Type.String(),
});
const UnreadList = Type.Object({
  total: Type.Integer(),
  list: Type.Array(Type.Object({ chat_key: Type.String(), id: Type.Integer(), count: Type.Integer() })),
});
export const ChatRoom = Type.Object({
  chat_key: Type.String(),
  kind: Type.Union([Type.Literal('direct'), Type.Literal('group'), Type.Literal('model')]),
  id: Type.Integer({ description: 'the friend’s user id, or the group id (a model room’s too)' }),
  name: Type.String(),
  avatar: Type.String(),
  unread: Type.Integer(),
  last_message: Type.Union([Type.Pick(ChatMessage, ['id', 'content', 'msg_type', 'send_time', 'send_user_id', 'deleted']), Type.Null()]),
  last_activity: Type.String(),
});

/** The spec's model types: the activities a chat room can belong to. */
export const MODEL_PROJECT = 1;
export const MODEL_EVENT = 2;
export const MODEL_COURSE = 3;
export const MODEL_MEETING = 4;
const ModelType = Type.Integer({ minimum: 1, maximum: 4, 'x-rule': 'must be 1 (project), 2 (event), 3 (course) or 4 (meeting)' });

/**
 * The chat room of an activity this member takes part in. A room opens when its first
 * participant joins it; until then `group_id` and `chat_key` are null. Once joined, the room is
 * a room like a group: its messages come with the groups' (getOfflineGroupMessage), its unread
 * count with theirs, and bindGroup, getGroupUserList, clearGroupSubscript and exitGroup take its
 * `group_id`. Its name and members come from the activity, so it is not renamed or invited to.
 */
export const ChatModelRoom = Type.Object({
  model_type: Type.Integer(),
  model_id: Type.Integer(),
  title: Type.String(),
  starts_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  ends_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** This member's part in the activity: organizer or attendee (organizers are the room's admins). */
  my_part: Type.Union([Type.Literal('organizer'), Type.Literal('attendee')]),
  joined: Type.Boolean(),
  group_id: Type.Union([Type.Integer(), Type.Null()]),
  chat_key: Type.Union([Type.String(), Type.Null()]),
  member_count: Type.Integer(),
});
export type ChatModelRoom = Static<typeof ChatModelRoom>;

const chat = <B extends Parameters<typeof defineCall>[0]['body'], D extends Parameters<typeof defineCall>[0]['data'], const N extends string>(
  def: Omit<CallDef<B, D>, 'group' | 'method' | 'base' | 'enc'> & { name: N },
) => defineCall({ ...def, group: 'Chat', method: 'POST', base: 'chat', enc: null });

const Empty = Type.Object({}, { additionalProperties: false });
const GroupRef = Type.Object({ group_id: Id }, { additionalProperties: false });
const FriendRef = Type.Object({ friend_id: Id }, { additionalProperties: false });

export const bind = chat({
  name: 'bind',
  summary: 'Joins the socket `client_id` to this member’s room; call after every (re)connect.',
  body: Type.Object({ client_id: ClientId }, { additionalProperties: false }),
  data: Type.Object({ user_id: Type.Integer() }),
  access: { client_id: 'any' },
});
export const bindGroup = chat({
  name: 'bindGroup',
  summary: 'Joins the socket to the rooms of this member’s groups (one group, or all of them).',
  body: Type.Object({ client_id: ClientId, group_id: Type.Optional(Id) }, { additionalProperties: false }),
  data: Type.Object({ group_ids: Type.Array(Type.Integer()) }),
  access: { client_id: 'any', group_id: 'member' },
});
export const getUserFriend = chat({ name: 'getUserFriend', summary: 'The friends one can chat with.', body: Empty, data: Type.Array(ChatFriend) });
export const getFriendInformation = chat({
  name: 'getFriendInformation',
  summary: 'A friend’s card for the conversation header.',
  body: FriendRef,
  data: Type.Object({ ...ChatFriend.properties, groups_in_common: Type.Integer() }),
  access: { friend_id: 'member' },
});
export const getFriendInfo = chat({
  name: 'getFriendInfo',
  summary: 'How this member relates to another: friend, blocked, and the conversation key.',
  body: FriendRef,
  data: Type.Object({
    user_id: Type.Integer(),
    nick_name: Type.String(),
    avatar: Type.String(),
    is_friend: Type.Boolean(),
    blocked: Type.Boolean(),
    chat_key: Type.String(),
  }),
  access: { friend_id: 'any' },
});
export const getOfflineFriendsMessage = chat({
  name: 'getOfflineFriendsMessage',
  summary: 'Messages and deletions in conversations with friends since the checkpoint, in order.',
  body: PullBody,
  data: Pulled,
});
export const getOfflineGroupMessage = chat({
  name: 'getOfflineGroupMessage',
  summary: 'Messages and deletions in this member’s groups since the checkpoint, in order.',
  body: PullBody,
  data: Pulled,
});
export const sendChat = chat({
  name: 'sendChat',
  summary: 'Sends a message to a friend; resending the same id returns the stored message.',
  body: Type.Object({ id: MessageId, friend_id: Id, content: Text, msg_type: Type.Optional(Type.Literal(MSG_TEXT)) }, { additionalProperties: false }),
  data: ChatMessage,
  access: { id: 'key', friend_id: 'member' },
});
export const sendGroup = chat({
  name: 'sendGroup',
  summary: 'Sends a message to a group; resending the same id returns the stored message.',
  body: Type.Object({ id: MessageId, group_id: Id, content: Text, msg_type: Type.Optional(Type.Literal(MSG_TEXT)) }, { additionalProperties: false }),
  data: ChatMessage,
  access: { id: 'key', group_id: 'member' },
});
export const delChatMsg = chat({
  name: 'delChatMsg',
  summary: 'Deletes one of this member’s messages for everyone.',
  body: Type.Object({ id: MessageId }, { additionalProperties: false }),
  data: Type.Object({ id: Type.String(), chat_key: Type.String(), rev: Type.Integer() }),
  access: { id: 'owner' },
});
export const createGroup = chat({
  name: 'createGroup',
  summary: 'Creates a group with some of this member’s friends; the creator owns it.',
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX, pattern: '\\S', 'x-rule': `must be 1 to ${GROUP_NAME_MAX} characters, not only spaces` }),
      member_ids: Type.Array(Id, { minItems: 1, maxItems: GROUP_MEMBERS_MAX - 1, uniqueItems: true }),
    },
    { additionalProperties: false },
  ),
  data: ChatGroup,
  access: { member_ids: 'member' },
});
export const inviteFriendGroup = chat({
  name: 'inviteFriendGroup',
  summary: 'Adds friends of the inviting member to a group they are in.',
  body: Type.Object({ group_id: Id, user_ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }) }, { additionalProperties: false }),
  data: ChatGroup,
  access: { group_id: 'member', user_ids: 'member' },
});
export const removeGroupUser = chat({
  name: 'removeGroupUser',
  summary: 'Removes a member from a group (owner and admins only; admins only remove members).',
  body: Type.Object({ group_id: Id, user_id: Id }, { additionalProperties: false }),
  data: ChatGroup,
  access: { group_id: 'owner', user_id: 'any' },
});
export const exitGroup = chat({
  name: 'exitGroup',
  summary: 'Leaves a group; an owner hands it to the longest-standing member.',
  body: GroupRef,
  data: Type.Null(),
  access: { group_id: 'member' },
});
export const updateGroupName = chat({
  name: 'updateGroupName',
  summary: 'Renames a group (owner and admins).',
  body: Type.Object({ group_id: Id, name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX, pattern: '\\S', 'x-rule': `must be 1 to ${GROUP_NAME_MAX} characters, not only spaces` }) }, { additionalProperties: false }),
  data: ChatGroup,
  access: { group_id: 'owner' },
});
export const updateGroupNotice = chat({
  name: 'updateGroupNotice',
  summary: 'Sets the group notice (owner and admins); empty clears it.',
  body: Type.Object({ group_id: Id, notice: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }),
  data: ChatGroup,
  access: { group_id: 'owner' },
});
export const editGroupIntro = chat({
  name: 'editGroupIntro',
  summary: 'Sets the group introduction (owner and admins); empty clears it.',
  body: Type.Object({ group_id: Id, intro: Type.String({ maxLength: 1000 }) }, { additionalProperties: false }),
  data: ChatGroup,
  access: { group_id: 'owner' },
});
export const updateGroupAlias = chat({
  name: 'updateGroupAlias',
  summary: 'Sets the name this member goes by in a group; empty uses their own name.',
  body: Type.Object({ group_id: Id, alias: Type.String({ maxLength: NICK_NAME_MAX }) }, { additionalProperties: false }),
  data: ChatGroup,
  access: { group_id: 'member' },
});
export const getGroupUserList = chat({
  name: 'getGroupUserList',
  summary: 'The members of a group this member is in.',
  body: GroupRef,
  data: Type.Array(GroupMember),
  access: { group_id: 'member' },
});
export const getUserGroup = chat({ name: 'getUserGroup', summary: 'The groups this member is in.', body: Empty, data: Type.Array(ChatGroup) });
export const getFriendsSubscript = chat({ name: 'getFriendsSubscript', summary: 'Unread messages from friends, per conversation (friendsInfoNum).', body: Empty, data: UnreadList });
export const getGroupSubscript = chat({ name: 'getGroupSubscript', summary: 'Unread messages in groups, per group (groupInfoNum).', body: Empty, data: UnreadList });
export const clearFrienSubscript = chat({
  name: 'clearFrienSubscript',
  summary: 'Marks the conversation with a friend as read.',
  body: FriendRef,
  data: Type.Null(),
  access: { friend_id: 'any' },
});
export const clearGroupSubscript = chat({
  name: 'clearGroupSubscript',
  summary: 'Marks a group conversation as read.',
  body: GroupRef,
  data: Type.Null(),
  access: { group_id: 'member' },
});
export const getNewsSubscript = chat({
  name: 'getNewsSubscript',
  summary: 'All unread chat messages: friends, groups and their sum.',
  body: Empty,
  data: Type.Object({ friendsInfoNum: Type.Integer(), groupInfoNum: Type.Integer(), total: Type.Integer() }),
});
export const getChatRoomList = chat({ name: 'getChatRoomList', summary: 'Conversations with friends, groups and activity rooms, most recent first.', body: Empty, data: Type.Array(ChatRoom) });
export const sharedContentExist = chat({
  name: 'sharedContentExist',
  summary: 'Whether content shared into a chat still exists and can be opened.',
  body: Type.Object({ content_type: Type.Union([Type.Literal('post')]), content_id: Id }, { additionalProperties: false }),
  data: Type.Object({ exists: Type.Boolean() }),
  access: { content_id: 'visible' },
});
export const getChatEmoji = chat({
  name: 'getChatEmoji',
  summary: 'The emoji picker’s groups (Unicode emoji data).',
  body: Empty,
  data: Type.Array(Type.Object({ name: Type.String(), slug: Type.String(), emojis: Type.Array(Type.Object({ emoji: Type.String(), name: Type.String() })) })),
});

const ModelRef = { model_type: ModelType, model_id: Id };
export const addModelChat = chat({
  name: 'addModelChat',
  summary: 'Joins the chat room of an event, course, meeting or project this member takes part in (opening it if it is the first).',
  body: Type.Object(ModelRef, { additionalProperties: false }),
  data: ChatModelRoom,
  access: { model_id: 'member' },
});
export const sendModelChat = chat({
  name: 'sendModelChat',
  summary: 'Sends a message to an activity’s room this member has joined; resending the same id returns the stored message.',
  body: Type.Object({ id: MessageId, ...ModelRef, content: Text, msg_type: Type.Optional(Type.Literal(MSG_TEXT)) }, { additionalProperties: false }),
  data: ChatMessage,
  access: { id: 'key', model_id: 'member' },
});
export const getModelChat = chat({
  name: 'getModelChat',
  summary: 'The chat rooms of the activities this member takes part in (all, one model type, or one activity), joined or not.',
  body: Type.Object({ model_type: Type.Optional(ModelType), model_id: Type.Optional(Id) }, { additionalProperties: false }),
  data: Type.Array(ChatModelRoom),
  // A filter on the member's own list: another's activity is simply not in it.
  access: { model_id: 'any' },
});
