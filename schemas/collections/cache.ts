import type { RxJsonSchema } from 'rxdb';

/**
 * The generic read-through cache: one document per call name + parameters, holding the last
 * answer seen, so every screen can render offline from what it showed last (DESIGN.md budget).
 */
export interface CacheDoc {
  key: string;
  name: string;
  data: { value: unknown };
  fetchedAt: number;
}

export const cacheSchema: RxJsonSchema<CacheDoc> = {
  title: 'cache',
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 512 },
    name: { type: 'string', maxLength: 100 },
    data: { type: 'object' },
    fetchedAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['key', 'name', 'data', 'fetchedAt'],
  indexes: ['name'],
};
