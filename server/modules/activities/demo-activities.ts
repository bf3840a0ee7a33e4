import { v7 as uuidv7 } from 'uuid';
import { MODEL_COURSE, MODEL_EVENT, MODEL_MEETING, MODEL_PROJECT, MSG_TEXT } from '../../../schemas/api/chat.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Realtime } from '../../realtime/gateway.ts';
import { markRead } from '../chat/conversations.ts';
import { appendMessage } from '../chat/messages.ts';
import { enterModelRoom, openModelRoom } from '../chat/model-rooms.ts';
import { addParticipants, createActivity, type Part } from './participation.ts';

const offline = {
  toUsers: () => ({ emit: () => undefined }),
  toConversation: () => ({ emit: () => undefined }),
  addToConversation: () => undefined,
} as unknown as Realtime;

const DAY = 24 * 60 * 60 * 1000;

/** Who takes part (email local part → part), who has entered the room, and what they said. */
const ACTIVITIES: {
  modelType: number;
  title: string;
  inDays: number;
  hours: number;
  people: Record<string, Part>;
  talk: [who: string, text: string][];
}[] = [
  {
    modelType: MODEL_EVENT,
    title: 'Global Leaders Summit 2026',
    inDays: 14,
    hours: 8,
    people: { karim: 'organizer', amal: 'attendee', mei: 'attendee', priya: 'attendee', nikos: 'attendee' },
    talk: [
      ['karim', 'Welcome to the summit chat! The agenda goes out on Friday.'],
      ['mei', 'Can’t wait. Is there a shuttle from the airport?'],
      ['karim', 'Yes — every hour from 7:00, look for the blue signs.'],
    ],
  },
  {
    modelType: MODEL_COURSE,
    title: 'Public speaking for young leaders',
    inDays: 3,
    hours: 2,
    people: { claire: 'organizer', amal: 'attendee', ziad: 'attendee' },
    talk: [
      ['claire', 'Bonjour! Please bring a two-minute talk about your chapter to the first session.'],
      ['amal', 'Thank you Claire, I will talk about our beach clean-ups.'],
    ],
  },
  {
    modelType: MODEL_MEETING,
    title: 'MENA area council — December',
    inDays: 10,
    hours: 1,
    people: { amal: 'organizer', karim: 'attendee', ziad: 'attendee' },
    talk: [],
  },
  {
    modelType: MODEL_PROJECT,
    title: 'Clean Beaches Tripoli',
    inDays: 30,
    hours: 24 * 60,
    people: { priya: 'organizer', amal: 'attendee', karim: 'attendee' },
    talk: [],
  },
];

/**
 * One activity of each model type with participants, and rooms opened where people talk: Amal
 * is in the course's room, can join the summit's, and opens the meeting's and project's herself.
 */
export const seedActivities = async (db: Db): Promise<void> => {
  const people = await db.select({ id: users.id, email: users.email, nickName: users.nickName, avatar: users.avatar }).from(users);
  const who = (local: string) => people.find((p) => p.email === `${local}@example.org`);
  const deps = { db, realtime: offline };
  for (const [i, a] of ACTIVITIES.entries()) {
    const startsAt = new Date(Date.now() + a.inDays * DAY);
    const activity = await createActivity(db, { modelType: a.modelType, title: a.title, startsAt, endsAt: new Date(startsAt.getTime() + a.hours * 60 * 60 * 1000) });
    const taking = Object.entries(a.people).flatMap(([local, role]) => (who(local) ? [{ local, userId: who(local)!.id, role }] : []));
    await addParticipants(db, activity.id, taking);
    if (a.talk.length === 0) continue;
    const speakers = new Set(a.talk.map(([local]) => local));
    // The summit's room is open, but Amal has not entered it yet (the first activity only).
    for (const t of taking) if (speakers.has(t.local) || (i > 0 && t.local === 'amal')) await enterModelRoom(deps, { userId: t.userId, nickName: who(t.local)!.nickName }, activity, t.role);
    const conv = await openModelRoom(db, activity);
    for (const [local, text] of a.talk) {
      const p = who(local)!;
      await appendMessage(db, { conversation: conv, id: uuidv7(), senderId: p.id, sender: { nickName: p.nickName, avatar: p.avatar }, content: text, msgType: MSG_TEXT });
    }
    // Everyone in the room has read it: the demo starts with no unread messages.
    for (const t of taking) await markRead(db, conv.id, t.userId);
  }
};
