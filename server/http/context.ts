import type { FastifyBaseLogger } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { CallDef } from '../../schemas/call.ts';
import type { LangCode } from '../../schemas/languages.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { KeyPair } from './crypto.ts';
import type { Answer } from './answer.ts';
import type { Realtime } from '../realtime/gateway.ts';
import type { PushDeps } from '../modules/push/vapid.ts';

/** What every module's handlers may use. */
export interface Deps {
  db: Db;
  config: Config;
  keys: KeyPair;
  log: FastifyBaseLogger;
  realtime: Realtime;
  /** Web push: the VAPID keys notifications are signed with (server/modules/push). */
  push: PushDeps;
}

/** The signed-in member behind a request. */
export interface Member {
  userId: number;
  sessionId: number;
  /** The member's own card, read with the session (chat messages carry it). */
  nickName: string;
  avatar: string;
}

export interface CallContext<M extends Member | null = Member> {
  member: M;
  lang: LangCode;
  ip: string;
  userAgent: string;
  /** The raw token of the request, for calls that act on their own session. */
  token: string | null;
  deps: Deps;
}

type Result<D extends TSchema> = Static<D> | Answer<Static<D>>;

export interface Implementation {
  def: CallDef;
  handler: (body: never, ctx: CallContext<Member | null>) => Promise<unknown>;
}

/** A call that needs a signed-in member; the server answers 952798 before the handler runs otherwise. */
export const implement = <B extends TSchema, D extends TSchema>(
  def: CallDef<B, D>,
  handler: (body: Static<B>, ctx: CallContext) => Promise<Result<D>>,
): Implementation => {
  if (def.public) throw new Error(`${def.name} is public; implement it with implementPublic`);
  return { def, handler: handler as Implementation['handler'] };
};

/** A call on the public list: it runs with or without a token. */
export const implementPublic = <B extends TSchema, D extends TSchema>(
  def: CallDef<B, D>,
  handler: (body: Static<B>, ctx: CallContext<Member | null>) => Promise<Result<D>>,
): Implementation => {
  if (!def.public) throw new Error(`${def.name} is not public; implement it with implement`);
  return { def, handler };
};
