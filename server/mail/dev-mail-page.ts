import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { escapeHtml } from './compose.ts';
import { listWrittenMails, readWrittenMail, type StoredMail } from './mailer.ts';

/**
 * The development mailbox: every mail written under MAIL_DIR, newest first, so a newcomer can
 * open a reset link without a mail server. /dev/mail.json gives the same list to tests.
 */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;padding:1.5rem;max-inline-size:60rem;color:#1d2330;background:#f6f4ef}
table{border-collapse:collapse;inline-size:100%;background:#fff}th,td{text-align:start;padding:.5rem .75rem;border-block-end:1px solid #d9d4c7;vertical-align:top}
pre{white-space:pre-wrap;background:#fff;padding:1rem;border:1px solid #d9d4c7;border-radius:.5rem}iframe{inline-size:100%;block-size:28rem;border:1px solid #d9d4c7;border-radius:.5rem;background:#fff}
.muted{color:#5d6574}</style></head><body>${body}</body></html>`;

/** Text with its web addresses turned into links (after escaping, so nothing else becomes markup). */
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const listPage = (mails: StoredMail[], config: Pick<Config, 'smtpUrl' | 'mailDir'>) => {
  const intro = config.smtpUrl
    ? '<p>Mail goes out through SMTP (SMTP_URL is set), so nothing new is written here.</p>'
    : `<p class="muted">Mails written to <code>${escapeHtml(config.mailDir)}</code> instead of being sent. Development only.</p>`;
  const rows = mails
    .map(
      (m) =>
        `<tr><td><time datetime="${escapeHtml(m.date)}">${escapeHtml(m.date.replace('T', ' ').slice(0, 19))}</time></td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mail/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`,
    )
    .join('');
  const table = mails.length
    ? `<table><thead><tr><th scope="col">Sent (UTC)</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet. Ask for a password reset or a code, then reload this page.</p>';
  return page('Development mailbox', `<h1>Development mailbox</h1>${intro}${table}`);
};

const mailPage = (m: StoredMail) =>
  page(
    m.subject,
    `<p><a href="/dev/mail">← All mails</a></p><h1>${escapeHtml(m.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to)}</dd><dt>Date</dt><dd>${escapeHtml(m.date)}</dd></dl>
<h2>Text</h2><pre>${linkify(m.text)}</pre><h2>HTML</h2><iframe title="The HTML part of the mail" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(m.html)}"></iframe>`,
  );

export const registerDevMailPages = (app: FastifyInstance, config: Pick<Config, 'smtpUrl' | 'mailDir'>) => {
  app.get('/dev/mail.json', { schema: { hide: true } }, async () => ({ mails: await listWrittenMails(config.mailDir) }));
  app.get('/dev/mail', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(listPage(await listWrittenMails(config.mailDir), config)),
  );
  app.get<{ Params: { id: string } }>('/dev/mail/:id', { schema: { hide: true } }, async (req, reply) => {
    const mail = await readWrittenMail(config.mailDir, req.params.id);
    if (!mail) return reply.code(404).type('text/html; charset=utf-8').send(page('Not found', '<h1>No such mail</h1><p><a href="/dev/mail">All mails</a></p>'));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mailPage(mail));
  });
};
