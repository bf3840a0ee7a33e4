import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../profile/member-avatar.tsx';
import type { MemberCard } from './use-friends.ts';

/** One member in a list: picture, name (to their profile), chapter, and what can be done. */
export const MemberRow = ({ member, note, children }: { member: Pick<MemberCard, 'user_id' | 'nick_name' | 'avatar' | 'chapter'>; note?: ReactNode; children?: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <li className="people-row" data-testid="member-row">
      <MemberAvatar name={member.nick_name} src={member.avatar} />
      <div className="people-row-main">
        <Link to="/profile" search={{ user_id: member.user_id }} className="people-name" dir="auto">
          {member.nick_name}
        </Link>
        <span className="muted people-row-meta" dir="auto">
          {member.chapter ? member.chapter.name : t('profile.noChapter')}
        </span>
        {note}
      </div>
      {children}
    </li>
  );
};
