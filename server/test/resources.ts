/*
 * Things members own, made through the real calls, for the authorization matrix
 * (server/http/authorization.test.ts): one factory per id field a call takes.
 */
import type { Socket } from 'socket.io-client';
import { v7 as uuidv7 } from 'uuid';
import type { Access, CallDef } from '../../schemas/call.ts';
import { Status } from '../../schemas/status.ts';
import { channelBoard } from '../db/schema/index.ts';
import { fileOf, upload } from '../modules/media/upload-kit.ts';
import { implementations } from '../modules/index.ts';
import { addChapter } from '../modules/profile/places.ts';
import { addParticipants, createActivity } from '../modules/activities/participation.ts';
import { MODEL_EVENT } from '../../schemas/api/chat.ts';
import { validValue } from './bad-bodies.ts';
import type { TestServer } from './harness.ts';
import { createMember } from './members.ts';
import { openSocket } from './sockets.ts';

export type Member = Awaited<ReturnType<typeof createMember>>;

/** A thing a member made, as a body field names it. */
export interface Made {
  /** The value the field takes. */
  value: unknown;
  /** Text in it that only those allowed may read: calls that answer everyone with what they may see must not show it. */
  secret?: string;
  /** Sibling fields the value only makes sense with (a reply and its post). */
  with?: Record<string, unknown>;
  /** Members other than the owner who may use it at `member` or `visible` level (a club's member, a friend). */
  others?: Member[];
}

/** Another thing of the same owner, made once per attempt; `level` defaults to the field's rule in the call. */
export type Get = (field: string, level?: Access) => Promise<Made>;

interface Need {
  w: World;
  owner: Member;
  /** The rule the thing is made for: `visible` things are friends-only, `owner` things public, so a refusal is about ownership. */
  level: Access;
  get: Get;
}
type Factory = (need: Need) => Promise<Made>;

const defOf = (name: string): CallDef => {
  const impl = implementations.find((i) => i.def.name === name);
  if (!impl) throw new Error(`no call ${name}`);
  return impl.def;
};

/** The members of the matrix and what they share. */
export interface World {
  server: TestServer;
  /** The owner of every thing tried. */
  a: Member;
  /** The intruder: neither a friend of `a` nor a member of anything of theirs. */
  b: Member;
  /** The one friend of each (a's for a, and a for them; likewise for b): the other member of their clubs and groups. */
  friendOf(m: Member): Member;
  /** Sends a call as its definition says (method, base, encryption). */
  as(who: Member, name: string, body: unknown): ReturnType<TestServer['call']>;
  /** Like `as`, for setting things up: anything but 200 throws. */
  make<T = Record<string, unknown>>(who: Member, name: string, body?: Record<string, unknown>): Promise<T>;
  /** A newcomer (a friend-request sender, a friend to invite). */
  newcomer(): Promise<Member>;
  /** A new friend of `m`, through a request and its acceptance. */
  newFriend(m: Member): Promise<Member>;
  /** The id of a socket connected to the server (not bound to anyone yet). */
  socket(): Promise<string>;
  /** A number no other call of the run uses. */
  next(): number;
  /** A text no other call of the run uses. */
  unique(what: string): string;
  globalChapter: number;
  close(): void;
}

export const buildWorld = async (server: TestServer): Promise<World> => {
  let seq = 0;
  let counter = 0;
  const sockets: Socket[] = [];
  const as: World['as'] = (who, name, body) => {
    const def = defOf(name);
    return server.call(name, body, { token: who.token, method: def.method, chat: def.base === 'chat', enc: def.enc ?? undefined });
  };
  const make: World['make'] = async <T>(who: Member, name: string, body: Record<string, unknown> = {}) => {
    const res = await as(who, name, { ...(validValue(defOf(name).body) as object), ...body });
    if (res.status !== Status.ok) throw new Error(`setting up: ${name} ${JSON.stringify(body)} answered ${res.status} ${res.msg}`);
    return res.data as T;
  };
  const befriend = async (x: Member, y: Member) => {
    const { request_id } = await make<{ request_id: number }>(x, 'friendRequest', { user_id: y.userId });
    await make(y, 'userRequestConfirm', { request_id });
  };
  const [a, b, aFriend, bFriend] = [await createMember(server), await createMember(server), await createMember(server), await createMember(server)];
  for (const [x, y] of [
    [a, aFriend],
    [b, bFriend],
  ] as const) {
    await befriend(x, y);
    // Friends who already talk: a refused send then has no conversation left to open (sendChat opens it before storing).
    await make(x, 'sendChat', { id: uuidv7(), friend_id: y.userId, content: 'Hello' });
  }
  // What privacy guards is among friends: `b` may not see it, `a`'s friend may.
  await make(a, 'PrivacySet', { email: 'friends', mobile: 'friends', birth_date: 'friends', address: 'friends', friends_list: 'friends', albums: 'friends' });
  const friends = new Map([
    [a.userId, aFriend],
    [aFriend.userId, a],
    [b.userId, bFriend],
    [bFriend.userId, b],
  ]);
  return {
    server,
    a,
    b,
    friendOf: (m) => {
      const friend = friends.get(m.userId);
      if (!friend) throw new Error(`member ${m.userId} has no friend in the world`);
      return friend;
    },
    as,
    make,
    newcomer: () => createMember(server),
    newFriend: async (m) => {
      const friend = await createMember(server);
      await befriend(friend, m);
      return friend;
    },
    socket: async () => {
      const { socket, clientId } = await openSocket(server);
      sockets.push(socket);
      return clientId;
    },
    next: () => (counter += 1),
    unique: (what) => `${what} ${(seq += 1)} ${uuidv7()}`,
    // Chapters and boards are the organisation's records: no call makes them.
    globalChapter: await addChapter(server.database.db, { name: 'Worldwide', level: 'global', parentId: null }),
    close: () => {
      for (const s of sockets) s.close();
    },
  };
};

/** An event the owner organises (activities are made by their areas; no call makes one yet). */
const organisedEvent = async (w: World, owner: Member): Promise<Made> => {
  const activity = await createActivity(w.server.database.db, { modelType: MODEL_EVENT, title: w.unique('Event') });
  await addParticipants(w.server.database.db, activity.id, [{ userId: owner.userId, role: 'organizer' }]);
  return { value: activity.id, with: { model_type: MODEL_EVENT } };
};

/** The things of one owner for one attempt at one call: each made once, on first use. */
export const scopeOf = (w: World, owner: Member, def: CallDef): Get => {
  const made = new Map<string, Promise<Made>>();
  const get: Get = (field, level = def.access?.[field] ?? 'owner') => {
    const key = `${field}@${level}`;
    if (!made.has(key)) {
      const factory = FACTORIES[`${def.name}.${field}`] ?? FACTORIES[field];
      if (!factory) throw new Error(`No resource factory for ${def.name}.${field}: add one to server/test/resources.ts`);
      made.set(key, factory({ w, owner, level, get }));
    }
    return made.get(key)!;
  };
  return get;
};

/** A post of the owner's: friends-only when visibility is tried, public otherwise. */
const post: Factory = async ({ w, owner, level }) => {
  const secret = w.unique('post');
  const { post_id } = await w.make<{ post_id: number }>(owner, 'createPost', { content: secret, visibility: level === 'visible' ? 'friends' : 'public' });
  return { value: post_id, secret, others: [w.friendOf(owner)] };
};

const clubPost: Factory = async ({ w, owner, get }) => {
  const club = await get('club_id', 'member');
  const secret = w.unique('club post');
  const { post_id } = await w.make<{ post_id: number }>(owner, 'addGroupPost', { club_id: club.value, content: secret });
  return { value: post_id, secret, others: club.others };
};

const comment: Factory = async ({ w, owner, level, get }) => {
  const on = await get('post_id', level);
  const secret = w.unique('comment');
  const { comment_id } = await w.make<{ comment_id: number }>(owner, 'postComment', { post_id: on.value, content: secret });
  return { value: comment_id, secret, others: on.others };
};

/** A comment to reply to: it only makes sense with its own post. */
const replyTo: Factory = async ({ level, get }) => {
  const target = await get('comment_id', level);
  const on = await get('post_id', level);
  return { ...target, with: { post_id: on.value } };
};

/** An idempotency key the owner already used for a comment on the post the call names. */
const commentKey: Factory = async ({ w, owner, get }) => {
  const key = uuidv7();
  await w.make(owner, 'postComment', { client_id: key, post_id: (await get('post_id')).value, content: w.unique('keyed comment') });
  return { value: key };
};

/** A member of the owner's club, who may be named in its administration. */
const clubMember: Factory = async ({ w, owner, get }) => {
  await get('club_id');
  return { value: w.friendOf(owner).userId };
};

/** A member whose mobile number is for friends only: what a profile shows friends and hides from others. */
const withMobile: Factory = async ({ w, owner }) => {
  const secret = `+${1_000_000_000 + w.next()}`;
  await w.make(owner, 'editUsers', { mobile: secret });
  return { value: owner.userId, secret, others: [w.friendOf(owner)] };
};

const FACTORIES: Record<string, Factory> = {
  // Posts and comments
  post_id: post,
  share_post_id: ({ level, get }) => get('post_id', level),
  target_id: ({ level, get }) => get('post_id', level),
  'getGroupPostInfo.post_id': clubPost,
  'groupPostComment.post_id': clubPost,
  'groupPostComment.client_id': commentKey,
  comment_id: comment,
  /** A reply (to the owner's own comment). */
  'delUserPostCommentVice.comment_id': async (need) => {
    const { w, owner, level, get } = need;
    const lord = await comment(need);
    const on = await get('post_id', level);
    const reply = await w.make<{ comment_id: number }>(owner, 'postComment', { post_id: on.value, content: w.unique('reply'), reply_to_id: lord.value });
    return { value: reply.comment_id };
  },
  reply_to_id: replyTo,
  client_id: async ({ w, owner }) => {
    const key = uuidv7();
    await w.make(owner, 'createPost', { client_id: key, content: w.unique('keyed post'), visibility: 'public' });
    return { value: key };
  },
  'postComment.client_id': commentKey,

  // Clubs
  club_id: async ({ w, owner }) => {
    const { club_id } = await w.make<{ club_id: number }>(owner, 'addGroup', { name: w.unique('Club').slice(0, 40), join_mode: 'open' });
    const friend = w.friendOf(owner);
    await w.make(friend, 'joinGroup', { club_id });
    return { value: club_id, others: [friend] };
  },
  'addGroupPost.client_id': async ({ w, owner, get }) => {
    const key = uuidv7();
    await w.make(owner, 'addGroupPost', { client_id: key, club_id: (await get('club_id')).value, content: w.unique('keyed club post') });
    return { value: key };
  },
  'kickOutGroup.user_id': clubMember,
  'updateGroupAdmin.user_id': clubMember,
  'transferLeader.user_id': clubMember,
  /** An application to join the owner's club, by the owner's friend. */
  application_id: async ({ w, owner }) => {
    const { club_id } = await w.make<{ club_id: number }>(owner, 'addGroup', { name: w.unique('Club').slice(0, 40), join_mode: 'approval' });
    const applicant = w.friendOf(owner);
    await w.make(applicant, 'joinGroup', { club_id });
    const { list } = await w.make<{ list: { user_id: number; application_id: number }[] }>(owner, 'getGroupMember', { club_id, list: 'applications' });
    return { value: list.find((p) => p.user_id === applicant.userId)!.application_id };
  },

  // Channels: the owner sits on the board of a chapter of their own.
  channel_id: async ({ w, owner }) => {
    const chapter = await addChapter(w.server.database.db, { name: w.unique('Chapter'), level: 'local', parentId: w.globalChapter });
    await w.server.database.db.insert(channelBoard).values({ channelId: chapter, userId: owner.userId, title: 'President', year: new Date().getUTCFullYear() });
    return { value: chapter };
  },
  'operationChannelPost.post_id': async ({ w, owner, get }) => {
    const { post_id } = await w.make<{ post_id: number }>(owner, 'operationChannelPost', { channel_id: (await get('channel_id')).value, action: 'create', content: w.unique('channel post') });
    return { value: post_id };
  },
  'operationChannelPost.client_id': async ({ w, owner, get }) => {
    const key = uuidv7();
    await w.make(owner, 'operationChannelPost', { channel_id: (await get('channel_id')).value, action: 'create', client_id: key, content: w.unique('keyed channel post') });
    return { value: key };
  },

  // Chat
  group_id: async ({ w, owner }) => {
    const friend = w.friendOf(owner);
    const { group_id } = await w.make<{ group_id: number }>(owner, 'createGroup', { name: w.unique('Group').slice(0, 30), member_ids: [friend.userId] });
    return { value: group_id, others: [friend] };
  },
  'removeGroupUser.user_id': async ({ w, owner, get }) => {
    await get('group_id');
    return { value: w.friendOf(owner).userId };
  },
  friend_id: async ({ w, owner }) => ({ value: w.friendOf(owner).userId }),
  member_ids: async ({ w, owner }) => ({ value: [w.friendOf(owner).userId] }),
  /** A friend who is not in the owner's group yet. */
  'inviteFriendGroup.user_ids': async ({ w, owner }) => ({ value: [(await w.newFriend(owner)).userId] }),
  'delChatMsg.id': async ({ w, owner }) => {
    const id = uuidv7();
    await w.make(owner, 'sendChat', { id, friend_id: w.friendOf(owner).userId, content: w.unique('message') });
    return { value: id };
  },
  'sendChat.id': async ({ w, owner, get }) => {
    const id = uuidv7();
    await w.make(owner, 'sendChat', { id, friend_id: (await get('friend_id')).value, content: w.unique('message') });
    return { value: id };
  },
  'sendGroup.id': async ({ w, owner, get }) => {
    const id = uuidv7();
    await w.make(owner, 'sendGroup', { id, group_id: (await get('group_id')).value, content: w.unique('message') });
    return { value: id };
  },
  'bindGroup.client_id': async ({ w }) => ({ value: await w.socket() }),
  /** An event the owner organises (activities are made by their areas; none has a call here yet). */
  model_id: ({ w, owner }) => organisedEvent(w, owner),
  /** An event whose room the owner has entered. */
  'sendModelChat.model_id': async ({ w, owner }) => {
    const made = await organisedEvent(w, owner);
    await w.make(owner, 'addModelChat', { model_type: MODEL_EVENT, model_id: made.value });
    return made;
  },
  'sendModelChat.id': async ({ w, owner, get }) => {
    const id = uuidv7();
    const room = { model_type: MODEL_EVENT, model_id: (await get('model_id')).value };
    await w.make(owner, 'sendModelChat', { id, ...room, content: w.unique('message') });
    return { value: id, with: room };
  },
  content_id: ({ level, get }) => get('post_id', level),

  // People: `user_id` names a member whose friends-only post only friends may read.
  user_id: async ({ owner, get }) => ({ ...(await get('post_id', 'visible')), value: owner.userId }),
  'getUserInfo.user_id': withMobile,
  'getNewUserInfo.user_id': withMobile,
  'delFriend.user_id': async ({ w, owner }) => ({ value: (await w.newFriend(owner)).userId }),
  /** A request a newcomer sent the owner. */
  request_id: async ({ w, owner }) => {
    const { request_id } = await w.make<{ request_id: number }>(await w.newcomer(), 'friendRequest', { user_id: owner.userId });
    return { value: request_id };
  },

  // Profile items
  skill_id: async ({ w, owner }) => ({ value: (await w.make<{ skill_id: number }>(owner, 'addSkill', { name: w.unique('Skill').slice(0, 40) })).skill_id }),
  education_id: async ({ w, owner }) => ({ value: (await w.make<{ education_id: number }>(owner, 'addEducation')).education_id }),
  work_id: async ({ w, owner }) => ({ value: (await w.make<{ work_id: number }>(owner, 'userAddWork')).work_id }),
  project_id: async ({ w, owner }) => ({ value: (await w.make<{ project_id: number }>(owner, 'userAddProject')).project_id }),
  hobby_id: async ({ w, owner }) => ({ value: (await w.make<{ hobby_id: number }[]>(owner, 'addHobbies', { names: [w.unique('Hobby').slice(0, 30)] }))[0]!.hobby_id }),
  /** An office: declared (shown to all) for the owner's rule, sent for confirmation (the owner's eyes only) for visibility. */
  user_title_id: async ({ w, owner, level }) => {
    const body = { title: 'world_president', chapter_id: w.globalChapter, year: 1950 + w.next() };
    return { value: (await w.make<{ user_title_id: number }>(owner, level === 'visible' ? 'applyJobTitle' : 'addUserJobTitle', body)).user_title_id };
  },

  // Albums, photos, videos: the owner's albums are for friends only (see buildWorld).
  album_id: async ({ w, owner }) => ({ value: (await w.make<{ album_id: number }>(owner, 'addAlbum', { name: w.unique('Album').slice(0, 40) })).album_id, others: [w.friendOf(owner)] }),
  upload: async ({ w, owner }) => ({ value: (await upload(w.server, 'uploadImage', owner.token, [{ name: 'a.png', bytes: fileOf('png') }])).data!.url }),
  photo_id: async ({ w, owner, get }) => {
    const [photo] = await w.make<{ photo_id: number }[]>(owner, 'addPhoto', { album_id: (await get('album_id')).value, photos: [{ url: (await get('upload')).value }] });
    return { value: photo!.photo_id };
  },
  cover_photo_id: ({ get }) => get('photo_id'),
  photo_ids: async ({ get }) => ({ value: [(await get('photo_id')).value] }),
  video_ids: async ({ w, owner }) => ({ value: [(await w.make<{ video_id: number }>(owner, 'addVideo', { url: 'https://vimeo.com/76979871' })).video_id] }),
};

/** Factories by field (`photo_id`) or by call and field (`delChatMsg.id`): a new kind of id needs one. */
export const hasFactory = (call: string, field: string) => `${call}.${field}` in FACTORIES || field in FACTORIES;
