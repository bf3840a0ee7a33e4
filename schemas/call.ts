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
  /** Takes one file as multipart/form-data (part `file`) of at most `maxBytes`; other calls refuse files. */
  upload?: { maxBytes: number };
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
