import { useTranslation } from 'react-i18next';
import { useUnreadCounts } from './use-notifications.ts';

/** The navigation's unread notification count; it changes live as notifications arrive or are read. */
export const NotificationBadge = () => {
  const { t } = useTranslation();
  const counts = useUnreadCounts();
  const total = counts?.total ?? 0;
  if (total === 0) return null;
  return (
    <span className="badge" aria-label={t('notifications.unread', { count: total })} data-testid="notification-badge">
      {total > 99 ? '99+' : total}
    </span>
  );
};
