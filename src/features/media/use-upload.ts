/**
 * Uploading a picture or a document with progress. Uploads go by XMLHttpRequest, the one
 * browser API that reports upload progress; the answer is the usual envelope, read with the same
 * status rules as every other call. The size and type are checked here first, so a 6 MB photo
 * is refused before a byte is sent; the server checks both again and sniffs the real type.
 */
import { useCallback, useRef, useState } from 'react';
import { FILE_MAX_BYTES, FILE_TYPES, IMAGE_TYPES, PHOTO_MAX_BYTES } from '../../../schemas/api/media.ts';
import type { EnvelopeOf } from '../../../schemas/envelope.ts';
import { Status } from '../../../schemas/status.ts';
import type { DataOf } from '../../api/client.ts';
import { endSession } from '../../api/session.ts';
import { getToken } from '../../api/token.ts';
import { currentLang } from '../../i18n/i18n.ts';

declare const __APP_VERSION__: string;

export type Uploaded = DataOf<'uploadImage'>;
export type UploadKind = 'image' | 'file';

/** Why a file was refused, said before or after sending. */
export type UploadProblem = { kind: 'tooLarge'; maxMb: number } | { kind: 'wrongType' } | { kind: 'network' } | { kind: 'server'; message: string };

export type UploadState =
  | { state: 'idle' }
  | { state: 'sending'; name: string; loaded: number; total: number }
  | { state: 'done'; uploaded: Uploaded }
  | { state: 'failed'; name: string; problem: UploadProblem };

const LIMITS = {
  image: { call: 'uploadImage', max: PHOTO_MAX_BYTES, types: IMAGE_TYPES as readonly string[] },
  file: { call: 'uploadFile', max: FILE_MAX_BYTES, types: FILE_TYPES as readonly string[] },
} as const;

/** Checks a chosen file against the limits of its kind, before any upload. */
export const checkFile = (file: { size: number; type: string }, kind: UploadKind): UploadProblem | null => {
  const limit = LIMITS[kind];
  if (file.size > limit.max) return { kind: 'tooLarge', maxMb: limit.max / (1024 * 1024) };
  // Browsers leave the type empty for unknown extensions: the server's sniffing decides then.
  if (file.type && !limit.types.includes(file.type)) return { kind: 'wrongType' };
  return null;
};

class UploadFailed extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem.kind);
  }
}

const send = (file: File, kind: UploadKind, onProgress: (loaded: number, total: number) => void, signal: AbortSignal) =>
  new Promise<Uploaded>((resolve, reject: (error: UploadFailed) => void) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${LIMITS[kind].call}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.setRequestHeader('lang', currentLang());
    xhr.setRequestHeader('version', typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev');
    xhr.timeout = 120_000;
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onerror = () => reject(new UploadFailed({ kind: 'network' }));
    xhr.ontimeout = () => reject(new UploadFailed({ kind: 'network' }));
    xhr.onabort = () => reject(new UploadFailed({ kind: 'network' }));
    xhr.onload = () => {
      let envelope: EnvelopeOf<Uploaded>;
      try {
        envelope = JSON.parse(xhr.responseText) as EnvelopeOf<Uploaded>;
      } catch {
        return reject(new UploadFailed({ kind: 'network' }));
      }
      if (envelope.status === Status.ok && envelope.data) return resolve(envelope.data);
      if (envelope.status === Status.tokenInvalid) endSession({ remember: true });
      reject(new UploadFailed({ kind: 'server', message: envelope.msg }));
    };
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    if (kind === 'file') form.append('name', file.name.slice(0, 200));
    form.append('file', file, file.name);
    xhr.send(form);
  });

/** One upload at a time, with its progress; `upload` resolves with the stored file or null. */
export const useUpload = (kind: UploadKind) => {
  const [state, setState] = useState<UploadState>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const upload = useCallback(
    async (file: File): Promise<Uploaded | null> => {
      const problem = checkFile(file, kind);
      if (problem) {
        setState({ state: 'failed', name: file.name, problem });
        return null;
      }
      abort.current = new AbortController();
      setState({ state: 'sending', name: file.name, loaded: 0, total: file.size });
      try {
        const uploaded = await send(file, kind, (loaded, total) => setState({ state: 'sending', name: file.name, loaded, total }), abort.current.signal);
        setState({ state: 'done', uploaded });
        return uploaded;
      } catch (e) {
        setState({ state: 'failed', name: file.name, problem: e instanceof UploadFailed ? e.problem : { kind: 'network' } });
        return null;
      }
    },
    [kind],
  );
  return { state, upload, cancel: useCallback(() => abort.current?.abort(), []), reset: useCallback(() => setState({ state: 'idle' }), []) };
};
