import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EncryptedBody } from '../../schemas/envelope.ts';
import { ENCRYPTED_DATA_STATUSES, Status } from '../../schemas/status.ts';
import type { CallDef } from '../../schemas/call.ts';
import type { LangCode } from '../../schemas/languages.ts';
import { memberOfToken, tokenFromHeader } from '../modules/auth/tokens.ts';
import { Answer, ApiError, httpStatusOf } from './answer.ts';
import { DecryptError, decryptRequest, encryptResponseData, type CipherContext } from './crypto.ts';
import type { Deps, Implementation, Member } from './context.ts';
import { langOf, translate } from './messages.ts';
import { compileBody, fieldOf, ruleOf } from './validation.ts';
import { findBodyProblem, MAX_BODY_DEPTH, type BodyProblem } from './body-guard.ts';

const invalidShape = (problem: NonNullable<BodyProblem>) =>
  new ApiError(Status.validation, 'validation', {
    field: problem.field,
    rule: problem.rule === 'nul' ? 'must not contain NUL characters' : `must not be nested deeper than ${MAX_BODY_DEPTH} levels`,
  });

declare module 'fastify' {
  interface FastifyRequest {
    lang: LangCode;
    cipher: CipherContext | null;
    member: Member | null;
    token: string | null;
  }
}

export const urlOf = (def: CallDef, chatBasePath: string): string =>
  `${def.base === 'chat' ? chatBasePath : '/api'}/${def.name}`;

/** Sends `{status, msg, data, is_popup}`, encrypting data when the request was encrypted. */
export const sendEnvelope = (
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  msg: string,
  data: unknown = null,
  isPopup = false,
) => {
  const payload =
    req.cipher && data !== null && ENCRYPTED_DATA_STATUSES.includes(status) ? encryptResponseData(req.cipher, data) : data;
  return reply.code(httpStatusOf(status)).send({ status, msg, data: payload ?? null, is_popup: isPopup });
};

const isMultipart = (req: FastifyRequest) => (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
const isJson = (req: FastifyRequest) => (req.headers['content-type'] ?? '').startsWith('application/json');

/** Registers one route per call, under /api or the chat base path, as the catalogue says. */
export const registerCalls = (app: FastifyInstance, impls: Implementation[], deps: Deps) => {
  // Before anything else on a call: the language, the token and the public list.
  app.decorateRequest('lang', 'en');
  app.decorateRequest('cipher', null);
  app.decorateRequest('member', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (req) => {
    req.lang = langOf(req.headers.lang);
    const def = (req.routeOptions.config as { call?: CallDef } | undefined)?.call;
    if (!def) return;
    const version = req.headers.version;
    if (version) req.log.info({ call: def.name, version }, 'client version');
    req.token = tokenFromHeader(req.headers.authorization);
    req.member = req.token ? await memberOfToken(deps.db, req.token) : null;
    if (!req.member && !def.public) throw new ApiError(Status.tokenInvalid, 'tokenInvalid');
  });

  const checkEncrypted = compileBody(EncryptedBody);
  for (const { def, handler } of impls) {
    const validatePlain = def.enc ? compileBody(def.body) : null;
    const part = def.method === 'GET' ? 'querystring' : 'body';
    app.route({
      method: def.method,
      url: urlOf(def, deps.config.chatBasePath),
      schema: {
        operationId: def.name,
        summary: def.summary,
        description: [
          def.public ? 'Public: no token needed.' : 'Needs the `authorization` token.',
          def.enc ? `Encrypted, mode ${def.enc}: send \`{key, iv, data${def.enc === 3 ? ', client_key' : ''}}\`${def.enc === 1 ? ' as multipart/form-data' : ''}; the schema below is the decrypted body.` : '',
        ].join(' '),
        tags: [def.group],
        // Encrypted bodies are validated after decryption, in preValidation below.
        ...(def.enc ? {} : { [part]: def.body }),
      },
      // Upload calls take one file of their size (@fastify/multipart reads these per route); others none.
      config: { call: def, ...(def.upload ? { multipartOptions: { limits: { files: 1, fileSize: def.upload.maxBytes } } } : {}) },
      preValidation: async (req) => {
        if (def.method === 'POST' && req.body === undefined && !req.headers['content-type']) {
          req.body = {}; // a POST without a body is an empty call, not a malformed one
        } else if (def.method === 'POST' && !def.enc && !isJson(req) && !(def.upload && isMultipart(req))) {
          throw new ApiError(Status.validation, 'contentType', { expected: def.upload ? 'multipart/form-data' : 'application/json' });
        }
        // Fastify skips schema validation for a JSON `null` body; no call takes anything but an object.
        if (def.method === 'POST' && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))) {
          throw new ApiError(Status.validation, 'validation', { field: 'body', rule: 'must be a JSON object' });
        }
        // An uploaded file arrives as a Buffer: its bytes are data, not text to check for NULs.
        const fields = def.upload ? Object.fromEntries(Object.entries(req.body as object).filter(([, v]) => !(v instanceof Uint8Array))) : req.body;
        const shapeProblem = findBodyProblem(def.method === 'GET' ? req.query : fields);
        if (shapeProblem) throw invalidShape(shapeProblem);
        if (!def.enc) return;
        if (def.enc === 1 ? !isMultipart(req) : !isJson(req)) {
          throw new ApiError(Status.validation, 'contentType', {
            expected: def.enc === 1 ? 'multipart/form-data' : 'application/json',
          });
        }
        if (!checkEncrypted(req.body)) {
          const err = checkEncrypted.errors![0]!;
          throw new ApiError(Status.validation, 'mustBeEncrypted', { mode: def.enc, field: fieldOf(err), rule: ruleOf(err) });
        }
        try {
          const { plain, ctx } = decryptRequest(deps.keys, req.body as EncryptedBody, def.enc);
          req.cipher = ctx;
          req.body = plain;
        } catch (e) {
          if (e instanceof DecryptError) throw new ApiError(Status.validation, 'decrypt', { reason: e.message });
          throw e;
        }
        if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
          throw new ApiError(Status.validation, 'validation', { field: 'body', rule: 'must be a JSON object' });
        }
        const plainProblem = findBodyProblem(req.body);
        if (plainProblem) throw invalidShape(plainProblem);
        if (!validatePlain!(req.body)) {
          const err = validatePlain!.errors![0]!;
          throw new ApiError(Status.validation, 'validation', { field: fieldOf(err), rule: ruleOf(err) });
        }
      },
      handler: async (req, reply) => {
        const input = def.method === 'GET' ? req.query : req.body;
        const result = await handler(input as never, {
          member: req.member,
          lang: req.lang,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? '',
          token: req.token,
          deps,
        });
        if (result instanceof Answer) {
          return sendEnvelope(req, reply, Status.ok, translate(req.lang, result.msgKey, result.params), result.data, result.popup);
        }
        return sendEnvelope(req, reply, Status.ok, translate(req.lang, 'ok'), result);
      },
    });
  }

};
