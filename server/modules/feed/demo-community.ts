/**
 * Demo community for the first start (server/db/seed.ts calls seedCommunity after the people):
 * home advertisements with generated pictures, posts with likes and comments, clubs with members,
 * applications and posts, chapter pages with boards, senators, twins and channel posts, and
 * notifications for amal@example.org. Everything goes through the same services as the calls,
 * so likes and comments notify their authors as they would live.
 */
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/client.ts';
import { channelBoard, channelFollows, channels, channelTwins, chapters, chapterSenators, clubApplications, homeAds, users } from '../../db/schema/index.ts';
import type { Realtime } from '../../realtime/gateway.ts';
import { applyForAdmin, createClub, decideApplication, joinClub } from '../clubs/club-actions.ts';
import { notify } from '../notifications/notify.ts';
import { addComment } from './comments.ts';
import { likePost } from './likes.ts';
import { insertPost } from './post-writes.ts';

/** Nobody is connected while seeding: events go nowhere. */
const offline = { toUsers: () => ({ emit: () => undefined }), toConversation: () => ({ emit: () => undefined }) } as unknown as Realtime;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.codePointAt(0)};`);

/** A generated banner: a gradient, a few circles and a title — an SVG data address, made here. */
export const bannerSvg = (title: string, subtitle: string, hue: number): string => {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 50) % 360} 70% 30%)"/></linearGradient></defs>` +
    `<rect width="640" height="360" fill="url(#g)"/>` +
    `<circle cx="540" cy="70" r="110" fill="#fff" fill-opacity=".12"/><circle cx="90" cy="320" r="140" fill="#fff" fill-opacity=".08"/>` +
    `<text x="40" y="190" font-family="system-ui, sans-serif" font-size="42" font-weight="700" fill="#fff">${escapeXml(title)}</text>` +
    `<text x="40" y="240" font-family="system-ui, sans-serif" font-size="24" fill="#fff" fill-opacity=".85">${escapeXml(subtitle)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
};

const ADS: { title: string; subtitle: string; link: string; hue: number; placement: 'carousel' | 'lift' }[] = [
  { title: 'World Congress 2026', subtitle: 'Registration is open', link: '/jci-organizations', hue: 210, placement: 'carousel' },
  { title: 'Find your club', subtitle: 'Meet members who share your passion', link: '/club', hue: 150, placement: 'carousel' },
  { title: 'Leadership Academy', subtitle: 'Eight weeks to lead with impact', link: '/newsfeeds', hue: 20, placement: 'carousel' },
  { title: 'Follow your chapter', subtitle: 'News from your local board', link: '/jci-organizations', hue: 280, placement: 'carousel' },
  { title: 'Clean Beaches Day', subtitle: 'Volunteers wanted on 14 June', link: '/club', hue: 190, placement: 'carousel' },
  { title: 'Mentor a new member', subtitle: 'Share what you have learnt', link: '/newsfeeds', hue: 330, placement: 'carousel' },
  { title: 'Twinning programme', subtitle: 'Partner with a chapter abroad', link: '/jci-organizations', hue: 95, placement: 'carousel' },
  { title: 'Senate', subtitle: 'Honouring a lifetime of service', link: '/jci-organizations', hue: 45, placement: 'lift' },
  { title: 'Public speaking', subtitle: 'Weekly practice circles', link: '/club', hue: 250, placement: 'lift' },
];

const POSTS: { who: string; text: string; visibility: 'public' | 'friends'; location?: string }[] = [
  { who: 'karim', text: 'Our chapter planted 300 trees along the Beirut river this weekend. Thank you to every volunteer who showed up at 7 am! 🌳', visibility: 'public', location: 'Beirut' },
  { who: 'priya', text: 'Sharing my notes from the leadership workshop: listen first, decide together, own the outcome. What would you add?', visibility: 'public' },
  { who: 'claire', text: 'Looking for partners for a youth entrepreneurship fair in Paris this autumn. Details: https://example.org/fair', visibility: 'public', location: 'Paris' },
  { who: 'mei', text: '今天我们分会举办了公开演讲工作坊，欢迎大家下次参加！', visibility: 'public', location: 'Shanghai' },
  { who: 'nikos', text: 'Friends: dinner after Thursday’s board meeting? I booked a table near the Acropolis.', visibility: 'friends' },
  { who: 'rania', text: 'مرحبا بالجميع! يسعدني الانضمام إلى فريق المشاريع المجتمعية هذا العام.', visibility: 'public' },
  { who: 'amal', text: 'Proud of our team: the Coding for Girls programme just welcomed its 100th student. Next stop — Tripoli!', visibility: 'public', location: 'Beirut' },
  { who: 'amal', text: 'Thank you all for the warm welcome to the board this year. Let’s make it count.', visibility: 'friends' },
];

/** Fills in the demo community; skips what it cannot place (a member or chapter missing from the people seed). */
export const seedCommunity = async (db: Db): Promise<void> => {
  const deps = { db, realtime: offline };
  const people = await db.select({ id: users.id, email: users.email }).from(users);
  const id = (local: string) => people.find((p) => p.email === `${local}@example.org`)?.id;
  const amal = id('amal');
  if (!amal) return;

  for (const [i, ad] of ADS.entries()) {
    await db.insert(homeAds).values({ placement: ad.placement, title: ad.title, image: bannerSvg(ad.title, ad.subtitle, ad.hue), link: ad.link, sortOrder: i });
  }

  // Posts, with likes and comments from friends (Amal's posts notify her).
  const postIds: Record<string, number[]> = {};
  for (const p of POSTS) {
    const author = id(p.who);
    if (!author) continue;
    const post = await insertPost(db, author, { clientId: uuidv7(), content: p.text, visibility: p.visibility, location: p.location });
    (postIds[p.who] ??= []).push(post.post_id);
  }
  const amalPost = postIds.amal?.[0];
  if (amalPost) {
    for (const fan of ['karim', 'mei', 'priya', 'ziad']) {
      const fanId = id(fan);
      if (fanId) await likePost(deps, fanId, amalPost, true);
    }
    const karim = id('karim');
    const priya = id('priya');
    if (karim) {
      const c = await addComment(deps, karim, { postId: amalPost, content: 'Amazing work, Amal! Count me in for Tripoli.' });
      await addComment(deps, amal, { postId: amalPost, content: 'Thank you Karim — I will send you the plan.', replyToId: c.comment_id });
    }
    if (priya) await addComment(deps, priya, { postId: amalPost, content: 'We would love to run this in Mumbai too. Can we talk?' });
  }
  const karimPost = postIds.karim?.[0];
  if (karimPost) {
    await likePost(deps, amal, karimPost, true);
    await addComment(deps, amal, { postId: karimPost, content: 'What a morning! See you at the next one.' });
  }

  // Clubs: Amal leads one that approves its members, belongs to others, and has asked to join one.
  const club = async (leader: string, name: string, intro: string, category: string, joinMode: 'open' | 'approval', members: string[]) => {
    const leaderId = id(leader);
    if (!leaderId) return null;
    const clubId = await createClub(db, leaderId, { name, intro, category, joinMode, contact: `${leader}@example.org` });
    for (const m of members) {
      const memberId = id(m);
      if (memberId) await joinClub(deps, memberId, clubId, '');
    }
    return clubId;
  };
  const speaking = await club('karim', 'Public Speaking Circle', 'We meet every Tuesday evening to practise speeches, give feedback and grow our confidence.', 'leadership', 'open', [
    'amal',
    'ziad',
    'maya',
    'leila',
    'samir',
  ]);
  const green = await club('amal', 'Green Cities', 'Members working on cleaner, greener cities: tree planting, recycling drives and clean beaches.', 'environment', 'approval', []);
  const tech = await club('grace', 'Tech for Good', 'Volunteers building simple software for non-profits. Developers, designers and project leads welcome.', 'technology', 'approval', [
    'daniel',
    'arjun',
  ]);
  await club('tunde', 'Lagos Runners', 'Saturday morning runs along the lagoon, all paces welcome.', 'sports', 'open', ['fatima', 'chiamaka']);
  if (speaking) {
    await insertPost(db, id('karim')!, { clientId: uuidv7(), content: 'This Tuesday: two-minute impromptu speeches. Bring a topic in an envelope!', visibility: 'club', clubId: speaking });
    const ziad = id('ziad');
    if (ziad) await insertPost(db, ziad, { clientId: uuidv7(), content: 'Thanks for the feedback last week — I finally stopped saying “um” every sentence 😄', visibility: 'club', clubId: speaking });
    if (ziad) await applyForAdmin(deps, ziad, speaking, 'I can run the Tuesday sessions when Karim travels.');
  }
  if (green) {
    // Amal's club approves its members: some joined, some wait for her answer.
    for (const who of ['rania', 'maya', 'claire']) {
      const whoId = id(who);
      if (!whoId) continue;
      await joinClub(deps, whoId, green, 'I would love to help with the beach clean-up.');
    }
    const apps = await db.select({ id: clubApplications.id, userId: clubApplications.userId }).from(clubApplications).where(eq(clubApplications.clubId, green));
    for (const app of apps.filter((a) => a.userId !== id('claire'))) await decideApplication(deps, amal, app.id, true);
    await insertPost(db, amal, { clientId: uuidv7(), content: 'Welcome to Green Cities! First project: the Ramlet al-Baida beach clean-up on 14 June.', visibility: 'club', clubId: green });
  }
  if (tech) {
    await joinClub(deps, amal, tech, 'I coordinate Coding for Girls in Beirut and would love to help.');
    const [app] = await db
      .select({ id: clubApplications.id })
      .from(clubApplications)
      .where(and(eq(clubApplications.clubId, tech), eq(clubApplications.userId, amal)));
    if (app) await decideApplication(deps, id('grace')!, app.id, true);
  }

  // Chapter pages: about, boards (Amal sits on her local board, so she posts as its channel), senators, twins.
  const chapterRows = await db.select({ id: chapters.id, name: chapters.name, level: chapters.level }).from(chapters);
  const chapter = (name: string) => chapterRows.find((c) => c.name === name)?.id;
  const global = chapterRows.find((c) => c.level === 'global')?.id;
  const beirut = chapter('Beirut Cedars');
  const paris = chapter('Paris Seine');
  const year = new Date().getUTCFullYear();
  const page = async (chapterId: number | undefined, about: string, founded: number, website: string, email: string, hue: number, title: string) => {
    if (!chapterId) return;
    await db
      .insert(channels)
      .values({ chapterId, about, founded, website, email, cover: bannerSvg(title, about.split('.')[0]!, hue) })
      .onConflictDoNothing();
  };
  await page(global, 'A worldwide network of young active citizens creating positive change in their communities.', 1944, 'https://www.example.org', 'info@example.org', 215, 'Young Leaders International');
  await page(beirut, 'The Beirut Cedars chapter brings together young professionals who lead projects for the city.', 1962, 'https://beirut.example.org', 'beirut@example.org', 140, 'Beirut Cedars');
  await page(paris, 'Young leaders of Paris, running projects for citizenship, entrepreneurship and the environment.', 1952, 'https://paris.example.org', 'paris@example.org', 260, 'Paris Seine');

  const seat = async (chapterId: number | undefined, seats: [string, string][], boardYear: number) => {
    if (!chapterId) return;
    for (const [i, [who, title]] of seats.entries()) {
      const userId = id(who);
      await db.insert(channelBoard).values({ channelId: chapterId, userId: userId ?? null, name: userId ? '' : who, title, year: boardYear, sortOrder: i });
    }
  };
  await seat(beirut, [['amal', 'President'], ['ziad', 'Vice President'], ['rania', 'Secretary'], ['samir', 'Treasurer']], year);
  await seat(beirut, [['karim', 'President'], ['amal', 'Vice President'], ['maya', 'Secretary']], year - 1);
  await seat(beirut, [['Georges Haddad', 'President'], ['karim', 'Secretary']], year - 2);
  await seat(paris, [['claire', 'President'], ['julien', 'Secretary']], year);
  await seat(global, [['grace', 'World President'], ['nikos', 'Executive Vice President']], year);

  const senator = async (chapterId: number | undefined, who: string, n: number) => {
    const userId = id(who);
    if (chapterId && userId) await db.insert(chapterSenators).values({ channelId: chapterId, userId, senateNumber: n }).onConflictDoNothing();
  };
  await senator(beirut, 'karim', 71023);
  await senator(paris, 'julien', 68411);
  if (beirut && paris) await db.insert(channelTwins).values({ lowId: Math.min(beirut, paris), highId: Math.max(beirut, paris), since: 1998 }).onConflictDoNothing();

  for (const [chapterId, who, text] of [
    [beirut, 'amal', 'General assembly on the first Monday of next month: the board presents the year’s projects. All members welcome!'],
    [beirut, 'ziad', 'Our twinning visit to Paris Seine is confirmed for October. Applications for the delegation open next week.'],
    [global, 'grace', 'Welcome to the new members who joined this month in 40 countries. Find your chapter and say hello!'],
    [paris, 'claire', 'Le forum de l’entrepreneuriat aura lieu le 12 octobre. Inscriptions ouvertes !'],
  ] as const) {
    const userId = id(who);
    if (chapterId && userId) await insertPost(db, userId, { clientId: uuidv7(), content: text, visibility: 'channel', channelId: chapterId });
  }
  const follows = [beirut, global].filter((c): c is number => c !== undefined);
  if (follows.length) await db.insert(channelFollows).values(follows.map((channelId) => ({ channelId, userId: amal }))).onConflictDoNothing();
  const others = people.filter((p) => ['karim', 'ziad', 'rania', 'maya'].some((n) => p.email === `${n}@example.org`)).map((p) => p.id);
  if (beirut && others.length) await db.insert(channelFollows).values(others.map((userId) => ({ channelId: beirut, userId }))).onConflictDoNothing();

  // System notices for everyone the demo signs in as.
  for (const { id: userId } of people) {
    for (const topic of ['welcome', 'new_features']) await notify(deps, { userId, kind: 'system', topic, dedupeKey: `system:${topic}` });
  }
  await notify(deps, { userId: amal, kind: 'system', topic: 'guidelines', dedupeKey: 'system:guidelines' });
};
