import * as people from '../../../schemas/api/people.ts';
import * as calls from '../../../schemas/api/profile.ts';
import { Answer } from '../../http/answer.ts';
import { implement } from '../../http/context.ts';
import { workOf } from './career.ts';
import { addressOptions, myTimeZone, organisationList, timeZones } from './places.ts';
import { notificationSettingsOf, setNotificationSettings } from './notification-settings.ts';
import { privacyOf, setPrivacy } from './privacy.ts';
import { editPersonal, editPictures, editPublic, readProfile } from './profiles.ts';
import { titlesShown } from './job-titles.ts';

/** The profile card, settings, and places: the calls of schemas/api/profile.ts and the places of people.ts. */
export const profileCalls = [
  implement(calls.getUserInfo, async (body, { deps, member }) => ({ user_info: await readProfile(deps.db, member.userId, body.user_id ?? member.userId) })),

  implement(calls.getNewUserInfo, async (body, { deps, member }) => readProfile(deps.db, member.userId, body.user_id ?? member.userId)),

  implement(calls.editUser, async (body, { deps, member }) => {
    await editPublic(deps.db, member.userId, body);
    return new Answer(await readProfile(deps.db, member.userId, member.userId), 'profileSaved', true);
  }),

  implement(calls.editUsers, async (body, { deps, member }) => {
    await editPersonal(deps.db, member.userId, body);
    return new Answer(await readProfile(deps.db, member.userId, member.userId), 'profileSaved', true);
  }),

  implement(calls.updateUserData, async (body, { deps, member }) => {
    await editPictures(deps.db, member.userId, body);
    return new Answer(await readProfile(deps.db, member.userId, member.userId), 'pictureSaved', true);
  }),

  implement(calls.UserTag, async (body, { deps, member, lang }) => {
    const profile = await readProfile(deps.db, member.userId, body.user_id ?? member.userId);
    const titles = (await titlesShown(deps.db, lang, profile.user_id)).slice(0, 3);
    const [work] = (await workOf(deps.db, lang, profile.user_id)).filter((w) => w.is_current);
    return [
      ...(profile.chapter ? [{ kind: 'chapter' as const, label: profile.chapter.name }] : []),
      ...titles.map((t) => ({ kind: 'title' as const, label: `${t.title_name} ${t.year}` })),
      ...(work ? [{ kind: 'work' as const, label: `${work.position}, ${work.company}` }] : []),
    ];
  }),

  implement(calls.getPrivacy, async (_body, { deps, member }) => privacyOf(deps.db, member.userId)),

  implement(calls.PrivacySet, async (body, { deps, member }) => new Answer(await setPrivacy(deps.db, member.userId, body), 'privacySaved', true)),

  implement(calls.getNotification, async (_body, { deps, member }) => notificationSettingsOf(deps.db, member.userId)),

  implement(calls.notificationSet, async (body, { deps, member }) =>
    new Answer(await setNotificationSettings(deps.db, member.userId, body), 'notificationsSaved', true),
  ),

  implement(people.getAddress, async (body, { deps }) => addressOptions(deps.db, body.level, body.parent_id)),

  implement(people.getOrganizationList, async (body, { deps }) => organisationList(deps.db, body)),

  implement(people.getTimeArea, async () => timeZones()),

  implement(people.getMyTimeArea, async (_body, { deps, member }) => myTimeZone(deps.db, member.userId)),
];
