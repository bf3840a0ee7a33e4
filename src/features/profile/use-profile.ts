import { getDefaultStore } from 'jotai';
import { useCallback } from 'react';
import type { CallName } from '../../../schemas/api/index.ts';
import type { BodyOf, DataOf } from '../../api/client.ts';
import { meAtom } from '../../api/session.ts';
import { useCachedCall } from '../../store/cache.ts';
import { useChange } from './use-people-cache.ts';

export type Profile = DataOf<'getNewUserInfo'>;

const whose = (userId?: number) => (userId ? { user_id: userId } : {});

/** A member's profile card (one's own without `userId`), as their privacy lets the viewer see it. */
export const useProfile = (userId?: number) => useCachedCall('getNewUserInfo', whose(userId));
export const useSkills = (userId?: number) => useCachedCall('skillList', whose(userId));
export const useHobbies = (userId?: number) => useCachedCall('userHobbies', whose(userId));
export const useEducation = (userId?: number) => useCachedCall('educationList', whose(userId));
export const useWork = (userId?: number) => useCachedCall('getAllWork', whose(userId));
export const useProjects = (userId?: number) => useCachedCall('listUserProject', whose(userId));
export const useTitles = (userId?: number) => useCachedCall('titleList', whose(userId));
export const useTitleRequests = () => useCachedCall('applyJobTitleList', { page_size: 50 });

export const useEmploymentTypes = () => useCachedCall('employmentTypeList', {});
export const useIndustries = () => useCachedCall('IndustryList', {});
export const useSkillKinds = () => useCachedCall('SkillClassificationList', {});
export const useOffices = () => useCachedCall('professionalTitlesList', {});
export const useCountries = () => useCachedCall('getAddress', { level: 'country' });
export const useRegions = (countryId: number | null) => useCachedCall('getAddress', { level: 'region', ...(countryId ? { parent_id: countryId } : {}) });
export const useChapters = (level: 'global' | 'area' | 'national' | 'regional' | 'local') => useCachedCall('getOrganizationList', { level });

const PROFILE_CALLS: readonly CallName[] = ['getNewUserInfo', 'getUserInfo', 'UserTag'];

/** Keeps the shell's card of the signed-in member in step with the profile. */
const syncMe = (profile: DataOf<'getNewUserInfo'>) => {
  const store = getDefaultStore();
  const me = store.get(meAtom);
  if (me && me.user_id === profile.user_id) store.set(meAtom, { ...me, nick_name: profile.nick_name, avatar: profile.avatar });
};

/** The member's own profile: public part, personal details (sent encrypted), pictures. */
export const useEditProfile = () => {
  const change = useChange();
  const withMe = useCallback(
    async <N extends 'editUser' | 'editUsers' | 'updateUserData'>(name: N, body: BodyOf<N>) => {
      const result = await change(name, body, PROFILE_CALLS);
      if (result.ok) syncMe(result.data);
      return result;
    },
    [change],
  );
  return {
    editPublic: useCallback((body: BodyOf<'editUser'>) => withMe('editUser', body), [withMe]),
    editPersonal: useCallback((body: BodyOf<'editUsers'>) => withMe('editUsers', body), [withMe]),
    setPictures: useCallback((body: BodyOf<'updateUserData'>) => withMe('updateUserData', body), [withMe]),
  };
};

/** Adding, changing and removing the member's own skills, hobbies, education, jobs, projects and offices. */
export const useCareerActions = () => {
  const change = useChange();
  return {
    addSkill: useCallback((name: string) => change('addSkill', { name }, ['skillList', 'recommendSkill', 'getSearchResult']), [change]),
    delSkill: useCallback((id: number) => change('delSkill', { skill_id: id }, ['skillList']), [change]),
    addHobbies: useCallback((names: string[]) => change('addHobbies', { names }, ['userHobbies']), [change]),
    delHobby: useCallback((id: number) => change('delHobbies', { hobby_id: id }, ['userHobbies']), [change]),
    saveEducation: useCallback(
      (id: number | null, body: BodyOf<'addEducation'>) =>
        id ? change('editEducation', { education_id: id, ...body }, ['educationList']) : change('addEducation', body, ['educationList']),
      [change],
    ),
    delEducation: useCallback((id: number) => change('delEducation', { education_id: id }, ['educationList']), [change]),
    saveWork: useCallback(
      (id: number | null, body: BodyOf<'userAddWork'>) =>
        id ? change('userEditWork', { work_id: id, ...body }, ['getAllWork', 'UserTag']) : change('userAddWork', body, ['getAllWork', 'UserTag']),
      [change],
    ),
    delWork: useCallback((id: number) => change('userDelWork', { work_id: id }, ['getAllWork', 'UserTag']), [change]),
    saveProject: useCallback(
      (id: number | null, body: BodyOf<'userAddProject'>) =>
        id ? change('userEditProject', { project_id: id, ...body }, ['listUserProject']) : change('userAddProject', body, ['listUserProject']),
      [change],
    ),
    delProject: useCallback((id: number) => change('userDelProject', { project_id: id }, ['listUserProject']), [change]),
    addTitle: useCallback(
      (body: BodyOf<'addUserJobTitle'>, confirm: boolean) =>
        confirm ? change('applyJobTitle', body, ['titleList', 'applyJobTitleList']) : change('addUserJobTitle', body, ['titleList', 'UserTag']),
      [change],
    ),
    delTitle: useCallback((id: number) => change('titleDel', { user_title_id: id }, ['titleList', 'applyJobTitleList', 'UserTag']), [change]),
  };
};
