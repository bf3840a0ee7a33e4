import type { FastifyInstance } from 'fastify';
import { devCaptchaAnswers } from '../modules/auth/captchas.ts';
import { registerDevMailPages } from '../mail/dev-mail-page.ts';
import type { Deps } from './context.ts';

/**
 * Development-only helpers, registered only when NODE_ENV is not "production": they let a
 * newcomer and the browser tests read what a real member would read off an image or a mailbox.
 */
export const registerDevRoutes = (app: FastifyInstance, deps: Deps) => {
  app.get<{ Params: { id: string } }>('/dev/captcha/:id', { schema: { hide: true } }, async (req, reply) => {
    const answer = devCaptchaAnswers.get(req.params.id);
    if (!answer) return reply.code(404).send({ answer: null });
    return { answer };
  });
  // The written mails: GET /dev/mail (a page), /dev/mail/:id (one mail), /dev/mail.json (for tests).
  registerDevMailPages(app, deps.config);
};
