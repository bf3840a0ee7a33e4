import type { Deps } from '../../http/context.ts';
import { translate } from '../../http/messages.ts';
import { composeMail } from '../../mail/compose.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { LANGUAGES, isLangCode, type LangCode } from '../../../schemas/languages.ts';
import type { CodePurpose } from './email-codes.ts';
import type { UserRow } from './users.ts';

/**
 * The mails of sign-in and account security, in the member's language. Sending never blocks the
 * answer: a slow mail server must not make a known address answer slower than an unknown one.
 */
type Recipient = Pick<UserRow, 'email' | 'nickName' | 'lang'>;

const langOfUser = (u: Recipient): LangCode => (isLangCode(u.lang) ? u.lang : 'en');
const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const send = (deps: Deps, u: Recipient, build: (t: (key: Parameters<typeof translate>[1], p?: Record<string, string | number>) => string) => { subject: string; paragraphs: string[]; link?: { url: string; label: string }; to?: string }) => {
  const lang = langOfUser(u);
  const t = (key: Parameters<typeof translate>[1], p: Record<string, string | number> = {}) => translate(lang, key, p);
  const built = build(t);
  const mail = composeMail({
    to: built.to ?? u.email,
    subject: built.subject,
    paragraphs: [t('mailGreeting', { name: u.nickName || u.email }), ...built.paragraphs, t('mailSignature')],
    link: built.link,
    lang,
    dir: LANGUAGES.find((l) => l.code === lang)?.dir ?? 'ltr',
  });
  const sending = mailerFor(deps.config).send(mail);
  sending.catch((err: unknown) => deps.log.error({ err, subject: mail.subject }, 'a mail could not be sent'));
  return sending;
};

const link = (deps: Deps, path: string, token: string) => `${deps.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;

export const mailPasswordReset = (deps: Deps, u: Recipient, token: string) =>
  send(deps, u, (t) => ({
    subject: t('mailPasswordResetSubject'),
    paragraphs: [t('mailPasswordResetBody'), t('mailIgnore')],
    link: { url: link(deps, '/auth/password-reset', token), label: t('mailPasswordResetLink') },
  }));

export const mailTwoFactorReset = (deps: Deps, u: Recipient, token: string) =>
  send(deps, u, (t) => ({
    subject: t('mailReset2faSubject'),
    paragraphs: [t('mailReset2faBody'), t('mailIgnore')],
    link: { url: link(deps, '/auth/2fa-reset', token), label: t('mailReset2faLink') },
  }));

const CODE_TEXT = {
  login: 'mailCodeLogin',
  two_factor_on: 'mailCodeTwoFactorOn',
  two_factor_off: 'mailCodeTwoFactorOff',
  edit_email: 'mailCodeEditEmail',
  payment_password: 'mailCodePaymentPassword',
} as const satisfies Record<CodePurpose, Parameters<typeof translate>[1]>;

export const mailCode = (deps: Deps, u: Recipient, purpose: CodePurpose, code: string, to = u.email) =>
  send(deps, u, (t) => ({
    to,
    subject: t('mailCodeSubject', { code }),
    paragraphs: [t(CODE_TEXT[purpose], { code }), t('mailCodeExpiry'), t('mailIgnore')],
  }));

export const mailPasswordChanged = (deps: Deps, u: Recipient) =>
  send(deps, u, (t) => ({
    subject: t('mailPasswordChangedSubject'),
    paragraphs: [t('mailPasswordChangedBody', { time: when(new Date()) }), t('mailNotYou')],
    link: { url: `${deps.config.publicUrl}/auth/password-reset-before`, label: t('mailPasswordResetLink') },
  }));

export const mailEmailChanged = (deps: Deps, u: Recipient, oldEmail: string, newEmail: string) =>
  send(deps, u, (t) => ({
    to: oldEmail,
    subject: t('mailEmailChangedSubject'),
    paragraphs: [t('mailEmailChangedBody', { email: newEmail, time: when(new Date()) }), t('mailNotYouReply')],
  }));

export const mailTwoFactorChanged = (deps: Deps, u: Recipient, on: boolean) =>
  send(deps, u, (t) => ({
    subject: on ? t('mailTwoFactorOnSubject') : t('mailTwoFactorOffSubject'),
    paragraphs: [on ? t('mailTwoFactorOnBody', { time: when(new Date()) }) : t('mailTwoFactorOffBody', { time: when(new Date()) }), t('mailNotYou')],
    link: { url: `${deps.config.publicUrl}/auth/password-reset-before`, label: t('mailPasswordResetLink') },
  }));

export const mailAccountDeleted = (deps: Deps, u: Recipient, eraseAfter: Date) =>
  send(deps, u, (t) => ({
    subject: t('mailAccountDeletedSubject'),
    paragraphs: [t('mailAccountDeletedBody', { time: when(new Date()), date: when(eraseAfter) })],
    link: { url: `${deps.config.publicUrl}/auth/sign-in1`, label: t('mailSignInLink') },
  }));
