import { Link, Outlet } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { meAtom } from '../api/session.ts';
import { onlineAtom } from '../store/online.ts';
import { LanguageSelect } from '../features/settings/language-select.tsx';
import { ThemeToggle } from '../features/settings/theme-toggle.tsx';
import { NAV_ITEMS } from './nav.ts';

/** The signed-in frame: navigation on the inline-start side (bottom bar on phones), header, page. */
export const Shell = () => {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const online = useAtomValue(onlineAtom);
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
          </Link>
        ))}
      </nav>
      <header className="shell-header">
        <span className="connection" data-state={online ? 'online' : 'offline'} role="status">
          {online ? t('connection.online') : t('connection.offline')}
        </span>
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
