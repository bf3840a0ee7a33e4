import { useTranslation } from 'react-i18next';
import type { UploadState } from './use-upload.ts';

/** An upload as it goes: a progress bar while sending, and why a file was refused. */
export const UploadStatus = ({ state }: { state: UploadState }) => {
  const { t } = useTranslation();
  if (state.state === 'sending') {
    const percent = state.total ? Math.round((state.loaded / state.total) * 100) : 0;
    return (
      <div className="stack people-upload" role="status">
        <span className="muted" dir="auto">
          {t('media.uploading', { name: state.name, percent })}
        </span>
        <progress max={100} value={percent} aria-label={t('media.progress', { name: state.name })} />
      </div>
    );
  }
  if (state.state === 'failed') {
    const { problem } = state;
    const message =
      problem.kind === 'tooLarge'
        ? t('media.tooLarge', { name: state.name, max: problem.maxMb })
        : problem.kind === 'wrongType'
          ? t('media.wrongType', { name: state.name })
          : problem.kind === 'network'
            ? t('media.network', { name: state.name })
            : problem.message;
    return (
      <p className="alert" role="alert" data-testid="upload-error">
        {message}
      </p>
    );
  }
  return null;
};
