/**
 * Generated profile pictures: the initials of a name on a colour, as SVG, for demo members (and
 * any member who wants one) — made here, never downloaded. `/avatars/<initials>-<hue>.svg`.
 */
import type { FastifyInstance } from 'fastify';
import { Status } from '../../../schemas/status.ts';
import { langOf, translate } from '../../http/messages.ts';

/** Up to two initials: the first letter of the first and last words. */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = (w: string | undefined) => (w ? [...w][0]!.toLocaleUpperCase() : '');
  return words.length > 1 ? first(words[0]) + first(words[words.length - 1]) : first(words[0]);
};

/** A stable hue for a name, so a member keeps their colour. */
export const hueOf = (name: string): number => [...name].reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 360, 7);

export const avatarUrl = (name: string): string => `/avatars/${encodeURIComponent(initialsOf(name) || '?')}-${hueOf(name)}.svg`;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.codePointAt(0)};`);

export const avatarSvg = (initials: string, hue: number): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
  `<rect width="256" height="256" fill="hsl(${hue} 55% 42%)"/>` +
  `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans CJK SC', sans-serif" font-size="104" font-weight="600" fill="#fff">${escapeXml(initials)}</text></svg>`;

export const registerAvatarRoutes = (app: FastifyInstance) => {
  app.get<{ Params: { file: string } }>('/avatars/:file', { schema: { hide: true } }, async (req, reply) => {
    const match = /^(.{1,24})-([0-9]{1,3})\.svg$/u.exec(req.params.file);
    // Letters and digits only, at most two of them: nothing else can reach the picture.
    const initials = [...(match?.[1] ?? '')].filter((c) => /[\p{L}\p{N}?]/u.test(c)).slice(0, 2).join('');
    const hue = Number(match?.[2] ?? 0);
    if (!match || !initials || hue > 359) {
      return reply
        .code(404)
        .send({ status: Status.notFound, msg: translate(langOf(req.headers.lang), 'notFound', { what: req.url }), data: null, is_popup: false });
    }
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(avatarSvg(initials, hue));
  });
};
