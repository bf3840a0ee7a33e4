import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Status } from '../schemas/status.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { ApiError } from './http/answer.ts';
import { registerCalls, sendEnvelope } from './http/calls.ts';
import type { KeyPair } from './http/crypto.ts';
import { translate, type MessageKey } from './http/messages.ts';
import { validatorCompiler, fieldOf, ruleOf } from './http/validation.ts';
import { implementations as allImplementations } from './modules/index.ts';
import type { Implementation } from './http/context.ts';
import { registerDevRoutes } from './http/dev-routes.ts';
import { attachRealtime } from './realtime/gateway.ts';
import { registerUploadRoutes } from './modules/media/storage.ts';
import { registerAvatarRoutes } from './modules/media/avatars.ts';
import type { CallDef } from '../schemas/call.ts';
import { ephemeralVapidKeys, type PushDeps } from './modules/push/vapid.ts';
import { backgroundSettled } from './http/background.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  keys: KeyPair;
  /** The VAPID keys of web push (main.ts keeps them under the data dir); a fresh pair when absent. */
  push?: PushDeps;
  /** Tests may serve a subset or extra calls. */
  implementations?: Implementation[];
  logger?: boolean | object;
}

/** Builds the HTTP server: the calls, their OpenAPI document, the dev tools and the built client. */
export const buildApp = async ({ config, database, keys, push, implementations, logger }: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: true,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(validatorCompiler);

  const chatPrefix = `${config.chatBasePath}/`;
  const callNameOf = (url: string) => {
    const pathname = url.split('?')[0] ?? '';
    if (pathname.startsWith('/api/')) return decodeURIComponent(pathname.slice(5));
    if (pathname.startsWith(chatPrefix)) return decodeURIComponent(pathname.slice(chatPrefix.length));
    return null;
  };

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) {
      return sendEnvelope(req, reply, err.status, translate(req.lang, err.msgKey, err.params), err.data);
    }
    if (err.validation?.[0]) {
      const first = err.validation[0];
      const field = fieldOf(first as never);
      return sendEnvelope(req, reply, Status.validation, translate(req.lang, 'validation', { field, rule: ruleOf(first as never) }));
    }
    const fault = (key: MessageKey, http: number, params: Record<string, string | number> = {}) =>
      reply.code(http).send({ status: Status.validation, msg: translate(req.lang, key, params), data: null, is_popup: false });
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return fault('bodyTooLarge', 413, { limit: config.bodyLimit });
      case 'FST_REQ_FILE_TOO_LARGE': {
        // A file over its upload call's limit (schemas/api/media.ts), said in MB as members think of it.
        const max = (req.routeOptions.config as { call?: CallDef } | undefined)?.call?.upload?.maxBytes ?? config.bodyLimit;
        return fault('fileTooLarge', 413, { limit: Math.round((max / (1024 * 1024)) * 10) / 10 });
      }
      case 'FST_FILES_LIMIT':
        return fault('filesLimit', 413);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return fault('contentType', 415, { expected: 'application/json' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return fault('invalidJson', 400);
    }
    if (err instanceof SyntaxError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      return fault(err instanceof SyntaxError ? 'invalidJson' : 'badRequest', err.statusCode ?? 400);
    }
    req.log.error({ err }, 'call failed');
    return reply.code(500).send({ status: 500, msg: translate(req.lang, 'internal'), data: null, is_popup: false });
  });

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fieldSize: config.bodyLimit, fields: 20, files: 0, parts: 20 },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Members' network API",
        version: '1',
        description:
          'Every call answers `{status, msg, data, is_popup}`; `status` 200 is success (see docs/decisions/002-status-codes.md).',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const realtime = attachRealtime(app.server);
  const deps = { db: database.db, config, keys, log: app.log, realtime, push: push ?? ephemeralVapidKeys(config.mailFrom, config.devTools) };
  registerCalls(app, implementations ?? allImplementations, deps);
  registerUploadRoutes(app, config);
  registerAvatarRoutes(app);
  if (config.devTools) registerDevRoutes(app, deps);

  const indexHtml = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexHtml);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        // Hashed assets never change; everything else is checked on each load.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const name = callNameOf(req.url);
    if (name !== null) {
      return reply
        .code(404)
        .send({ status: Status.notFound, msg: translate(req.lang, 'unknownCall', { name }), data: null, is_popup: false });
    }
    if (hasClient && req.method === 'GET') {
      const file = path.join(config.clientDir, decodeURIComponent(req.url.split('?')[0] ?? '/'));
      if (file.startsWith(config.clientDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(config.clientDir, file));
      }
      // Any other address is an app route: the client's router decides, /error for unknown ones.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ status: Status.notFound, msg: translate(req.lang, 'notFound', { what: req.url }), data: null, is_popup: false });
  });

  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    // Notifications, pushes and mails already promised to members go out before the database closes.
    await backgroundSettled();
    await database.close();
  });
  return app;
};
