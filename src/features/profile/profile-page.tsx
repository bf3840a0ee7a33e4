import { useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { meAtom } from '../../api/session.ts';
import { FriendList } from '../friends/friend-request-page.tsx';
import { useFriendsLive } from '../friends/use-friends-live.ts';
import { AlbumsTab } from '../media/albums-tab.tsx';
import { VideosTab } from '../media/videos-tab.tsx';
import { CachedView } from './cached-states.tsx';
import { EducationSection, ProjectSection, WorkSection } from './career-sections.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { HobbiesSection, SkillsSection } from './skills-section.tsx';
import { TitlesSection } from './titles-section.tsx';
import { useProfile, type Profile } from './use-profile.ts';

/** /profile (one's own, editable) and /profile?user_id=N (another member's, as their privacy allows). */
export const ProfilePage = () => {
  const { t } = useTranslation();
  useFriendsLive();
  const me = useAtomValue(meAtom);
  const search: { user_id?: unknown } = useSearch({ strict: false });
  const asked = Number(search.user_id);
  const userId = Number.isInteger(asked) && asked > 0 && asked !== me?.user_id ? asked : undefined;
  const profile = useProfile(userId);
  return (
    <div className="stack people-profile">
      <CachedView cached={profile} label={t('profile.loading')}>
        {(p) => <ProfileView profile={p} userId={userId} />}
      </CachedView>
    </div>
  );
};

const ProfileView = ({ profile, userId }: { profile: Profile; userId?: number }) => {
  const { t } = useTranslation();
  const mine = profile.is_me;
  return (
    <>
      <ProfileHeader profile={profile} />
      {!profile.blocked_by_me && (
        <Tabs.Root defaultValue="about" className="stack">
          <Tabs.List className="people-tabs" aria-label={t('profile.tabsLabel')}>
            <Tabs.Trigger value="about" className="people-tab">
              {t('profile.tabs.about')}
            </Tabs.Trigger>
            <Tabs.Trigger value="friends" className="people-tab">
              {t('profile.tabs.friends')}
            </Tabs.Trigger>
            <Tabs.Trigger value="albums" className="people-tab">
              {t('profile.tabs.albums')}
            </Tabs.Trigger>
            <Tabs.Trigger value="videos" className="people-tab">
              {t('profile.tabs.videos')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="about" className="stack">
            <ProfileDetails profile={profile} />
            <SkillsSection userId={userId} mine={mine} />
            <WorkSection userId={userId} mine={mine} />
            <EducationSection userId={userId} mine={mine} />
            <ProjectSection userId={userId} mine={mine} />
            <TitlesSection userId={userId} mine={mine} />
            <HobbiesSection userId={userId} mine={mine} />
          </Tabs.Content>
          <Tabs.Content value="friends">
            <FriendList userId={userId} />
          </Tabs.Content>
          <Tabs.Content value="albums">
            <AlbumsTab userId={userId} mine={mine} />
          </Tabs.Content>
          <Tabs.Content value="videos">
            <VideosTab userId={userId} mine={mine} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </>
  );
};
