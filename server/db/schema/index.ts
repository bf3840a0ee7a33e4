/** The database schema, one file per area; drizzle-kit reads this folder. */
export * from './auth.ts';
export * from './feed.ts';
export * from './friends.ts';
export * from './chat.ts';
