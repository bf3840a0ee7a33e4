/**
 * Invalid request bodies generated from a call's own JSON Schema, so every call added later is
 * covered without a line written for it: missing fields, wrong types, out-of-range numbers,
 * overlong strings, NUL characters, deep nesting and bodies that are not objects.
 */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: Schema[];
  items?: Schema;
  maxItems?: number;
  pattern?: string;
  examples?: unknown[];
}

/** Strings that satisfy the patterns our schemas use (a password, a 6-digit code, a date…). */
const PATTERN_SAMPLES = ['Passw0rdOk', '123456', '2000-01-01', 'someone@example.org', 'abcdef', 'x'];

export interface BadBody {
  label: string;
  body: unknown;
  /** The field the refusal must name, when the mutation is about one field. */
  field?: string;
}

const deep = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

/** A value of the wrong JSON type for `schema`. */
const wrongType = (schema: Schema): unknown[] => {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.const !== undefined) return [typeof schema.const === 'boolean' ? 'true' : { not: 'it' }];
  if (schema.enum) return ['not-one-of-the-options', 12345];
  switch (type) {
    case 'string':
      return [12345, { object: true }, ['array']];
    case 'integer':
      return ['twelve', 1.5, true];
    case 'number':
      return ['twelve', { n: 1 }];
    case 'boolean':
      return ['yes', 1];
    case 'array':
      return ['not an array', { length: 1 }];
    case 'object':
      return ['not an object', [1, 2]];
    default:
      return [];
  }
};

/** A base value that satisfies a field, used so one mutation at a time is what fails. */
export const validValue = (schema: Schema): unknown => {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return validValue(schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.examples?.[0] !== undefined) return schema.examples[0];
      if (schema.pattern) {
        const re = new RegExp(schema.pattern, 'u');
        const sample = PATTERN_SAMPLES.find((s) => re.test(s) && s.length >= (schema.minLength ?? 0));
        if (sample) return sample;
      }
      if (schema.format === 'email') return 'someone@example.org';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'date') return '2000-01-01';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((k) => [k, validValue(schema.properties?.[k] ?? {})]));
    default:
      return null;
  }
};

export const badBodies = (schema: Schema, { isQuery = false } = {}): BadBody[] => {
  const out: BadBody[] = [];
  const props = schema.properties ?? {};
  const base = validValue(schema) as Record<string, unknown>;
  if (!isQuery) {
    out.push({ label: 'null body', body: null }, { label: 'array body', body: [1, 2, 3] }, { label: 'string body', body: 'hello' }, { label: 'number body', body: 42 });
  }
  if (!isQuery) out.push({ label: 'deep nesting', body: { ...base, nested: deep(200) } });
  for (const name of schema.required ?? []) {
    const { [name]: _omitted, ...rest } = base;
    out.push({ label: `missing ${name}`, body: rest, field: name });
  }
  for (const [name, prop] of Object.entries(props)) {
    const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
    if (!isQuery) for (const value of wrongType(prop)) out.push({ label: `${name} wrong type ${JSON.stringify(value)}`, body: { ...base, [name]: value }, field: name });
    if (type === 'string' && prop.const === undefined && !prop.enum) {
      out.push({ label: `${name} with NUL`, body: { ...base, [name]: `a\u0000b` }, field: name });
      if (prop.maxLength !== undefined) {
        out.push({ label: `${name} one over maxLength`, body: { ...base, [name]: 'y'.repeat(prop.maxLength + 1) }, field: name });
        out.push({ label: `${name} huge`, body: { ...base, [name]: 'z'.repeat(200_000) }, field: name });
      }
      if ((prop.minLength ?? 0) > 0) out.push({ label: `${name} empty`, body: { ...base, [name]: '' }, field: name });
    }
    if (type === 'integer' || type === 'number') {
      if (prop.minimum !== undefined) out.push({ label: `${name} below minimum`, body: { ...base, [name]: prop.minimum - 1 }, field: name });
      if (prop.maximum !== undefined) out.push({ label: `${name} above maximum`, body: { ...base, [name]: prop.maximum + 1 }, field: name });
      if (!isQuery) out.push({ label: `${name} enormous`, body: { ...base, [name]: 1e308 }, field: name });
    }
    if (type === 'array' && prop.maxItems !== undefined) {
      out.push({ label: `${name} too many items`, body: { ...base, [name]: Array.from({ length: prop.maxItems + 1 }, () => validValue(prop.items ?? {})) }, field: name });
    }
  }
  return out;
};

/** Strings that must be stored or refused as data, never executed: SQL, script, unicode edges. */
export const HOSTILE_STRINGS = [
  "'; drop table users; --",
  "' or '1'='1",
  '"><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u202eevil\u202c',
  '\ud800',
  'ＡＢＣ\u200b\u200d',
  '👩🏽‍💻🇸🇦',
  'مرحبا بالعالم',
  '{{constructor.constructor("alert(1)")()}}',
  '__proto__',
  '%00%27',
  '\\x00\\u0000',
];
