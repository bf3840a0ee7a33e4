/**
 * Uploaded files on local disk: DATA_DIR/uploads/<yyyy>/<random>.<ext>, served read-only at
 * /uploads/<yyyy>/<random>.<ext>. The random part (128 bits) makes a url unguessable; names are
 * never reused, so the files are cached for a year.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Status } from '../../../schemas/status.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { invalid } from '../../http/answer.ts';
import { langOf, translate } from '../../http/messages.ts';
import { sniff, type Sniffed } from './sniff.ts';

export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');

const FILE_NAME = /^[A-Za-z0-9_-]{16,64}\.(jpg|png|webp|gif|pdf)$/;
const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf' };

export interface Stored {
  url: string;
  mime: string;
  size: number;
  name: string;
}

/** Checks the bytes are one of `allowed` types, writes them, and records whose they are. */
export const storeUpload = async (
  db: Db,
  config: Pick<Config, 'dataDir'>,
  input: { userId: number; file: unknown; kind: 'image' | 'file'; allowed: readonly Sniffed['mime'][]; name?: string; typeRule: string },
): Promise<Stored> => {
  if (!(input.file instanceof Uint8Array)) throw invalid('file', 'must be a file sent as multipart/form-data');
  if (input.file.length === 0) throw invalid('file', 'is empty');
  const type = sniff(input.file);
  if (!type || !input.allowed.includes(type.mime)) throw invalid('file', input.typeRule);
  const year = String(new Date().getUTCFullYear());
  const file = `${crypto.randomBytes(16).toString('base64url')}.${type.ext}`;
  const dir = path.join(uploadsDir(config), year);
  await fs.promises.mkdir(dir, { recursive: true });
  const full = path.join(dir, file);
  await fs.promises.writeFile(full, input.file, { flag: 'wx', mode: 0o644 });
  const url = `/uploads/${year}/${file}`;
  const name = (input.name ?? '').trim().slice(0, 200);
  try {
    await db.insert(uploads).values({ userId: input.userId, path: url, kind: input.kind, mime: type.mime, size: input.file.length, name });
  } catch (e) {
    await fs.promises.rm(full, { force: true });
    throw e;
  }
  return { url, mime: type.mime, size: input.file.length, name };
};

/** GET /uploads/<yyyy>/<file>: the file as stored, with its sniffed type, never interpreted by the browser as a page. */
export const registerUploadRoutes = (app: FastifyInstance, config: Pick<Config, 'dataDir'>) => {
  app.get<{ Params: { year: string; file: string } }>('/uploads/:year/:file', { schema: { hide: true } }, async (req, reply) => {
    const { year, file } = req.params;
    const full = path.join(uploadsDir(config), year, file);
    const stat = /^[0-9]{4}$/.test(year) && FILE_NAME.test(file) ? await fs.promises.stat(full).catch(() => null) : null;
    if (!stat?.isFile()) {
      return reply
        .code(404)
        .send({ status: Status.notFound, msg: translate(langOf(req.headers.lang), 'notFound', { what: req.url }), data: null, is_popup: false });
    }
    const ext = file.slice(file.lastIndexOf('.') + 1);
    reply
      .header('content-type', MIME[ext]!)
      .header('content-length', stat.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', ext === 'pdf' ? "default-src 'none'; object-src 'self'" : "default-src 'none'; sandbox");
    return reply.send(fs.createReadStream(full));
  });
};
