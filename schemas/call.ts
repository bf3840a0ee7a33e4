import { Type, type Static, type TSchema } from '@sinclair/typebox';

export type Method = 'GET' | 'POST';
export type Base = 'main' | 'chat';
/** Encryption modes of spec section 7: 1 hybrid sent as a form, 2 hybrid JSON, 3 hybrid + client key. */
export type EncMode = 1 | 2 | 3 | null;

/**
 * What the caller must be to a thing a body field names by id (server/http/authorization.test.ts
 * tries each rule with another member's ids):
 * - `owner`: its owner, or whoever manages it (author, leader or administrator of a club, board
 *   of a channel, manager of a chat group, recipient of a request).
 * - `member`: a participant (a club's or chat group's members, the two sides of a friendship or
 *   of a friend request).
 * - `visible`: anyone its audience and privacy settings let see it.
 * - `any`: any member may name it: a public thing (a club, a channel, a place, an ad), a member
 *   to act towards (a friend request, a block) whose rule is on another field, or something
 *   handed to the caller itself (a captcha, a socket).
 * - `key`: not a reference but an idempotency key the client makes for its own write; reusing
 *   another member's key must be refused.
 */
export type Access = 'owner' | 'member' | 'visible' | 'any' | 'key';

/**
 * One call of the public API. The same object drives Fastify validation, the OpenAPI document
 * and the client's types, so a payload is typed exactly once.
 */
export interface CallDef<B extends TSchema = TSchema, D extends TSchema = TSchema> {
  name: string;
  group: string;
  method: Method;
  base: Base;
  enc: EncMode;
  /** Reachable without a token. */
  public?: boolean;
  /** Takes one file as multipart/form-data (part `file`) of at most `maxBytes`; other calls refuse files. */
  upload?: { maxBytes: number };
  /** The access rule of every body field that holds an id (`id`, `…_id`, `…_ids`); nested ones by path (`answers[].id`). */
  access?: Record<string, Access>;
  summary: string;
  body: B;
  data: D;
}

export const defineCall = <const N extends string, B extends TSchema, D extends TSchema>(
  def: CallDef<B, D> & { name: N },
): CallDef<B, D> & { name: N } => def;

export const isCallDef = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'name' in value && 'method' in value && 'body' in value && 'data' in value;

/** A module's call definitions keyed by call name; its other exports (shared field schemas) are left out. */
export type CallsOf<T> = {
  [K in keyof T as T[K] extends CallDef & { name: infer N extends string } ? N : never]: T[K];
};
export const callsOf = <T extends object>(mod: T): CallsOf<T> =>
  Object.fromEntries(Object.values(mod).filter(isCallDef).map((def) => [def.name, def])) as CallsOf<T>;

export type BodyOf<C> = C extends CallDef<infer B, TSchema> ? Static<B> : never;
export type DataOf<C> = C extends CallDef<TSchema, infer D> ? Static<D> : never;

/** A string that is one of `values`, with a rule that lists them (clearer than an anyOf of literals). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], 'x-rule': `must be one of ${values.join(', ')}`, ...options });
