/* Test helpers: files of a given type and size, sent as the browser sends them (multipart/form-data). */
import type { TestServer } from '../../test/harness.ts';

const MAGIC = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [...'GIF89a'].map((c) => c.charCodeAt(0)),
  webp: [...'RIFF\u0000\u0000\u0000\u0000WEBPVP8 '].map((c) => c.charCodeAt(0)),
  pdf: [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0)),
  svg: [...'<svg xmlns="http://www.w3.org/2000/svg"></svg>'].map((c) => c.charCodeAt(0)),
  text: [...'just some text'].map((c) => c.charCodeAt(0)),
};

/** A file starting with the signature of `kind`, padded to `size` bytes. */
export const fileOf = (kind: keyof typeof MAGIC, size = 1024): Buffer => {
  const buf = Buffer.alloc(Math.max(size, MAGIC[kind].length), 0x20);
  Buffer.from(MAGIC[kind]).copy(buf);
  return buf;
};

export const upload = async (
  server: TestServer,
  call: string,
  token: string,
  files: { name: string; bytes: Buffer; type?: string; field?: string }[],
  fields: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? 'file', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const request = new Request('http://x', { method: 'POST', body: form });
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    headers: { authorization: token, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { http: res.statusCode, ...res.json<{ status: number; msg: string; data: { url: string; mime: string; size: number; name: string } | null }>() };
};
