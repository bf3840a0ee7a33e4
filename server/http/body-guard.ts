/**
 * Checks every body before its schema does: PostgreSQL text cannot hold NUL characters (a
 * write would fail with a 500), and nesting deeper than any call needs is refused before it can
 * exhaust a validator's stack.
 */
export const MAX_BODY_DEPTH = 32;

export type BodyProblem = { field: string; rule: 'nul' | 'depth' } | null;

export const findBodyProblem = (value: unknown, path = '', depth = 0): BodyProblem => {
  if (depth > MAX_BODY_DEPTH) return { field: path || 'body', rule: 'depth' };
  if (typeof value === 'string') return value.includes('\u0000') ? { field: path || 'body', rule: 'nul' } : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findBodyProblem(value[i], `${path}[${i}]`, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return { field: path || 'body', rule: 'nul' };
      const problem = findBodyProblem(child, path ? `${path}.${key}` : key, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
};
