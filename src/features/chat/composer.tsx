import { Popover } from 'radix-ui';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX } from '../../../schemas/api/chat.ts';
import { Button } from '../../ui/button.tsx';
import { useEmoji } from './use-chat.ts';

/** The message box: Enter sends, Shift+Enter breaks the line; empty messages cannot be sent. */
export const Composer = ({ onSend }: { onSend: (text: string) => Promise<void> }) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const { groups, load } = useEmoji();

  const send = async () => {
    if (!text.trim()) {
      setError(t('chat.emptyMessage'));
      return;
    }
    if ([...text].length > CHAT_TEXT_MAX) {
      setError(t('chat.tooLong', { max: CHAT_TEXT_MAX }));
      return;
    }
    setError(null);
    const sending = text;
    // Cleared at once so the next message can be typed while this one is written to the outbox.
    setText('');
    try {
      await onSend(sending);
    } catch {
      // Not even written on this device: give the text back rather than lose it.
      setText((typed) => typed || sending);
      setError(t('chat.notSaved'));
      return;
    }
    box.current?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  const insert = (emoji: string) => {
    const el = box.current;
    const at = el?.selectionStart ?? text.length;
    setText(text.slice(0, at) + emoji + text.slice(el?.selectionEnd ?? at));
  };

  return (
    <div className="chat-composer">
      <label htmlFor={id} className="visually-hidden">
        {t('chat.composer')}
      </label>
      <Popover.Root onOpenChange={(open) => open && void load().catch(() => undefined)}>
        <Popover.Trigger asChild>
          <button type="button" className="btn" data-variant="ghost" aria-label={t('chat.emoji')}>
            <span aria-hidden="true">☺</span>
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className="emoji-panel" sideOffset={6} align="start">
            {groups === null ? (
              <p className="muted">{t('chat.emojiLoading')}</p>
            ) : (
              groups.slice(0, 8).map((g) => (
                <section key={g.slug} aria-label={g.name}>
                  <h3 className="emoji-group">{g.name}</h3>
                  <div className="emoji-grid">
                    {g.emojis.slice(0, 64).map((e) => (
                      <button key={e.emoji} type="button" className="emoji" title={e.name} aria-label={e.name} onClick={() => insert(e.emoji)}>
                        {e.emoji}
                      </button>
                    ))}
                  </div>
                </section>
              ))
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <textarea
        id={id}
        ref={box}
        dir="auto"
        rows={1}
        value={text}
        placeholder={t('chat.composerPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKey}
        data-testid="composer"
      />
      {/* No click lock here: chat is sent as fast as it is typed; the outbox keeps the order. */}
      <Button onClick={() => send()} lockMs={0} disabled={!text.trim()} data-testid="send">
        {t('chat.send')}
      </Button>
      {error && (
        <span id={`${id}-error`} className="field-error chat-composer-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
};
