import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PostComposer } from './post-composer.tsx';
import { PostListView } from './post-list.tsx';
import { useMe, usePostList } from './use-feed.ts';

/**
 * The posts tab of a profile: a member's posts that the viewer may see (their own in full, with
 * the composer), newest first, from this device's copy when offline. Mount it on /profile.
 */
export const ProfilePosts = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const me = useMe();
  const own = me?.user_id === userId;
  const params = useMemo(() => ({ user_id: userId }), [userId]);
  const list = usePostList('getUserPostList', params);
  return (
    <div className="stack">
      {own && <PostComposer online={list.online} />}
      <PostListView list={list} label={t('feed.profile.label')} empty={own ? t('feed.profile.emptyOwn') : t('feed.profile.empty')} />
    </div>
  );
};
