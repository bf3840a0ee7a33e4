import { Type, type Static, type TSchema } from '@sinclair/typebox';

export type Method = 'GET' | 'POST';
export type Base = 'main' | 'chat';
/** Encryption modes of spec section 7: 1 hybrid sent as a form, 2 hybrid JSON, 3 hybrid + client key. */
export type EncMode = 1 | 2 | 3 | null;

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
  summary: string;
  body: B;
  data: D;
}

export const defineCall = <B extends TSchema, D extends TSchema>(def: CallDef<B, D>): CallDef<B, D> => def;

export type BodyOf<C> = C extends CallDef<infer B, TSchema> ? Static<B> : never;
export type DataOf<C> = C extends CallDef<TSchema, infer D> ? Static<D> : never;

/** A string that is one of `values`, with a rule that lists them (clearer than an anyOf of literals). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], 'x-rule': `must be one of ${values.join(', ')}`, ...options });
