import type { TFunction } from 'i18next';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageDoc } from '../../../schemas/collections/chat.ts';
import { showToast } from '../../app/toasts.ts';
import type { OutboxItem } from '../../store/outbox-runner.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { systemText } from './system-text.ts';
import type { TimeLabel } from './time-label.ts';
import { useDeleteMessage, useDiscardMessage, useRetryMessage } from './use-chat.ts';

/**
 * A message from the replica: the server's copy, in the server's order. Memoised, and given the
 * conversation's translator and time label rather than asking for its own: a conversation renders
 * many of these, and again each time the virtual list measures its rows.
 */
export const StoredMessage = memo(function StoredMessage({ message, mine, showName, t, label }: { message: MessageDoc; mine: boolean; showName: boolean; t: TFunction; label: TimeLabel }) {
  const remove = useDeleteMessage();
  const [confirm, setConfirm] = useState(false);
  if (message.msg_type === 8) {
    return (
      <p className="chat-system" dir="auto">
        {systemText(t, message.content)}
      </p>
    );
  }
  return (
    <div className="chat-message" data-mine={mine} data-testid="message" data-state="sent">
      {showName && !mine && (
        <span className="chat-message-name" dir="auto">
          {message.nick_name}
        </span>
      )}
      <p className="chat-bubble" dir="auto">
        {message.content}
      </p>
      <span className="chat-message-meta muted">
        <time dateTime={message.send_time} title={label(message.send_time, true)}>
          {label(message.send_time)}
        </time>
        {mine && (
          <button type="button" className="link-button" onClick={() => setConfirm(true)}>
            {t('chat.deleteMessage')}
          </button>
        )}
      </span>
      {/* Mounted only when asked for: a conversation shows many messages and opens faster without 50 closed dialogs. */}
      {confirm && (
        <ConfirmDialog
          open
          onOpenChange={setConfirm}
          title={t('chat.deleteTitle')}
          description={t('chat.deleteBody')}
          confirmLabel={t('chat.deleteMessage')}
          onConfirm={() => remove(message.id).then(() => showToast('info', t('chat.deletedToast')), () => undefined)}
        />
      )}
    </div>
  );
});

/** A message still in the outbox: shown at once, at the end; failed ones say why and offer a choice. */
export const PendingMessage = ({ item }: { item: OutboxItem }) => {
  const { t } = useTranslation();
  const retry = useRetryMessage();
  const discard = useDiscardMessage();
  const content = (item.body as { content: string }).content;
  return (
    <div className="chat-message" data-mine="true" data-testid="message" data-state={item.status}>
      <p className="chat-bubble" dir="auto">
        {content}
      </p>
      {item.status === 'failed' ? (
        <span className="chat-message-meta chat-failed" role="alert">
          {t('chat.failed', { reason: item.error?.message ?? '' })}
          <Button variant="ghost" onClick={() => retry(item.id)}>
            {t('chat.retry')}
          </Button>
          <Button variant="ghost" onClick={() => discard(item.id)}>
            {t('chat.discard')}
          </Button>
        </span>
      ) : (
        <span className="chat-message-meta muted">
          <span aria-hidden="true">🕓</span> {t('chat.pending')}
        </span>
      )}
    </div>
  );
};
