import type { Mail } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A mail from paragraphs of plain text: the text part as written, the HTML part with each
 * paragraph escaped and an optional link as a button. Paragraphs come already translated.
 */
export const composeMail = (input: {
  to: string;
  subject: string;
  paragraphs: string[];
  link?: { url: string; label: string };
  lang?: string;
  dir?: 'ltr' | 'rtl';
}): Mail => {
  const { to, subject, paragraphs, link } = input;
  const text = [...paragraphs.slice(0, 2), ...(link ? [`${link.label}: ${link.url}`] : []), ...paragraphs.slice(2)].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:#1f5fbf;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#5d6574;word-break:break-all">${escapeHtml(link.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(input.lang ?? 'en')}" dir="${input.dir ?? 'ltr'}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1d2330;max-width:36rem;margin:0 auto;padding:24px">${paragraphs
    .slice(0, 2)
    .map(p)
    .join('')}${button}${paragraphs.slice(2).map(p).join('')}</body></html>`;
  return { to, subject, text, html };
};

export { escapeHtml };
