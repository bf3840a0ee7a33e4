import { useTranslation } from 'react-i18next';
import { useUnreadTotal } from './use-chat.ts';

/** The navigation's unread count for chat, from the server's counters in the replica. */
export const ChatBadge = () => {
  const { t } = useTranslation();
  const total = useUnreadTotal();
  if (total === 0) return null;
  return (
    <span className="badge" aria-label={t('chat.unread', { count: total })} data-testid="chat-badge">
      {total > 99 ? '99+' : total}
    </span>
  );
};
