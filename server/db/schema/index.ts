/** The database schema, one file per area; drizzle-kit reads this folder. */
export * from './auth.ts';
