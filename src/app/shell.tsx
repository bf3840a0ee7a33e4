import { Link, Outlet } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { meAtom } from '../api/session.ts';
import { useEffect } from 'react';
import { ChatBadge } from '../features/chat/chat-badge.tsx';
import { ConnectionStatus } from '../features/chat/connection-status.tsx';
import { startChatEngine } from '../features/chat/engine/engine.ts';
import { useUnreadTotal } from '../features/chat/use-chat.ts';
import { useAppBadge } from '../features/app-update/use-app-badge.ts';
import { LanguageSelect } from '../features/settings/language-select.tsx';
import { ThemeToggle } from '../features/settings/theme-toggle.tsx';
import { NotificationBadge } from '../features/notifications/notification-badge.tsx';
import { useNotificationsLive } from '../features/notifications/use-notifications.ts';
import { useFeedOutbox } from '../features/feed/use-feed-outbox.ts';
import { NAV_ITEMS } from './nav.ts';

/** The signed-in frame: navigation on the inline-start side (bottom bar on phones), header, page. */
export const Shell = () => {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  // The chat engine runs while a member is signed in; main.tsx stops it at sign-out.
  useEffect(() => {
    if (me) void startChatEngine(me.user_id);
  }, [me]);
  // Community: offline posts, likes and comments are sent when possible; notifications arrive live.
  useFeedOutbox();
  useNotificationsLive();
  // The unread total on the installed app's icon too.
  useAppBadge(useUnreadTotal());
  return (
    <div className="shell">
      <nav className="shell-nav" aria-label={t('nav.label')} data-testid="main-nav">
        <Link to="/newsfeeds" className="shell-brand">
          {t('app.name')}
        </Link>
        {NAV_ITEMS.map((item) => (
          <Link key={item.to} to={item.to} className="nav-link">
            <span className="nav-icon" aria-hidden="true">
              {item.icon}
            </span>
            <span>{t(item.label)}</span>
            {item.to === '/chat' && <ChatBadge />}
            {item.to === '/notification' && <NotificationBadge />}
          </Link>
        ))}
      </nav>
      <header className="shell-header">
        <ConnectionStatus />
        <div className="row">
          {me && (
            <span className="muted member-name" dir="auto">
              {me.nick_name}
            </span>
          )}
          <LanguageSelect />
          <ThemeToggle />
        </div>
      </header>
      <main className="shell-main" id="main">
        <Outlet />
      </main>
    </div>
  );
};
