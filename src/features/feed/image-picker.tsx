import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, type useImageUploads } from './use-image-upload.ts';

/**
 * Choose pictures and watch them upload: each thumbnail shows its progress (announced to screen
 * readers), why it failed, and a button to remove it.
 */
export const ImagePicker = ({ uploads, max, disabled }: { uploads: ReturnType<typeof useImageUploads>; max: number; disabled: boolean }) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const full = uploads.uploads.length >= max;
  return (
    <div className="stack cm-images-picker">
      {uploads.uploads.length > 0 && (
        <ul className="cm-thumbs" aria-label={t('feed.images.chosen')}>
          {uploads.uploads.map((u) => (
            <li key={u.key} className="cm-thumb" data-state={u.state}>
              <img src={u.preview} alt={u.name} />
              {u.state === 'uploading' && (
                <progress max={1} value={u.progress} aria-label={t('feed.images.progress', { name: u.name })}>
                  {Math.round(u.progress * 100)}%
                </progress>
              )}
              {u.state === 'failed' && (
                <span className="field-error" role="alert">
                  {u.error === 'tooLarge'
                    ? t('feed.images.tooLarge', { name: u.name })
                    : u.error === 'network'
                      ? t('feed.images.network', { name: u.name })
                      : t('feed.images.refused', { name: u.name, message: u.message })}
                </span>
              )}
              <button type="button" className="btn cm-thumb-remove" data-variant="secondary" onClick={() => uploads.remove(u.key)} aria-label={t('feed.images.remove', { name: u.name })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <input
          ref={input}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="image-input"
          onChange={(e) => {
            if (e.target.files) uploads.add(e.target.files);
            e.target.value = '';
          }}
        />
        <button type="button" className="btn" data-variant="secondary" disabled={disabled || full} aria-describedby={hintId} onClick={() => input.current?.click()}>
          {t('feed.images.add')}
        </button>
        <span id={hintId} className="field-hint">
          {disabled ? t('feed.images.offline') : t('feed.images.hint', { count: uploads.uploads.length, max })}
        </span>
      </div>
    </div>
  );
};
