import { useCallback, useRef, useState } from 'react';
import { PHOTO_MAX_BYTES } from '../../../schemas/rules.ts';
import { Status } from '../../../schemas/status.ts';
import { endSession } from '../../api/session.ts';
import { getToken } from '../../api/token.ts';
import { currentLang } from '../../i18n/i18n.ts';

declare const __APP_VERSION__: string;

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** One picture on its way up: its progress, then its address (or why it failed). */
export interface Upload {
  key: string;
  name: string;
  /** A local preview while it uploads. */
  preview: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  url: string | null;
  error: 'tooLarge' | 'network' | 'refused' | null;
  message: string;
}

/**
 * Sends one picture to uploadImage as multipart/form-data, reporting progress (fetch cannot, so
 * this uses XMLHttpRequest). Resolves with the stored picture's address.
 */
const sendImage = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) =>
  new Promise<{ ok: true; url: string } | { ok: false; error: 'network' | 'refused'; message: string }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploadImage');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.setRequestHeader('lang', currentLang());
    xhr.setRequestHeader('version', typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let envelope: { status?: number; msg?: string; data?: { url?: string } } = {};
      try {
        envelope = JSON.parse(xhr.responseText) as typeof envelope;
      } catch {
        return resolve({ ok: false, error: 'network', message: `HTTP ${xhr.status}` });
      }
      if (envelope.status === Status.ok && envelope.data?.url) return resolve({ ok: true, url: envelope.data.url });
      if (envelope.status === Status.tokenInvalid) endSession({ remember: true });
      resolve({ ok: false, error: 'refused', message: envelope.msg ?? `HTTP ${xhr.status}` });
    };
    xhr.onerror = () => resolve({ ok: false, error: 'network', message: '' });
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });

/**
 * Pictures for a post or an album: each is checked against the 5 MB limit (spec section 5) before
 * it is sent, uploads with visible progress, and can be removed before posting.
 */
export const useImageUploads = (max: number) => {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const aborts = useRef(new Map<string, AbortController>());

  const update = (key: string, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));

  const add = useCallback(
    (files: FileList | File[]) => {
      const room = Math.max(0, max - uploads.length);
      for (const file of [...files].slice(0, room)) {
        const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
        const preview = URL.createObjectURL(file);
        if (file.size > PHOTO_MAX_BYTES) {
          setUploads((list) => [...list, { key, name: file.name, preview, progress: 0, state: 'failed', url: null, error: 'tooLarge', message: '' }]);
          continue;
        }
        setUploads((list) => [...list, { key, name: file.name, preview, progress: 0, state: 'uploading', url: null, error: null, message: '' }]);
        const controller = new AbortController();
        aborts.current.set(key, controller);
        void sendImage(file, (progress) => update(key, { progress }), controller.signal).then((result) => {
          aborts.current.delete(key);
          if (result.ok) update(key, { state: 'done', progress: 1, url: result.url });
          else update(key, { state: 'failed', error: result.error, message: result.message });
        });
      }
      return files.length > room;
    },
    [max, uploads.length],
  );

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.abort();
    aborts.current.delete(key);
    setUploads((list) => {
      const gone = list.find((u) => u.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((u) => u.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    setUploads((list) => {
      for (const u of list) URL.revokeObjectURL(u.preview);
      return [];
    });
  }, []);

  return {
    uploads,
    add,
    remove,
    clear,
    busy: uploads.some((u) => u.state === 'uploading'),
    urls: uploads.filter((u) => u.state === 'done' && u.url).map((u) => u.url!),
    hasFailed: uploads.some((u) => u.state === 'failed'),
  };
};
