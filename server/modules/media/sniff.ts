/**
 * A file's real type from its first bytes ("magic numbers"), never from its name or the type the
 * browser declared: a renamed executable or an HTML page posing as a photo is refused.
 */
export interface Sniffed {
  mime: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'application/pdf';
  ext: 'jpg' | 'png' | 'webp' | 'gif' | 'pdf';
}

const startsWith = (buf: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export const sniff = (buf: Uint8Array): Sniffed | null => {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return { mime: 'image/gif', ext: 'gif' };
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp' };
  if (startsWith(buf, ascii('%PDF-'))) return { mime: 'application/pdf', ext: 'pdf' };
  return null;
};
