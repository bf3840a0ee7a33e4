import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onlineAtom } from '../../store/online.ts';
import { RelationActions } from '../friends/relation-actions.tsx';
import { UploadStatus } from '../media/upload-status.tsx';
import { useUpload } from '../media/use-upload.ts';
import { MemberAvatar } from './member-avatar.tsx';
import { unreachable } from './use-people-cache.ts';
import { useEditProfile, type Profile } from './use-profile.ts';

/** Name, picture, chapter and introduction; the member's own picture can be changed here. */
export const ProfileHeader = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation();
  return (
    <header className="card people-header" style={profile.cover ? { backgroundImage: `linear-gradient(rgb(0 0 0 / 35%), rgb(0 0 0 / 55%)), url(${profile.cover})` } : undefined} data-cover={Boolean(profile.cover)}>
      <MemberAvatar name={profile.nick_name} src={profile.avatar} size={6} />
      <div className="people-header-main">
        <h1 dir="auto">{profile.nick_name}</h1>
        <p className="people-header-meta">
          {profile.chapter ? <span dir="auto">{profile.chapter.name}</span> : <span>{t('profile.noChapter')}</span>}
          {profile.friend_total !== null && <span>{t('friends.total', { count: profile.friend_total })}</span>}
        </p>
        {profile.bio && (
          <p className="people-bio" dir="auto">
            {profile.bio}
          </p>
        )}
        {profile.blocked_by_me && <p className="alert">{t('profile.youBlocked')}</p>}
        {profile.is_me ? <PictureChanger /> : <RelationActions member={profile} withBlock />}
      </div>
    </header>
  );
};

const PictureChanger = () => {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom);
  const { state, upload } = useUpload('image');
  const { setPictures } = useEditProfile();
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const choose = async (file: File | undefined, field: 'avatar' | 'cover') => {
    if (!file) return;
    setError(null);
    const uploaded = await upload(file);
    if (!uploaded) return;
    const result = await setPictures({ [field]: uploaded.url });
    if (!result.ok) setError(unreachable(result) ? t('people.network') : result.message);
  };
  return (
    <div className="stack people-picture">
      <div className="row">
        <input id={`${inputId}-avatar`} className="visually-hidden people-file" type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={!online} onChange={(e) => void choose(e.target.files?.[0], 'avatar')} />
        <label htmlFor={`${inputId}-avatar`} className="btn" data-variant="secondary" aria-disabled={!online}>
          {t('profile.changePicture')}
        </label>
        <input id={`${inputId}-cover`} className="visually-hidden people-file" type="file" accept="image/jpeg,image/png,image/webp,image/gif" disabled={!online} onChange={(e) => void choose(e.target.files?.[0], 'cover')} />
        <label htmlFor={`${inputId}-cover`} className="btn" data-variant="ghost" aria-disabled={!online}>
          {t('profile.changeCover')}
        </label>
      </div>
      <UploadStatus state={state} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};
