import crypto, { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { CALLS, type CallName, type Calls } from '../../schemas/api/index.ts';
import type { BodyOf, DataOf } from '../../schemas/call.ts';
import type { EnvelopeOf } from '../../schemas/envelope.ts';
import { Status } from '../../schemas/status.ts';
import { expect, screenshot, signUp, test, uniqueEmail } from './fixtures.ts';
import { bundle, CORPUS, injectedMarkup, type Payload } from './xss-corpus.ts';

/**
 * Stored XSS (issue 8): Mallory stores a corpus of payloads through the real calls in every
 * free-text field she can reach — chat, groups, posts, comments, profile, albums, videos, clubs,
 * a friend request — and Victor, her friend, opens every screen that shows them in Chromium.
 * Nothing may run (no dialog, no `window.__xss`, no request to /xss-marker/), nothing may turn
 * into markup, and every stored text must be on screen as text, which proves it was rendered.
 * Service workers are blocked so every request a payload could make meets the marker route.
 */
test.describe.configure({ mode: 'serial' });

// ---------------------------------------------------------------------------------------------
// Watching for payloads that run

/** What payloads did that they must not (hits), and page errors kept as diagnostics. */
interface Watched {
  hits: string[];
  errors: string[];
}

const watch = async (context: BrowserContext): Promise<Watched> => {
  const watched: Watched = { hits: [], errors: [] };
  context.on('dialog', (dialog) => {
    watched.hits.push(`${dialog.type()} dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await context.route('**/xss-marker/**', (route) => {
    watched.hits.push(`marker request: ${route.request().url()}`);
    return route.fulfill({ status: 204 });
  });
  // A write to window.__xss is reported at once, so it is seen even if the page navigates away.
  await context.exposeBinding('__xssReport', (_source, value: string) => {
    watched.hits.push(`window.__xss = ${value}`);
  });
  await context.addInitScript(() => {
    let value: unknown;
    const report = (window as unknown as { __xssReport: (v: string) => Promise<void> }).__xssReport;
    Object.defineProperty(window, '__xss', {
      configurable: true,
      get: () => value,
      set: (v: unknown) => {
        value = v;
        void report(String(v));
      },
    });
  });
  context.on('weberror', (e) => watched.errors.push(`page error: ${e.error().message}`));
  context.on('console', (m) => {
    if (m.type() === 'error') watched.errors.push(`console: ${m.text()}`);
  });
  return watched;
};

// ---------------------------------------------------------------------------------------------
// Members and their calls

type Api = <N extends CallName>(name: N, body: BodyOf<Calls[N]>) => Promise<EnvelopeOf<DataOf<Calls[N]>>>;

interface Member {
  context: BrowserContext;
  page: Page;
  api: Api;
  id: number;
  name: string;
  watched: Watched;
}

/**
 * A body sealed for the server as the app seals it in mode 2 (src/api/crypto.ts; its jsencrypt
 * does not load under the test runner): AES-256-GCM, its key's base64 text wrapped with RSA-OAEP.
 */
const sealed = (publicKey: string, body: unknown) => {
  const raw = crypto.randomBytes(32);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', raw, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(body)), cipher.final(), cipher.getAuthTag()]);
  const key = crypto.publicEncrypt({ key: publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(raw.toString('base64')));
  return { key: key.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64') };
};

/**
 * The real calls, with the token the page holds at that moment: the app rotates it (on every
 * page load, for one), and only the token it replaced stays valid a while longer.
 * Encrypted answers are not opened.
 */
const apiOf = (page: Page): Api => {
  const currentToken = () => page.evaluate(() => JSON.parse(localStorage.getItem('mn.token') ?? '""') as string);
  return async (name, body) => {
    const def = CALLS[name];
    const url = `${def.base === 'chat' ? '/chat/api' : '/api'}/${name}`;
    const headers = { authorization: await currentToken() };
    let data: unknown = body;
    if (def.enc) {
      if (def.enc !== 2) throw new Error(`${name}: only encryption mode 2 is implemented here`);
      const key = await page.request.post('/api/getPublicKey', { data: {} });
      data = sealed(((await key.json()) as { data: { public_key: string } }).data.public_key, body);
    }
    const res =
      def.method === 'GET'
        ? await page.request.get(url, { headers, params: body as Record<string, string | number | boolean> })
        : await page.request.post(url, { headers, data });
    return (await res.json()) as EnvelopeOf<never>;
  };
};

const must = async <T,>(answer: Promise<EnvelopeOf<T>>): Promise<T> => {
  const res = await answer;
  if (res.status !== Status.ok) throw new Error(`refused: ${res.status} ${res.msg}`);
  return res.data as T;
};

/** A word no other member's name has, so a search finds exactly this member. */
const word = () => `Xs${Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const join = async (browser: Browser, name: string): Promise<Member> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1800 }, serviceWorkers: 'block' });
  const watched = await watch(context);
  const page = await context.newPage();
  await signUp(page, { email: uniqueEmail('xss'), password: 'Passw0rdOk', name });
  await expect(page).toHaveURL(/\/newsfeeds$/);
  const api = apiOf(page);
  const me = await must(api('getNewUserInfo', {}));
  expect(me.nick_name, 'the name is stored as typed').toBe(name);
  return { context, page, api, id: me.user_id, name, watched };
};

// ---------------------------------------------------------------------------------------------
// Where each payload was stored, and what the server refused

const byId = (id: string) => CORPUS.find((p) => p.id === id)!;
/** Texts the server stored, by place ("feed.post", "profile.skill", …). */
const placed = new Map<string, string[]>();
/** For each payload, the places it was stored in. */
const coverage = new Map<string, Set<string>>();
const refused: { place: string; ids: string[]; length: number; msg: string }[] = [];

/** Records a stored text (also one a call carried besides its main field, such as a post's place). */
const keep = (place: string, payloads: readonly Payload[], text: string) => {
  placed.set(place, [...(placed.get(place) ?? []), text]);
  for (const p of payloads) coverage.set(p.id, (coverage.get(p.id) ?? new Set()).add(place));
};
/** Stores a text made of some payloads; keeps it if the server took it, the reason if not. */
const store = async <T,>(place: string, payloads: readonly Payload[], text: string, send: () => Promise<EnvelopeOf<T>>) => {
  const res = await send();
  if (res.status === Status.ok) {
    keep(place, payloads, text);
  } else {
    refused.push({ place, ids: payloads.map((p) => p.id), length: [...text].length, msg: res.msg });
  }
  return res;
};
const texts = (...places: string[]) => places.flatMap((p) => placed.get(p) ?? []);
/** The payloads a bundle of `max` characters holds. */
const inBundle = (max: number, payloads: readonly Payload[]) => {
  const text = bundle(max, payloads);
  return { text, payloads: payloads.filter((p) => text.includes(p.text)) };
};

// ---------------------------------------------------------------------------------------------
// Checking a screen

/**
 * The wanted texts not (yet) in the rendered text (innerText: what is shown, not markup) of the
 * elements matching `within`, so a text shown by one field does not vouch for another.
 */
const missingOn = (page: Page, wanted: string[], within: string) =>
  page.evaluate(
    ([w, selector]) => {
      const shown = Array.from(document.querySelectorAll<HTMLElement>(selector), (el) => el.innerText.replace(/\s+/g, ' ')).join('\n');
      return w.filter((t) => !shown.includes(t.replace(/\s+/g, ' ')));
    },
    [wanted, within] as const,
  );

/**
 * Waits until every wanted text has been on screen. `more` is a "show more" or "next page"
 * control. It is pressed only after a look at the page found nothing new although the control
 * was already there before that look, so every page of a paged list is read before leaving it.
 */
const expectRendered = async (page: Page, wanted: string[], { more, within = 'body' }: { more?: Locator; within?: string } = {}) => {
  expect(wanted.length, 'a screen check needs texts to look for').toBeGreaterThan(0);
  let pending = [...new Set(wanted)];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const canPress = more !== undefined && (await more.isVisible()) && (await more.isEnabled());
    const still = await missingOn(page, pending, within);
    const progressed = still.length < pending.length;
    pending = still;
    if (pending.length === 0) break;
    if (canPress && !progressed) await more.click();
    await page.waitForTimeout(200);
  }
  expect(pending, `stored texts not shown as text in ${within}`).toEqual([]);
};

/**
 * Nothing ran and nothing became markup. Handlers such as onerror or ontoggle fire a moment
 * after rendering, so the check waits briefly before reading what the watcher saw.
 */
const expectNothingRan = async (m: Member) => {
  await m.page.waitForTimeout(300);
  expect(await m.page.evaluate(injectedMarkup, 'html'), 'markup that came from data').toEqual([]);
  expect(await m.page.evaluate(() => (window as { __xss?: unknown }).__xss), 'window.__xss').toBeUndefined();
  expect(m.watched.hits, 'payloads that ran').toEqual([]);
};

/** Mallory's profile sections, each showing its own entries. */
const expectCareer = async (page: Page) => {
  const sections = { skills: ['profile.skill'], hobbies: ['profile.hobby'], education: ['profile.education'], work: ['profile.work'], projects: ['profile.project', 'profile.project_url'] };
  for (const [id, places] of Object.entries(sections)) await expectRendered(page, texts(...places), { within: `section[aria-labelledby="${id}-heading"]` });
};

// ---------------------------------------------------------------------------------------------

let victor: Member;
let mallory: Member;
const malloryWord = word();
/** Mallory's name and Victor's: payloads too, behind a word search can find. */
const MALLORY_NAME = `${malloryWord} ${byId('x02').text}`;
const VICTOR_NAME = `${word()} ${byId('x03').text}`;
const FRIEND_REQUEST = inBundle(200, CORPUS.slice(3));
const APPLICATION = inBundle(500, CORPUS.slice(20));
let victorPost = 0;
let mainGroup = 0;
let mainGroupName = '';
let approvalClub = 0;

test.beforeAll(async ({ browser }) => {
  [victor, mallory] = await Promise.all([join(browser, VICTOR_NAME), join(browser, MALLORY_NAME)]);
  keep('profile.nick_name', [byId('x02')], MALLORY_NAME);
  keep('profile.nick_name', [byId('x03')], VICTOR_NAME);
  await store('people.friend_request', FRIEND_REQUEST.payloads, FRIEND_REQUEST.text, () => victor.api('friendRequest', { user_id: mallory.id, message: FRIEND_REQUEST.text }));
});

test.afterAll(async () => {
  for (const m of [victor, mallory]) await m?.context.close();
});

test.afterEach(async () => {
  const errors = [victor, mallory].flatMap((m) => m?.watched.errors.splice(0) ?? []);
  if (errors.length) await test.info().attach('page-errors.txt', { body: errors.join('\n'), contentType: 'text/plain' });
});

test('The detectors work: each markup payload injected as HTML is caught, the others stay text', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const watched = await watch(context);
  const page = await context.newPage();
  await page.goto('/auth/sign-in1');
  // What a screen would do if it used innerHTML: each payload in its own element.
  await page.evaluate((corpus) => {
    for (const p of corpus) {
      const holder = document.createElement('div');
      holder.id = `probe-${p.id}`;
      holder.innerHTML = p.text;
      document.body.append(holder);
    }
  }, [...CORPUS]);
  const caught = async (p: Payload) => watched.hits.some((h) => h.includes(p.id)) || (await page.evaluate(injectedMarkup, `#probe-${p.id}`)).length > 0;
  const markup = CORPUS.filter((p) => !p.inertAsHtml);
  await expect.poll(async () => (await Promise.all(markup.map(async (p) => ((await caught(p)) ? null : p.id)))).filter(Boolean)).toEqual([]);
  // Each way of noticing works on its own: a dialog, a write to window.__xss, a marker request.
  await expect.poll(() => watched.hits).toEqual(expect.arrayContaining(['alert dialog: x02', 'window.__xss = x29', expect.stringContaining('/xss-marker/x24')]));
  for (const p of CORPUS.filter((q) => q.inertAsHtml)) expect(await caught(p), `${p.id} aims at ${p.inertAsHtml}`).toBe(false);
  await context.close();
});

test('Mallory reads Victor’s friend request (his name and message are payloads) and accepts it', async () => {
  const { page } = mallory;
  await page.goto('/friend-request');
  await expectRendered(page, [VICTOR_NAME, FRIEND_REQUEST.text]);
  await expectNothingRan(mallory);
  await page.getByRole('button', { name: `Accept the friend request of ${VICTOR_NAME}` }).click();
  await expect(page.getByText('No friend requests are waiting for you.')).toBeVisible();
});

test('Mallory stores every payload wherever members write text', async () => {
  test.setTimeout(120_000);
  const m = mallory.api;
  const v = victor.api;
  const url = byId('x37').text;
  // Victor watches his conversations meanwhile: messages and toasts arrive live.
  await victor.page.goto('/chat');
  victorPost = (await must(v('createPost', { content: 'Victor’s plain post', visibility: 'friends' }))).post_id;

  // Each place takes its payloads in order; the places fill side by side to keep this quick.
  const each = (payloads: readonly Payload[], fn: (p: Payload, i: number) => Promise<unknown>) => async () => {
    for (const [i, p] of payloads.entries()) await fn(p, i);
  };
  const group = async () => {
    await each(CORPUS, async (p) => {
      const created = await store('chat.group_name', [p], p.text, () => m('createGroup', { name: p.text, member_ids: [victor.id] }));
      if (created.data && !mainGroup) [mainGroup, mainGroupName] = [created.data.group_id, p.text];
    })();
    await each(CORPUS.slice(0, 20), (p) => store('chat.group_message', [p], p.text, () => m('sendGroup', { id: randomUUID(), group_id: mainGroup, content: p.text })))();
    // Fields that exist once take as many payloads as fit.
    const notice = inBundle(1000, CORPUS);
    await store('chat.group_notice', notice.payloads, notice.text, () => m('updateGroupNotice', { group_id: mainGroup, notice: notice.text }));
    const intro = inBundle(1000, [...CORPUS].reverse());
    await store('chat.group_intro', intro.payloads, intro.text, () => m('editGroupIntro', { group_id: mainGroup, intro: intro.text }));
    const [malloryAlias, victorAlias] = [byId('x18'), byId('x12')];
    await store('chat.group_alias', [malloryAlias], malloryAlias.text, () => m('updateGroupAlias', { group_id: mainGroup, alias: malloryAlias.text }));
    await store('chat.group_alias_own', [victorAlias], victorAlias.text, () => v('updateGroupAlias', { group_id: mainGroup, alias: victorAlias.text }));
  };
  const profile = async () => {
    const bio = inBundle(500, CORPUS.slice(8));
    await store('profile.bio', bio.payloads, bio.text, () => m('editUser', { bio: bio.text }));
    const city = byId('x14'); // through editUsers, which only takes encrypted bodies
    await store('profile.city', [city], city.text, () => m('editUsers', { city: city.text }));
  };
  const post = async (p: Payload, i: number) => {
    const next = CORPUS[(i + 1) % CORPUS.length]!;
    const res = await store('feed.post', [p], p.text, () => m('createPost', { content: p.text, visibility: 'friends', location: next.text }));
    if (res.status === Status.ok) keep('feed.location', [next], next.text);
  };
  const album = async (p: Payload) => {
    const res = await store('media.album', [p], p.text, () => m('addAlbum', { name: p.text, description: `about ${p.text}` }));
    if (res.status === Status.ok) keep('media.album_description', [p], `about ${p.text}`);
  };
  // The first club takes applications, so Mallory has one to read; Victor joins the others.
  const club = async (p: Payload, i: number) => {
    const [intro, contact] = [`Intro: ${p.text}`, `Contact: ${p.text}`];
    const res = await store('clubs.name', [p], p.text, () => m('addGroup', { name: p.text, intro, contact, category: 'other', join_mode: i === 0 ? 'approval' : 'open' }));
    if (!res.data) return;
    keep('clubs.intro', [p], intro);
    keep('clubs.contact', [p], contact);
    if (i === 0) approvalClub = res.data.club_id;
    await must(v('joinGroup', { club_id: res.data.club_id, ...(i === 0 ? { message: APPLICATION.text } : {}) }));
  };
  const work = (p: Payload) => ({ company: p.text, position: p.text, employment_type: 'full_time', industry: 'other', location: p.text, start: '2020-01', end: '', description: p.text }) as const;
  const project = async (p: Payload) => {
    const res = await store('profile.project', [p], p.text, () => m('userAddProject', { name: p.text, role: p.text, start: '2021-01', url, description: p.text }));
    if (res.status === Status.ok) keep('profile.project_url', [byId('x37')], url);
  };
  await Promise.all(
    [
      group,
      profile,
      each(CORPUS, (p) => store('chat.direct', [p], p.text, () => m('sendChat', { id: randomUUID(), friend_id: victor.id, content: p.text }))),
      each(CORPUS, post),
      each(CORPUS, (p) => store('feed.comment', [p], p.text, () => m('postComment', { post_id: victorPost, content: p.text }))),
      each(CORPUS, (p) => store('profile.skill', [p], p.text, () => m('addSkill', { name: p.text }))),
      each(CORPUS, (p) => store('profile.hobby', [p], p.text, () => m('addHobbies', { names: [p.text] }))),
      each(CORPUS, album),
      each(CORPUS, (p) => store('media.video_title', [p], p.text, () => m('addVideo', { url, title: p.text }))),
      each(CORPUS, club),
      // Lists with a cap: education holds 20 entries, work and projects 30 each.
      each(CORPUS.slice(-20), (p) => store('profile.education', [p], p.text, () => m('addEducation', { school: p.text, degree: p.text, field: p.text, start: '2015-09', end: '2019-06', description: p.text }))),
      each(CORPUS.slice(0, 30), (p) => store('profile.work', [p], p.text, () => m('userAddWork', work(p)))),
      each(CORPUS.slice(-30), project),
    ].map((fill) => fill()),
  );
  expect(mainGroup && approvalClub, 'the group and the club the screens open').toBeTruthy();
  keep('clubs.application', APPLICATION.payloads, APPLICATION.text);

  const report = {
    stored: Object.fromEntries([...placed].map(([place, list]) => [place, list.length])),
    refused,
    placesPerPayload: Object.fromEntries(CORPUS.map((p) => [p.id, [...(coverage.get(p.id) ?? [])].sort()])),
  };
  await test.info().attach('xss-storage.json', { body: JSON.stringify(report, null, 2), contentType: 'application/json' });
  const places = [...new Set(refused.map((r) => r.place))];
  const refusedByPlace = places.map((place) => `${place}: ${refused.flatMap((r) => (r.place === place ? r.ids : [])).join(' ')}`);
  test.info().annotations.push({ type: 'refused by validation', description: refusedByPlace.join('; ') });
  // Refusals are fine (a field may be too short for a payload), but every payload must be
  // stored in many places, or the screens below would prove little.
  for (const p of CORPUS) expect(coverage.get(p.id)?.size ?? 0, `places that stored ${p.id}`).toBeGreaterThanOrEqual(5);
  // Live updates were rendered on Victor's open chat page meanwhile.
  await expectNothingRan(victor);
});

test('Mallory reviews Victor’s application to her club', async () => {
  const { page } = mallory;
  await page.goto(`/clubDet?id=${approvalClub}`);
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('radio', { name: 'Applications' }).check();
  await expectRendered(page, [VICTOR_NAME, APPLICATION.text]);
  await expectNothingRan(mallory);
  const applications = await must(mallory.api('getGroupMember', { club_id: approvalClub, list: 'applications' }));
  await must(mallory.api('applyJoinGroup', { application_id: applications.list[0]!.application_id!, approve: true }));
});

test('Victor’s chats: the room list and the conversation with Mallory', async () => {
  const { page } = victor;
  await page.setViewportSize({ width: 1280, height: 5000 });
  await page.goto('/chat');
  await expectRendered(page, [MALLORY_NAME, ...texts('chat.group_name')]);
  // A conversation between two friends is keyed d<lower id>_<higher id>.
  await page.goto(`/chat?c=d${Math.min(victor.id, mallory.id)}_${Math.max(victor.id, mallory.id)}`);
  await expectRendered(page, texts('chat.direct'), { within: '.chat-bubble' });
  await expectRendered(page, [MALLORY_NAME]);
  await expectNothingRan(victor);
});

test('Victor’s group with Mallory: messages, system lines, and the group details', async () => {
  const { page } = victor;
  await page.setViewportSize({ width: 1280, height: 5000 });
  await page.goto(`/chat?c=g${mainGroup}`);
  await expectRendered(page, texts('chat.group_message'), { within: '.chat-bubble' });
  await expectRendered(page, texts('chat.group_notice'), { within: '.chat-system' });
  await expectRendered(page, [mainGroupName, MALLORY_NAME], { within: '.chat-conversation-header, .chat-message-name' });
  await page.getByRole('button', { name: 'Group details' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByLabel('Group name')).toHaveValue(mainGroupName);
  await expect(details.getByLabel('Notice')).toHaveValue(texts('chat.group_notice')[0]!);
  await expect(details.getByLabel('Introduction')).toHaveValue(texts('chat.group_intro')[0]!);
  await expect(details.getByLabel('My name in this group')).toHaveValue(texts('chat.group_alias_own')[0]!);
  await expectRendered(page, texts('chat.group_alias', 'chat.group_alias_own'));
  await expectNothingRan(victor);
  await screenshot(page, 'xss-chat-group');
});

test('Victor’s news feed: Mallory’s posts with their places', async () => {
  const { page } = victor;
  await page.setViewportSize({ width: 1280, height: 1800 });
  await page.goto('/newsfeeds');
  await expectRendered(page, texts('feed.post'), { within: '.feed-post-text', more: page.getByRole('button', { name: 'Show older posts' }) });
  await expectRendered(page, [MALLORY_NAME, ...texts('feed.location')], { within: '.feed-post-meta' });
  await expectNothingRan(victor);
  await screenshot(page, 'xss-feed');
});

test('Victor’s post: Mallory’s comments', async () => {
  const { page } = victor;
  await page.goto(`/newsfeeds/${victorPost}`);
  await expectRendered(page, texts('feed.comment'), { within: '[data-testid="comment"] .cm-text', more: page.getByRole('button', { name: 'Show more comments' }) });
  await expectRendered(page, [MALLORY_NAME], { within: '[data-testid="comment"] .cm-comment-head' });
  await expectNothingRan(victor);
});

test('Victor’s notifications: Mallory’s comments, acceptance and the club decision', async () => {
  const { page } = victor;
  await page.goto('/notification');
  const approved = `You are now a member of ${CORPUS[0]!.text}`;
  await expectRendered(page, texts('feed.comment'), { within: '.cm-excerpt', more: page.getByRole('button', { name: 'Show older notifications' }) });
  await expectRendered(page, [`${MALLORY_NAME} commented on your post`, `${MALLORY_NAME} accepted your friend request`, approved], { within: '.cm-notification-text' });
  await expectNothingRan(victor);
});

test('Mallory’s profile as Victor sees it: details, career, albums and videos', async () => {
  const { page } = victor;
  await page.goto(`/profile?user_id=${mallory.id}`);
  await expectRendered(page, [MALLORY_NAME, ...texts('profile.bio', 'profile.city')]);
  await expectCareer(page);
  await expectNothingRan(victor);
  await screenshot(page, 'xss-profile');
  await page.getByRole('tab', { name: 'Videos' }).click();
  await expectRendered(page, texts('media.video_title'), { within: '.people-videos', more: page.getByRole('button', { name: 'Show more', exact: true }) });
  await page.getByRole('tab', { name: 'Albums' }).click();
  await expectRendered(page, texts('media.album'), { within: '.people-album', more: page.getByRole('button', { name: 'Show more', exact: true }) });
  await page.getByRole('button', { name: `Open the album ${texts('media.album')[0]!}` }).click();
  await expectRendered(page, texts('media.album_description').slice(0, 1));
  await expectNothingRan(victor);
});

test('Victor finds Mallory by search', async () => {
  const { page } = victor;
  await page.goto(`/search-result?keyword=${malloryWord}`);
  await expect(page.getByTestId('search-results').getByTestId('member-row')).toHaveCount(1);
  await expectRendered(page, [MALLORY_NAME]);
  await expectNothingRan(victor);
});

test('Victor’s clubs: the list, a club’s page and its contact page', async () => {
  const { page } = victor;
  await page.goto('/club');
  await page.getByRole('tab', { name: 'My clubs' }).click();
  await expectRendered(page, texts('clubs.name'), { within: '.cm-club-name', more: page.getByRole('button', { name: 'Next', exact: true }) });
  const [name, intro, contact] = [texts('clubs.name')[0]!, texts('clubs.intro')[0]!, texts('clubs.contact')[0]!];
  await page.goto(`/clubDet?id=${approvalClub}`);
  await page.getByRole('tab', { name: 'About' }).click();
  await expectRendered(page, [name, intro, MALLORY_NAME]);
  await page.goto(`/contactClub?id=${approvalClub}`);
  await expectRendered(page, [name, contact, MALLORY_NAME]);
  await expectNothingRan(victor);
});

test('Victor’s own profile and friends; Mallory’s own profile, notifications and settings', async () => {
  await victor.page.goto('/profile');
  await expectRendered(victor.page, [VICTOR_NAME]);
  await victor.page.getByRole('tab', { name: 'Friends' }).click();
  await expectRendered(victor.page, [MALLORY_NAME]);
  await expectNothingRan(victor);

  const { page } = mallory;
  await page.goto('/profile');
  await expectRendered(page, [MALLORY_NAME, ...texts('profile.bio')]);
  await expectCareer(page);
  await page.goto('/notification');
  await expectRendered(page, [`${VICTOR_NAME} asks to join ${CORPUS[0]!.text}`]);
  await page.goto('/settings');
  await expect(page.locator('input[name="nick_name"]')).toHaveValue(MALLORY_NAME);
  await expect(page.locator('textarea[name="bio"]')).toHaveValue(texts('profile.bio')[0]!);
  await expectNothingRan(mallory);
});
