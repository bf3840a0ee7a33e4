import { useTranslation } from 'react-i18next';
import { useConnection } from './use-chat.ts';

/** Always visible in the header: offline, connecting, syncing or online, and what waits to be sent. */
export const ConnectionStatus = () => {
  const { t } = useTranslation();
  const { connection, queued, draining } = useConnection();
  const state = connection.state === 'online' && draining ? 'syncing' : connection.state;
  return (
    <span className="connection" data-state={state} role="status" data-testid="connection">
      {t(`chat.connection.${state}`)}
      {queued > 0 && <span data-testid="queued"> · {t('chat.connection.queued', { count: queued })}</span>}
    </span>
  );
};
