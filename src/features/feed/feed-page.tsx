import { Link, useLocation } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { CachedView } from './community-ui.tsx';
import { HomeAds } from './home-ads.tsx';
import { PostCard } from './post-card.tsx';
import { PostComposer } from './post-composer.tsx';
import { PostListView } from './post-list.tsx';
import { usePost, usePostList, withPendingLikes } from './use-feed.ts';
import { usePendingWrites } from './use-feed-outbox.ts';
import { useTimeFormat } from './use-time-format.ts';
import { onlineAtom } from '../../store/online.ts';

const NO_PARAMS = {};

/** /newsfeeds, where members land after sign-in: the advertisements, a post to write, the feed. */
export const FeedPage = () => {
  const { t } = useTranslation();
  const list = usePostList('homePage', NO_PARAMS);
  return (
    <div className="cm-feed-layout">
      <div className="stack cm-feed-main">
        <h1>{t('feed.title')}</h1>
        <HomeAds placement="carousel" />
        <PostComposer online={list.online} />
        <PostListView list={list} label={t('feed.listLabel')} empty={t('feed.empty')} />
      </div>
      <HomeAds placement="lift" />
    </div>
  );
};

/** /newsfeeds/$id: one post with its comments open (a link from a notification or a share). */
export const PostPage = () => {
  const { t } = useTranslation();
  // /newsfeeds/$id: the id is the path's last part.
  const postId = Number(useLocation().pathname.split('/')[2]);
  const valid = Number.isInteger(postId) && postId > 0 && postId <= 2_147_483_647;
  return (
    <div className="stack">
      <Link to="/newsfeeds" className="cm-back">
        {t('feed.backToFeed')}
      </Link>
      {valid ? <OnePost postId={postId} /> : <p className="empty">{t('feed.notFound')}</p>}
    </div>
  );
};

const OnePost = ({ postId }: { postId: number }) => {
  const { t } = useTranslation();
  const formatTime = useTimeFormat();
  const online = useAtomValue(onlineAtom);
  const post = usePost(postId);
  const pending = usePendingWrites();
  if (post.state === 'error' && post.error.status === 4002) return <p className="empty">{t('feed.notFound')}</p>;
  return (
    <CachedView result={post} what={t('feed.thisPost')}>
      {(data) => <PostCard post={withPendingLikes(data, pending)} online={online} formatTime={formatTime} expanded />}
    </CachedView>
  );
};
