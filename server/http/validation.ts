import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CommonJS; its default export arrives wrapped under ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

const make = (coerceTypes: boolean) => {
  const ajv = new Ajv({ allErrors: false, verbose: true, coerceTypes, useDefaults: true, removeAdditional: true, strict: false });
  addFormats(ajv);
  return ajv;
};

/** Bodies are checked strictly; query strings are text, so GET params are coerced to their types. */
const strict = make(false);
const coercing = make(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'querystring' ? coercing : strict).compile(schema as object);

export const compileBody = (schema: object): ValidateFunction => strict.compile(schema);

/** The field an Ajv error is about, as a member-facing path ("address.city", "skills[2]"). */
export const fieldOf = (error: ErrorObject): string => {
  const segments = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') segments.push(String((error.params as { missingProperty: string }).missingProperty));
  if (error.keyword === 'additionalProperties')
    segments.push(String((error.params as { additionalProperty: string }).additionalProperty));
  return segments.reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), '') || 'body';
};

export const ruleOf = (error: ErrorObject): string => {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not a known field';
  // Schemas may say their rule in words (`x-rule`), clearer than "must match pattern".
  const own = (error.parentSchema as { 'x-rule'?: string } | undefined)?.['x-rule'];
  if (own && error.keyword !== 'type') return own;
  return error.message ?? error.keyword;
};
